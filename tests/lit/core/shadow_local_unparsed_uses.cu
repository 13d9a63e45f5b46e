// A local variable named like a legacy CUDA type (cublasStatus, an old cuBLAS type name) keeps its name
// at every use in its scope, also where the parse could not type the expression that holds the use: an
// argument of a macro from a header the single-file parse does not read (helper_cuda.h's
// checkCudaErrors), a comparison with a library name the declarations lack. Outside the scope the
// name is CUDA's again.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
#include <cublas_v2.h>
#include "helper_cuda.h"

int run(int n) {
  // CHECK: hipblasHandle_t h;
  cublasHandle_t h;
  // CHECK: hipblasStatus_t cublasStatus;
  cublasStatus_t cublasStatus;
  // CHECK: cublasStatus = hipblasCreate(&h);
  cublasStatus = cublasCreate(&h);
  // CHECK: checkCudaErrors(cublasStatus);
  checkCudaErrors(cublasStatus);
  if (n > 0) {
    // CHECK: checkCudaErrors(cublasStatus);
    checkCudaErrors(cublasStatus);
  }
  // CHECK: if (cublasStatus != HIPBLAS_STATUS_SUCCESS) return 1;
  if (cublasStatus != CUBLAS_STATUS_SUCCESS) return 1;
  return 0;
}

// CHECK: int count(hipblasStatus_t s, int cudaSuccess) { return checkCudaErrors(cudaSuccess), (int)s; }
int count(cublasStatus_t s, int cudaSuccess) { return checkCudaErrors(cudaSuccess), (int)s; }
// CHECK: hipError_t after() { return hipSuccess; }
cudaError_t after() { return cudaSuccess; }
