// CUDA 13.0's floating-point emulation API (library_types.h and cublas_api.h), which the reference tables
// predate: NVIDIA CUDALibrarySamples' cublas_utils.h takes a cudaEmulationMantissaControl, and its port kept
// the name without a word. HIP has no counterpart: each use is reported (HC1001) and left; the cuBLAS names
// around them are translated as usual.
// RUN: %hipify --hip-path none %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=HC1001
// RUN: FileCheck %s --match-full-lines < %t.hip
#include <cublas_v2.h>
// DIAG: cuda13_emulation.cu:[[@LINE+2]]:25: warning: HC1001: 'cudaEmulationMantissaControl' has no HIP equivalent; left unchanged [unsupported-api]
// CHECK: size_t workspace(int m, cudaEmulationMantissaControl control) {
size_t workspace(int m, cudaEmulationMantissaControl control) {
  // DIAG: cuda13_emulation.cu:[[@LINE+1]]:21: warning: HC1001: 'CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC' has no HIP equivalent
  return control == CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC ? 2 * (size_t)m : (size_t)m;
}
void configure(cublasHandle_t handle) {
  // DIAG: cuda13_emulation.cu:[[@LINE+3]]:3: warning: HC1001: 'cublasSetEmulationStrategy' has no HIP equivalent
  // DIAG: cuda13_emulation.cu:[[@LINE+2]]:38: warning: HC1001: 'CUBLAS_EMULATION_STRATEGY_EAGER' has no HIP equivalent
  // CHECK:   cublasSetEmulationStrategy(handle, CUBLAS_EMULATION_STRATEGY_EAGER);
  cublasSetEmulationStrategy(handle, CUBLAS_EMULATION_STRATEGY_EAGER);
  // CHECK:   hipblasSetPointerMode(handle, HIPBLAS_POINTER_MODE_HOST);
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
}
// cublasSetWorkspace is cublas_v2.h's name for cublasSetWorkspace_v2: the tables list the name a program writes.
void workspace(cublasHandle_t handle, void *buffer, size_t bytes) {
  // DIAG: cuda13_emulation.cu:[[@LINE+2]]:3: warning: HC1001: 'cublasSetWorkspace' has no HIP equivalent
  // CHECK:   cublasSetWorkspace(handle, buffer, bytes);
  cublasSetWorkspace(handle, buffer, bytes);
}
// The other math libraries' headers: cuSOLVER's math mode and cuRAND's binomial generator, CUDA 13.0 too.
#include <cusolverDn.h>
#include <curand.h>
void solver(cusolverDnHandle_t handle, curandGenerator_t gen, unsigned *out, size_t n) {
  // DIAG: cuda13_emulation.cu:[[@LINE+1]]:3: warning: HC1001: 'cusolverDnSetMathMode' has no HIP equivalent
  cusolverDnSetMathMode(handle, CUSOLVER_DEFAULT_MATH);
  // DIAG: cuda13_emulation.cu:[[@LINE-1]]:33: warning: HC1001: 'CUSOLVER_DEFAULT_MATH' has no HIP equivalent
  // DIAG: cuda13_emulation.cu:[[@LINE+2]]:3: warning: HC1001: 'curandGenerateBinomial' has no HIP equivalent
  // CHECK:   curandGenerateBinomial(gen, out, n, 10, 0.5);
  curandGenerateBinomial(gen, out, n, 10, 0.5);
}
