// sigmoid.cu: Sigmoid forward (0.5 * tanh(0.5 x) + 0.5) and backward, float and double, checked against
// a CPU reference in double. Other activations live in their own programs.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void SigmoidForward(const int n, const Dtype* in, Dtype* out) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = 0.5 * tanh(0.5 * in[index]) + 0.5;
  }
}

template <typename Dtype>
__global__ void SigmoidBackward(const int n, const Dtype* out_diff, const Dtype* out_data, Dtype* in_diff) {
  CUDA_KERNEL_LOOP(index, n) {
    const Dtype sigmoid_x = out_data[index];
    in_diff[index] = out_diff[index] * sigmoid_x * (1 - sigmoid_x);
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  std::vector<Dtype> x = random_vector<Dtype>(n, -6.0, 6.0, 201);
  std::vector<Dtype> dy = random_vector<Dtype>(n, -1.0, 1.0, 202);
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  Dtype *d_y = poisoned_output<Dtype>(rec, n), *d_dx = poisoned_output<Dtype>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  SigmoidForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y);
  CUDA_POST_KERNEL_CHECK;
  // The backward pass reads the GPU's forward output, as a framework would.
  std::vector<Dtype> y = to_host(d_y, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  SigmoidBackward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_dy, d_y, d_dx);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> y_ref(n), dx_ref(n);
  for (int i = 0; i < n; ++i) {
    y_ref[i] = 1.0 / (1.0 + std::exp(-(double)x[i]));
    dx_ref[i] = (double)dy[i] * (double)y[i] * (1.0 - (double)y[i]);
  }
  int failures = check_output(rec, label<Dtype>("sigmoid_forward", n), d_y, y_ref, reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("sigmoid_backward", n), d_dx, dx_ref, reference_tolerance<Dtype>());
  time_kernel(rec, label<Dtype>("SigmoidForward", n), [&] {
    SigmoidForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_dx));
  return failures;
}


int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
