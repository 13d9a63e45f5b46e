// CUDA's runtime and driver APIs have distinct types where HIP has one (cudaError_t and CUresult both
// become hipError_t, cudaStream_t and CUstream both hipStream_t). cuda-samples' helper_cuda.h defines
// _cudaGetErrorEnum for each; a program that includes cuda.h and defines CUDA_DRIVER_API got both, and
// hipcc stopped with "redefinition of '_cudaGetErrorEnum'" and no diagnostic. HC1125 names the second
// definition. Definitions in different branches of one #if, overloads that still differ after the port
// (a parameter more, float and double), prototypes and class members stay silent.
// RUN: %hipify --hip-path none %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1125
// RUN: %hipify --hip-path none --suppress HC1125 %s -o /dev/null 2>&1 | not grep HC1125
#include <cuda.h>
#include <cuda_runtime.h>
#ifdef __DRIVER_TYPES_H__
static const char *_cudaGetErrorEnum(cudaError_t error) { return cudaGetErrorName(error); }
#endif
#ifdef CUDA_DRIVER_API
// CHECK: merged_overloads.cu:[[#@LINE+1]]:20: warning: HC1125: '_cudaGetErrorEnum(CUresult)' and '_cudaGetErrorEnum(cudaError_t)' (line 12) both become '_cudaGetErrorEnum(hipError_t)' in HIP: the port defines the same function twice [merged-overload]
static const char *_cudaGetErrorEnum(CUresult error) {
  static char unknown[] = "<unknown>";
  return unknown;
}
#endif
namespace util {
inline void sync(cudaStream_t s) { cudaStreamSynchronize(s); }
inline void sync(CUstream s, int flags) { cuStreamSynchronize(s); }
// CHECK: merged_overloads.cu:[[#@LINE+1]]:13: warning: HC1125: 'sync(CUstream)' and 'sync(cudaStream_t)'
inline void sync(CUstream stream) { cuStreamSynchronize(stream); }
}
#if CUDART_VERSION >= 11000
void wait(cudaEvent_t e) { cudaEventSynchronize(e); }
#else
void wait(CUevent e) { cuEventSynchronize(e); }
#endif
void check(cudaError_t e);
void check(CUresult e);
struct Checker {
  void f(cudaError_t e) {}
  void f(CUresult e) {}
};
void g(int a, float b) {}
void g(int a, double b) {}
