// cudaHostGetDevicePointer has CUDA's T** template overload; hipHostGetDevicePointer takes only void**, so a
// typed pointer gets the cast (as cudaHostAlloc's does) and the port compiles. hipify-clang leaves the call
// as written and HIPIFY's tests expect that text: a deliberate difference (docs/conformance.md). A void**
// argument is left as it is; without the semantic pass the cast is always written (correct for any
// object pointer).
// RUN: %hipify --hip-version 5.2 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 5.2 --semantic never %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=NEVER
// RUN: %hipify --hip-version 5.2 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// DIAG-NOT: HC1024
#include <cuda_runtime.h>
void zero_copy(float *h_A) {
  float *d_A;
  void *d_v;
  // CHECK: hipHostGetDevicePointer(reinterpret_cast<void**>(&d_A), h_A, 0);
  // NEVER: hipHostGetDevicePointer(reinterpret_cast<void**>(&d_A), h_A, 0);
  cudaHostGetDevicePointer(&d_A, h_A, 0);
  // CHECK: hipHostGetDevicePointer(&d_v, h_A, 0);
  // NEVER: hipHostGetDevicePointer(reinterpret_cast<void**>(&d_v), h_A, 0);
  cudaHostGetDevicePointer(&d_v, h_A, 0);
}
