// Launch configurations with 2, 3 and 4 parts: the shared-memory size and stream are kept when given
// and filled with 0 when not.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

__global__ void k(int *p) { p[threadIdx.x] = 0; }

void run(int *p, cudaStream_t s, size_t shmem) {
  dim3 g(8), b(128);
  // CHECK: hipLaunchKernelGGL(k, dim3(g), dim3(b), 0, 0, p);
  k<<<g, b>>>(p);
  // CHECK: hipLaunchKernelGGL(k, dim3(g), dim3(b), shmem, 0, p);
  k<<<g, b, shmem>>>(p);
  // CHECK: hipLaunchKernelGGL(k, dim3(g), dim3(b), shmem, s, p);
  k<<<g, b, shmem, s>>>(p);
  // CHECK: hipLaunchKernelGGL(k, dim3(g), dim3(b), 64 * sizeof(int), s, p);
  k<<<g, b, 64 * sizeof(int), s>>>(p);
}
