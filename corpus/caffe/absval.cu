// absval.cu: AbsVal forward and backward (gradient times the sign of the input), float and double, checked
// against a CPU reference in double. The sign helper is a templated __device__ function.
#include "caffe_common.cuh"

template <typename Dtype>
__device__ Dtype caffe_sign(Dtype x) {
  return (Dtype(0) < x) - (x < Dtype(0));
}

template <typename Dtype>
__global__ void AbsValForward(const int n, const Dtype* in, Dtype* out) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = fabs(in[index]);
  }
}

template <typename Dtype>
__global__ void AbsValBackward(const int n, const Dtype* top_diff, const Dtype* bottom_data,
                               Dtype* bottom_diff) {
  CUDA_KERNEL_LOOP(index, n) {
    bottom_diff[index] = caffe_sign(bottom_data[index]) * top_diff[index];
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  std::vector<Dtype> x = random_vector<Dtype>(n, -5.0, 5.0, 601);
  std::vector<Dtype> dy = random_vector<Dtype>(n, -1.0, 1.0, 602);
  for (int i = 0; i < n; i += 97) x[i] = 0;  // sign(0) is 0: make sure that branch runs
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  Dtype *d_y = poisoned_output<Dtype>(rec, n), *d_dx = poisoned_output<Dtype>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  AbsValForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_y);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  AbsValBackward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_dy, d_x, d_dx);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> y_ref(n), dx_ref(n);
  for (int i = 0; i < n; ++i) {
    double xi = x[i];
    y_ref[i] = std::fabs(xi);
    dx_ref[i] = ((xi > 0) - (xi < 0)) * (double)dy[i];
  }
  int failures = check_output(rec, label<Dtype>("absval_forward", n), d_y, y_ref, 0.0);
  failures += check_output(rec, label<Dtype>("absval_backward", n), d_dx, dx_ref, 0.0);
  time_kernel(rec, label<Dtype>("AbsValBackward", n), [&] {
    AbsValBackward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_dy, d_x, d_dx);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_dx));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
