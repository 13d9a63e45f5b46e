// Grid and block arguments that already are dim3(...) are not wrapped a second time.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

__global__ void k(int *p) { p[threadIdx.x] = 0; }

void run(int *p, int n) {
  // CHECK: hipLaunchKernelGGL(k, dim3(n / 32, 2), dim3(32, 2, 1), 0, 0, p);
  k<<<dim3(n / 32, 2), dim3(32, 2, 1)>>>(p);
  // CHECK: hipLaunchKernelGGL(k, dim3(dim3(n)), dim3(dim3(4).x), 0, 0, p);
  k<<<dim3(dim3(n)), dim3(dim3(4).x)>>>(p);
  // CHECK: hipLaunchKernelGGL(k, dim3(dim3(n).x + 1), dim3(64), 0, 0, p);
  k<<<dim3(n).x + 1, 64>>>(p);
}
