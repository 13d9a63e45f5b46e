// clip.cu: Clip layer forward and backward written as overloaded non-template kernels (one float and one
// double overload of each name), checked exactly against a CPU reference. No templates on purpose.
#include "caffe_common.cuh"

__global__ void ClipForward(const int n, const float* in, float* out, float p_min, float p_max) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = fmaxf(p_min, fminf(in[index], p_max));
  }
}

__global__ void ClipForward(const int n, const double* in, double* out, double p_min, double p_max) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = fmax(p_min, fmin(in[index], p_max));
  }
}

__global__ void ClipBackward(const int n, const float* in, const float* out_diff, float* in_diff, float p_min,
                             float p_max) {
  CUDA_KERNEL_LOOP(index, n) {
    in_diff[index] = out_diff[index] * (in[index] >= p_min && in[index] <= p_max);
  }
}

__global__ void ClipBackward(const int n, const double* in, const double* out_diff, double* in_diff,
                             double p_min, double p_max) {
  CUDA_KERNEL_LOOP(index, n) {
    in_diff[index] = out_diff[index] * (in[index] >= p_min && in[index] <= p_max);
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  const Dtype p_min = (Dtype)-0.5, p_max = (Dtype)0.75;
  std::vector<Dtype> x = random_vector<Dtype>(n, -2.0, 2.0, 901);
  std::vector<Dtype> dy = random_vector<Dtype>(n, -1.0, 1.0, 902);
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  Dtype *d_y = poisoned_output<Dtype>(rec, n), *d_dx = poisoned_output<Dtype>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  ClipForward<<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y, p_min, p_max);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  ClipBackward<<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_dy, d_dx, p_min, p_max);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> y_ref(n), dx_ref(n);
  for (int i = 0; i < n; ++i) {
    double xi = x[i];
    y_ref[i] = std::max((double)p_min, std::min(xi, (double)p_max));
    dx_ref[i] = (xi >= p_min && xi <= p_max) ? (double)dy[i] : 0.0;
  }
  int failures = check_output(rec, label<Dtype>("clip_forward", n), d_y, y_ref, 0.0);
  failures += check_output(rec, label<Dtype>("clip_backward", n), d_dx, dx_ref, 0.0);
  time_kernel(rec, label<Dtype>("ClipForward", n), [&] {
    ClipForward<<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y, p_min, p_max);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_dx));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
