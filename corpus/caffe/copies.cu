// copies.cu: the pure data-movement layers: Concat (forward and backward), Slice, Crop (2-D offsets) and
// Tile; every output is a copy, so both the CPU check and the harness comparison are exact.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void Concat(const int nthreads, const Dtype* in_data, const bool forward, const int num_concats,
                       const int concat_size, const int top_concat_axis, const int bottom_concat_axis,
                       const int offset_concat_axis, Dtype* out_data) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int total_concat_size = concat_size * bottom_concat_axis;
    const int concat_num = index / total_concat_size;
    const int concat_index = index % total_concat_size;
    const int top_index =
        concat_index + (concat_num * top_concat_axis + offset_concat_axis) * concat_size;
    if (forward) {
      out_data[top_index] = in_data[index];
    } else {
      out_data[index] = in_data[top_index];
    }
  }
}

template <typename Dtype>
__global__ void Slice(const int nthreads, const Dtype* in_data, const int num_slices, const int slice_size,
                      const int bottom_slice_axis, const int top_slice_axis, const int offset_slice_axis,
                      Dtype* out_data) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int total_slice_size = slice_size * top_slice_axis;
    const int slice_num = index / total_slice_size;
    const int slice_index = index % total_slice_size;
    const int bottom_index = slice_index + (slice_num * bottom_slice_axis + offset_slice_axis) * slice_size;
    out_data[index] = in_data[bottom_index];
  }
}

template <typename Dtype>
__global__ void Crop2D(const int nthreads, const int src_width, const int src_height, const int dst_width,
                       const int dst_height, const int offset_h, const int offset_w, const Dtype* src, Dtype* dst) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int w = index % dst_width;
    const int h = (index / dst_width) % dst_height;
    const int plane = index / (dst_width * dst_height);
    dst[index] = src[(plane * src_height + h + offset_h) * src_width + w + offset_w];
  }
}

template <typename Dtype>
__global__ void Tile(const int nthreads, const Dtype* bottom_data, const int tile_size, const int num_tiles,
                     const int bottom_tile_axis, Dtype* top_data) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int d = index % tile_size;
    const int b = (index / tile_size / num_tiles) % bottom_tile_axis;
    const int n = index / tile_size / num_tiles / bottom_tile_axis;
    const int bottom_index = (n * bottom_tile_axis + b) * tile_size + d;
    top_data[index] = bottom_data[bottom_index];
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n_hint) {
  // Concat two blobs of shape num x {ca, cb} x inner along axis 1, then slice the second one back out.
  const int num = n_hint > 2000000 ? 16 : 3, inner = n_hint > 2000000 ? 4096 : 1147, ca = 24, cb = 40;
  const int top_axis = ca + cb, count_a = num * ca * inner, count_b = num * cb * inner;
  const int count_top = num * top_axis * inner;
  std::vector<Dtype> a = random_vector<Dtype>(count_a, -1.0, 1.0, 1901);
  std::vector<Dtype> b = random_vector<Dtype>(count_b, -1.0, 1.0, 1902);
  Dtype *d_a = to_device(a), *d_b = to_device(b), *d_top = poisoned_output<Dtype>(rec, count_top);
  Dtype *d_back_b = poisoned_output<Dtype>(rec, count_b), *d_slice = poisoned_output<Dtype>(rec, count_a);
  // NOLINT_NEXT_LINE(whitespace/operators)
  Concat<Dtype><<<CAFFE_GET_BLOCKS(count_a), CAFFE_CUDA_NUM_THREADS>>>(count_a, d_a, true, num, inner, top_axis, ca,
                                                                      0, d_top);
  // NOLINT_NEXT_LINE(whitespace/operators)
  Concat<Dtype><<<CAFFE_GET_BLOCKS(count_b), CAFFE_CUDA_NUM_THREADS>>>(count_b, d_b, true, num, inner, top_axis, cb,
                                                                      ca, d_top);
  // NOLINT_NEXT_LINE(whitespace/operators)
  Concat<Dtype><<<CAFFE_GET_BLOCKS(count_b), CAFFE_CUDA_NUM_THREADS>>>(count_b, d_top, false, num, inner, top_axis,
                                                                      cb, ca, d_back_b);
  // NOLINT_NEXT_LINE(whitespace/operators)
  Slice<Dtype><<<CAFFE_GET_BLOCKS(count_a), CAFFE_CUDA_NUM_THREADS>>>(count_a, d_top, num, inner, top_axis, ca, 0,
                                                                     d_slice);
  CUDA_POST_KERNEL_CHECK;
  // Crop the concatenated blob, seen as (num*top_axis) planes of rows x cols, by offsets (3, 5).
  const int rows = n_hint > 2000000 ? 64 : 31, cols = inner / rows, crop_rows = rows - 7, crop_cols = cols - 9;
  const int planes = num * top_axis, count_crop = planes * crop_rows * crop_cols;
  Dtype* d_crop = poisoned_output<Dtype>(rec, count_crop);
  // NOLINT_NEXT_LINE(whitespace/operators)
  Crop2D<Dtype><<<CAFFE_GET_BLOCKS(count_crop), CAFFE_CUDA_NUM_THREADS>>>(count_crop, cols, rows, crop_cols,
                                                                         crop_rows, 3, 5, d_top, d_crop);
  // Tile blob a three times along axis 1.
  const int tiles = 3, count_tile = count_a * tiles;
  Dtype* d_tile = poisoned_output<Dtype>(rec, count_tile);
  // NOLINT_NEXT_LINE(whitespace/operators)
  Tile<Dtype><<<CAFFE_GET_BLOCKS(count_tile), CAFFE_CUDA_NUM_THREADS>>>(count_tile, d_a, inner, tiles, ca, d_tile);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> top_ref(count_top), back_ref(b.begin(), b.end()), slice_ref(a.begin(), a.end());
  std::vector<double> crop_ref(count_crop), tile_ref(count_tile);
  for (int n = 0; n < num; ++n)
    for (int ch = 0; ch < top_axis; ++ch)
      for (int k = 0; k < inner; ++k)
        top_ref[((size_t)n * top_axis + ch) * inner + k] =
            ch < ca ? (double)a[((size_t)n * ca + ch) * inner + k] : (double)b[((size_t)n * cb + ch - ca) * inner + k];
  for (int p = 0; p < planes; ++p)
    for (int r = 0; r < crop_rows; ++r)
      for (int q = 0; q < crop_cols; ++q)
        crop_ref[((size_t)p * crop_rows + r) * crop_cols + q] = top_ref[((size_t)p * rows + r + 3) * cols + q + 5];
  for (int n = 0; n < num; ++n)
    for (int ch = 0; ch < ca; ++ch)
      for (int t = 0; t < tiles; ++t)
        for (int k = 0; k < inner; ++k)
          tile_ref[(((size_t)n * ca + ch) * tiles + t) * inner + k] = a[((size_t)n * ca + ch) * inner + k];
  int failures = check_output(rec, label<Dtype>("concat_forward", count_top), d_top, top_ref, 0.0);
  failures += check_output(rec, label<Dtype>("concat_backward", count_b), d_back_b, back_ref, 0.0);
  failures += check_output(rec, label<Dtype>("slice_forward", count_a), d_slice, slice_ref, 0.0);
  failures += check_output(rec, label<Dtype>("crop_forward", count_crop), d_crop, crop_ref, 0.0);
  failures += check_output(rec, label<Dtype>("tile_forward", count_tile), d_tile, tile_ref, 0.0);
  time_kernel(rec, label<Dtype>("Tile", count_tile), [&] {
    Tile<Dtype><<<CAFFE_GET_BLOCKS(count_tile), CAFFE_CUDA_NUM_THREADS>>>(count_tile, d_a, inner, tiles, ca, d_tile);
  });
  CUDA_CHECK(cudaFree(d_a)); CUDA_CHECK(cudaFree(d_b)); CUDA_CHECK(cudaFree(d_top)); CUDA_CHECK(cudaFree(d_back_b));
  CUDA_CHECK(cudaFree(d_slice)); CUDA_CHECK(cudaFree(d_crop)); CUDA_CHECK(cudaFree(d_tile));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
