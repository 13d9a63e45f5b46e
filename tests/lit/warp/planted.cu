// Hazards planted by someone who had not read the pass (tests/warp-planted): three forms whose rewrite made a
// program right on 32 lanes wrong on 64, now reported and kept as written, beside the forms still rewritten.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

// A warp number across the grid numbers rows: the host launched 32 threads a row ((rows * 32 + 127) / 128
// blocks), so warpSize here would leave half the rows to no warp. As written each 32 threads sum one row.
__global__ void spmv_warp(int rows, const int *ptr, const float *val, float *y) {
  int thread_id = blockIdx.x * blockDim.x + threadIdx.x;
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3001: 'thread_id / 32'
  // CHECK: {{^ *}}int row = thread_id / 32;
  int row = thread_id / 32;
  // CHECK: {{^ *}}int lane = thread_id & 31;
  int lane = thread_id & 31;
  if (row < rows) {
    float sum = 0.0f;
    for (int j = ptr[row] + lane; j < ptr[row + 1]; j += 32) sum += val[j];
    // CHECK: {{^ *}}for (int offset = 16; offset > 0; offset >>= 1)
    for (int offset = 16; offset > 0; offset >>= 1)
      sum += __shfl_down_sync(0xffffffff, sum, offset);
    if (lane == 0) y[row] = sum;
  }
}

// The same split on the block's own threads is rewritten: the block holds its warps whatever their width.
__global__ void in_block(float *out) {
  // CHECK: {{^ *}}int w = threadIdx.x / warpSize;
  int w = threadIdx.x / 32;
  out[w] = 0.0f;
}

// A template width under any name, used as a shuffle's width: reported, and its caller's lane split kept
// with it (a 64-lane split over 32-wide butterflies publishes half of each wave).
// DIAG: {{.*}}:[[@LINE+1]]:{{[0-9]+}}: warning: HC3002: 'W' is defined as 32 and used as a warp size
template <int W = 32>
__device__ int butterfly_sum(int v) {
  for (int m = W / 2; m > 0; m /= 2) v += __shfl_xor_sync(0xffffffff, v, m, W);
  return v;
}
__global__ void total_kernel(const int *in, int *total) {
  int v = butterfly_sum<>(in[threadIdx.x]);
  // CHECK: {{^ *}}if (threadIdx.x % 32 == 0)
  if (threadIdx.x % 32 == 0) atomicAdd(total, v);
}

// A template parameter defaulting to 32 that is no warp size (a tile halved): not reported.
// DIAG-NOT: 'TILE' is defined as 32
template <int TILE = 32>
__device__ int tile_half() { return TILE / 2; }

// A 32 x 8 block: threadIdx.x is a row of 32, and a 64-lane wave holds two rows; a reduction started at
// warpSize / 2 would add them together. Kept.
__global__ void rows2d(const float *m, float *out) {
  float v = m[(blockIdx.x * blockDim.y + threadIdx.y) * 32 + threadIdx.x];
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3006: shuffle loop starting at offset 16
  // CHECK: {{^ *}}for (int o = 16; o > 0; o /= 2)
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  if (threadIdx.x == 0) out[blockIdx.x * blockDim.y + threadIdx.y] = v;
}

// One dimension: the same reduction is rewritten.
__global__ void rows1d(const float *m, float *out) {
  float v = m[blockIdx.x * blockDim.x + threadIdx.x];
  // CHECK: {{^ *}}for (int o = (warpSize / 2); o > 0; o /= 2)
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}

// A 1-D block mapped onto an 8 x 32 tile: a lane computed with % 32 indexes the tile's inner dimension of 32,
// which cannot grow alone. Reported and kept, with the split beside it.
__global__ void tile_map(const float *in, float *colsum) {
  // DIAG: {{.*}}:[[@LINE+1]]:{{[0-9]+}}: warning: HC3007: array sized by '32' assumes 32-lane warps
  __shared__ float tile[8][32];
  // CHECK: {{^ *}}int col = threadIdx.x % 32;
  int col = threadIdx.x % 32;
  // CHECK: {{^ *}}int row = threadIdx.x / 32;
  int row = threadIdx.x / 32;
  tile[row][col] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 32) colsum[threadIdx.x] = tile[0][threadIdx.x] + tile[7][threadIdx.x];
  float x = in[threadIdx.x];
  for (int o = warpSize / 2; o > 0; o /= 2) x += __shfl_xor_sync(0xffffffff, x, o);
}

// Its inner dimension of 64 holds a 64-lane lane: rewritten.
__global__ void tile_map_wide(const float *in, float *out) {
  __shared__ float t[4][64];
  // CHECK: {{^ *}}int lane = threadIdx.x % warpSize;
  int lane = threadIdx.x % 32;
  t[0][lane] = in[threadIdx.x];
  out[threadIdx.x] = t[0][lane];
}

// 31 - lane mirrors a lane within the warp: rewritten with the lane, or the mirror reads lanes below 0.
__global__ void warp_reverse(const int *in, int *out) {
  int lane = threadIdx.x % 32;
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3001: '31 - lane'
  // CHECK: {{^ *}}out[threadIdx.x] = __shfl_sync({{.*}}, in[threadIdx.x], (warpSize - 1) - lane);
  out[threadIdx.x] = __shfl_sync(0xffffffff, in[threadIdx.x], 31 - lane);
}

// 31 - x of a data value, and x * 31 - lane, are no mirrored lane.
__global__ void not_mirrors(int *out) {
  int lane = threadIdx.x & 31;
  // DIAG-NOT: HC3001: '31 - out'
  // CHECK: {{^ *}}out[lane] = 31 - out[lane] + out[0] * 31 - lane;
  out[lane] = 31 - out[lane] + out[0] * 31 - lane;
}

// A warp number that meets blockIdx (rows per block blockDim.x / 32): the host launched rows / (threads / 32)
// blocks, so the rows stay 32 threads each, as written.
__global__ void rows_per_block(const float *m, int cols, float *out) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3001: 'threadIdx.x / 32'
  // CHECK: {{^ *}}int warp = threadIdx.x / 32;
  int warp = threadIdx.x / 32;
  // CHECK: {{^ *}}int lane = threadIdx.x % 32;
  int lane = threadIdx.x % 32;
  int row = blockIdx.x * (blockDim.x / 32) + warp;
  float s = 0.0f;
  for (int c = lane; c < cols; c += 32) s += m[row * cols + c];
  // CHECK: {{^ *}}for (int o = 16; o > 0; o /= 2)
  for (int o = 16; o > 0; o /= 2) s += __shfl_down_sync(0xffffffff, s, o);
  if (lane == 0) out[row] = s;
}

// A warp number used only as a block-local index beside blockIdx (warp_offsets[warp]) is rewritten.
__global__ void block_local(const int *block_offsets, const int *warp_offsets, int *out) {
  // CHECK: {{^ *}}int warp = threadIdx.x / warpSize;
  int warp = threadIdx.x / 32;
  out[block_offsets[blockIdx.x] + warp_offsets[warp]] = 1;
}

// A loop from a lane striding by 32: rewritten with the lane, or lanes 32..63 read what lanes 0..31 read too.
__global__ void rows_one_block(const float *m, int rows, int cols, float *out) {
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  for (int row = warp; row < rows; row += blockDim.x / 32) {
    float s = 0.0f;
    // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3001: 'c += 32'
    // CHECK: {{^ *}}for (int c = lane; c < cols; c += warpSize) s += m[row * cols + c];
    for (int c = lane; c < cols; c += 32) s += m[row * cols + c];
    for (int o = 16; o > 0; o /= 2) s += __shfl_down_sync(0xffffffff, s, o);
    if (lane == 0) out[row] = s;
  }
}

// A data index stepping by 32 is no lane stride.
__global__ void data_stride(float *x, int n) {
  // DIAG-NOT: HC3001: 'i += 32'
  // CHECK: {{^ *}}for (int i = 0; i < n; i += 32) x[i] = 0.0f;
  for (int i = 0; i < n; i += 32) x[i] = 0.0f;
}

// A warp count that only sits in a statement storing a per-block slot (out[blockIdx.x] = s / (blockDim.x / 32.f))
// numbers no work across the grid: rewritten with the block reduction.
__global__ void mean_per_block(const float *in, float *out) {
  __shared__ float maxima[32];
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_down_sync(0xffffffff, v, o));
  if (threadIdx.x % 32 == 0) maxima[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.0f;
    for (int w = 0; w < blockDim.x / 32; ++w) s += maxima[w];
    // CHECK: {{^ *}}out[blockIdx.x] = s / (blockDim.x / (float)warpSize);
    out[blockIdx.x] = s / (blockDim.x / 32.f);
  }
}
