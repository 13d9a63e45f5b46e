// dropout.cu: Dropout forward and backward; the keep mask comes from uniform random integers generated on the
// host (the corpus generator), thresholded on the GPU. Outputs are exact: the mask is recorded as u32.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void DropoutForward(const int n, const Dtype* in, const unsigned int* mask, const unsigned int threshold,
                               const float scale, Dtype* out, unsigned int* kept) {
  CUDA_KERNEL_LOOP(index, n) {
    kept[index] = mask[index] > threshold;
    out[index] = in[index] * (mask[index] > threshold) * scale;
  }
}

template <typename Dtype>
__global__ void DropoutBackward(const int n, const Dtype* in_diff, const unsigned int* mask,
                                const unsigned int threshold, const float scale, Dtype* out_diff) {
  CUDA_KERNEL_LOOP(index, n) {
    out_diff[index] = in_diff[index] * scale * (mask[index] > threshold);
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  const double ratio = 0.3;
  const unsigned int threshold = (unsigned int)(4294967295.0 * ratio);
  const float scale = (float)(1.0 / (1.0 - ratio));
  std::vector<Dtype> x = random_vector<Dtype>(n, -1.0, 1.0, 1101);
  std::vector<Dtype> dy = random_vector<Dtype>(n, -1.0, 1.0, 1102);
  std::vector<unsigned int> mask(n);
  CorpusRng rng(1103);
  for (int i = 0; i < n; ++i) mask[i] = (unsigned int)(rng.next() >> 32);
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  unsigned int* d_mask = to_device(mask);
  Dtype *d_y = poisoned_output<Dtype>(rec, n), *d_dx = poisoned_output<Dtype>(rec, n);
  unsigned int* d_kept = poisoned_output<unsigned int>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  DropoutForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_mask, threshold, scale, d_y,
                                                                        d_kept);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  DropoutBackward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_dy, d_mask, threshold, scale, d_dx);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> y_ref(n), dx_ref(n), kept_ref(n);
  for (int i = 0; i < n; ++i) {
    bool keep = mask[i] > threshold;
    kept_ref[i] = keep;
    // The kernel multiplies in Dtype (or float) precision; round the reference the same way.
    y_ref[i] = keep ? (double)(Dtype)(x[i] * (Dtype)scale) : 0.0;
    dx_ref[i] = keep ? (double)(Dtype)(dy[i] * (Dtype)scale) : 0.0;
  }
  int failures = check_output(rec, label<Dtype>("dropout_forward", n), d_y, y_ref, reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("dropout_backward", n), d_dx, dx_ref, reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("dropout_kept_mask", n), d_kept, kept_ref, 0.0);
  time_kernel(rec, label<Dtype>("DropoutForward", n), [&] {
    DropoutForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_mask, threshold, scale, d_y,
                                                                          d_kept);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_mask));
  CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_dx)); CUDA_CHECK(cudaFree(d_kept));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
