// threshold.cu: Threshold layer (1 where x > threshold, else 0), float and double, checked exactly against a
// CPU reference. It has no backward pass, as in the framework it imitates.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void ThresholdForward(const int n, const Dtype threshold, const Dtype* in, Dtype* out) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = in[index] > threshold ? 1 : 0;
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  const Dtype threshold = (Dtype)0.25;
  std::vector<Dtype> x = random_vector<Dtype>(n, -1.0, 1.0, 801);
  for (int i = 0; i < n; i += 101) x[i] = threshold;  // equal to the threshold: must give 0
  Dtype *d_x = to_device(x), *d_y = poisoned_output<Dtype>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  ThresholdForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, threshold, d_x, d_y);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> y_ref(n);
  for (int i = 0; i < n; ++i) y_ref[i] = x[i] > threshold ? 1.0 : 0.0;
  int failures = check_output(rec, label<Dtype>("threshold_forward", n), d_y, y_ref, 0.0);
  time_kernel(rec, label<Dtype>("ThresholdForward", n), [&] {
    ThresholdForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, threshold, d_x, d_y);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_y));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
