// warn-unless rows (arguments.tsv): cudaHostGetDevicePointer has CUDA's T** template like cudaHostAlloc,
// but hipify-clang keeps the call and HIPIFY's tests expect its text; a typed pointer is reported (HC1024),
// void** is not, and nothing changes. (The output does not compile with the typed pointer: that is what
// the warning says.)
// RUN: %hipify --hip-version 5.2 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 5.2 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=HC1024
#include <cuda_runtime.h>
void zero_copy(float *h_A) {
  float *d_A;
  void *d_v;
  // CHECK: hipHostGetDevicePointer(&d_A, h_A, 0);
  // WARN: arguments_warn.cu:[[@LINE+1]]:3: warning: HC1024: 'cudaHostGetDevicePointer': argument 1 has another type than the void** HIP takes; cast it (reinterpret_cast<void**>) [argument-check]
  cudaHostGetDevicePointer(&d_A, h_A, 0);
  // CHECK: hipHostGetDevicePointer(&d_v, h_A, 0);
  cudaHostGetDevicePointer(&d_v, h_A, 0);
}
