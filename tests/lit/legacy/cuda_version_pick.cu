// Code written for an older CUDA: with --skip-excluded-preprocessor-conditional-blocks the branches kept
// are those of the CUDA release the code targets. Without --cuda-version, the file's own conditions
// choose it: an #if group without #else exists only for some releases, and the release that keeps the
// most such groups wins (here one before 11.0); --cuda-version names the release instead.
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks --cuda-version 11.8 %s -o - | FileCheck --match-full-lines %s --check-prefix=V118
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks --cuda-version 12.2 %s -o - | FileCheck --match-full-lines %s --check-prefix=V122
// RUN: not %hipify --cuda-version banana %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: --cuda-version: 'banana' is not a CUDA release
#include <cusparse.h>

void legacy(cusparseHandle_t h, cusparseMatDescr_t d, int m, int n, int nnz, const double *a, const double *v,
            const int *r, const int *c, const double *x, const double *b, double *y) {
#if CUDA_VERSION < 11000
  // CHECK: hipsparseDcsrmv(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, m, n, nnz, a, d, v, r, c, x, b, y);
  // V118: cusparseDcsrmv(h, CUSPARSE_OPERATION_NON_TRANSPOSE, m, n, nnz, a, d, v, r, c, x, b, y);
  // V122: cusparseDcsrmv(h, CUSPARSE_OPERATION_NON_TRANSPOSE, m, n, nnz, a, d, v, r, c, x, b, y);
  cusparseDcsrmv(h, CUSPARSE_OPERATION_NON_TRANSPOSE, m, n, nnz, a, d, v, r, c, x, b, y);
#endif
#if CUDA_VERSION < 12000
  // CHECK: csrsv2Info_t info;
  // CHECK-NEXT: hipsparseCreateCsrsv2Info(&info);
  // V118: hipsparseCreateCsrsv2Info(&info);
  // V122: cusparseCreateCsrsv2Info(&info);
  csrsv2Info_t info;
  cusparseCreateCsrsv2Info(&info);
#endif
}

// A group with an #else keeps code under every release: it does not move the choice.
void either(void **p) {
#if CUDA_VERSION >= 12000
  // CHECK: cudaMalloc(p, 1);
  // V118: cudaMalloc(p, 1);
  // V122: hipMalloc(p, 1);
  cudaMalloc(p, 1);
#else
  // CHECK: hipMallocManaged(p, 1);
  // V118: hipMallocManaged(p, 1);
  // V122: cudaMallocManaged(p, 1);
  cudaMallocManaged(p, 1);
#endif
}
