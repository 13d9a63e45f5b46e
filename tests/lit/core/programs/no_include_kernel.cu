// Complete program with no CUDA include at all (nvcc adds cuda_runtime.h itself): hip_runtime.h is
// inserted and the result compiles.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <cstdio>
#include <cstdio>

__device__ int counter;

__global__ void count_odd(const int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && (v[i] & 1)) atomicAdd(&counter, 1);
}

int main() {
  int *v;
  cudaMalloc(&v, 128 * sizeof(int));
  cudaMemset(v, 1, 128 * sizeof(int));
  count_odd<<<1, 128>>>(v, 128);
  int c = 0;
  // CHECK: hipMemcpyFromSymbol(&c, {{(HIP_SYMBOL\()?}}counter{{\)?}}, sizeof c);
  cudaMemcpyFromSymbol(&c, counter, sizeof c);
  cudaFree(v);
  printf("%d\n", c);
  return 0;
}
