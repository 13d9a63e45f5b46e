// A file that includes the legacy cublas.h (and not cublas_v2.h) calls cuBLAS without a handle:
// hipBLAS has only the handle (v2) form, so those calls are left and reported (HC1071), as hipify-clang
// does; names shared by both APIs are translated. With cublas_v2.h, or neither header, the calls are v2.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: sed 's/"cublas.h"/"cublas_v2.h"/' %s > %t.v2.cu && %hipify %t.v2.cu -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=V2
// RUN: sed '/#include "cublas.h"/d' %s > %t.none.cu && %hipify %t.none.cu -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=V2
// The port is a fixed point: translated again (it now includes hipBLAS), the calls left stay left.
// RUN: %hipify %s -o %t.1.cu 2>/dev/null && %hipify %t.1.cu -o %t.2.cu 2>/dev/null && diff %t.1.cu %t.2.cu
// DIAG: cublas_v1.cu:[[@LINE+10]]:3: warning: HC1071: 'cublasSscal' is the legacy cuBLAS API (cublas.h, no handle); hipBLAS has only the handle form of 'cublasSscal_v2': left unchanged [cublas-v1-left]
// DIAG-NOT: HC1071
#include "cublas.h"

void scale(float *m, int n, float alpha) {
  // CHECK: hipblasStatus_t st = HIPBLAS_STATUS_SUCCESS;
  // V2: hipblasStatus_t st = HIPBLAS_STATUS_SUCCESS;
  cublasStatus_t st = CUBLAS_STATUS_SUCCESS;
  // CHECK: cublasSscal(n, alpha, m, 1);
  // V2: hipblasSscal(n, alpha, m, 1);
  cublasSscal(n, alpha, m, 1);
  // CHECK: st = hipblasSetMatrix(n, n, sizeof(float), m, n, m, n);
  // V2: st = hipblasSetMatrix(n, n, sizeof(float), m, n, m, n);
  st = cublasSetMatrix(n, n, sizeof(float), m, n, m, n);
  (void)st;
}
