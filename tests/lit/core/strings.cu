// CUDA names inside string literals are translated as whole identifiers, as hipify-clang does, so that
// printf("cudaMemcpy ...") reports the HIP call the program makes: raw, wide and u8 strings too.
// Parts of identifiers, names HIP spells the same or lacks, #include paths and character literals stay.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstdio>
#if 0
// CHECK: #include "cudaMalloc_wrappers.h"
#include "cudaMalloc_wrappers.h"
#endif

void f(void *p) {
  // CHECK: printf("hipMalloc failed: %s\n", hipGetErrorString(hipGetLastError()));
  printf("cudaMalloc failed: %s\n", cudaGetErrorString(cudaGetLastError()));
  // CHECK: printf("hipMemcpyHostToDevice time taken = %6.3fms\n", 1.0);
  printf("cudaMemcpyHostToDevice time taken = %6.3fms\n", 1.0);
  // CHECK: const char *raw = R"(hipFree(p); "hipSuccess")";
  const char *raw = R"(cudaFree(p); "cudaSuccess")";
  // CHECK: const char *esc = "quote \" hipMemcpy \" still inside\nhipStream_t";
  const char *esc = "quote \" cudaMemcpy \" still inside\ncudaStream_t";
  // CHECK: const wchar_t *wide = L"hipStream_t";
  const wchar_t *wide = L"cudaStream_t";
  // CHECK: const char *u8s = u8"hipEvent_t";
  const char *u8s = u8"cudaEvent_t";
  // CHECK: const char *parts = "cudaMallocX xcudaMalloc 2cudaMalloc cudaMalloc_ dim3 cudaDeviceFlushGPUDirectRDMAWrites";
  const char *parts = "cudaMallocX xcudaMalloc 2cudaMalloc cudaMalloc_ dim3 cudaDeviceFlushGPUDirectRDMAWrites";
  // CHECK: char c = 'c';
  char c = 'c';
  // CHECK: hipFree(p);
  cudaFree(p);
  (void)raw; (void)esc; (void)wide; (void)u8s; (void)parts; (void)c;
}
