// cuSPARSE -> hipSPARSE: handles, legacy descriptors and the generic API, with the --roc (rocSPARSE) variant.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// RUN: %hipify --hip-version 6.3 --roc %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=ROC %s
// At HIP 5.2 (Debian 12) hipDataType already exists: CUDA_R_32F becomes HIP_R_32F (mappings/overrides.tsv).
// RUN: %hipify --hip-version 5.2 %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=HIP52 %s
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hipsparse/hipsparse.h>
#include <cusparse.h>
int spmv(int m, int n, int nnz, int *rowPtr, int *colInd, float *vals, float *x, float *y) {
  // CHECK: hipsparseHandle_t handle;
  // ROC: rocsparse_handle handle;
  cusparseHandle_t handle;
  // CHECK: hipsparseStatus_t st = hipsparseCreate(&handle);
  // ROC: rocsparse_status st = rocsparse_create_handle(&handle);
  cusparseStatus_t st = cusparseCreate(&handle);
  // CHECK: if (st != HIPSPARSE_STATUS_SUCCESS) return 1;
  // ROC: if (st != rocsparse_status_success) return 1;
  if (st != CUSPARSE_STATUS_SUCCESS) return 1;
  // CHECK: hipsparseMatDescr_t descr;
  // ROC: rocsparse_mat_descr descr;
  cusparseMatDescr_t descr;
  // CHECK: hipsparseCreateMatDescr(&descr);
  // ROC: rocsparse_create_mat_descr(&descr);
  cusparseCreateMatDescr(&descr);
  // CHECK: hipsparseSetMatType(descr, HIPSPARSE_MATRIX_TYPE_GENERAL);
  // ROC: rocsparse_set_mat_type(descr, rocsparse_matrix_type_general);
  cusparseSetMatType(descr, CUSPARSE_MATRIX_TYPE_GENERAL);
  // CHECK: hipsparseSetMatIndexBase(descr, HIPSPARSE_INDEX_BASE_ZERO);
  // ROC: rocsparse_set_mat_index_base(descr, rocsparse_index_base_zero);
  cusparseSetMatIndexBase(descr, CUSPARSE_INDEX_BASE_ZERO);
  // CHECK: hipsparseSpMatDescr_t mat;
  // ROC: rocsparse_spmat_descr mat;
  cusparseSpMatDescr_t mat;
  // CHECK: hipsparseCreateCsr(&mat, m, n, nnz, rowPtr, colInd, vals, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
  // ROC: rocsparse_create_csr_descr(&mat, m, n, nnz, rowPtr, colInd, vals, rocsparse_indextype_i32, rocsparse_indextype_i32,
  cusparseCreateCsr(&mat, m, n, nnz, rowPtr, colInd, vals, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    // CHECK: HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F);
                    // ROC: rocsparse_index_base_zero, rocblas_datatype_f32_r);
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  // CHECK: hipsparseDnVecDescr_t vx, vy;
  // ROC: rocsparse_dnvec_descr vx, vy;
  cusparseDnVecDescr_t vx, vy;
  // CHECK: hipsparseCreateDnVec(&vx, n, x, HIP_R_32F);
  // ROC: rocsparse_create_dnvec_descr(&vx, n, x, rocblas_datatype_f32_r);
  // HIP52: hipsparseCreateDnVec(&vx, n, x, HIP_R_32F);
  cusparseCreateDnVec(&vx, n, x, CUDA_R_32F);
  // CHECK: hipsparseCreateDnVec(&vy, m, y, HIP_R_32F);
  // ROC: rocsparse_create_dnvec_descr(&vy, m, y, rocblas_datatype_f32_r);
  cusparseCreateDnVec(&vy, m, y, CUDA_R_32F);
  // CHECK: hipsparseDestroySpMat(mat);
  // ROC: rocsparse_destroy_spmat_descr(mat);
  cusparseDestroySpMat(mat);
  // CHECK: hipsparseDestroyDnVec(vx);
  // ROC: rocsparse_destroy_dnvec_descr(vx);
  cusparseDestroyDnVec(vx);
  // CHECK: hipsparseDestroyDnVec(vy);
  // ROC: rocsparse_destroy_dnvec_descr(vy);
  cusparseDestroyDnVec(vy);
  // CHECK: hipsparseDestroyMatDescr(descr);
  // ROC: rocsparse_destroy_mat_descr(descr);
  cusparseDestroyMatDescr(descr);
  // CHECK: hipsparseDestroy(handle);
  // ROC: rocsparse_destroy_handle(handle);
  cusparseDestroy(handle);
  return 0;
}
