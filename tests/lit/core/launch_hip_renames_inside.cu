// CUDA names inside the configuration and the arguments are renamed together with the rewrite.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

__global__ void k(int *p, int v) {}

void run(int *p, cudaStream_t *streams) {
  // CHECK: hipLaunchKernelGGL(k, dim3(1), dim3(32), 0, streams[0], p, (int)hipMemcpyHostToDevice);
  k<<<1, 32, 0, streams[0]>>>(p, (int)cudaMemcpyHostToDevice);
  // CHECK: hipLaunchKernelGGL(k, dim3(1), dim3(32), 0, (hipStream_t)0, p, (int)hipSuccess);
  k<<<1, 32, 0, (cudaStream_t)0>>>(p, (int)cudaSuccess);
}
