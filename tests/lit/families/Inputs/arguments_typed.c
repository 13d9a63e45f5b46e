// cast-unless rows in a C file: the cast is spelled (void**)(...); an argument already void ** keeps its
// spelling.
// Input of arguments_typed.cu (lit runs no .c files).
#include <cuda_runtime.h>
void f(size_t n) {
  int *h;
  void *v;
  // CHECK: hipHostAlloc((void**)(&h), n, hipHostMallocMapped);
  cudaHostAlloc(&h, n, cudaHostAllocMapped);
  // CHECK: hipHostAlloc(&v, n, hipHostMallocMapped);
  cudaHostAlloc(&v, n, cudaHostAllocMapped);
}
