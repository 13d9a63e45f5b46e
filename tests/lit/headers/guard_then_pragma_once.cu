// With both an include guard and #pragma once, the include goes on the line after whichever comes first:
// here the guard's #ifndef (the #define need not follow it at once).
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #ifndef GUARD_FIRST_H
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #pragma once
// CHECK-NEXT: #define GUARD_FIRST_H
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
#ifndef GUARD_FIRST_H
#pragma once
#define GUARD_FIRST_H
#include <stdio.h>
__global__ void k(int *p) { p[threadIdx.x] = 0; }
#endif // GUARD_FIRST_H
