// Two CUDA headers that map to the same HIP header leave one include: the duplicate line is removed.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <cstdio>
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstdio>
int main() { return (int)cudaDeviceSynchronize(); }
