// String and character literals are never changed, raw strings included.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstdio>

void f(void *p) {
  // CHECK: printf("cudaMalloc failed: %s\n", hipGetErrorString(hipGetLastError()));
  printf("cudaMalloc failed: %s\n", cudaGetErrorString(cudaGetLastError()));
  // CHECK: const char *raw = R"(cudaFree(p); "cudaSuccess")";
  const char *raw = R"(cudaFree(p); "cudaSuccess")";
  // CHECK: const char *esc = "quote \" cudaMemcpy \" still inside";
  const char *esc = "quote \" cudaMemcpy \" still inside";
  // CHECK: const wchar_t *wide = L"cudaStream_t";
  const wchar_t *wide = L"cudaStream_t";
  // CHECK: const char *u8s = u8"cudaEvent_t";
  const char *u8s = u8"cudaEvent_t";
  // CHECK: hipFree(p);
  cudaFree(p);
  (void)raw; (void)esc; (void)wide; (void)u8s;
}
