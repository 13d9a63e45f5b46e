// relu.cu: ReLU with a negative slope (leaky ReLU), forward and backward, float and double, checked
// against a CPU reference in double and recorded for the harness. No other layer is exercised here.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void ReLUForward(const int n, const Dtype* in, Dtype* out, Dtype negative_slope) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = in[index] > 0 ? in[index] : in[index] * negative_slope;
  }
}

template <typename Dtype>
__global__ void ReLUBackward(const int n, const Dtype* in_diff, const Dtype* in_data, Dtype* out_diff,
                             Dtype negative_slope) {
  CUDA_KERNEL_LOOP(index, n) {
    out_diff[index] = in_diff[index] * ((in_data[index] > 0) + (in_data[index] <= 0) * negative_slope);
  }
}

template <typename Dtype>
void relu_forward_gpu(int n, const Dtype* bottom, Dtype* top, Dtype slope) {
  // NOLINT_NEXT_LINE(whitespace/operators)
  ReLUForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, bottom, top, slope);
  CUDA_POST_KERNEL_CHECK;
}

template <typename Dtype>
void relu_backward_gpu(int n, const Dtype* top_diff, const Dtype* bottom, Dtype* bottom_diff, Dtype slope) {
  // NOLINT_NEXT_LINE(whitespace/operators)
  ReLUBackward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, top_diff, bottom, bottom_diff, slope);
  CUDA_POST_KERNEL_CHECK;
}

template void relu_forward_gpu<float>(int, const float*, float*, float);
template void relu_forward_gpu<double>(int, const double*, double*, double);
template void relu_backward_gpu<float>(int, const float*, const float*, float*, float);
template void relu_backward_gpu<double>(int, const double*, const double*, double*, double);

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  const Dtype slope = (Dtype)0.125;
  std::vector<Dtype> x = random_vector<Dtype>(n, -2.0, 2.0, 101);
  std::vector<Dtype> dy = random_vector<Dtype>(n, -1.0, 1.0, 102);
  std::vector<double> y_ref(n), dx_ref(n);
  for (int i = 0; i < n; ++i) {
    double xi = x[i];
    y_ref[i] = xi > 0 ? xi : xi * (double)slope;
    dx_ref[i] = (double)dy[i] * (xi > 0 ? 1.0 : (double)slope);
  }
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  Dtype *d_y = poisoned_output<Dtype>(rec, n), *d_dx = poisoned_output<Dtype>(rec, n);
  relu_forward_gpu(n, d_x, d_y, slope);
  relu_backward_gpu(n, d_dy, d_x, d_dx, slope);
  int failures = check_output(rec, label<Dtype>("relu_forward", n), d_y, y_ref, reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("relu_backward", n), d_dx, dx_ref, reference_tolerance<Dtype>());
  time_kernel(rec, label<Dtype>("ReLUForward", n), [&] { relu_forward_gpu(n, d_x, d_y, slope); });
  time_kernel(rec, label<Dtype>("ReLUBackward", n), [&] { relu_backward_gpu(n, d_dy, d_x, d_dx, slope); });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_dx));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
