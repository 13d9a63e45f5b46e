// An include inside an `extern "C"` block with no #if around it: the runtime header goes on the line
// where the block's declaration starts, after the code before it.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: static int counter = 0;
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: extern "C"
// CHECK-NEXT: {
// CHECK-NEXT: #include <stdio.h>
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
static int counter = 0;
extern "C"
{
#include <stdio.h>
__global__ void k(int *p) { p[threadIdx.x] = counter; }
}
