// im2col_nd.cu: N-dimensional im2col/col2im with the number of spatial axes as a non-type template parameter
// and the geometry staged in __shared__ arrays per block; 3-D volumes, float and double, CPU-checked.
#include "caffe_common.cuh"

#define MAX_AXES 4

// shape[0] is channels; shape[1..num_axes] the spatial extent. All arrays are copied into shared memory.
struct NdGeometry {
  int im_shape[MAX_AXES + 1];
  int col_shape[MAX_AXES + 1];
  int kernel_shape[MAX_AXES];
  int pad[MAX_AXES];
  int stride[MAX_AXES];
};

template <typename Dtype, int num_axes>
__global__ void im2col_nd_gpu_kernel(const int n, const Dtype* data_im, const NdGeometry geometry, Dtype* data_col) {
  int d_temp[num_axes];
  int d_iter[num_axes];
  __shared__ int shared_kernel_shape[num_axes];
  __shared__ int shared_pad[num_axes];
  __shared__ int shared_stride[num_axes];
  __shared__ int shared_col_shape[num_axes + 1];
  __shared__ int shared_im_shape[num_axes + 1];
  if (threadIdx.x < num_axes) {
    shared_kernel_shape[threadIdx.x] = geometry.kernel_shape[threadIdx.x];
    shared_pad[threadIdx.x] = geometry.pad[threadIdx.x];
    shared_stride[threadIdx.x] = geometry.stride[threadIdx.x];
  }
  if (threadIdx.x < num_axes + 1) {
    shared_col_shape[threadIdx.x] = geometry.col_shape[threadIdx.x];
    shared_im_shape[threadIdx.x] = geometry.im_shape[threadIdx.x];
  }
  __syncthreads();
  int i;
  CUDA_KERNEL_LOOP(index, n) {
    // Decompose the column-space position of this thread into channel and spatial indices.
    int channel_in = index;
    int channel_out = 1;
    for (i = num_axes - 1; i >= 0; --i) {
      d_temp[i] = channel_in % shared_col_shape[i + 1];
      channel_in /= shared_col_shape[i + 1];
      channel_out *= shared_kernel_shape[i];
    }
    channel_out *= channel_in;
    int data_col_inc = 1;
    for (i = 0; i < num_axes; ++i) {
      channel_out *= shared_col_shape[i + 1];
      channel_out += d_temp[i];
      d_temp[i] = d_temp[i] * shared_stride[i] - shared_pad[i];
      channel_in *= shared_im_shape[i + 1];
      channel_in += d_temp[i];
      data_col_inc *= shared_col_shape[i + 1];
      d_iter[i] = 0;
    }
    Dtype* data_col_ptr = data_col + channel_out;
    const Dtype* data_im_ptr = data_im + channel_in;
    bool incremented;
    do {
      bool in_range = true;
      for (i = 0; i < num_axes; ++i) {
        const int d_iter_im = d_iter[i] + d_temp[i];
        in_range &= d_iter_im >= 0 && d_iter_im < shared_im_shape[i + 1];
        if (!in_range) break;
      }
      if (in_range) {
        int data_im_offset = d_iter[0];
        for (i = 1; i < num_axes; ++i) {
          data_im_offset *= shared_im_shape[i + 1];
          data_im_offset += d_iter[i];
        }
        *data_col_ptr = data_im_ptr[data_im_offset];
      } else {
        *data_col_ptr = 0;
      }
      data_col_ptr += data_col_inc;
      incremented = false;
      for (i = num_axes - 1; i >= 0; --i) {
        const int d_max = shared_kernel_shape[i];
        if (d_iter[i] == d_max - 1) {
          d_iter[i] = 0;
        } else {
          ++d_iter[i];
          incremented = true;
          break;
        }
      }
    } while (incremented);
  }
}

// col2im: each image element sums the column entries of every kernel offset that reads it.
template <typename Dtype, int num_axes>
__global__ void col2im_nd_gpu_kernel(const int n, const Dtype* data_col, const NdGeometry geometry, Dtype* data_im) {
  __shared__ int shared_kernel_shape[num_axes];
  __shared__ int shared_pad[num_axes];
  __shared__ int shared_stride[num_axes];
  __shared__ int shared_col_shape[num_axes + 1];
  __shared__ int shared_im_shape[num_axes + 1];
  if (threadIdx.x < num_axes) {
    shared_kernel_shape[threadIdx.x] = geometry.kernel_shape[threadIdx.x];
    shared_pad[threadIdx.x] = geometry.pad[threadIdx.x];
    shared_stride[threadIdx.x] = geometry.stride[threadIdx.x];
  }
  if (threadIdx.x < num_axes + 1) {
    shared_col_shape[threadIdx.x] = geometry.col_shape[threadIdx.x];
    shared_im_shape[threadIdx.x] = geometry.im_shape[threadIdx.x];
  }
  __syncthreads();
  CUDA_KERNEL_LOOP(index, n) {
    int position[num_axes];
    int rest = index;
    for (int i = num_axes - 1; i >= 0; --i) {
      position[i] = rest % shared_im_shape[i + 1] + shared_pad[i];
      rest /= shared_im_shape[i + 1];
    }
    const int channel = rest;
    int kernel_count = 1;
    for (int i = 0; i < num_axes; ++i) kernel_count *= shared_kernel_shape[i];
    Dtype val = 0;
    for (int k = 0; k < kernel_count; ++k) {
      int kk = k, col_offset = 0, kernel_offset = 0;
      bool valid = true;
      int offsets[num_axes];
      for (int i = num_axes - 1; i >= 0; --i) {
        offsets[i] = kk % shared_kernel_shape[i];
        kk /= shared_kernel_shape[i];
      }
      for (int i = 0; i < num_axes; ++i) {
        const int t = position[i] - offsets[i];
        if (t < 0 || t % shared_stride[i] != 0 || t / shared_stride[i] >= shared_col_shape[i + 1]) {
          valid = false;
          break;
        }
        col_offset = col_offset * shared_col_shape[i + 1] + t / shared_stride[i];
        kernel_offset = kernel_offset * shared_kernel_shape[i] + offsets[i];
      }
      if (valid) {
        int spatial_col = 1;
        for (int i = 0; i < num_axes; ++i) spatial_col *= shared_col_shape[i + 1];
        val += data_col[(channel * kernel_count + kernel_offset) * spatial_col + col_offset];
      }
    }
    data_im[index] = val;
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n_hint) {
  const int kAxes = 3;
  NdGeometry g;
  memset(&g, 0, sizeof g);
  const bool big = n_hint > 2000000;
  const int im_extent[kAxes] = {big ? 16 : 9, big ? 32 : 13, big ? 32 : 11};
  const int kernel[kAxes] = {3, 3, 2};
  const int pad[kAxes] = {1, 0, 1};
  const int stride[kAxes] = {1, 2, 1};
  g.im_shape[0] = big ? 8 : 3;
  g.col_shape[0] = g.im_shape[0] * kernel[0] * kernel[1] * kernel[2];
  int im_count = g.im_shape[0], spatial_col = 1;
  for (int i = 0; i < kAxes; ++i) {
    g.im_shape[i + 1] = im_extent[i];
    g.kernel_shape[i] = kernel[i];
    g.pad[i] = pad[i];
    g.stride[i] = stride[i];
    g.col_shape[i + 1] = (im_extent[i] + 2 * pad[i] - kernel[i]) / stride[i] + 1;
    im_count *= im_extent[i];
    spatial_col *= g.col_shape[i + 1];
  }
  const int col_count = g.col_shape[0] * spatial_col;
  const int num_kernels = g.im_shape[0] * spatial_col;
  std::vector<Dtype> im = random_vector<Dtype>(im_count, -1.0, 1.0, 1601);
  std::vector<Dtype> col_in = random_vector<Dtype>(col_count, -1.0, 1.0, 1602);
  Dtype *d_im = to_device(im), *d_col_in = to_device(col_in);
  Dtype *d_col = poisoned_output<Dtype>(rec, col_count), *d_im_out = poisoned_output<Dtype>(rec, im_count);
  // NOLINT_NEXT_LINE(whitespace/operators)
  im2col_nd_gpu_kernel<Dtype, 3><<<CAFFE_GET_BLOCKS(num_kernels), CAFFE_CUDA_NUM_THREADS>>>(num_kernels, d_im, g,
                                                                                           d_col);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  col2im_nd_gpu_kernel<Dtype, 3><<<CAFFE_GET_BLOCKS(im_count), CAFFE_CUDA_NUM_THREADS>>>(im_count, d_col_in, g,
                                                                                        d_im_out);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> col_ref(col_count), im_ref(im_count, 0.0);
  const int kernel_count = kernel[0] * kernel[1] * kernel[2];
  for (int c = 0; c < g.im_shape[0]; ++c)
    for (int k = 0; k < kernel_count; ++k)
      for (int o = 0; o < spatial_col; ++o) {
        const int k_pos[3] = {k / (kernel[1] * kernel[2]), (k / kernel[2]) % kernel[1], k % kernel[2]};
        const int o_pos[3] = {o / (g.col_shape[2] * g.col_shape[3]), (o / g.col_shape[3]) % g.col_shape[2],
                              o % g.col_shape[3]};
        bool inside = true;
        int im_index = c;
        for (int i = 0; i < 3; ++i) {
          const int p = o_pos[i] * stride[i] - pad[i] + k_pos[i];
          inside = inside && p >= 0 && p < im_extent[i];
          im_index = im_index * im_extent[i] + p;
        }
        const int col_index = (c * kernel_count + k) * spatial_col + o;
        col_ref[col_index] = inside ? (double)im[im_index] : 0.0;
        if (inside) im_ref[im_index] += (double)col_in[col_index];
      }
  int failures = check_output(rec, label<Dtype>("im2col_nd", col_count), d_col, col_ref, 0.0);
  failures += check_output(rec, label<Dtype>("col2im_nd", im_count), d_im_out, im_ref, reference_tolerance<Dtype>());
  time_kernel(rec, label<Dtype>("im2col_nd_gpu_kernel", col_count), [&] {
    im2col_nd_gpu_kernel<Dtype, 3><<<CAFFE_GET_BLOCKS(num_kernels), CAFFE_CUDA_NUM_THREADS>>>(num_kernels, d_im, g,
                                                                                             d_col);
  });
  CUDA_CHECK(cudaFree(d_im)); CUDA_CHECK(cudaFree(d_col_in)); CUDA_CHECK(cudaFree(d_col));
  CUDA_CHECK(cudaFree(d_im_out));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
