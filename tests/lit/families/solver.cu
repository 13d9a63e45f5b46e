// cuSOLVER dense -> hipSOLVER: LU factorisation and solve, with the --roc variant.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// --roc follows the tables as hipify-clang does: cuSOLVER names with a rocSOLVER/rocBLAS counterpart
// become it (header, handle, status, create/destroy/stream), the rest keep their hipSOLVER name.
// RUN: %hipify --hip-version 6.3 --roc %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=ROC %s
// ROC: #include <rocsolver/rocsolver.h>
// ROC: rocblas_handle handle;
// ROC: rocblas_status st = rocblas_create_handle(&handle);
// ROC: if (st != rocblas_status_success) return 1;
// ROC: hipsolverDnDgetrf(handle, n, n, a, n, work, ipiv, info);
// ROC: hipsolverDnDgetrs(handle, rocblas_operation_none, n, 1, a, n, ipiv, a, n, info);
// ROC: rocblas_set_stream(handle, 0);
// ROC: rocblas_destroy_handle(handle);
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hipsolver/hipsolver.h>
#include <cusolverDn.h>
int factor(double *a, int n, int *ipiv, int *info) {
  // CHECK: hipsolverHandle_t handle;
  cusolverDnHandle_t handle;
  // CHECK: hipsolverStatus_t st = hipsolverDnCreate(&handle);
  cusolverStatus_t st = cusolverDnCreate(&handle);
  // CHECK: if (st != HIPSOLVER_STATUS_SUCCESS) return 1;
  if (st != CUSOLVER_STATUS_SUCCESS) return 1;
  int lwork = 0;
  // CHECK: hipsolverDnDgetrf_bufferSize(handle, n, n, a, n, &lwork);
  cusolverDnDgetrf_bufferSize(handle, n, n, a, n, &lwork);
  double *work = 0;
  // CHECK: hipsolverDnDgetrf(handle, n, n, a, n, work, ipiv, info);
  cusolverDnDgetrf(handle, n, n, a, n, work, ipiv, info);
  // CHECK: hipsolverDnDgetrs(handle, HIPBLAS_OP_N, n, 1, a, n, ipiv, a, n, info);
  cusolverDnDgetrs(handle, CUBLAS_OP_N, n, 1, a, n, ipiv, a, n, info);
  // CHECK: hipsolverSetStream(handle, 0);
  cusolverDnSetStream(handle, 0);
  // CHECK: hipsolverDnDestroy(handle);
  cusolverDnDestroy(handle);
  return 0;
}
