// bnll.cu: BNLL (binomial normal log likelihood, a smooth softplus) forward and backward, float and double,
// checked against a CPU reference in double. The threshold keeps exp() from overflowing.
#include "caffe_common.cuh"

#define kBNLL_THRESHOLD 50.

template <typename Dtype>
__global__ void BNLLForward(const int n, const Dtype* in, Dtype* out) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = in[index] > 0 ? in[index] + log(1. + exp(-in[index])) : log(1. + exp(in[index]));
  }
}

template <typename Dtype>
__global__ void BNLLBackward(const int n, const Dtype* in_diff, const Dtype* in_data, Dtype* out_diff) {
  CUDA_KERNEL_LOOP(index, n) {
    Dtype expval = exp(min(in_data[index], Dtype(kBNLL_THRESHOLD)));
    out_diff[index] = in_diff[index] * expval / (expval + 1.);
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  std::vector<Dtype> x = random_vector<Dtype>(n, -60.0, 60.0, 501);
  std::vector<Dtype> dy = random_vector<Dtype>(n, -1.0, 1.0, 502);
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  Dtype *d_y = poisoned_output<Dtype>(rec, n), *d_dx = poisoned_output<Dtype>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  BNLLForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  BNLLBackward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_dy, d_x, d_dx);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> y_ref(n), dx_ref(n);
  for (int i = 0; i < n; ++i) {
    double xi = x[i];
    y_ref[i] = xi > 0 ? xi + std::log1p(std::exp(-xi)) : std::log1p(std::exp(xi));
    double e = std::exp(std::min(xi, kBNLL_THRESHOLD));
    dx_ref[i] = (double)dy[i] * e / (e + 1.0);
  }
  int failures = check_output(rec, label<Dtype>("bnll_forward", n), d_y, y_ref, reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("bnll_backward", n), d_dx, dx_ref, reference_tolerance<Dtype>());
  time_kernel(rec, label<Dtype>("BNLLForward", n), [&] {
    BNLLForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_dx));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
