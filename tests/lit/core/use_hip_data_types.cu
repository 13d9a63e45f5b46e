// --use-hip-data-types: the library data types (cudaDataType_t, CUDA_R_*, CUDA_C_*) become
// hipDataType / HIP_R_* even with --roc, which otherwise names rocBLAS's rocblas_datatype.
// RUN: %hipify --roc %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=ROC
// RUN: %hipify --roc --use-hip-data-types %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=HIPDT
// RUN: %hipify --use-hip-data-types %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=HIPDT
#include <cublas_v2.h>

// ROC: rocblas_datatype_ real_type(int d) { return d ? rocblas_datatype_f64_r : rocblas_datatype_f32_r; }
// HIPDT: hipDataType real_type(int d) { return d ? HIP_R_64F : HIP_R_32F; }
cudaDataType_t real_type(int d) { return d ? CUDA_R_64F : CUDA_R_32F; }
// the rest of cuBLAS still follows --roc
// ROC: rocblas_handle h;
// HIPDT: {{hipblasHandle_t|rocblas_handle}} h;
cublasHandle_t h;
