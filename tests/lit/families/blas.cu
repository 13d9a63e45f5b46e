// cuBLAS -> hipBLAS, including the _v2 names, with the --roc (rocBLAS) variant.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// RUN: %hipify --hip-version 6.3 --roc %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=ROC %s
// CHECK: #include <hipblas/hipblas.h>
// CHECK: #include <hip/hip_runtime.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
void gemm(const float *a, const float *b, float *c, int n) {
  // CHECK: hipblasHandle_t handle;
  // ROC: rocblas_handle handle;
  cublasHandle_t handle;
  // CHECK: hipblasStatus_t st = hipblasCreate(&handle);
  // ROC: rocblas_status st = rocblas_create_handle(&handle);
  cublasStatus_t st = cublasCreate(&handle);
  // CHECK: if (st != HIPBLAS_STATUS_SUCCESS) return;
  // ROC: if (st != rocblas_status_success) return;
  if (st != CUBLAS_STATUS_SUCCESS) return;
  // hipBLAS has one status-to-text function; both CUDA names map to it.
  // CHECK: const char *what = hipblasStatusToString(st);
  // ROC: const char *what = rocblas_status_to_string(st);
  const char *what = cublasGetStatusString(st);
  // CHECK: const char *name = hipblasStatusToString(st);
  const char *name = cublasGetStatusName(st);
  (void)what; (void)name;
  const float alpha = 1.0f, beta = 0.0f;
  // CHECK: hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  // ROC: rocblas_sgemm(handle, rocblas_operation_none, rocblas_operation_transpose, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  // CHECK: hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  // ROC: rocblas_sgemm(handle, rocblas_operation_none, rocblas_operation_none, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  cublasSgemm_v2(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  // CHECK: hipblasSetStream(handle, 0);
  // ROC: rocblas_set_stream(handle, 0);
  cublasSetStream(handle, 0);
  // CHECK: hipblasSetPointerMode(handle, HIPBLAS_POINTER_MODE_HOST);
  // ROC: rocblas_set_pointer_mode(handle, rocblas_pointer_mode_host);
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
  float r;
  // CHECK: hipblasSdot(handle, n, a, 1, b, 1, &r);
  // ROC: rocblas_sdot(handle, n, a, 1, b, 1, &r);
  cublasSdot(handle, n, a, 1, b, 1, &r);
  // CHECK: hipblasDestroy(handle);
  // ROC: rocblas_destroy_handle(handle);
  cublasDestroy(handle);
}
// The complex types follow --roc (rocBLAS takes rocblas_double_complex); their constructors stay HIP's.
// CHECK: void zscal(hipblasHandle_t h, int n, hipDoubleComplex *x) {
// ROC: void zscal(rocblas_handle h, int n, rocblas_double_complex *x) {
void zscal(cublasHandle_t h, int n, cuDoubleComplex *x) {
  // CHECK: const hipComplex f = make_hipComplex(1.0f, 0.0f);
  // ROC: const rocblas_float_complex f = make_hipComplex(1.0f, 0.0f);
  const cuComplex f = make_cuComplex(1.0f, 0.0f);
  (void)f;
  // CHECK: hipblasZscal_v2(h, n, nullptr, x, 1);
  // ROC: rocblas_zscal(h, n, nullptr, x, 1);
  cublasZscal(h, n, nullptr, x, 1);
}
// So do the 16-bit float types rocBLAS takes (rocblas_half, rocblas_bfloat16).
// CHECK: void hgemm(hipblasHandle_t h, const __half *a, __hip_bfloat16 *b);
// ROC: void hgemm(rocblas_handle h, const rocblas_half *a, rocblas_bfloat16 *b);
void hgemm(cublasHandle_t h, const __half *a, __nv_bfloat16 *b);
