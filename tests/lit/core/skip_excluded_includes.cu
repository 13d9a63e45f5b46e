// With --skip-excluded-preprocessor-conditional-blocks, includes in excluded branches are left as they
// are (and not counted), while the active branch's include is mapped; by default both are mapped.
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks %s -o - | FileCheck --match-full-lines %s --check-prefix=SKIP
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s --check-prefix=ALL
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks --print-stats %s -o %t.cpp | FileCheck %s --check-prefix=STATS
#if defined(LEGACY_BLAS)
// SKIP: #include <cublas.h>
// ALL: #include <hipblas/hipblas.h>
#include <cublas.h>
#else
// SKIP: #include <hip/hip_runtime.h>
// ALL: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#endif
// STATS-NOT: cublas.h
// STATS: cuda_runtime.h: 1
// STATS-NOT: cublas.h
void f() { cudaDeviceSynchronize(); }
