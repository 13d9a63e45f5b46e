// softmax.cu: channel-wise Softmax in five kernels (channel max, subtract, exp, channel sum, divide), then
// the backward pass (channel dot, subtract, multiply); float and double, checked against a CPU reference.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void kernel_channel_max(const int num, const int channels, const int spatial_dim, const Dtype* data,
                                   Dtype* out) {
  CUDA_KERNEL_LOOP(index, num * spatial_dim) {
    int n = index / spatial_dim;
    int s = index % spatial_dim;
    Dtype maxval = -FLT_MAX;
    for (int c = 0; c < channels; ++c) {
      maxval = max(data[(n * channels + c) * spatial_dim + s], maxval);
    }
    out[index] = maxval;
  }
}

template <typename Dtype>
__global__ void kernel_channel_subtract(const int count, const int num, const int channels, const int spatial_dim,
                                        const Dtype* channel_max, Dtype* data) {
  CUDA_KERNEL_LOOP(index, count) {
    int n = index / channels / spatial_dim;
    int s = index % spatial_dim;
    data[index] -= channel_max[n * spatial_dim + s];
  }
}

template <typename Dtype>
__global__ void kernel_exp(const int count, const Dtype* data, Dtype* out) {
  CUDA_KERNEL_LOOP(index, count) {
    out[index] = exp(data[index]);
  }
}

template <typename Dtype>
__global__ void kernel_channel_sum(const int num, const int channels, const int spatial_dim, const Dtype* data,
                                   Dtype* channel_sum) {
  CUDA_KERNEL_LOOP(index, num * spatial_dim) {
    int n = index / spatial_dim;
    int s = index % spatial_dim;
    Dtype sum = 0;
    for (int c = 0; c < channels; ++c) {
      sum += data[(n * channels + c) * spatial_dim + s];
    }
    channel_sum[index] = sum;
  }
}

template <typename Dtype>
__global__ void kernel_channel_div(const int count, const int num, const int channels, const int spatial_dim,
                                   const Dtype* channel_sum, Dtype* data) {
  CUDA_KERNEL_LOOP(index, count) {
    int n = index / channels / spatial_dim;
    int s = index % spatial_dim;
    data[index] /= channel_sum[n * spatial_dim + s];
  }
}

template <typename Dtype>
__global__ void kernel_channel_dot(const int num, const int channels, const int spatial_dim, const Dtype* data_1,
                                   const Dtype* data_2, Dtype* channel_dot) {
  CUDA_KERNEL_LOOP(index, num * spatial_dim) {
    int n = index / spatial_dim;
    int s = index % spatial_dim;
    Dtype dot = 0;
    for (int c = 0; c < channels; ++c) {
      dot += (data_1[(n * channels + c) * spatial_dim + s] * data_2[(n * channels + c) * spatial_dim + s]);
    }
    channel_dot[index] = dot;
  }
}

template <typename Dtype>
__global__ void kernel_mul(const int count, const Dtype* a, const Dtype* b, Dtype* y) {
  CUDA_KERNEL_LOOP(index, count) {
    y[index] = a[index] * b[index];
  }
}

template <typename Dtype>
void softmax_forward_gpu(int num, int channels, int spatial_dim, const Dtype* bottom, Dtype* top, Dtype* scale) {
  const int count = num * channels * spatial_dim;
  CUDA_CHECK(cudaMemcpy(top, bottom, count * sizeof(Dtype), cudaMemcpyDeviceToDevice));
  // NOLINT_NEXT_LINE(whitespace/operators)
  kernel_channel_max<Dtype><<<CAFFE_GET_BLOCKS(num * spatial_dim), CAFFE_CUDA_NUM_THREADS>>>(num, channels,
                                                                                            spatial_dim, top, scale);
  // NOLINT_NEXT_LINE(whitespace/operators)
  kernel_channel_subtract<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, num, channels,
                                                                                     spatial_dim, scale, top);
  // NOLINT_NEXT_LINE(whitespace/operators)
  kernel_exp<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, top, top);
  // NOLINT_NEXT_LINE(whitespace/operators)
  kernel_channel_sum<Dtype><<<CAFFE_GET_BLOCKS(num * spatial_dim), CAFFE_CUDA_NUM_THREADS>>>(num, channels,
                                                                                            spatial_dim, top, scale);
  // NOLINT_NEXT_LINE(whitespace/operators)
  kernel_channel_div<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, num, channels, spatial_dim,
                                                                                scale, top);
  CUDA_POST_KERNEL_CHECK;
}

template <typename Dtype>
void softmax_backward_gpu(int num, int channels, int spatial_dim, const Dtype* top, const Dtype* top_diff,
                          Dtype* bottom_diff, Dtype* scale) {
  const int count = num * channels * spatial_dim;
  CUDA_CHECK(cudaMemcpy(bottom_diff, top_diff, count * sizeof(Dtype), cudaMemcpyDeviceToDevice));
  // NOLINT_NEXT_LINE(whitespace/operators)
  kernel_channel_dot<Dtype><<<CAFFE_GET_BLOCKS(num * spatial_dim), CAFFE_CUDA_NUM_THREADS>>>(
      num, channels, spatial_dim, top_diff, top, scale);
  // NOLINT_NEXT_LINE(whitespace/operators)
  kernel_channel_subtract<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, num, channels,
                                                                                     spatial_dim, scale, bottom_diff);
  // NOLINT_NEXT_LINE(whitespace/operators)
  kernel_mul<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, bottom_diff, top, bottom_diff);
  CUDA_POST_KERNEL_CHECK;
}

template void softmax_forward_gpu<float>(int, int, int, const float*, float*, float*);
template void softmax_forward_gpu<double>(int, int, int, const double*, double*, double*);
template void softmax_backward_gpu<float>(int, int, int, const float*, const float*, float*, float*);
template void softmax_backward_gpu<double>(int, int, int, const double*, const double*, double*, double*);

template <typename Dtype>
int run(hc_recorder* rec, int n_hint) {
  const int channels = 37, num = n_hint > 2000000 ? 64 : 5;
  const int spatial_dim = n_hint / (channels * num);
  const int count = num * channels * spatial_dim;
  std::vector<Dtype> x = random_vector<Dtype>(count, -8.0, 8.0, 1301);
  std::vector<Dtype> dy = random_vector<Dtype>(count, -1.0, 1.0, 1302);
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  Dtype *d_y = poisoned_output<Dtype>(rec, count), *d_dx = poisoned_output<Dtype>(rec, count);
  Dtype* d_scale = poisoned_output<Dtype>(rec, num * spatial_dim);
  softmax_forward_gpu(num, channels, spatial_dim, d_x, d_y, d_scale);
  softmax_backward_gpu(num, channels, spatial_dim, d_y, d_dy, d_dx, d_scale);
  std::vector<double> y_ref(count), dx_ref(count);
  for (int n = 0; n < num; ++n) {
    for (int s = 0; s < spatial_dim; ++s) {
      double m = -INFINITY, sum = 0.0, dot = 0.0;
      for (int c = 0; c < channels; ++c) m = std::max(m, (double)x[(n * channels + c) * spatial_dim + s]);
      for (int c = 0; c < channels; ++c) sum += std::exp((double)x[(n * channels + c) * spatial_dim + s] - m);
      for (int c = 0; c < channels; ++c) {
        int i = (n * channels + c) * spatial_dim + s;
        y_ref[i] = std::exp((double)x[i] - m) / sum;
        dot += (double)dy[i] * y_ref[i];
      }
      for (int c = 0; c < channels; ++c) {
        int i = (n * channels + c) * spatial_dim + s;
        dx_ref[i] = ((double)dy[i] - dot) * y_ref[i];
      }
    }
  }
  int failures = check_output(rec, label<Dtype>("softmax_forward", count), d_y, y_ref, reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("softmax_backward", count), d_dx, dx_ref, reference_tolerance<Dtype>());
  time_kernel(rec, label<Dtype>("softmax_forward", count), [&] {
    softmax_forward_gpu(num, channels, spatial_dim, d_x, d_y, d_scale);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_y)); CUDA_CHECK(cudaFree(d_dx));
  CUDA_CHECK(cudaFree(d_scale));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
