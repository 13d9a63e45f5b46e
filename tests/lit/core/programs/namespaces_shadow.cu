// Complete program in which user code reuses CUDA names in its own namespace and class; the result
// compiles because those are left alone while the real CUDA calls are renamed.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstddef>

namespace pool {
// CHECK: inline int cudaMalloc(void **p, std::size_t n) { return ::hipMalloc(p, n) == hipSuccess ? 0 : -1; }
inline int cudaMalloc(void **p, std::size_t n) { return ::cudaMalloc(p, n) == cudaSuccess ? 0 : -1; }
}

struct Arena {
  // CHECK: int cudaFree(void *p) { return (int)::hipFree(p); }
  int cudaFree(void *p) { return (int)::cudaFree(p); }
};

int main() {
  void *p = 0;
  // CHECK: if (pool::cudaMalloc(&p, 64) != 0) return 1;
  if (pool::cudaMalloc(&p, 64) != 0) return 1;
  Arena a;
  // CHECK: return a.cudaFree(p);
  return a.cudaFree(p);
}
