// A file whose includes sit inside an `extern "C" {` block (C code compiled by nvcc): the runtime header
// goes before the block, and before the #ifdef __cplusplus around its opening, since C++ headers cannot
// be included with C linkage (hipcc: "templates must have C++ linkage").
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: // end of comments
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #ifdef __cplusplus
// CHECK-NEXT: extern "C" {
// CHECK-NEXT: #endif
// CHECK-NEXT: #include <stdio.h>
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
// end of comments
#ifdef __cplusplus
extern "C" {
#endif
#include <stdio.h>
#ifdef __cplusplus
}
#endif
__global__ void k(int *p) { p[threadIdx.x] = 1; }
