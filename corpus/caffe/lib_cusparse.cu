// lib_cusparse.cu: the library tier for sparse algebra: cuSPARSE's generic API, CSR sparse matrix times vector
// (plain and transposed) and times a dense matrix, float and double, on a stream; checked against a CPU product.
#include <cusparse.h>

#include "caffe_common.cuh"

#define CUSPARSE_CHECK(condition)                                                     \
  do {                                                                                \
    cusparseStatus_t status_ = (condition);                                           \
    if (status_ != CUSPARSE_STATUS_SUCCESS) {                                         \
      fprintf(stderr, "%s:%d: cuSPARSE error %d\n", __FILE__, __LINE__, (int)status_); \
      exit(2);                                                                        \
    }                                                                                 \
  } while (0)

template <typename Dtype> cudaDataType value_type();
template <> cudaDataType value_type<float>() { return CUDA_R_32F; }
template <> cudaDataType value_type<double>() { return CUDA_R_64F; }

// A rows x cols CSR matrix with 1 to 16 entries per row at seeded columns (sorted, distinct).
struct HostCsr {
  int rows, cols;
  std::vector<int> offsets, columns;
  std::vector<double> values;
};
static HostCsr random_csr(int rows, int cols, uint64_t seed) {
  HostCsr m;
  m.rows = rows;
  m.cols = cols;
  m.offsets.push_back(0);
  std::vector<double> u = random_vector<double>((size_t)rows * 18, 0.0, 1.0, seed);
  for (int r = 0; r < rows; ++r) {
    int count = 1 + (int)(u[(size_t)r * 18] * 16);
    int stride = cols / count, col = (int)(u[(size_t)r * 18 + 1] * stride);
    for (int k = 0; k < count; ++k) {
      m.columns.push_back(col + k * stride);
      m.values.push_back(2.0 * u[(size_t)r * 18 + 2 + k] - 1.0);
    }
    m.offsets.push_back((int)m.columns.size());
  }
  return m;
}

template <typename Dtype>
int run_with(cusparseHandle_t handle, cudaStream_t stream, hc_recorder *rec, int n) {
  const int rows = n / 4, cols = n / 4 + 17, dense_cols = 8;
  HostCsr a = random_csr(rows, cols, 2801 + n);
  const int nnz = (int)a.values.size();
  std::vector<Dtype> values(a.values.begin(), a.values.end());
  std::vector<Dtype> x = random_vector<Dtype>(cols, -1.0, 1.0, 2802), xt = random_vector<Dtype>(rows, -1.0, 1.0, 2803);
  std::vector<Dtype> y0 = random_vector<Dtype>(rows, -1.0, 1.0, 2804);
  std::vector<Dtype> b = random_vector<Dtype>((size_t)cols * dense_cols, -1.0, 1.0, 2805);
  int *d_offsets = to_device(a.offsets), *d_columns = to_device(a.columns);
  Dtype *d_values = to_device(values), *d_x = to_device(x), *d_xt = to_device(xt), *d_y = to_device(y0);
  Dtype *d_b = to_device(b);
  Dtype *d_yt = poisoned_output<Dtype>(rec, cols), *d_c = poisoned_output<Dtype>(rec, (size_t)rows * dense_cols);
  const cudaDataType type = value_type<Dtype>();
  cusparseSpMatDescr_t mat;
  cusparseDnVecDescr_t vec_x, vec_y, vec_xt, vec_yt;
  cusparseDnMatDescr_t mat_b, mat_c;
  CUSPARSE_CHECK(cusparseCreateCsr(&mat, rows, cols, nnz, d_offsets, d_columns, d_values, CUSPARSE_INDEX_32I,
                                   CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, type));
  CUSPARSE_CHECK(cusparseCreateDnVec(&vec_x, cols, d_x, type));
  CUSPARSE_CHECK(cusparseCreateDnVec(&vec_y, rows, d_y, type));
  CUSPARSE_CHECK(cusparseCreateDnVec(&vec_xt, rows, d_xt, type));
  CUSPARSE_CHECK(cusparseCreateDnVec(&vec_yt, cols, d_yt, type));
  // B and C in row-major order: the order enum must reach cuSPARSE unchanged.
  CUSPARSE_CHECK(cusparseCreateDnMat(&mat_b, cols, dense_cols, dense_cols, d_b, type, CUSPARSE_ORDER_ROW));
  CUSPARSE_CHECK(cusparseCreateDnMat(&mat_c, rows, dense_cols, dense_cols, d_c, type, CUSPARSE_ORDER_ROW));
  const Dtype alpha = (Dtype)0.75, beta = (Dtype)-0.5, zero = 0;
  size_t bytes_n = 0, bytes_t = 0, bytes_mm = 0;
  CUSPARSE_CHECK(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vec_x, &beta, vec_y,
                                         type, CUSPARSE_SPMV_ALG_DEFAULT, &bytes_n));
  CUSPARSE_CHECK(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_TRANSPOSE, &alpha, mat, vec_xt, &zero, vec_yt,
                                         type, CUSPARSE_SPMV_ALG_DEFAULT, &bytes_t));
  CUSPARSE_CHECK(cusparseSpMM_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                         &alpha, mat, mat_b, &zero, mat_c, type, CUSPARSE_SPMM_ALG_DEFAULT, &bytes_mm));
  void *buffer = NULL;
  CUDA_CHECK(cudaMalloc(&buffer, std::max(std::max(bytes_n, bytes_t), std::max(bytes_mm, (size_t)16))));
  CUSPARSE_CHECK(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vec_x, &beta, vec_y, type,
                              CUSPARSE_SPMV_ALG_DEFAULT, buffer));
  CUSPARSE_CHECK(cusparseSpMV(handle, CUSPARSE_OPERATION_TRANSPOSE, &alpha, mat, vec_xt, &zero, vec_yt, type,
                              CUSPARSE_SPMV_ALG_DEFAULT, buffer));
  CUSPARSE_CHECK(cusparseSpMM(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat,
                              mat_b, &zero, mat_c, type, CUSPARSE_SPMM_ALG_DEFAULT, buffer));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  std::vector<double> y_ref(rows), yt_ref(cols, 0.0), c_ref((size_t)rows * dense_cols, 0.0);
  for (int r = 0; r < rows; ++r) {
    double acc = 0;
    for (int k = a.offsets[r]; k < a.offsets[r + 1]; ++k) {
      double v = (double)values[k];
      acc += v * x[a.columns[k]];
      yt_ref[a.columns[k]] += alpha * v * xt[r];
      for (int j = 0; j < dense_cols; ++j) c_ref[(size_t)r * dense_cols + j] += alpha * v * b[(size_t)a.columns[k] * dense_cols + j];
    }
    y_ref[r] = alpha * acc + (double)beta * y0[r];
  }
  const double tol = sizeof(Dtype) == 4 ? 1e-5 : 1e-13;
  int failures = check_output(rec, label<Dtype>("spmv", rows), d_y, y_ref, tol);
  failures += check_output(rec, label<Dtype>("spmv_transposed", cols), d_yt, yt_ref, tol);
  failures += check_output(rec, label<Dtype>("spmm_row_major", rows * dense_cols), d_c, c_ref, tol);
  time_kernel(rec, label<Dtype>("spmv", rows), [&] {
    CUSPARSE_CHECK(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vec_x, &zero, vec_y, type,
                                CUSPARSE_SPMV_ALG_DEFAULT, buffer));
  });
  CUSPARSE_CHECK(cusparseDestroySpMat(mat));
  CUSPARSE_CHECK(cusparseDestroyDnVec(vec_x)); CUSPARSE_CHECK(cusparseDestroyDnVec(vec_y));
  CUSPARSE_CHECK(cusparseDestroyDnVec(vec_xt)); CUSPARSE_CHECK(cusparseDestroyDnVec(vec_yt));
  CUSPARSE_CHECK(cusparseDestroyDnMat(mat_b)); CUSPARSE_CHECK(cusparseDestroyDnMat(mat_c));
  CUDA_CHECK(cudaFree(buffer)); CUDA_CHECK(cudaFree(d_offsets)); CUDA_CHECK(cudaFree(d_columns));
  CUDA_CHECK(cudaFree(d_values)); CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_xt)); CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaFree(d_yt)); CUDA_CHECK(cudaFree(d_b)); CUDA_CHECK(cudaFree(d_c));
  return failures;
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  cusparseHandle_t handle;
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  CUSPARSE_CHECK(cusparseCreate(&handle));
  CUSPARSE_CHECK(cusparseSetStream(handle, stream));
  CUSPARSE_CHECK(cusparseSetPointerMode(handle, CUSPARSE_POINTER_MODE_HOST));
  cusparsePointerMode_t mode;
  CUSPARSE_CHECK(cusparseGetPointerMode(handle, &mode));
  if (mode != CUSPARSE_POINTER_MODE_HOST) {
    fprintf(stderr, "cusparseGetPointerMode did not return the mode just set\n");
    return 2;
  }
  for (int s = 0; s < kCorpusSizeCount; ++s) {
    run_with<float>(handle, stream, rec, kCorpusSizes[s]);
    run_with<double>(handle, stream, rec, kCorpusSizes[s]);
  }
  CUSPARSE_CHECK(cusparseDestroy(handle));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return hc_record_end(rec);
}
