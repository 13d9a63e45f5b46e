// lib_cublas.cu: the library tier for dense linear algebra: cuBLAS gemm, gemv, axpy and dot (float and
// double) called through framework-style wrappers that take row-major shapes; checked against a CPU reference.
#include <cublas_v2.h>

#include "caffe_common.cuh"

#define CUBLAS_CHECK(condition)                                                     \
  do {                                                                              \
    cublasStatus_t status_ = (condition);                                           \
    if (status_ != CUBLAS_STATUS_SUCCESS) {                                         \
      fprintf(stderr, "%s:%d: cuBLAS error %d\n", __FILE__, __LINE__, (int)status_); \
      exit(2);                                                                      \
    }                                                                               \
  } while (0)

// Row-major C = alpha * op(A) * op(B) + beta * C, computed as the column-major product of the transposes.
void caffe_gpu_gemm(cublasHandle_t handle, bool trans_a, bool trans_b, int M, int N, int K, float alpha,
                    const float* A, const float* B, float beta, float* C) {
  int lda = trans_a ? M : K, ldb = trans_b ? K : N;
  cublasOperation_t op_a = trans_a ? CUBLAS_OP_T : CUBLAS_OP_N, op_b = trans_b ? CUBLAS_OP_T : CUBLAS_OP_N;
  CUBLAS_CHECK(cublasSgemm(handle, op_b, op_a, N, M, K, &alpha, B, ldb, A, lda, &beta, C, N));
}
void caffe_gpu_gemm(cublasHandle_t handle, bool trans_a, bool trans_b, int M, int N, int K, double alpha,
                    const double* A, const double* B, double beta, double* C) {
  int lda = trans_a ? M : K, ldb = trans_b ? K : N;
  cublasOperation_t op_a = trans_a ? CUBLAS_OP_T : CUBLAS_OP_N, op_b = trans_b ? CUBLAS_OP_T : CUBLAS_OP_N;
  CUBLAS_CHECK(cublasDgemm(handle, op_b, op_a, N, M, K, &alpha, B, ldb, A, lda, &beta, C, N));
}
// Row-major y = alpha * A * x + beta * y for an M x N matrix A: the column-major view is A^T.
void caffe_gpu_gemv(cublasHandle_t handle, int M, int N, float alpha, const float* A, const float* x, float beta,
                    float* y) {
  CUBLAS_CHECK(cublasSgemv(handle, CUBLAS_OP_T, N, M, &alpha, A, N, x, 1, &beta, y, 1));
}
void caffe_gpu_gemv(cublasHandle_t handle, int M, int N, double alpha, const double* A, const double* x,
                    double beta, double* y) {
  CUBLAS_CHECK(cublasDgemv(handle, CUBLAS_OP_T, N, M, &alpha, A, N, x, 1, &beta, y, 1));
}
void caffe_gpu_axpy(cublasHandle_t handle, int n, float alpha, const float* x, float* y) {
  CUBLAS_CHECK(cublasSaxpy(handle, n, &alpha, x, 1, y, 1));
}
void caffe_gpu_axpy(cublasHandle_t handle, int n, double alpha, const double* x, double* y) {
  CUBLAS_CHECK(cublasDaxpy(handle, n, &alpha, x, 1, y, 1));
}
void caffe_gpu_dot(cublasHandle_t handle, int n, const float* x, const float* y, float* out) {
  CUBLAS_CHECK(cublasSdot(handle, n, x, 1, y, 1, out));
}
void caffe_gpu_dot(cublasHandle_t handle, int n, const double* x, const double* y, double* out) {
  CUBLAS_CHECK(cublasDdot(handle, n, x, 1, y, 1, out));
}

template <typename Dtype>
int run_with(cublasHandle_t handle, hc_recorder* rec, int n) {
  // A GEMM of M x K by K x N with odd sizes; the vector operations use the full corpus size.
  const int M = n > 2000000 ? 1024 : 257, N = n > 2000000 ? 768 : 129, K = n > 2000000 ? 512 : 333;
  std::vector<Dtype> A = random_vector<Dtype>((size_t)M * K, -1.0, 1.0, 2501);
  std::vector<Dtype> B = random_vector<Dtype>((size_t)N * K, -1.0, 1.0, 2502);  // used as B^T: N x K
  std::vector<Dtype> C0 = random_vector<Dtype>((size_t)M * N, -1.0, 1.0, 2503);
  std::vector<Dtype> x = random_vector<Dtype>(n, -1.0, 1.0, 2504), y = random_vector<Dtype>(n, -1.0, 1.0, 2505);
  const Dtype alpha = (Dtype)0.75, beta = (Dtype)-0.5;
  Dtype *d_A = to_device(A), *d_B = to_device(B), *d_C = to_device(C0), *d_x = to_device(x), *d_y = to_device(y);
  Dtype *d_gemv = poisoned_output<Dtype>(rec, M), *d_dot = poisoned_output<Dtype>(rec, 1);
  caffe_gpu_gemm(handle, false, true, M, N, K, alpha, d_A, d_B, beta, d_C);
  // gemv over A (M x K) with the first K values of x; beta = 0 so the poisoned output is overwritten.
  caffe_gpu_gemv(handle, M, K, alpha, d_A, d_x, (Dtype)0, d_gemv);
  // The dot product writes its scalar result to device memory, so it needs the device pointer mode.
  CUBLAS_CHECK(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE));
  caffe_gpu_dot(handle, n, d_x, d_y, d_dot);
  CUBLAS_CHECK(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST));
  caffe_gpu_axpy(handle, n, alpha, d_x, d_y);
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<double> gemm_ref((size_t)M * N), gemv_ref(M), axpy_ref(n), dot_ref(1, 0.0);
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      double acc = 0.0;
      for (int k = 0; k < K; ++k) acc += (double)A[(size_t)i * K + k] * B[(size_t)j * K + k];
      gemm_ref[(size_t)i * N + j] = alpha * acc + (double)beta * C0[(size_t)i * N + j];
    }
    double acc = 0.0;
    for (int k = 0; k < K; ++k) acc += (double)A[(size_t)i * K + k] * x[k];
    gemv_ref[i] = alpha * acc;
  }
  for (int i = 0; i < n; ++i) {
    dot_ref[0] += (double)x[i] * y[i];
    axpy_ref[i] = (double)alpha * x[i] + y[i];
  }
  const double tol = sizeof(Dtype) == 4 ? 1e-4 : 1e-12;
  int failures = check_output(rec, label<Dtype>("gemm", M * N), d_C, gemm_ref, tol);
  failures += check_output(rec, label<Dtype>("gemv", M), d_gemv, gemv_ref, tol);
  failures += check_output(rec, label<Dtype>("axpy", n), d_y, axpy_ref, reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("dot", n), d_dot, dot_ref, tol * 10);
  time_kernel(rec, label<Dtype>("gemm", M * N), [&] {
    caffe_gpu_gemm(handle, false, true, M, N, K, alpha, d_A, d_B, beta, d_C);
  });
  CUDA_CHECK(cudaFree(d_A)); CUDA_CHECK(cudaFree(d_B)); CUDA_CHECK(cudaFree(d_C)); CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_gemv)); CUDA_CHECK(cudaFree(d_dot));
  return failures;
}

int main(int argc, char** argv) {
  hc_recorder* rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST));
  for (int s = 0; s < kCorpusSizeCount; ++s) {
    run_with<float>(handle, rec, kCorpusSizes[s]);
    run_with<double>(handle, rec, kCorpusSizes[s]);
  }
  CUBLAS_CHECK(cublasDestroy(handle));
  return hc_record_end(rec);
}
