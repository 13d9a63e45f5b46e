// Launches in every #if branch are rewritten by default; with
// --skip-excluded-preprocessor-conditional-blocks the one in the excluded branch is left as it is.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s --check-prefix=ALL
// RUN: %hipify --hip-kernel-execution-syntax --skip-excluded-preprocessor-conditional-blocks %s -o - | FileCheck --match-full-lines %s --check-prefix=ACTIVE
#include <cuda_runtime.h>

__global__ void k(int *p) {}

void run(int *p) {
#ifdef USE_WIDE
  // ALL: hipLaunchKernelGGL(k, dim3(1), dim3(1024), 0, 0, p);
  // ACTIVE: k<<<1, 1024>>>(p);
  k<<<1, 1024>>>(p);
#else
  // ALL: hipLaunchKernelGGL(k, dim3(1), dim3(256), 0, 0, p);
  // ACTIVE: hipLaunchKernelGGL(k, dim3(1), dim3(256), 0, 0, p);
  k<<<1, 256>>>(p);
#endif
}
