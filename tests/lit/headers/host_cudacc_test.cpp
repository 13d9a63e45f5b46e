// A file shared by host and device code that only tests the compiler (#ifdef __CUDACC__) and spells
// __host__ __device__ inside a #define: the test becomes __HIPCC__, and no runtime header is inserted,
// since a host compiler must still be able to read the file.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=DIAG
// CHECK: #ifdef __HIPCC__
// CHECK-NOT: hip_runtime.h
// DIAG-NOT: HC1011
#pragma once
#ifdef __CUDACC__
#define HD __host__ __device__
#else
#define HD
#endif
HD inline float twice(float x) { return 2 * x; }
