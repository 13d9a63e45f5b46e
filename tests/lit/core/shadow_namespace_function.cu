// A function the user declares in their own namespace with a CUDA name is not the CUDA API: it and
// its qualified calls are left alone, while the real CUDA call beside it is renamed.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
#include <cuda_runtime.h>
#include <cstddef>

namespace mylib {
// CHECK: int cudaMalloc(void **p, std::size_t n) { *p = 0; return (int)n; }
int cudaMalloc(void **p, std::size_t n) { *p = 0; return (int)n; }
}

void f(void **p) {
  // CHECK: mylib::cudaMalloc(p, 1);
  mylib::cudaMalloc(p, 1);
  // CHECK: hipMalloc(p, 2);
  cudaMalloc(p, 2);
  // CHECK: ::hipMalloc(p, 3);
  ::cudaMalloc(p, 3);
}
// DIAG-NOT: error
