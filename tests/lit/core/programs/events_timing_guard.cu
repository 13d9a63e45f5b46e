// Complete program with #if branches (every branch translated by default, each must compile).
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstdio>

__global__ void busy(float *p) { p[threadIdx.x] = sinf(threadIdx.x); }

int main() {
  float *p;
  cudaMalloc(&p, 256 * sizeof(float));
#if defined(USE_EVENTS)
  // CHECK: hipEvent_t a, b;
  cudaEvent_t a, b;
  cudaEventCreate(&a); cudaEventCreate(&b);
  cudaEventRecord(a);
  busy<<<1, 256>>>(p);
  cudaEventRecord(b);
  cudaEventSynchronize(b);
  float ms; cudaEventElapsedTime(&ms, a, b);
  printf("%f ms\n", ms);
#else
  busy<<<1, 256>>>(p);
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
#endif
  cudaFree(p);
  return 0;
}
