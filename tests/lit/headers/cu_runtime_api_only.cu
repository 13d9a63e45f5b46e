// In a .cu file, cuda_runtime_api.h becomes hip_runtime_api.h, and hip_runtime.h is inserted as well,
// before the first include: the API header does not stand for what nvcc includes implicitly.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hip/hip_runtime_api.h>
// CHECK-NEXT: #include <stdio.h>
#include <cuda_runtime_api.h>
#include <stdio.h>

int main() { int n = 0; cudaGetDeviceCount(&n); printf("%d\n", n); return 0; }
