// A host .cpp file that includes cuda_runtime_api.h gets hip_runtime_api.h and nothing more: host code
// needs only the API header (hip_runtime.h is for code that a HIP compiler builds).
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #include <hip/hip_runtime_api.h>
// CHECK-NEXT: #include <stdio.h>
// CHECK-NOT: hip_runtime.h
#include <cuda_runtime_api.h>
#include <stdio.h>

int count() { int n = 0; cudaGetDeviceCount(&n); return n; }
