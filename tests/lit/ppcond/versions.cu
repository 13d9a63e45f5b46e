// CUDA version macros are undefined under hipcc: a condition they decide drops its branch silently.
// The port leaves the condition as it is and says which lines HIP will never (or always) compile.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %hipify --print-stats %s -o %t.discard 2>/dev/null | FileCheck %s --check-prefix=STATS
#include <cuda_runtime.h>

const char *name(cudaError_t e) {
  switch (e) {
  case cudaSuccess: return "success";
// DIAG: versions.cu:[[#@LINE+3]]:5: warning: HC1080: '#if CUDA_VERSION >= 6000' is always false under HIP on AMD (HIP defines no CUDA_VERSION; HIP_VERSION numbers HIP releases, not CUDA's): line [[#@LINE+4]] is never compiled [pp-dead-branch]
// CHECK: #if CUDA_VERSION >= 6000
// CHECK-NEXT: case hipErrorInvalidValue: return "invalid value";
#if CUDA_VERSION >= 6000
  case cudaErrorInvalidValue: return "invalid value";
#endif
// DIAG: versions.cu:[[#@LINE+1]]:5: warning: HC1080: '#if CUDART_VERSION < 9000' is always true under HIP on AMD ({{.*}}): the #else branch (line [[#@LINE+4]]) is never compiled [pp-dead-branch]
#if CUDART_VERSION < 9000
  case cudaErrorMemoryAllocation: return "old spelling";
#else
  case cudaErrorMemoryAllocation: return "out of memory";
#endif
  default: return "other";
  }
}

// A condition the CUDA macro does not decide alone: counted as 0, the other macros still matter.
// DIAG: versions.cu:[[#@LINE+1]]:5: warning: HC1081: '__CUDACC_VER_MAJOR__' counts as 0 under HIP on AMD in '#if __CUDACC_VER_MAJOR__ >= 11 || defined(USE_NEW_PATH)' (HIP defines no nvcc version; HIP_VERSION_MAJOR numbers HIP releases, not CUDA's): the condition is open (other macros decide) in host code and open (other macros decide) in device code [pp-cuda-macro]
#if __CUDACC_VER_MAJOR__ >= 11 || defined(USE_NEW_PATH)
int new_path = 1;
#endif
// Decided, and by a macro HIP does not define, within a longer condition: 0 && anything is 0.
// DIAG: versions.cu:[[#@LINE+1]]:25: warning: HC1080: '#if defined(USE_LIB) && CUBLAS_VERSION >= 11000' is always false under HIP on AMD (hipBLAS defines no cuBLAS version): line [[#@LINE+2]] is never compiled [pp-dead-branch]
#if defined(USE_LIB) && CUBLAS_VERSION >= 11000
int lib_path = 1;
#endif
// An #elif: its own branch is dropped.
#ifdef USE_OLD
int old = 1;
// DIAG: versions.cu:[[#@LINE+1]]:7: warning: HC1080: '#elif CUDART_VERSION >= 12000' is always false under HIP on AMD ({{.*}}): line [[#@LINE+2]] is never compiled [pp-dead-branch]
#elif CUDART_VERSION >= 12000
int twelve = 1;
#endif
// A condition decided without CUDA version macros is not reported.
#if defined(USE_OLD) || 1
int plain = 1;
#endif

// A value, not a condition: HIP cannot compile it.
// DIAG: versions.cu:[[#@LINE+2]]:32: warning: HC1082: 'CUDART_VERSION' is not defined under HIP on AMD ({{.*}}); left unchanged [pp-cuda-macro-use]
// CHECK: int runtime_version() { return CUDART_VERSION; }
int runtime_version() { return CUDART_VERSION; }
// DIAG-NOT: warning
// STATS: UNCONVERTED refs by names:
// STATS: CUDART_VERSION: 3
