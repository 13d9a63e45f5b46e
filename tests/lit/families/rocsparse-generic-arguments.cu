// rocSPARSE argument reshaping under --roc for the generic API and the csrgeam2/csrgemm2/gemvi calls:
// rocSPARSE's generic calls are one function per operation taking a stage, a buffer size and a buffer
// where cuSPARSE has a _bufferSize/_analysis/_solve function taking one of them; csrgeam takes no work
// buffer; csrgemm takes the operations on A and B; gemvi's buffer size is a size_t. The hipSPARSE
// translation keeps CUDA's arguments, except SpSM_solve, whose hipSPARSE form takes an external buffer.
// RUN: %hipify --hip-version 6.3 --roc %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=ROC %s
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=HIP %s
// RUN: %hipify --hip-version 6.3 --roc %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
#include <cusparse.h>
void generic(cusparseHandle_t h, cusparseOperation_t op, const void *alpha, const void *beta,
             cusparseSpMatDescr_t A, cusparseDnMatDescr_t B, cusparseDnMatDescr_t C, cusparseDnVecDescr_t x,
             cusparseDnVecDescr_t y, cusparseSpVecDescr_t sx, cudaDataType t, cusparseSpMVAlg_t mv,
             cusparseSpMMAlg_t mm, cusparseSpSMAlg_t sm, cusparseSpSMDescr_t smd, cusparseSpSVAlg_t sv,
             cusparseSpSVDescr_t svd, cusparseSparseToDenseAlg_t s2d, cusparseDenseToSparseAlg_t d2s,
             void *result, void *buf, size_t size) {
  // ROC: rocsparse_spmv(h, op, alpha, A, x, beta, y, t, mv, rocsparse_spmv_stage_buffer_size, &size, nullptr);
  // HIP: hipsparseSpMV_bufferSize(h, op, alpha, A, x, beta, y, t, mv, &size);
  cusparseSpMV_bufferSize(h, op, alpha, A, x, beta, y, t, mv, &size);
  // ROC: rocsparse_spmv(h, op, alpha, A, x, beta, y, t, mv, rocsparse_spmv_stage_compute, buf);
  cusparseSpMV(h, op, alpha, A, x, beta, y, t, mv, buf);
  // ROC: rocsparse_spmm(h, op, op, alpha, A, B, beta, C, t, mm, rocsparse_spmm_stage_compute, &size, nullptr);
  cusparseSpMM_bufferSize(h, op, op, alpha, A, B, beta, C, t, mm, &size);
  // ROC: rocsparse_spmm(h, op, op, alpha, A, B, beta, C, t, mm, rocsparse_spmm_stage_preprocess, nullptr, buf);
  cusparseSpMM_preprocess(h, op, op, alpha, A, B, beta, C, t, mm, buf);
  // ROC: rocsparse_spmm(h, op, op, alpha, A, B, beta, C, t, mm, rocsparse_spmm_stage_compute, nullptr, buf);
  cusparseSpMM(h, op, op, alpha, A, B, beta, C, t, mm, buf);
  // ROC: rocsparse_spsm(h, op, op, alpha, A, B, C, t, sm, rocsparse_spsm_stage_compute, nullptr, buf);
  cusparseSpSM_analysis(h, op, op, alpha, A, B, C, t, sm, smd, buf);
  // ROC: rocsparse_spsm(h, op, op, alpha, A, B, C, t, sm, rocsparse_spsm_stage_compute, nullptr, nullptr);
  // HIP: hipsparseSpSM_solve(h, op, op, alpha, A, B, C, t, sm, smd, nullptr);
  cusparseSpSM_solve(h, op, op, alpha, A, B, C, t, sm, smd);
  // ROC: rocsparse_spsv(h, op, alpha, A, x, y, t, sv, rocsparse_spsv_stage_buffer_size, &size, nullptr);
  cusparseSpSV_bufferSize(h, op, alpha, A, x, y, t, sv, svd, &size);
  // ROC: rocsparse_spvv(h, op, sx, x, result, t, &size, nullptr);
  cusparseSpVV_bufferSize(h, op, sx, x, result, t, &size);
  // ROC: rocsparse_spvv(h, op, sx, x, result, t, nullptr, buf);
  cusparseSpVV(h, op, sx, x, result, t, buf);
  // ROC: rocsparse_sparse_to_dense(h, A, B, s2d, &size, nullptr);
  cusparseSparseToDense_bufferSize(h, A, B, s2d, &size);
  // ROC: rocsparse_sparse_to_dense(h, A, B, s2d, nullptr, buf);
  cusparseSparseToDense(h, A, B, s2d, buf);
  // ROC: rocsparse_dense_to_sparse(h, B, A, d2s, &size, nullptr);
  cusparseDenseToSparse_bufferSize(h, B, A, d2s, &size);
  // ROC: rocsparse_dense_to_sparse(h, B, A, d2s, nullptr, buf);
  cusparseDenseToSparse_analysis(h, B, A, d2s, buf);
}
void legacy(cusparseHandle_t h, int m, int n, int k, const double *alpha, const double *beta, cusparseMatDescr_t d,
            int nnz, double *v, int *r, int *c, csrgemm2Info_t info, void *buf, int *total, int *bs) {
  // ROC: rocsparse_dcsrgeam(h, m, n, alpha, d, nnz, v, r, c, beta, d, nnz, v, r, c, d, v, r, c);
  // HIP: hipsparseDcsrgeam2(h, m, n, alpha, d, nnz, v, r, c, beta, d, nnz, v, r, c, d, v, r, c, buf);
  cusparseDcsrgeam2(h, m, n, alpha, d, nnz, v, r, c, beta, d, nnz, v, r, c, d, v, r, c, buf);
  // ROC: rocsparse_csrgeam_nnz(h, m, n, d, nnz, r, c, d, nnz, r, c, d, r, total);
  cusparseXcsrgeam2Nnz(h, m, n, d, nnz, r, c, d, nnz, r, c, d, r, total, buf);
  // ROC: rocsparse_dcsrgemm(h, rocsparse_operation_none, rocsparse_operation_none, m, n, k, alpha, d, nnz, v, r, c, d, nnz, v, r, c, beta, d, nnz, v, r, c, d, v, r, c, info, buf);
  cusparseDcsrgemm2(h, m, n, k, alpha, d, nnz, v, r, c, d, nnz, v, r, c, beta, d, nnz, v, r, c, d, v, r, c, info, buf);
  // ROC: rocsparse_dgemvi_buffer_size(h, rocsparse_operation_none, m, n, nnz, reinterpret_cast<size_t*>(bs));
  cusparseDgemvi_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, m, n, nnz, bs);
}
// DIAG: warning: HC1024: 'cusparseDcsrgeam2': argument 20 removed: rocsparse_dcsrgeam takes no work buffer
