// elu.cu: ELU forward (alpha * (exp(x) - 1) below zero) and backward, float and double, checked against a
// CPU reference in double. The backward pass uses both the input and the forward output.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void ELUForward(const int n, const Dtype* in, Dtype* out, Dtype alpha) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = in[index] > 0 ? in[index] : alpha * (exp(in[index]) - 1);
  }
}

template <typename Dtype>
__global__ void ELUBackward(const int n, const Dtype* in_diff, const Dtype* out_data, const Dtype* in_data,
                            Dtype* out_diff, Dtype alpha) {
  CUDA_KERNEL_LOOP(index, n) {
    out_diff[index] = in_data[index] > 0 ? in_diff[index] : in_diff[index] * (out_data[index] + alpha);
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  const Dtype alpha = (Dtype)0.75;
  std::vector<Dtype> x = random_vector<Dtype>(n, -3.0, 3.0, 401);
  std::vector<Dtype> dy = random_vector<Dtype>(n, -1.0, 1.0, 402);
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  Dtype *d_y = poisoned_output<Dtype>(rec, n), *d_dx = poisoned_output<Dtype>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  ELUForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y, alpha);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  ELUBackward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_dy, d_y, d_x, d_dx, alpha);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> y_ref(n), dx_ref(n);
  for (int i = 0; i < n; ++i) {
    double xi = x[i];
    y_ref[i] = xi > 0 ? xi : (double)alpha * (std::exp(xi) - 1.0);
    dx_ref[i] = xi > 0 ? (double)dy[i] : (double)dy[i] * (double)alpha * std::exp(xi);
  }
  int failures = check_output(rec, label<Dtype>("elu_forward", n), d_y, y_ref, reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("elu_backward", n), d_dx, dx_ref, reference_tolerance<Dtype>());
  time_kernel(rec, label<Dtype>("ELUForward", n), [&] {
    ELUForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y, alpha);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_dx));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
