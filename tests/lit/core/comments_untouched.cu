// Comments are never changed, whatever CUDA names they mention.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

// CHECK: // cudaMalloc allocates; see cudaMemcpy and cudaStream_t in the CUDA docs
// cudaMalloc allocates; see cudaMemcpy and cudaStream_t in the CUDA docs
/* CHECK: /* block comment: cudaFree(ptr) and cudaSuccess stay
   CHECK-NEXT: cudaDeviceSynchronize() on a second line */
/* block comment: cudaFree(ptr) and cudaSuccess stay
   cudaDeviceSynchronize() on a second line */
void f(void *p) {
  // CHECK: hipFree(p); // then cudaFree is done
  cudaFree(p); // then cudaFree is done
  // CHECK: hipFree(/* cudaFree */ p);
  cudaFree(/* cudaFree */ p);
}
/// CHECK: /// Doxygen: \see cudaMemcpyAsync
/// Doxygen: \see cudaMemcpyAsync
