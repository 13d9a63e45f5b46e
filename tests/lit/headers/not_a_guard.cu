// An #ifndef that does not wrap the whole file is no include guard: the include goes before the first
// #include, and before the outermost #if around it, so that every configuration gets the runtime.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #define USE_FAST 1
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #ifndef NO_STDIO
// CHECK-NEXT: #ifdef _WIN32
// CHECK-NEXT: #include <windows.h>
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
#define USE_FAST 1
#ifndef NO_STDIO
#ifdef _WIN32
#include <windows.h>
#endif
#include <stdio.h>
#endif
__global__ void k(int *p) { p[threadIdx.x] = USE_FAST; }
