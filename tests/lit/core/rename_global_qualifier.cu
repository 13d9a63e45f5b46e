// A call qualified with the global namespace (::cudaMalloc) is the CUDA API whatever keyword or
// operator comes before the '::' (return, case, throw, sizeof, co_return...).
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

int f(void **p) {
  // CHECK: if (::hipMalloc(p, 1) != ::hipSuccess) return 1;
  if (::cudaMalloc(p, 1) != ::cudaSuccess) return 1;
  // CHECK: return ::hipFree(*p);
  return ::cudaFree(*p);
}
// CHECK: int g(int k) { switch (k) { case ::hipMemcpyHostToDevice: return 1; default: return (int)sizeof ::hipSuccess; } }
int g(int k) { switch (k) { case ::cudaMemcpyHostToDevice: return 1; default: return (int)sizeof ::cudaSuccess; } }
