// Class members (methods and fields) that carry CUDA names belong to the user: calls through an
// object, a pointer or the class name are left alone.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

class Allocator {
public:
  // Inside the class, cudaSuccess names the member below; ::cudaMalloc is the CUDA API.
  // CHECK: int cudaMalloc(void **p, int n) { int r = ::hipMalloc(p, n); return r == cudaSuccess ? n : 0; }
  int cudaMalloc(void **p, int n) { int r = ::cudaMalloc(p, n); return r == cudaSuccess ? n : 0; }
  // CHECK: static void cudaFree(void *p) { ::hipFree(p); }
  static void cudaFree(void *p) { ::cudaFree(p); }
  // CHECK: int cudaSuccess = 0;
  int cudaSuccess = 0;
};

void use(Allocator &a, Allocator *pa, void **p) {
  // CHECK: a.cudaMalloc(p, 1);
  a.cudaMalloc(p, 1);
  // CHECK: pa->cudaMalloc(p, 2);
  pa->cudaMalloc(p, 2);
  // CHECK: Allocator::cudaFree(*p);
  Allocator::cudaFree(*p);
  // CHECK: a.cudaSuccess = 1;
  a.cudaSuccess = 1;
}
