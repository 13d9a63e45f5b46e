// --amap translates as much as possible: every preprocessor branch even with
// --skip-excluded-preprocessor-conditional-blocks, which hipify-clang documents it ignores.
// RUN: %hipify --amap --skip-excluded-preprocessor-conditional-blocks %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks --amap %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify -amap -default-preprocessor %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks %s -o - | FileCheck --match-full-lines %s --check-prefix=SKIP
#include <cuda_runtime.h>

void branches(void **p) {
#if 0
  // CHECK: hipMalloc(p, 1);
  // SKIP: cudaMalloc(p, 1);
  cudaMalloc(p, 1);
#else
  // CHECK: hipFree(*p);
  // SKIP: hipFree(*p);
  cudaFree(*p);
#endif
}
