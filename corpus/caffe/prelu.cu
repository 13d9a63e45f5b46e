// prelu.cu: PReLU (a learned slope per channel) forward, backward to the data, and the slope gradient, which
// is a per-element product followed by a reduction over the batch and spatial positions. Float and double.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void PReLUForward(const int n, const int channels, const int dim, const Dtype* in, Dtype* out,
                             const Dtype* slope_data) {
  CUDA_KERNEL_LOOP(index, n) {
    int c = (index / dim) % channels;
    out[index] = in[index] > 0 ? in[index] : in[index] * slope_data[c];
  }
}

template <typename Dtype>
__global__ void PReLUBackward(const int n, const int channels, const int dim, const Dtype* in_diff,
                              const Dtype* in_data, Dtype* out_diff, const Dtype* slope_data) {
  CUDA_KERNEL_LOOP(index, n) {
    int c = (index / dim) % channels;
    out_diff[index] = in_diff[index] * ((in_data[index] > 0) + (in_data[index] <= 0) * slope_data[c]);
  }
}

// One thread per channel sums its contributions over the batch: a plain loop reduction, deterministic.
template <typename Dtype>
__global__ void PReLUParamBackward(const int channels, const int num, const int dim, const Dtype* in_diff,
                                   const Dtype* in_data, Dtype* slope_diff) {
  CUDA_KERNEL_LOOP(c, channels) {
    Dtype sum = 0;
    for (int b = 0; b < num; ++b) {
      const int base = (b * channels + c) * dim;
      for (int k = 0; k < dim; ++k) {
        sum += in_diff[base + k] * in_data[base + k] * (in_data[base + k] <= 0);
      }
    }
    slope_diff[c] = sum;
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n_hint) {
  // Shapes: num x channels x dim, with dim odd so channel boundaries fall mid-block.
  const int channels = 64, num = n_hint > 2000000 ? 8 : 3;
  const int dim = n_hint / (channels * num);
  const int n = num * channels * dim;
  std::vector<Dtype> x = random_vector<Dtype>(n, -1.0, 1.0, 1001);
  std::vector<Dtype> dy = random_vector<Dtype>(n, -1.0, 1.0, 1002);
  std::vector<Dtype> slope = random_vector<Dtype>(channels, 0.05, 0.5, 1003);
  Dtype *d_x = to_device(x), *d_dy = to_device(dy), *d_slope = to_device(slope);
  Dtype *d_y = poisoned_output<Dtype>(rec, n), *d_dx = poisoned_output<Dtype>(rec, n);
  Dtype *d_dslope = poisoned_output<Dtype>(rec, channels);
  // NOLINT_NEXT_LINE(whitespace/operators)
  PReLUForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, channels, dim, d_x, d_y, d_slope);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  PReLUBackward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, channels, dim, d_dy, d_x, d_dx,
                                                                       d_slope);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  PReLUParamBackward<Dtype><<<CAFFE_GET_BLOCKS(channels), CAFFE_CUDA_NUM_THREADS>>>(channels, num, dim, d_dy, d_x,
                                                                                    d_dslope);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> y_ref(n), dx_ref(n), dslope_ref(channels, 0.0);
  double dslope_scale = 1.0;
  for (int i = 0; i < n; ++i) {
    int c = (i / dim) % channels;
    double xi = x[i], s = slope[c];
    y_ref[i] = xi > 0 ? xi : xi * s;
    dx_ref[i] = (double)dy[i] * (xi > 0 ? 1.0 : s);
    if (xi <= 0) dslope_ref[c] += (double)dy[i] * xi;
  }
  for (int c = 0; c < channels; ++c) dslope_scale = std::max(dslope_scale, std::fabs(dslope_ref[c]));
  int failures = check_output(rec, label<Dtype>("prelu_forward", n), d_y, y_ref, reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("prelu_backward", n), d_dx, dx_ref, reference_tolerance<Dtype>());
  // A sum of num*dim terms in Dtype: the tolerance grows with the number of terms.
  failures += check_output(rec, label<Dtype>("prelu_slope_diff", n), d_dslope, dslope_ref,
                           reference_tolerance<Dtype>() * std::sqrt((double)num * dim) * dslope_scale);
  time_kernel(rec, label<Dtype>("PReLUParamBackward", n), [&] {
    PReLUParamBackward<Dtype><<<CAFFE_GET_BLOCKS(channels), CAFFE_CUDA_NUM_THREADS>>>(channels, num, dim, d_dy,
                                                                                      d_x, d_dslope);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_slope));
  CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_dx)); CUDA_CHECK(cudaFree(d_dslope));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
