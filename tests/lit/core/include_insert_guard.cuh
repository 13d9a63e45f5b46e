// A header with an include guard gets the inserted include inside the guard, on the line after its
// #ifndef (where hipify-clang puts it, so that both tools give the same diff).
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #ifndef KERNELS_CUH
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #define KERNELS_CUH
// CHECK-EMPTY:
// CHECK-NEXT: __device__ inline float twice(float x) { return 2 * x; }
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
#ifndef KERNELS_CUH
#define KERNELS_CUH

__device__ inline float twice(float x) { return 2 * x; }
inline void sync() { cudaDeviceSynchronize(); }

#endif
