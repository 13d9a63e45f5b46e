// The triangular solves of cuSPARSE's generic API take no buffer: the one given to the analysis serves.
// hipSPARSE kept it in the descriptor only later: hipsparseSpSV_solve takes it as a tenth argument before
// HIP 6.0, and hipsparseSpSM_solve (whose tenth argument hipify-clang fills with nullptr) uses that argument
// before HIP 6.2, where a null one does not solve. For an older target both calls are reported (HC1024)
// with what to pass; from those releases on, nothing is said.
// RUN: %hipify --hip-version 5.2 %s -o %t.52 2>%t.52.err
// RUN: FileCheck --match-full-lines --check-prefix=OUT %s < %t.52
// RUN: FileCheck --check-prefix=OLD %s < %t.52.err
// RUN: %hipify --hip-version 6.0 %s -o /dev/null 2>&1 | FileCheck --check-prefix=SIX %s --implicit-check-not=hipsparseSpSV_solve
// RUN: %hipify --hip-version 6.3 %s -o %t.63 2>&1 | FileCheck --allow-empty --check-prefix=NEW %s --implicit-check-not=HC1024
// RUN: FileCheck --match-full-lines --check-prefix=OUT %s < %t.63
#include <cusparse.h>
void solve(cusparseHandle_t h, cusparseOperation_t op, const void *alpha, cusparseSpMatDescr_t A,
           cusparseDnVecDescr_t x, cusparseDnVecDescr_t y, cusparseDnMatDescr_t B, cusparseDnMatDescr_t C,
           cudaDataType t, cusparseSpSVAlg_t sv, cusparseSpSVDescr_t svd, cusparseSpSMAlg_t sm,
           cusparseSpSMDescr_t smd, void *buffer) {
  cusparseSpSV_analysis(h, op, alpha, A, x, y, t, sv, svd, buffer);
  // OUT: hipsparseSpSV_solve(h, op, alpha, A, x, y, t, sv, svd);
  // OLD: sparse_solve_buffer.cu:[[@LINE+1]]:3: warning: HC1024: 'cusparseSpSV_solve' with 9 arguments: hipsparseSpSV_solve before HIP 6.0 takes the buffer given to cusparseSpSV_analysis as a tenth argument (externalBuffer): add it (a null pointer does not solve) [argument-check]
  cusparseSpSV_solve(h, op, alpha, A, x, y, t, sv, svd);
  cusparseSpSM_analysis(h, op, op, alpha, A, B, C, t, sm, smd, buffer);
  // OUT: hipsparseSpSM_solve(h, op, op, alpha, A, B, C, t, sm, smd, nullptr);
  // OLD: sparse_solve_buffer.cu:[[@LINE+2]]:3: warning: HC1024: 'cusparseSpSM_solve' with 10 arguments: hipsparseSpSM_solve before HIP 6.2 uses its externalBuffer argument: replace the nullptr with the buffer given to cusparseSpSM_analysis [argument-check]
  // SIX: sparse_solve_buffer.cu:[[@LINE+1]]:3: warning: HC1024: 'cusparseSpSM_solve' with 10 arguments: hipsparseSpSM_solve before HIP 6.2
  cusparseSpSM_solve(h, op, op, alpha, A, B, C, t, sm, smd);
}
// NEW-NOT: HC1024
