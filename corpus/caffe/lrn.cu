// lrn.cu: Local Response Normalization across channels: a scale pass with a running window sum of squares,
// the output pass (x * scale^-beta) and the backward pass; float and double, checked against a CPU reference.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void LRNFillScale(const int nthreads, const Dtype* const in, const int num, const int channels,
                             const int height, const int width, const int size, const Dtype alpha_over_size,
                             const Dtype k, Dtype* const scale) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    // One thread walks all channels of one (n, h, w) position, sliding the window sum.
    const int w = index % width;
    const int h = (index / width) % height;
    const int n = index / width / height;
    const int offset = (n * channels * height + h) * width + w;
    const int step = height * width;
    const Dtype* const in_off = in + offset;
    Dtype* const scale_off = scale + offset;
    int head = 0;
    const int pre_pad = (size - 1) / 2;
    const int post_pad = size - pre_pad - 1;
    Dtype accum_scale = 0;
    while (head < post_pad && head < channels) {
      accum_scale += in_off[head * step] * in_off[head * step];
      ++head;
    }
    while (head < channels) {
      accum_scale += in_off[head * step] * in_off[head * step];
      if (head - size >= 0) {
        accum_scale -= in_off[(head - size) * step] * in_off[(head - size) * step];
      }
      scale_off[(head - post_pad) * step] = k + accum_scale * alpha_over_size;
      ++head;
    }
    while (head < channels + post_pad) {
      if (head - size >= 0) {
        accum_scale -= in_off[(head - size) * step] * in_off[(head - size) * step];
      }
      scale_off[(head - post_pad) * step] = k + accum_scale * alpha_over_size;
      ++head;
    }
  }
}

template <typename Dtype>
__global__ void LRNComputeOutput(const int nthreads, const Dtype* const in, const Dtype* const scale,
                                 const Dtype negative_beta, Dtype* const out) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    out[index] = in[index] * pow(scale[index], negative_beta);
  }
}

template <typename Dtype>
__global__ void LRNComputeDiff(const int nthreads, const Dtype* const bottom_data, const Dtype* const top_data,
                               const Dtype* const scale, const Dtype* const top_diff, const int num,
                               const int channels, const int height, const int width, const int size,
                               const Dtype negative_beta, const Dtype cache_ratio, Dtype* const bottom_diff) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int w = index % width;
    const int h = (index / width) % height;
    const int n = index / width / height;
    const int offset = (n * channels * height + h) * width + w;
    const int step = height * width;
    for (int c = 0; c < channels; ++c) {
      Dtype accum_ratio = 0;
      for (int j = max(0, c - (size - 1) / 2); j <= min(channels - 1, c + size / 2); ++j) {
        const int i = offset + j * step;
        accum_ratio += top_diff[i] * top_data[i] / scale[i];
      }
      const int i = offset + c * step;
      bottom_diff[i] = top_diff[i] * pow(scale[i], negative_beta) - cache_ratio * bottom_data[i] * accum_ratio;
    }
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n_hint) {
  const int channels = 24, size = 5;
  const int num = n_hint > 2000000 ? 8 : 3, height = n_hint > 2000000 ? 128 : 59, width = n_hint > 2000000 ? 170 : 47;
  const Dtype alpha = (Dtype)1e-2, beta = (Dtype)0.75, k = (Dtype)2.0;
  const int count = num * channels * height * width, positions = num * height * width;
  std::vector<Dtype> x = random_vector<Dtype>(count, -3.0, 3.0, 1401);
  std::vector<Dtype> dy = random_vector<Dtype>(count, -1.0, 1.0, 1402);
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  Dtype *d_scale = poisoned_output<Dtype>(rec, count), *d_y = poisoned_output<Dtype>(rec, count);
  Dtype* d_dx = poisoned_output<Dtype>(rec, count);
  // NOLINT_NEXT_LINE(whitespace/operators)
  LRNFillScale<Dtype><<<CAFFE_GET_BLOCKS(positions), CAFFE_CUDA_NUM_THREADS>>>(
      positions, d_x, num, channels, height, width, size, alpha / size, k, d_scale);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  LRNComputeOutput<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, d_x, d_scale, -beta, d_y);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  LRNComputeDiff<Dtype><<<CAFFE_GET_BLOCKS(positions), CAFFE_CUDA_NUM_THREADS>>>(
      positions, d_x, d_y, d_scale, d_dy, num, channels, height, width, size, -beta,
      Dtype(2. * alpha * beta / size), d_dx);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> scale_ref(count), y_ref(count), dx_ref(count);
  const int step = height * width;
  for (int n = 0; n < num; ++n)
    for (int p = 0; p < step; ++p) {
      const int base = n * channels * step + p;
      for (int c = 0; c < channels; ++c) {
        double sum = 0.0;
        for (int j = std::max(0, c - (size - 1) / 2); j <= std::min(channels - 1, c + size / 2); ++j)
          sum += (double)x[base + j * step] * x[base + j * step];
        scale_ref[base + c * step] = (double)k + (double)alpha / size * sum;
        y_ref[base + c * step] = x[base + c * step] * std::pow(scale_ref[base + c * step], -(double)beta);
      }
      for (int c = 0; c < channels; ++c) {
        double ratio = 0.0;
        for (int j = std::max(0, c - (size - 1) / 2); j <= std::min(channels - 1, c + size / 2); ++j)
          ratio += (double)dy[base + j * step] * y_ref[base + j * step] / scale_ref[base + j * step];
        const int i = base + c * step;
        dx_ref[i] = (double)dy[i] * std::pow(scale_ref[i], -(double)beta) -
                    2.0 * (double)alpha * (double)beta / size * (double)x[i] * ratio;
      }
    }
  const double tol = 2 * reference_tolerance<Dtype>();
  int failures = check_output(rec, label<Dtype>("lrn_scale", count), d_scale, scale_ref, tol);
  failures += check_output(rec, label<Dtype>("lrn_forward", count), d_y, y_ref, tol);
  failures += check_output(rec, label<Dtype>("lrn_backward", count), d_dx, dx_ref, tol);
  time_kernel(rec, label<Dtype>("LRNFillScale", count), [&] {
    LRNFillScale<Dtype><<<CAFFE_GET_BLOCKS(positions), CAFFE_CUDA_NUM_THREADS>>>(
        positions, d_x, num, channels, height, width, size, alpha / size, k, d_scale);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_scale)); CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaFree(d_dx));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
