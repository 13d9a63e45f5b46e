// A header with #pragma once gets the inserted include right after it.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #pragma once
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: template <typename T> __global__ void zero(T *p) { p[threadIdx.x] = T(); }
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
#pragma once
template <typename T> __global__ void zero(T *p) { p[threadIdx.x] = T(); }
