// cuSOLVER dense -> hipSOLVER: LU factorisation and solve, with the --roc variant.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// --roc leaves cuSOLVER on hipSOLVER (the tables name only 8 rocSOLVER functions); a cuBLAS enum passed
// to it still follows --roc like all of cuBLAS, which the person reviewing the port has to settle.
// RUN: %hipify --hip-version 6.3 --roc %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=ROC %s
// ROC: hipsolverHandle_t handle;
// ROC: hipsolverDnDgetrf(handle, n, n, a, n, work, ipiv, info);
// ROC: hipsolverDnDgetrs(handle, rocblas_operation_none, n, 1, a, n, ipiv, a, n, info);
// ROC: hipsolverDnDestroy(handle);
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
