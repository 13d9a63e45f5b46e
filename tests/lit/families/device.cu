// CUDA device functions and intrinsics: most keep their names in HIP; identity rows keep them.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hip/device_functions.h>
#include <cuda_runtime.h>
#include <device_functions.h>
__global__ void k(float *x, unsigned *bits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float tile[256];
  tile[threadIdx.x] = i < n ? x[i] : 0.0f;
  // CHECK: __syncthreads();
  __syncthreads();
  // CHECK: float v = __fdividef(tile[threadIdx.x], 3.0f) + __expf(1.0f) + rsqrtf(2.0f);
  float v = __fdividef(tile[threadIdx.x], 3.0f) + __expf(1.0f) + rsqrtf(2.0f);
  // CHECK: v += __shfl_down_sync(0xffffffff, v, 1);
  v += __shfl_down_sync(0xffffffff, v, 1);
  // CHECK: atomicAdd(&x[0], v);
  atomicAdd(&x[0], v);
  // CHECK: bits[0] = __popc(bits[1]) + __clz(bits[2]) + __ffs(bits[3]);
  bits[0] = __popc(bits[1]) + __clz(bits[2]) + __ffs(bits[3]);
  // CHECK: __threadfence();
  __threadfence();
  // CHECK: if (i < n) x[i] = __saturatef(v) + fminf(v, 1.0f);
  if (i < n) x[i] = __saturatef(v) + fminf(v, 1.0f);
}
