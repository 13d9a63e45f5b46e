// rocSPARSE argument reshaping under --roc: the cuSPARSE solve-policy argument becomes
// rocsparse_solve_policy_auto (arguments.tsv rows with a target: they apply only where the call
// becomes the rocSPARSE function, never to the hipSPARSE translation, whose signature is CUDA's).
// RUN: %hipify --hip-version 6.3 --roc %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=ROC %s
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=HIP %s
// RUN: %hipify --hip-version 6.3 --roc %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
#include <cusparse.h>
void ilu(cusparseHandle_t h, int m, int nnz, cusparseMatDescr_t d, cuDoubleComplex *v, int *r, int *c,
         csrilu02Info_t info, cusparseSolvePolicy_t policy, void *buf, double *dv, csrsv2Info_t sv,
         const double *alpha, const double *x, double *y) {
  // ROC: rocsparse_zcsrilu0(h, m, nnz, d, v, r, c, info, rocsparse_solve_policy_auto, buf);
  // HIP: hipsparseZcsrilu02(h, m, nnz, d, v, r, c, info, policy, buf);
  cusparseZcsrilu02(h, m, nnz, d, v, r, c, info, policy, buf);
  // a policy constant, which the rename pass maps to the same name, comes out once
  // ROC: rocsparse_dcsrsv_solve(h, rocsparse_operation_none, m, nnz, alpha, d, dv, r, c, sv, x, y, rocsparse_solve_policy_auto, buf);
  cusparseDcsrsv2_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, m, nnz, alpha, d, dv, r, c, sv, x, y, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
}
// DIAG: argument 9 replaced by 'rocsparse_solve_policy_auto'
