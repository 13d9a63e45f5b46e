// im2col.cu: 2-D im2col (image patches to columns, with padding, stride and dilation) and col2im (the adjoint,
// gathering every column entry that maps to a pixel); float and double, checked against a CPU reference.
#include "caffe_common.cuh"

struct ConvGeometry {
  int channels, height, width, kernel_h, kernel_w, pad_h, pad_w, stride_h, stride_w, dilation_h, dilation_w;
  int height_col() const { return (height + 2 * pad_h - (dilation_h * (kernel_h - 1) + 1)) / stride_h + 1; }
  int width_col() const { return (width + 2 * pad_w - (dilation_w * (kernel_w - 1) + 1)) / stride_w + 1; }
};

template <typename Dtype>
__global__ void im2col_gpu_kernel(const int n, const Dtype* data_im, const ConvGeometry g, const int height_col,
                                  const int width_col, Dtype* data_col) {
  CUDA_KERNEL_LOOP(index, n) {
    const int w_col = index % width_col;
    const int h_index = index / width_col;
    const int h_col = h_index % height_col;
    const int c_im = h_index / height_col;
    const int c_col = c_im * g.kernel_h * g.kernel_w;
    const int h_offset = h_col * g.stride_h - g.pad_h;
    const int w_offset = w_col * g.stride_w - g.pad_w;
    Dtype* data_col_ptr = data_col + (c_col * height_col + h_col) * width_col + w_col;
    const Dtype* data_im_ptr = data_im + (c_im * g.height + h_offset) * g.width + w_offset;
    for (int i = 0; i < g.kernel_h; ++i) {
      for (int j = 0; j < g.kernel_w; ++j) {
        int h_im = h_offset + i * g.dilation_h;
        int w_im = w_offset + j * g.dilation_w;
        *data_col_ptr = (h_im >= 0 && w_im >= 0 && h_im < g.height && w_im < g.width)
                            ? data_im_ptr[i * g.dilation_h * g.width + j * g.dilation_w]
                            : 0;
        data_col_ptr += height_col * width_col;
      }
    }
  }
}

template <typename Dtype>
__global__ void col2im_gpu_kernel(const int n, const Dtype* data_col, const ConvGeometry g, const int height_col,
                                  const int width_col, Dtype* data_im) {
  CUDA_KERNEL_LOOP(index, n) {
    Dtype val = 0;
    const int w_im = index % g.width + g.pad_w;
    const int h_im = (index / g.width) % g.height + g.pad_h;
    const int c_im = index / (g.width * g.height);
    int kernel_extent_w = (g.kernel_w - 1) * g.dilation_w + 1;
    int kernel_extent_h = (g.kernel_h - 1) * g.dilation_h + 1;
    const int w_col_start = (w_im < kernel_extent_w) ? 0 : (w_im - kernel_extent_w) / g.stride_w + 1;
    const int w_col_end = min(w_im / g.stride_w + 1, width_col);
    const int h_col_start = (h_im < kernel_extent_h) ? 0 : (h_im - kernel_extent_h) / g.stride_h + 1;
    const int h_col_end = min(h_im / g.stride_h + 1, height_col);
    for (int h_col = h_col_start; h_col < h_col_end; h_col += 1) {
      for (int w_col = w_col_start; w_col < w_col_end; w_col += 1) {
        int h_k = (h_im - h_col * g.stride_h);
        int w_k = (w_im - w_col * g.stride_w);
        if (h_k % g.dilation_h == 0 && w_k % g.dilation_w == 0) {
          h_k /= g.dilation_h;
          w_k /= g.dilation_w;
          int data_col_index = (((c_im * g.kernel_h + h_k) * g.kernel_w + w_k) * height_col + h_col) * width_col + w_col;
          val += data_col[data_col_index];
        }
      }
    }
    data_im[index] = val;
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n_hint) {
  ConvGeometry g;
  g.channels = n_hint > 2000000 ? 64 : 7;
  g.height = n_hint > 2000000 ? 64 : 37;
  g.width = n_hint > 2000000 ? 112 : 41;
  g.kernel_h = 3; g.kernel_w = 5; g.pad_h = 1; g.pad_w = 2; g.stride_h = 1; g.stride_w = 2;
  g.dilation_h = 2; g.dilation_w = 1;
  const int hc = g.height_col(), wc = g.width_col();
  const int im_count = g.channels * g.height * g.width;
  const int col_count = g.channels * g.kernel_h * g.kernel_w * hc * wc;
  std::vector<Dtype> im = random_vector<Dtype>(im_count, -1.0, 1.0, 1501);
  std::vector<Dtype> col_in = random_vector<Dtype>(col_count, -1.0, 1.0, 1502);
  Dtype *d_im = to_device(im), *d_col_in = to_device(col_in);
  Dtype *d_col = poisoned_output<Dtype>(rec, col_count), *d_im_out = poisoned_output<Dtype>(rec, im_count);
  const int num_kernels = g.channels * hc * wc;
  // NOLINT_NEXT_LINE(whitespace/operators)
  im2col_gpu_kernel<Dtype><<<CAFFE_GET_BLOCKS(num_kernels), CAFFE_CUDA_NUM_THREADS>>>(num_kernels, d_im, g, hc, wc,
                                                                                     d_col);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  col2im_gpu_kernel<Dtype><<<CAFFE_GET_BLOCKS(im_count), CAFFE_CUDA_NUM_THREADS>>>(im_count, d_col_in, g, hc, wc,
                                                                                  d_im_out);
  CUDA_POST_KERNEL_CHECK;
  // CPU reference: one loop nest over (c, kh, kw, h_col, w_col) gives both directions.
  std::vector<double> col_ref(col_count), im_ref(im_count, 0.0);
  for (int c = 0; c < g.channels; ++c)
    for (int kh = 0; kh < g.kernel_h; ++kh)
      for (int kw = 0; kw < g.kernel_w; ++kw)
        for (int y = 0; y < hc; ++y)
          for (int x = 0; x < wc; ++x) {
            const int row = (c * g.kernel_h + kh) * g.kernel_w + kw;
            const int col_index = (row * hc + y) * wc + x;
            const int h = y * g.stride_h - g.pad_h + kh * g.dilation_h;
            const int w = x * g.stride_w - g.pad_w + kw * g.dilation_w;
            const bool inside = h >= 0 && w >= 0 && h < g.height && w < g.width;
            col_ref[col_index] = inside ? (double)im[(c * g.height + h) * g.width + w] : 0.0;
            if (inside) im_ref[(c * g.height + h) * g.width + w] += (double)col_in[col_index];
          }
  int failures = check_output(rec, label<Dtype>("im2col", col_count), d_col, col_ref, 0.0);
  failures += check_output(rec, label<Dtype>("col2im", im_count), d_im_out, im_ref, reference_tolerance<Dtype>());
  time_kernel(rec, label<Dtype>("im2col_gpu_kernel", col_count), [&] {
    im2col_gpu_kernel<Dtype><<<CAFFE_GET_BLOCKS(num_kernels), CAFFE_CUDA_NUM_THREADS>>>(num_kernels, d_im, g, hc,
                                                                                       wc, d_col);
  });
  CUDA_CHECK(cudaFree(d_im)); CUDA_CHECK(cudaFree(d_col_in)); CUDA_CHECK(cudaFree(d_col));
  CUDA_CHECK(cudaFree(d_im_out));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
