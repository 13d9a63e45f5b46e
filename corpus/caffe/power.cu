// power.cu: Power layer y = (shift + scale * x)^power, forward and backward, float and double, checked
// against a CPU reference in double. Inputs stay positive so pow() is defined.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void PowerForward(const int n, const Dtype* in, Dtype* out, Dtype power, Dtype scale, Dtype shift) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = pow(shift + scale * in[index], power);
  }
}

// dy/dx = power * scale * (shift + scale * x)^(power - 1) = power * scale * y / (shift + scale * x)
template <typename Dtype>
__global__ void PowerBackward(const int n, const Dtype* top_diff, const Dtype* bottom_data, const Dtype* top_data,
                              Dtype* bottom_diff, Dtype power, Dtype scale, Dtype shift) {
  CUDA_KERNEL_LOOP(index, n) {
    const Dtype base = shift + scale * bottom_data[index];
    bottom_diff[index] = top_diff[index] * power * scale * top_data[index] / base;
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  const Dtype power = (Dtype)1.5, scale = (Dtype)0.5, shift = (Dtype)1.25;
  std::vector<Dtype> x = random_vector<Dtype>(n, 0.0, 4.0, 701);
  std::vector<Dtype> dy = random_vector<Dtype>(n, -1.0, 1.0, 702);
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  Dtype *d_y = poisoned_output<Dtype>(rec, n), *d_dx = poisoned_output<Dtype>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  PowerForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y, power, scale, shift);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  PowerBackward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_dy, d_x, d_y, d_dx, power, scale,
                                                                       shift);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> y_ref(n), dx_ref(n);
  for (int i = 0; i < n; ++i) {
    double base = (double)shift + (double)scale * (double)x[i];
    y_ref[i] = std::pow(base, (double)power);
    dx_ref[i] = (double)dy[i] * (double)power * (double)scale * std::pow(base, (double)power - 1.0);
  }
  int failures = check_output(rec, label<Dtype>("power_forward", n), d_y, y_ref, reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("power_backward", n), d_dx, dx_ref, 4 * reference_tolerance<Dtype>());
  time_kernel(rec, label<Dtype>("PowerForward", n), [&] {
    PowerForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y, power, scale, shift);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_dx));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
