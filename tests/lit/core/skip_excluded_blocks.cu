// --skip-excluded-preprocessor-conditional-blocks translates only the active branches (as the
// semantic pass evaluates them, with -D definitions); --default-preprocessor is its alias.
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify -skip-excluded-preprocessor-conditional-blocks %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --default-preprocessor %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks -D USE_MANAGED %s -o - | FileCheck --match-full-lines %s --check-prefix=DEF
#include <cuda_runtime.h>

void branches(void **p) {
#if 0
  // CHECK: cudaMalloc(p, 1);
  // DEF: cudaMalloc(p, 1);
  cudaMalloc(p, 1);
#elif defined(USE_MANAGED)
  // CHECK: cudaMallocManaged(p, 2);
  // DEF: hipMallocManaged(p, 2);
  cudaMallocManaged(p, 2);
#else
  // CHECK: hipHostFree(*p);
  // DEF: cudaFreeHost(*p);
  cudaFreeHost(*p);
#endif
  // CHECK: hipFree(*p);
  // DEF: hipFree(*p);
  cudaFree(*p);
}
