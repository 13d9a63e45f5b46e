// Device intrinsics whose HIP spelling is identical are left as they are; they change nothing, so the
// statistics do not count them as conversions.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --print-stats %s -o %t.discard | FileCheck %s --check-prefix=STATS
#include <cuda_runtime.h>

// CHECK: __global__ void sum(const float *__restrict__ in, float *out, int n) {
__global__ void sum(const float *__restrict__ in, float *out, int n) {
  // CHECK: __shared__ float tile[256];
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: tile[threadIdx.x] = i < n ? __ldg(&in[i]) : 0.0f;
  tile[threadIdx.x] = i < n ? __ldg(&in[i]) : 0.0f;
  // CHECK: __syncthreads();
  __syncthreads();
  // CHECK: if (threadIdx.x == 0) atomicAdd(out, __expf(tile[0]));
  if (threadIdx.x == 0) atomicAdd(out, __expf(tile[0]));
}
// Only the include is replaced (14 bytes of cuda_runtime.h); it is the one conversion.
// STATS: CONVERTED refs count: 1
// STATS: REPLACED bytes: 14
// STATS-NOT: CUDA Device API
// STATS-NOT: __expf
