// __CUDA_ARCH__: HIP says whether device code is being compiled (__HIP_DEVICE_COMPILE__, defined as 1
// only in the device compilation) but has no compute-capability number. Tests of definedness or truth
// are renamed; numeric comparisons are diagnosed with the branch they lose.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
#include <cuda_runtime.h>

__device__ float twice(float x) {
// CHECK: #ifdef __HIP_DEVICE_COMPILE__
#ifdef __CUDA_ARCH__
  return 2 * x;
#endif
}
// CHECK: #ifndef __HIP_DEVICE_COMPILE__
#ifndef __CUDA_ARCH__
int host_only = 1;
#endif
// CHECK: #if defined(__HIP_DEVICE_COMPILE__) && !defined(NO_FAST)
#if defined(__CUDA_ARCH__) && !defined(NO_FAST)
int fast = 1;
#endif
// CHECK: #if !(__HIP_DEVICE_COMPILE__)
#if !(__CUDA_ARCH__)
int not_device = 1;
#endif
// CHECK: #if __CUDA_ARCH__ >= 700
// DIAG: cuda_arch.cu:[[#@LINE+1]]:5: warning: HC1080: '#if __CUDA_ARCH__ >= 700' is always false under HIP on AMD (HIP defines __HIP_DEVICE_COMPILE__ in device code but has no compute-capability number): line [[#@LINE+2]] is never compiled [pp-dead-branch]
#if __CUDA_ARCH__ >= 700
int tensor_cores = 1;
#endif
// The double-precision atomicAdd polyfill: under HIP the device side takes the #else branch and
// defines an atomicAdd that HIP already has.
// CHECK: #if !defined(__HIP_DEVICE_COMPILE__) || __CUDA_ARCH__ >= 600
// DIAG: cuda_arch.cu:[[#@LINE+1]]:32: warning: HC1081: '__CUDA_ARCH__' counts as 0 under HIP on AMD in '#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600' ({{.*}}): the condition is true in host code and false in device code [pp-cuda-macro]
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#else
__device__ double atomicAdd(double *a, double v);
#endif
// In a macro body, only defined(...) keeps its meaning.
// CHECK: #define ON_DEVICE defined(__HIP_DEVICE_COMPILE__)
#define ON_DEVICE defined(__CUDA_ARCH__)
// __CUDACC__ is renamed by the rename table (__HIPCC__, defined on both sides): not a dead branch.
// CHECK: #if defined(__HIPCC__) && !defined(__NVCC__)
// DIAG: cuda_arch.cu:[[#@LINE+1]]:37: warning: HC1080: '#if defined(__CUDACC__) && !defined(__NVCC__)' is always true under HIP on AMD (only nvcc defines __NVCC__; hipcc is clang and defines __HIPCC__ and __clang__): line [[#@LINE+2]] is always compiled [pp-dead-branch]
#if defined(__CUDACC__) && !defined(__NVCC__)
int clang_cuda = 1;
#endif
// DIAG-NOT: warning
