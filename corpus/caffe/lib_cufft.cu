// lib_cufft.cu: the library tier for FFTs: cuFFT batched complex-to-complex (forward and inverse), real-to-complex
// and complex-to-real transforms on a stream, float and double; checked against a direct DFT computed in double.
#include <cufft.h>

#include "caffe_common.cuh"

#define CUFFT_CHECK(condition)                                                     \
  do {                                                                             \
    cufftResult status_ = (condition);                                             \
    if (status_ != CUFFT_SUCCESS) {                                                \
      fprintf(stderr, "%s:%d: cuFFT error %d\n", __FILE__, __LINE__, (int)status_); \
      exit(2);                                                                     \
    }                                                                              \
  } while (0)

// The transform types and executors of each precision, chosen by overload as a framework's wrapper would.
struct FloatFft {
  typedef float Real;
  typedef cufftComplex Complex;
  static const cufftType kC2C = CUFFT_C2C, kR2C = CUFFT_R2C, kC2R = CUFFT_C2R;
  static cufftResult c2c(cufftHandle p, Complex *in, Complex *out, int dir) { return cufftExecC2C(p, in, out, dir); }
  static cufftResult r2c(cufftHandle p, Real *in, Complex *out) { return cufftExecR2C(p, in, out); }
  static cufftResult c2r(cufftHandle p, Complex *in, Real *out) { return cufftExecC2R(p, in, out); }
};
struct DoubleFft {
  typedef double Real;
  typedef cufftDoubleComplex Complex;
  static const cufftType kC2C = CUFFT_Z2Z, kR2C = CUFFT_D2Z, kC2R = CUFFT_Z2D;
  static cufftResult c2c(cufftHandle p, Complex *in, Complex *out, int dir) { return cufftExecZ2Z(p, in, out, dir); }
  static cufftResult r2c(cufftHandle p, Real *in, Complex *out) { return cufftExecD2Z(p, in, out); }
  static cufftResult c2r(cufftHandle p, Complex *in, Real *out) { return cufftExecZ2D(p, in, out); }
};

// X[k] = sum_j x[j] exp(sign * 2 pi i j k / n), per batch; interleaved (re, im) in and out.
static std::vector<double> dft(const std::vector<double> &x, int n, int batch, int sign) {
  std::vector<double> out((size_t)2 * n * batch);
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < n; ++k) {
      double re = 0, im = 0;
      for (int j = 0; j < n; ++j) {
        double angle = sign * 2.0 * M_PI * (double)(((long long)j * k) % n) / n;
        double xr = x[(size_t)2 * (b * n + j)], xi = x[(size_t)2 * (b * n + j) + 1];
        re += xr * cos(angle) - xi * sin(angle);
        im += xr * sin(angle) + xi * cos(angle);
      }
      out[(size_t)2 * (b * n + k)] = re;
      out[(size_t)2 * (b * n + k) + 1] = im;
    }
  return out;
}

template <typename F>
int run_with(hc_recorder *rec, int n, int batch, cudaStream_t stream) {
  typedef typename F::Real Real;
  typedef typename F::Complex Complex;
  const size_t count = (size_t)n * batch;
  std::vector<Real> signal = random_vector<Real>(2 * count, -1.0, 1.0, 2701 + n);
  std::vector<double> signal_d(signal.begin(), signal.end());
  Real *d_signal = to_device(signal);
  Real *d_spectrum = poisoned_output<Real>(rec, 2 * count), *d_back = poisoned_output<Real>(rec, 2 * count);
  cufftHandle plan;
  CUFFT_CHECK(cufftPlan1d(&plan, n, F::kC2C, batch));
  CUFFT_CHECK(cufftSetStream(plan, stream));
  CUFFT_CHECK(F::c2c(plan, (Complex *)d_signal, (Complex *)d_spectrum, CUFFT_FORWARD));
  CUFFT_CHECK(F::c2c(plan, (Complex *)d_spectrum, (Complex *)d_back, CUFFT_INVERSE));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  // Errors grow with the transform length: relative to max(1, |X|), allow a few ulps times log2(n).
  const double tol = sizeof(Real) == 4 ? 2e-5 * log2((double)n) : 1e-13 * log2((double)n);
  std::vector<double> spectrum_ref = dft(signal_d, n, batch, -1), back_ref(2 * count);
  for (size_t i = 0; i < 2 * count; ++i) back_ref[i] = signal_d[i] * n;  // cuFFT's inverse is unnormalised
  int failures = check_output(rec, label<Real>("fft_c2c_forward", n), d_spectrum, spectrum_ref, tol);
  failures += check_output(rec, label<Real>("fft_c2c_inverse", n), d_back, back_ref, tol * n);
  time_kernel(rec, label<Real>("fft_c2c_forward", n),
              [&] { CUFFT_CHECK(F::c2c(plan, (Complex *)d_signal, (Complex *)d_spectrum, CUFFT_FORWARD)); });
  CUFFT_CHECK(cufftDestroy(plan));

  // Real input: the first n values of each batch row, n/2+1 complex outputs, then back to n reals.
  const int half = n / 2 + 1;
  std::vector<Real> real_in(signal.begin(), signal.begin() + count);
  std::vector<double> real_as_complex(2 * count, 0.0);
  for (size_t i = 0; i < count; ++i) real_as_complex[2 * i] = real_in[i];
  std::vector<double> full = dft(real_as_complex, n, batch, -1), r2c_ref((size_t)2 * half * batch), c2r_ref(count);
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < 2 * half; ++k) r2c_ref[(size_t)b * 2 * half + k] = full[(size_t)2 * b * n + k];
  for (size_t i = 0; i < count; ++i) c2r_ref[i] = (double)real_in[i] * n;
  Real *d_real = to_device(real_in);
  Real *d_half = poisoned_output<Real>(rec, (size_t)2 * half * batch), *d_real_back = poisoned_output<Real>(rec, count);
  cufftHandle r2c, c2r;
  CUFFT_CHECK(cufftPlan1d(&r2c, n, F::kR2C, batch));
  CUFFT_CHECK(cufftPlan1d(&c2r, n, F::kC2R, batch));
  CUFFT_CHECK(cufftSetStream(r2c, stream));
  CUFFT_CHECK(cufftSetStream(c2r, stream));
  CUFFT_CHECK(F::r2c(r2c, d_real, (Complex *)d_half));
  // C2R overwrites its input: transform a copy so the recorded spectrum stays as R2C wrote it.
  Real *d_half_copy = NULL;
  CUDA_CHECK(cudaMalloc((void **)&d_half_copy, (size_t)2 * half * batch * sizeof(Real)));
  CUDA_CHECK(cudaMemcpyAsync(d_half_copy, d_half, (size_t)2 * half * batch * sizeof(Real), cudaMemcpyDeviceToDevice,
                             stream));
  CUFFT_CHECK(F::c2r(c2r, (Complex *)d_half_copy, d_real_back));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  failures += check_output(rec, label<Real>("fft_r2c", n), d_half, r2c_ref, tol);
  failures += check_output(rec, label<Real>("fft_c2r", n), d_real_back, c2r_ref, tol * n);
  CUFFT_CHECK(cufftDestroy(r2c));
  CUFFT_CHECK(cufftDestroy(c2r));
  CUDA_CHECK(cudaFree(d_signal)); CUDA_CHECK(cudaFree(d_spectrum)); CUDA_CHECK(cudaFree(d_back));
  CUDA_CHECK(cudaFree(d_real)); CUDA_CHECK(cudaFree(d_half)); CUDA_CHECK(cudaFree(d_real_back));
  CUDA_CHECK(cudaFree(d_half_copy));
  return failures;
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  // A power of two and a prime length (cuFFT takes another algorithm for it).
  const int lengths[] = {1024, 1009}, batches[] = {16, 8};
  for (int i = 0; i < 2; ++i) {
    run_with<FloatFft>(rec, lengths[i], batches[i], stream);
    run_with<DoubleFft>(rec, lengths[i], batches[i], stream);
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  return hc_record_end(rec);
}
