// A local variable or parameter named like a CUDA entity is the user's: its uses are left alone,
// while the same name outside its scope is still the CUDA one.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

// CHECK: int count(int cudaSuccess) { return cudaSuccess + 1; }
int count(int cudaSuccess) { return cudaSuccess + 1; }

// CHECK: bool ok(hipError_t e) { return e == hipSuccess; }
bool ok(cudaError_t e) { return e == cudaSuccess; }

void g() {
  // CHECK: int cudaMemcpyDefault = 3;
  int cudaMemcpyDefault = 3;
  // CHECK: (void)count(cudaMemcpyDefault);
  (void)count(cudaMemcpyDefault);
}
// CHECK: hipMemcpyKind outside = hipMemcpyDefault;
cudaMemcpyKind outside = cudaMemcpyDefault;
