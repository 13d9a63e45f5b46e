// A file that reads __CUDA_ARCH__'s value keeps its definedness tests as they are: renaming
// `#ifdef __CUDA_ARCH__` would compile, under HIP, the code that reads a value HIP does not have.
// The branch stays out, and the port says so.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
enum {
// CHECK: #ifdef __CUDA_ARCH__
// DIAG: cuda_arch_value.cu:[[#@LINE+1]]:8: warning: HC1080: '#ifdef __CUDA_ARCH__' is always false under HIP on AMD ({{.*}}): lines [[#@LINE+2]]-[[#@LINE+3]] are never compiled [pp-dead-branch]
#ifdef __CUDA_ARCH__
// DIAG: cuda_arch_value.cu:[[#@LINE+1]]:13: warning: HC1082: '__CUDA_ARCH__' is not defined under HIP on AMD ({{.*}}); left unchanged [pp-cuda-macro-use]
  BANKS = ((__CUDA_ARCH__ >= 200) ? 32 : 16),
#else
  BANKS = 16,
#endif
};
// CHECK: #if defined(__CUDA_ARCH__)
// DIAG: cuda_arch_value.cu:[[#@LINE+1]]:13: warning: HC1080: '#if defined(__CUDA_ARCH__)' is always false under HIP on AMD ({{.*}}): line [[#@LINE+2]] is never compiled [pp-dead-branch]
#if defined(__CUDA_ARCH__)
int device_side = 1;
#endif
// DIAG: cuda_arch_value.cu:[[#@LINE+2]]:14: warning: HC1082: '__CUDA_ARCH__' is not defined under HIP on AMD ({{.*}}); left unchanged [pp-cuda-macro-use]
// CHECK: #define ARCH __CUDA_ARCH__
#define ARCH __CUDA_ARCH__
