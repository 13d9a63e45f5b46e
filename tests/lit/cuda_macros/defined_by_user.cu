// A file that #defines one of CUDA's own macros (__CUDACC__) imitates the compiler; the name is not an
// entity of the user's. It is renamed as hipify-clang renames it, in the definition and every use, in
// every semantic mode. A CUDA macro the tables do not rename (__CUDA_ARCH__) stays as written.
// RUN: %hipify --semantic always %s -o - 2>%t.err | FileCheck --match-full-lines %s
// RUN: %hipify --semantic never %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --semantic always %s -o /dev/null 2>&1 | FileCheck --match-full-lines %s --check-prefix=DIAG
// DIAG-NOT: HC1021

// CHECK: #ifndef __HIPCC__
// CHECK-NEXT: #define __HIPCC__
#ifndef __CUDACC__
#define __CUDACC__
#endif
// CHECK: #ifdef __HIPCC__
#ifdef __CUDACC__
int on_device = 1;
#endif
// CHECK: int host_pass = __HIPCC__;
int host_pass = __CUDACC__;
// CHECK: #define __CUDA_ARCH__ 700
#define __CUDA_ARCH__ 700
