// pooling.cu: max pooling (with an int argmax mask) and average pooling, forward and backward, over NCHW
// images with padding and a stride smaller than the kernel, float and double, checked against a CPU reference.
#include "caffe_common.cuh"

struct PoolShape {
  int num, channels, height, width, pooled_height, pooled_width, kernel, stride, pad;
};

template <typename Dtype>
__global__ void MaxPoolForward(const int nthreads, const Dtype* const bottom_data, const PoolShape s,
                               Dtype* const top_data, int* mask) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int pw = index % s.pooled_width;
    const int ph = (index / s.pooled_width) % s.pooled_height;
    const int c = (index / s.pooled_width / s.pooled_height) % s.channels;
    const int n = index / s.pooled_width / s.pooled_height / s.channels;
    int hstart = ph * s.stride - s.pad;
    int wstart = pw * s.stride - s.pad;
    const int hend = min(hstart + s.kernel, s.height);
    const int wend = min(wstart + s.kernel, s.width);
    hstart = max(hstart, 0);
    wstart = max(wstart, 0);
    Dtype maxval = -FLT_MAX;
    int maxidx = -1;
    const Dtype* const slice = bottom_data + (n * s.channels + c) * s.height * s.width;
    for (int h = hstart; h < hend; ++h) {
      for (int w = wstart; w < wend; ++w) {
        if (slice[h * s.width + w] > maxval) {
          maxidx = h * s.width + w;
          maxval = slice[maxidx];
        }
      }
    }
    top_data[index] = maxval;
    mask[index] = maxidx;
  }
}

template <typename Dtype>
__global__ void MaxPoolBackward(const int nthreads, const Dtype* const top_diff, const int* const mask,
                                const PoolShape s, Dtype* const bottom_diff) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    // One thread per bottom element gathers from every pooled window that covers it: no atomics needed.
    const int w = index % s.width;
    const int h = (index / s.width) % s.height;
    const int c = (index / s.width / s.height) % s.channels;
    const int n = index / s.width / s.height / s.channels;
    const int phstart = (h + s.pad < s.kernel) ? 0 : (h + s.pad - s.kernel) / s.stride + 1;
    const int phend = min((h + s.pad) / s.stride + 1, s.pooled_height);
    const int pwstart = (w + s.pad < s.kernel) ? 0 : (w + s.pad - s.kernel) / s.stride + 1;
    const int pwend = min((w + s.pad) / s.stride + 1, s.pooled_width);
    Dtype gradient = 0;
    const int offset = (n * s.channels + c) * s.pooled_height * s.pooled_width;
    for (int ph = phstart; ph < phend; ++ph) {
      for (int pw = pwstart; pw < pwend; ++pw) {
        if (mask[offset + ph * s.pooled_width + pw] == h * s.width + w) {
          gradient += top_diff[offset + ph * s.pooled_width + pw];
        }
      }
    }
    bottom_diff[index] = gradient;
  }
}

template <typename Dtype>
__global__ void AvePoolForward(const int nthreads, const Dtype* const bottom_data, const PoolShape s,
                               Dtype* const top_data) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int pw = index % s.pooled_width;
    const int ph = (index / s.pooled_width) % s.pooled_height;
    const int c = (index / s.pooled_width / s.pooled_height) % s.channels;
    const int n = index / s.pooled_width / s.pooled_height / s.channels;
    int hstart = ph * s.stride - s.pad;
    int wstart = pw * s.stride - s.pad;
    int hend = min(hstart + s.kernel, s.height + s.pad);
    int wend = min(wstart + s.kernel, s.width + s.pad);
    const int pool_size = (hend - hstart) * (wend - wstart);
    hstart = max(hstart, 0);
    wstart = max(wstart, 0);
    hend = min(hend, s.height);
    wend = min(wend, s.width);
    Dtype aveval = 0;
    const Dtype* const slice = bottom_data + (n * s.channels + c) * s.height * s.width;
    for (int h = hstart; h < hend; ++h) {
      for (int w = wstart; w < wend; ++w) {
        aveval += slice[h * s.width + w];
      }
    }
    top_data[index] = aveval / pool_size;
  }
}

template <typename Dtype>
__global__ void AvePoolBackward(const int nthreads, const Dtype* const top_diff, const PoolShape s,
                                Dtype* const bottom_diff) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int w = index % s.width + s.pad;
    const int h = (index / s.width) % s.height + s.pad;
    const int c = (index / s.width / s.height) % s.channels;
    const int n = index / s.width / s.height / s.channels;
    const int phstart = (h < s.kernel) ? 0 : (h - s.kernel) / s.stride + 1;
    const int phend = min(h / s.stride + 1, s.pooled_height);
    const int pwstart = (w < s.kernel) ? 0 : (w - s.kernel) / s.stride + 1;
    const int pwend = min(w / s.stride + 1, s.pooled_width);
    Dtype gradient = 0;
    const Dtype* const slice = top_diff + (n * s.channels + c) * s.pooled_height * s.pooled_width;
    for (int ph = phstart; ph < phend; ++ph) {
      for (int pw = pwstart; pw < pwend; ++pw) {
        int hstart = ph * s.stride - s.pad;
        int wstart = pw * s.stride - s.pad;
        int hend = min(hstart + s.kernel, s.height + s.pad);
        int wend = min(wstart + s.kernel, s.width + s.pad);
        int pool_size = (hend - hstart) * (wend - wstart);
        gradient += slice[ph * s.pooled_width + pw] / pool_size;
      }
    }
    bottom_diff[index] = gradient;
  }
}

// CPU reference: scatter form (each window adds to its inputs), a different algorithm from the GPU's gather.
template <typename Dtype>
void pool_reference(const PoolShape& s, const std::vector<Dtype>& x, const std::vector<Dtype>& dy,
                    std::vector<double>& max_y, std::vector<double>& max_idx, std::vector<double>& max_dx,
                    std::vector<double>& ave_y, std::vector<double>& ave_dx) {
  for (int nc = 0; nc < s.num * s.channels; ++nc) {
    for (int ph = 0; ph < s.pooled_height; ++ph) {
      for (int pw = 0; pw < s.pooled_width; ++pw) {
        const int top = (nc * s.pooled_height + ph) * s.pooled_width + pw;
        const int h0 = ph * s.stride - s.pad, w0 = pw * s.stride - s.pad;
        const int h1p = std::min(h0 + s.kernel, s.height + s.pad), w1p = std::min(w0 + s.kernel, s.width + s.pad);
        const int pool_size = (h1p - h0) * (w1p - w0);
        double best = -FLT_MAX, sum = 0.0;
        int best_idx = -1;
        for (int h = std::max(h0, 0); h < std::min(h0 + s.kernel, s.height); ++h)
          for (int w = std::max(w0, 0); w < std::min(w0 + s.kernel, s.width); ++w) {
            double v = x[(size_t)nc * s.height * s.width + h * s.width + w];
            sum += v;
            if (v > best) { best = v; best_idx = h * s.width + w; }
          }
        max_y[top] = best;
        max_idx[top] = best_idx;
        max_dx[(size_t)nc * s.height * s.width + best_idx] += (double)dy[top];
        ave_y[top] = sum / pool_size;
        for (int h = std::max(h0, 0); h < std::min(h1p, s.height); ++h)
          for (int w = std::max(w0, 0); w < std::min(w1p, s.width); ++w)
            ave_dx[(size_t)nc * s.height * s.width + h * s.width + w] += (double)dy[top] / pool_size;
      }
    }
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n_hint) {
  PoolShape s;
  s.num = n_hint > 2000000 ? 16 : 3;
  s.channels = 16;
  s.height = n_hint > 2000000 ? 128 : 101;
  s.width = n_hint > 2000000 ? 128 : 67;
  s.kernel = 3; s.stride = 2; s.pad = 1;
  s.pooled_height = (s.height + 2 * s.pad - s.kernel + s.stride - 1) / s.stride + 1;
  s.pooled_width = (s.width + 2 * s.pad - s.kernel + s.stride - 1) / s.stride + 1;
  // Ceil mode can start the last window in the padding only; clip as the framework does.
  if ((s.pooled_height - 1) * s.stride >= s.height + s.pad) --s.pooled_height;
  if ((s.pooled_width - 1) * s.stride >= s.width + s.pad) --s.pooled_width;
  const int bottom_count = s.num * s.channels * s.height * s.width;
  const int top_count = s.num * s.channels * s.pooled_height * s.pooled_width;
  std::vector<Dtype> x = random_vector<Dtype>(bottom_count, -1.0, 1.0, 1201);
  std::vector<Dtype> dy = random_vector<Dtype>(top_count, -1.0, 1.0, 1202);
  Dtype *d_x = to_device(x), *d_dy = to_device(dy);
  Dtype *d_max_y = poisoned_output<Dtype>(rec, top_count), *d_ave_y = poisoned_output<Dtype>(rec, top_count);
  Dtype *d_max_dx = poisoned_output<Dtype>(rec, bottom_count), *d_ave_dx = poisoned_output<Dtype>(rec, bottom_count);
  int* d_mask = poisoned_output<int>(rec, top_count);
  // NOLINT_NEXT_LINE(whitespace/operators)
  MaxPoolForward<Dtype><<<CAFFE_GET_BLOCKS(top_count), CAFFE_CUDA_NUM_THREADS>>>(top_count, d_x, s, d_max_y, d_mask);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  MaxPoolBackward<Dtype><<<CAFFE_GET_BLOCKS(bottom_count), CAFFE_CUDA_NUM_THREADS>>>(bottom_count, d_dy, d_mask, s,
                                                                                    d_max_dx);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  AvePoolForward<Dtype><<<CAFFE_GET_BLOCKS(top_count), CAFFE_CUDA_NUM_THREADS>>>(top_count, d_x, s, d_ave_y);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  AvePoolBackward<Dtype><<<CAFFE_GET_BLOCKS(bottom_count), CAFFE_CUDA_NUM_THREADS>>>(bottom_count, d_dy, s, d_ave_dx);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> max_y(top_count), max_idx(top_count), max_dx(bottom_count, 0.0);
  std::vector<double> ave_y(top_count), ave_dx(bottom_count, 0.0);
  pool_reference(s, x, dy, max_y, max_idx, max_dx, ave_y, ave_dx);
  const double tol = reference_tolerance<Dtype>();
  int failures = check_output(rec, label<Dtype>("maxpool_forward", top_count), d_max_y, max_y, 0.0);
  failures += check_output(rec, label<Dtype>("maxpool_argmax", top_count), d_mask, max_idx, 0.0);
  failures += check_output(rec, label<Dtype>("maxpool_backward", bottom_count), d_max_dx, max_dx, tol);
  failures += check_output(rec, label<Dtype>("avepool_forward", top_count), d_ave_y, ave_y, tol);
  failures += check_output(rec, label<Dtype>("avepool_backward", bottom_count), d_ave_dx, ave_dx, tol);
  time_kernel(rec, label<Dtype>("MaxPoolForward", top_count), [&] {
    MaxPoolForward<Dtype><<<CAFFE_GET_BLOCKS(top_count), CAFFE_CUDA_NUM_THREADS>>>(top_count, d_x, s, d_max_y,
                                                                                  d_mask);
  });
  time_kernel(rec, label<Dtype>("AvePoolBackward", bottom_count), [&] {
    AvePoolBackward<Dtype><<<CAFFE_GET_BLOCKS(bottom_count), CAFFE_CUDA_NUM_THREADS>>>(bottom_count, d_dy, s,
                                                                                      d_ave_dx);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_dy)); CUDA_CHECK(cudaFree(d_max_y)); CUDA_CHECK(cudaFree(d_ave_y));
  CUDA_CHECK(cudaFree(d_max_dx)); CUDA_CHECK(cudaFree(d_ave_dx)); CUDA_CHECK(cudaFree(d_mask));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
