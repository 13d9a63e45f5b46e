// rocSPARSE argument reshaping under --roc: the cuSPARSE solve-policy argument becomes
// rocsparse_solve_policy_auto, or an analysis policy and that in the _analysis calls; csrmv gains a null
// rocsparse_mat_info; the int* buffer size is cast to size_t* (arguments.tsv rows with a target: they apply only where the call
// becomes the rocSPARSE function, never to the hipSPARSE translation, whose signature is CUDA's).
// RUN: %hipify --hip-version 6.3 --roc %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=ROC %s
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=HIP %s
// RUN: %hipify --hip-version 6.3 --roc %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
#include <cusparse.h>
void ilu(cusparseHandle_t h, int m, int nnz, cusparseMatDescr_t d, cuDoubleComplex *v, int *r, int *c,
         csrilu02Info_t info, cusparseSolvePolicy_t policy, void *buf, double *dv, csrsv2Info_t sv,
         const double *alpha, const double *x, double *y, int *size, csric02Info_t ic) {
  // ROC: rocsparse_zcsrilu0_analysis(h, m, nnz, d, v, r, c, info, rocsparse_analysis_policy_force, rocsparse_solve_policy_auto, buf);
  cusparseZcsrilu02_analysis(h, m, nnz, d, v, r, c, info, policy, buf);
  // ROC: rocsparse_zcsrilu0_buffer_size(h, m, nnz, d, v, r, c, info, reinterpret_cast<size_t*>(size));
  // HIP: hipsparseZcsrilu02_bufferSize(h, m, nnz, d, v, r, c, info, size);
  cusparseZcsrilu02_bufferSize(h, m, nnz, d, v, r, c, info, size);
  // ROC: rocsparse_dcsrmv(h, rocsparse_operation_none, m, m, nnz, alpha, d, dv, r, c, nullptr, x, alpha, y);
  // HIP: hipsparseDcsrmv(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, m, m, nnz, alpha, d, dv, r, c, x, alpha, y);
  cusparseDcsrmv(h, CUSPARSE_OPERATION_NON_TRANSPOSE, m, m, nnz, alpha, d, dv, r, c, x, alpha, y);
  // hipify-clang keeps the policy of csric02 (rocsparse_zcsric0 takes a rocsparse_solve_policy there)
  // ROC: rocsparse_zcsric0(h, m, nnz, d, v, r, c, ic, policy, buf);
  cusparseZcsric02(h, m, nnz, d, v, r, c, ic, policy, buf);
  // ROC: rocsparse_zcsrilu0(h, m, nnz, d, v, r, c, info, rocsparse_solve_policy_auto, buf);
  // HIP: hipsparseZcsrilu02(h, m, nnz, d, v, r, c, info, policy, buf);
  cusparseZcsrilu02(h, m, nnz, d, v, r, c, info, policy, buf);
  // a policy constant, which the rename pass maps to the same name, comes out once
  // ROC: rocsparse_dcsrsv_solve(h, rocsparse_operation_none, m, nnz, alpha, d, dv, r, c, sv, x, y, rocsparse_solve_policy_auto, buf);
  cusparseDcsrsv2_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, m, nnz, alpha, d, dv, r, c, sv, x, y, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
}
// the csr2csc buffer size depends on the structure and the copy action only: the rest is removed, with a warning
// ROC: rocsparse_csr2csc_buffer_size(h, m, n, nnz, r, c, act, &bytes);
// HIP: hipsparseCsr2cscEx2_bufferSize(h, m, n, nnz, vals, r, c, cvals, cp, ci, HIP_R_64F, act, base, alg, &bytes);
void transpose_size(cusparseHandle_t h, int m, int n, int nnz, double *vals, int *r, int *c, double *cvals,
                    int *cp, int *ci, cusparseAction_t act, cusparseIndexBase_t base, cusparseCsr2CscAlg_t alg) {
  size_t bytes;
  cusparseCsr2cscEx2_bufferSize(h, m, n, nnz, vals, r, c, cvals, cp, ci, CUDA_R_64F, act, base, alg, &bytes);
}
// interleaved batch solvers: rocSPARSE takes a batch stride after the count; an "$N" insert copies argument N
// ROC: rocsparse_dgtsv_interleaved_batch(h, 0, m, dl, dd, du, dx, batch + 1, batch + 1, buf);
// HIP: hipsparseDgtsvInterleavedBatch(h, 0, m, dl, dd, du, dx, batch + 1, buf);
void batched(cusparseHandle_t h, int m, double *dl, double *dd, double *du, double *dx, int batch, void *buf) {
  cusparseDgtsvInterleavedBatch(h, 0, m, dl, dd, du, dx, batch + 1, buf);
}
// DIAG: argument 9 replaced by 'rocsparse_solve_policy_auto'
// DIAG: argument 5 removed
