// Barrier under a thread-dependent condition (HC1116): a block barrier under an if, else or switch on a value
// that differs between the threads of a block is reported; one under a condition on blockIdx, blockDim or a
// kernel argument, a loop, a member and host code are not, nor one past an early return: a thread that has
// exited no longer holds a barrier up (PTX `exit`; on AMD a wave that ended is not counted), so
// `if (i >= n) return; ... __syncthreads();` is defined on both.
// RUN: %hipify %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1116
#include <cuda_runtime.h>

struct holder {
  void __syncthreads();
};

__global__ void direct(int *p) {
  // CHECK: divergent_barrier.cu:[[@LINE+1]]:{{[0-9]+}}: warning: HC1116: '__syncthreads' is reached under a condition that differs between the threads of a block; a barrier that not every thread of the block reaches hangs or is undefined on AMD as on NVIDIA: make every thread reach it [divergent-barrier]
  if (threadIdx.x < 16) __syncthreads();
  if (threadIdx.y == 0) {
    p[0] = 1;
    // CHECK: divergent_barrier.cu:[[@LINE+1]]:{{[0-9]+}}: warning: HC1116: '__syncthreads_count' is reached
    int c = __syncthreads_count(p[1] > 0);
    p[2] = c;
  }
}

__global__ void derived(int *p, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = tid % 32;
  if (lane != 0) {
    p[tid] = 0;
  } else {
    // CHECK: divergent_barrier.cu:[[@LINE+1]]:{{[0-9]+}}: warning: HC1116: '__syncthreads_and' is reached
    p[0] = __syncthreads_and(p[1]);
  }
  if (blockIdx.x == 0) {
    if (tid < n)
      // CHECK: divergent_barrier.cu:[[@LINE+1]]:{{[0-9]+}}: warning: HC1116: '__syncthreads_or' is reached
      p[1] = __syncthreads_or(p[2]);
  }
  switch (threadIdx.x & 3) {
  case 0:
    // CHECK: divergent_barrier.cu:[[@LINE+1]]:{{[0-9]+}}: warning: HC1116: '__syncthreads' is reached
    __syncthreads();
    break;
  }
}

__global__ void early_return(float *out, const float *in, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __syncthreads();
  if (i >= n) return;
  tile[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = tile[threadIdx.x];
}

__global__ void return_in_other_arm(int *p) {
  if (threadIdx.x == 0) {
    return;
  } else {
    // CHECK: divergent_barrier.cu:[[@LINE+1]]:{{[0-9]+}}: warning: HC1116: '__syncthreads' is reached
    __syncthreads();
  }
}

// Uniform across a block: the block's index and size, kernel arguments, loops, a uniform early return.
__global__ void uniform(int *p, int n, bool flag) {
  if (blockIdx.x == 0) __syncthreads();
  if (blockDim.x > 64 && n > 2) {
    __syncthreads();
  } else {
    __syncthreads_count(1);
  }
  if (flag) __syncthreads();
  for (int k = threadIdx.x; k < n; k += blockDim.x) {
    p[k] = 0;
    __syncthreads();
  }
  if (threadIdx.x == 0) p[0] = 1;
  __syncthreads();
  if (gridDim.x < 2) return;
  __syncthreads();
}

__global__ void lambda_and_member(holder *h, int n) {
  auto f = [&]() {
    if (threadIdx.x > 3) return;
  };
  f();
  __syncthreads();
  if (threadIdx.x == 1) h->__syncthreads();
}

void host(int n) {
  if (n > 1) return;
}
