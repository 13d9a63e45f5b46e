// batchnorm.cu: BatchNorm in training mode: per-channel mean and variance (one thread per channel, a loop
// reduction), normalisation with epsilon, and the running-average update; float and double, CPU-checked.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void ChannelMeanVariance(const int num, const int channels, const int spatial_dim, const Dtype* x,
                                    Dtype* mean, Dtype* variance) {
  CUDA_KERNEL_LOOP(c, channels) {
    Dtype sum = 0, sum_sq = 0;
    for (int n = 0; n < num; ++n) {
      const Dtype* slice = x + (n * channels + c) * spatial_dim;
      for (int s = 0; s < spatial_dim; ++s) {
        sum += slice[s];
        sum_sq += slice[s] * slice[s];
      }
    }
    const Dtype m = sum / (num * spatial_dim);
    mean[c] = m;
    variance[c] = sum_sq / (num * spatial_dim) - m * m;
  }
}

template <typename Dtype>
__global__ void Normalize(const int count, const int channels, const int spatial_dim, const Dtype* x,
                          const Dtype* mean, const Dtype* variance, const Dtype eps, Dtype* y) {
  CUDA_KERNEL_LOOP(index, count) {
    const int c = (index / spatial_dim) % channels;
    y[index] = (x[index] - mean[c]) / sqrt(variance[c] + eps);
  }
}

template <typename Dtype>
__global__ void RunningAverage(const int channels, const Dtype momentum, const Dtype* batch_stat, Dtype* running) {
  CUDA_KERNEL_LOOP(c, channels) {
    running[c] = momentum * running[c] + (1 - momentum) * batch_stat[c];
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n_hint) {
  const int channels = 32, num = n_hint > 2000000 ? 16 : 3;
  const int spatial_dim = n_hint / (channels * num);
  const int count = num * channels * spatial_dim;
  const Dtype eps = (Dtype)1e-5, momentum = (Dtype)0.9;
  std::vector<Dtype> x(count);
  CorpusRng rng(1701);
  for (int i = 0; i < count; ++i) {
    const int c = (i / spatial_dim) % channels;  // every channel its own offset and spread
    x[i] = (Dtype)(0.1 * c - 1.0 + (0.5 + 0.05 * c) * rng.uniform(-1.0, 1.0));
  }
  std::vector<Dtype> running = random_vector<Dtype>(channels, 0.5, 1.5, 1702);
  Dtype *d_x = to_device(x), *d_running = to_device(running);
  Dtype *d_mean = poisoned_output<Dtype>(rec, channels), *d_var = poisoned_output<Dtype>(rec, channels);
  Dtype* d_y = poisoned_output<Dtype>(rec, count);
  // NOLINT_NEXT_LINE(whitespace/operators)
  ChannelMeanVariance<Dtype><<<CAFFE_GET_BLOCKS(channels), CAFFE_CUDA_NUM_THREADS>>>(num, channels, spatial_dim, d_x,
                                                                                    d_mean, d_var);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  Normalize<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, channels, spatial_dim, d_x, d_mean,
                                                                       d_var, eps, d_y);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  RunningAverage<Dtype><<<CAFFE_GET_BLOCKS(channels), CAFFE_CUDA_NUM_THREADS>>>(channels, momentum, d_var, d_running);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> mean_ref(channels, 0.0), var_ref(channels, 0.0), y_ref(count), running_ref(channels);
  const double per_channel = (double)num * spatial_dim;
  for (int i = 0; i < count; ++i) mean_ref[(i / spatial_dim) % channels] += (double)x[i] / per_channel;
  for (int i = 0; i < count; ++i) {
    const int c = (i / spatial_dim) % channels;
    var_ref[c] += ((double)x[i] - mean_ref[c]) * ((double)x[i] - mean_ref[c]) / per_channel;
  }
  for (int i = 0; i < count; ++i) {
    const int c = (i / spatial_dim) % channels;
    y_ref[i] = ((double)x[i] - mean_ref[c]) / std::sqrt(var_ref[c] + (double)eps);
  }
  for (int c = 0; c < channels; ++c) running_ref[c] = (double)momentum * running[c] + (1.0 - (double)momentum) * var_ref[c];
  // Single-pass float sums over ~10^5 values lose digits: the float tolerance reflects that.
  const double tol = sizeof(Dtype) == 4 ? 5e-3 : 1e-9;
  int failures = check_output(rec, label<Dtype>("batchnorm_mean", count), d_mean, mean_ref, tol);
  failures += check_output(rec, label<Dtype>("batchnorm_variance", count), d_var, var_ref, tol);
  failures += check_output(rec, label<Dtype>("batchnorm_forward", count), d_y, y_ref, tol);
  failures += check_output(rec, label<Dtype>("batchnorm_running_variance", count), d_running, running_ref, tol);
  time_kernel(rec, label<Dtype>("Normalize", count), [&] {
    Normalize<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, channels, spatial_dim, d_x, d_mean,
                                                                         d_var, eps, d_y);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_running)); CUDA_CHECK(cudaFree(d_mean));
  CUDA_CHECK(cudaFree(d_var)); CUDA_CHECK(cudaFree(d_y));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
