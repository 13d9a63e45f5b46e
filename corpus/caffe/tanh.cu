// tanh.cu: TanH forward and backward (1 - tanh^2), float and double, checked against a CPU reference
// in double. The kernels use the overloaded device tanh for both precisions.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void TanHForward(const int n, const Dtype* in, Dtype* out) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = tanh(in[index]);
  }
}

template <typename Dtype>
__global__ void TanHBackward(const int n, const Dtype* out_diff, const Dtype* out_data, Dtype* in_diff) {
  CUDA_KERNEL_LOOP(index, n) {
    Dtype tanhx = out_data[index];
    in_diff[index] = out_diff[index] * (1 - tanhx * tanhx);
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  std::vector<Dtype> x = random_vector<Dtype>(n, -4.0, 4.0, 301);
  std::vector<Dtype> dy = random_vector<Dtype>(n, -1.0, 1.0, 302);
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  Dtype *d_y = poisoned_output<Dtype>(rec, n), *d_dx = poisoned_output<Dtype>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  TanHForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  TanHBackward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_dy, d_y, d_dx);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> y_ref(n), dx_ref(n);
  for (int i = 0; i < n; ++i) {
    y_ref[i] = std::tanh((double)x[i]);
    dx_ref[i] = (double)dy[i] * (1.0 - y_ref[i] * y_ref[i]);
  }
  int failures = check_output(rec, label<Dtype>("tanh_forward", n), d_y, y_ref, reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("tanh_backward", n), d_dx, dx_ref, reference_tolerance<Dtype>());
  time_kernel(rec, label<Dtype>("TanHForward", n), [&] {
    TanHForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_dx));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
