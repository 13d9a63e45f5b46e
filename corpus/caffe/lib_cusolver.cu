// lib_cusolver.cu: the library tier for dense solvers: cuSOLVER Cholesky (potrf/potrs, lower triangle) and LU
// with pivoting (getrf/getrs, plain and transposed solve), float and double, on a stream; checked by residuals.
#include <cusolverDn.h>

#include "caffe_common.cuh"

#define CUSOLVER_CHECK(condition)                                                     \
  do {                                                                                \
    cusolverStatus_t status_ = (condition);                                           \
    if (status_ != CUSOLVER_STATUS_SUCCESS) {                                         \
      fprintf(stderr, "%s:%d: cuSOLVER error %d\n", __FILE__, __LINE__, (int)status_); \
      exit(2);                                                                        \
    }                                                                                 \
  } while (0)

// Overloads by precision, as a framework's math wrappers would write them.
cusolverStatus_t potrf_size(cusolverDnHandle_t h, int n, float *a, int *lwork) {
  return cusolverDnSpotrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, n, a, n, lwork);
}
cusolverStatus_t potrf_size(cusolverDnHandle_t h, int n, double *a, int *lwork) {
  return cusolverDnDpotrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, n, a, n, lwork);
}
cusolverStatus_t potrf(cusolverDnHandle_t h, int n, float *a, float *work, int lwork, int *info) {
  return cusolverDnSpotrf(h, CUBLAS_FILL_MODE_LOWER, n, a, n, work, lwork, info);
}
cusolverStatus_t potrf(cusolverDnHandle_t h, int n, double *a, double *work, int lwork, int *info) {
  return cusolverDnDpotrf(h, CUBLAS_FILL_MODE_LOWER, n, a, n, work, lwork, info);
}
cusolverStatus_t potrs(cusolverDnHandle_t h, int n, int nrhs, const float *a, float *b, int *info) {
  return cusolverDnSpotrs(h, CUBLAS_FILL_MODE_LOWER, n, nrhs, a, n, b, n, info);
}
cusolverStatus_t potrs(cusolverDnHandle_t h, int n, int nrhs, const double *a, double *b, int *info) {
  return cusolverDnDpotrs(h, CUBLAS_FILL_MODE_LOWER, n, nrhs, a, n, b, n, info);
}
cusolverStatus_t getrf_size(cusolverDnHandle_t h, int n, float *a, int *lwork) {
  return cusolverDnSgetrf_bufferSize(h, n, n, a, n, lwork);
}
cusolverStatus_t getrf_size(cusolverDnHandle_t h, int n, double *a, int *lwork) {
  return cusolverDnDgetrf_bufferSize(h, n, n, a, n, lwork);
}
cusolverStatus_t getrf(cusolverDnHandle_t h, int n, float *a, float *work, int *ipiv, int *info) {
  return cusolverDnSgetrf(h, n, n, a, n, work, ipiv, info);
}
cusolverStatus_t getrf(cusolverDnHandle_t h, int n, double *a, double *work, int *ipiv, int *info) {
  return cusolverDnDgetrf(h, n, n, a, n, work, ipiv, info);
}
cusolverStatus_t getrs(cusolverDnHandle_t h, cublasOperation_t op, int n, int nrhs, const float *a, const int *ipiv,
                       float *b, int *info) {
  return cusolverDnSgetrs(h, op, n, nrhs, a, n, ipiv, b, n, info);
}
cusolverStatus_t getrs(cusolverDnHandle_t h, cublasOperation_t op, int n, int nrhs, const double *a, const int *ipiv,
                       double *b, int *info) {
  return cusolverDnDgetrs(h, op, n, nrhs, a, n, ipiv, b, n, info);
}

// Column-major n x n: the largest |A x - b| / (|A| |x| + |b|) over the right-hand sides, in double.
static double residual(const std::vector<double> &a, int n, bool transposed, const std::vector<double> &x,
                       const std::vector<double> &b, int nrhs) {
  double worst = 0;
  for (int c = 0; c < nrhs; ++c)
    for (int i = 0; i < n; ++i) {
      double acc = 0, scale = std::fabs(b[(size_t)c * n + i]);
      for (int k = 0; k < n; ++k) {
        double aik = transposed ? a[(size_t)i * n + k] : a[(size_t)k * n + i];
        acc += aik * x[(size_t)c * n + k];
        scale += std::fabs(aik * x[(size_t)c * n + k]);
      }
      double r = std::fabs(acc - b[(size_t)c * n + i]) / (scale > 0 ? scale : 1);
      if (!(r <= worst)) worst = r;
    }
  return worst;
}

template <typename Dtype>
int run_with(cusolverDnHandle_t handle, cudaStream_t stream, hc_recorder *rec, int n) {
  const int nrhs = 3;
  std::vector<Dtype> g = random_vector<Dtype>((size_t)n * n, -1.0, 1.0, 2901 + n);
  std::vector<Dtype> rhs = random_vector<Dtype>((size_t)n * nrhs, -1.0, 1.0, 2902);
  // SPD: G G^T + n I.
  std::vector<double> spd((size_t)n * n), general(g.begin(), g.end()), rhs_d(rhs.begin(), rhs.end());
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      double acc = i == j ? n : 0;
      for (int k = 0; k < n; ++k) acc += (double)g[(size_t)k * n + i] * g[(size_t)k * n + j];
      spd[(size_t)j * n + i] = acc;
    }
  std::vector<Dtype> spd_t(spd.begin(), spd.end());
  Dtype *d_spd = to_device(spd_t), *d_general = to_device(g);
  Dtype *d_x_chol = to_device(rhs), *d_x_lu = to_device(rhs), *d_x_lut = to_device(rhs);
  int *d_info = poisoned_output<int>(rec, 4), *d_ipiv = poisoned_output<int>(rec, n);
  int lwork_chol = 0, lwork_lu = 0;
  CUSOLVER_CHECK(potrf_size(handle, n, d_spd, &lwork_chol));
  CUSOLVER_CHECK(getrf_size(handle, n, d_general, &lwork_lu));
  Dtype *d_work = NULL;
  CUDA_CHECK(cudaMalloc((void **)&d_work, (size_t)std::max(std::max(lwork_chol, lwork_lu), 1) * sizeof(Dtype)));
  CUSOLVER_CHECK(potrf(handle, n, d_spd, d_work, lwork_chol, d_info));
  CUSOLVER_CHECK(potrs(handle, n, nrhs, d_spd, d_x_chol, d_info + 1));
  CUSOLVER_CHECK(getrf(handle, n, d_general, d_work, d_ipiv, d_info + 2));
  CUSOLVER_CHECK(getrs(handle, CUBLAS_OP_N, n, nrhs, d_general, d_ipiv, d_x_lu, d_info + 3));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<int> info = to_host(d_info, 4);
  // The transposed solve reuses the factors; its info goes to the first slot once the others are read.
  CUSOLVER_CHECK(getrs(handle, CUBLAS_OP_T, n, nrhs, d_general, d_ipiv, d_x_lut, d_info));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<int> info_t = to_host(d_info, 1);
  std::vector<Dtype> x_chol = to_host(d_x_chol, (size_t)n * nrhs), x_lu = to_host(d_x_lu, (size_t)n * nrhs);
  std::vector<Dtype> x_lut = to_host(d_x_lut, (size_t)n * nrhs);
  std::vector<int> ipiv = to_host(d_ipiv, n);
  int failures = 0;
  failures += hc_record_check(rec, label<Dtype>("solver_info", n).c_str(),
                              (info[0] || info[1] || info[2] || info[3] || info_t[0]) ? 1.0 : 0.0, 0.0) != HC_RECORD_OK;
  const double tol = sizeof(Dtype) == 4 ? 1e-4 : 1e-12;  // backward error: a few n * epsilon
  std::vector<double> xc(x_chol.begin(), x_chol.end()), xl(x_lu.begin(), x_lu.end()), xt(x_lut.begin(), x_lut.end());
  failures += hc_record_check(rec, label<Dtype>("cholesky_residual", n).c_str(), residual(spd, n, false, xc, rhs_d, nrhs),
                              tol) != HC_RECORD_OK;
  failures += hc_record_check(rec, label<Dtype>("lu_residual", n).c_str(), residual(general, n, false, xl, rhs_d, nrhs),
                              tol) != HC_RECORD_OK;
  failures += hc_record_check(rec, label<Dtype>("lu_transposed_residual", n).c_str(),
                              residual(general, n, true, xt, rhs_d, nrhs), tol) != HC_RECORD_OK;
  record_values(rec, label<Dtype>("cholesky_x", n).c_str(), x_chol.data(), x_chol.size());
  record_values(rec, label<Dtype>("lu_x", n).c_str(), x_lu.data(), x_lu.size());
  record_values(rec, label<Dtype>("lu_transposed_x", n).c_str(), x_lut.data(), x_lut.size());
  record_values(rec, label<Dtype>("lu_pivots", n).c_str(), ipiv.data(), ipiv.size());
  CUDA_CHECK(cudaFree(d_spd)); CUDA_CHECK(cudaFree(d_general)); CUDA_CHECK(cudaFree(d_x_chol));
  CUDA_CHECK(cudaFree(d_x_lu)); CUDA_CHECK(cudaFree(d_x_lut)); CUDA_CHECK(cudaFree(d_info));
  CUDA_CHECK(cudaFree(d_ipiv)); CUDA_CHECK(cudaFree(d_work));
  return failures;
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  cusolverDnHandle_t handle;
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  CUSOLVER_CHECK(cusolverDnCreate(&handle));
  CUSOLVER_CHECK(cusolverDnSetStream(handle, stream));
  const int sizes[] = {256, 301};
  for (int s = 0; s < 2; ++s) {
    run_with<float>(handle, stream, rec, sizes[s]);
    run_with<double>(handle, stream, rec, sizes[s]);
  }
  CUSOLVER_CHECK(cusolverDnDestroy(handle));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return hc_record_end(rec);
}
