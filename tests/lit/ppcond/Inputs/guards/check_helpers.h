// check_helpers.h: error-checking helpers that exist only for the CUDA libraries included before.
#ifndef CHECK_HELPERS_H
#define CHECK_HELPERS_H
#include <stdio.h>
#include <stdlib.h>

#ifdef __DRIVER_TYPES_H__
static const char *statusName(cudaError_t e) { return cudaGetErrorName(e); }
#endif
#ifdef CURAND_H_
static const char *statusName(curandStatus_t s) {
  switch (s) {
  case CURAND_STATUS_SUCCESS: return "CURAND_STATUS_SUCCESS";
  case CURAND_STATUS_NOT_INITIALIZED: return "CURAND_STATUS_NOT_INITIALIZED";
#if CUDART_VERSION >= 5000
  case CURAND_STATUS_ARCH_MISMATCH: return "CURAND_STATUS_ARCH_MISMATCH";
#endif
  default: return "other curand status";
  }
}
#endif
#ifdef CUSPARSEAPI
static const char *statusName(cusparseStatus_t s) {
  return s == CUSPARSE_STATUS_SUCCESS ? "CUSPARSE_STATUS_SUCCESS" : "cusparse error";
}
#endif
#if defined(__CUDA_RUNTIME_H__) || defined(__cuda_cuda_h__)
template <typename T> void checkStatus(T result, const char *what, const char *file, int line) {
  if (result) {
    fprintf(stderr, "%s:%d: %s failed: %s\n", file, line, what, statusName(result));
    exit(EXIT_FAILURE);
  }
}
#define CHECK(call) checkStatus((call), #call, __FILE__, __LINE__)
#endif
#endif
