// A file that already includes <hip/hip_runtime.h> gets no second one, however much CUDA it uses.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
// CHECK: void f(int **p) { hipMalloc(p, 4); }
#include <hip/hip_runtime.h>
__global__ void k(int *p) { p[threadIdx.x] = 0; }
void f(int **p) { cudaMalloc(p, 4); }
