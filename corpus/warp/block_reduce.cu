// block_reduce.cu: row sums, one 256-thread block per row, by the common two-level block reduction
// (WARP_SIZE macro, static __shared__ float shared[32], lane/wid); checked in double on the CPU.
#include "warp_common.cuh"

#define WARP_SIZE 32

__inline__ __device__ float warp_reduce_sum(float val) {
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1)
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

__inline__ __device__ float block_reduce_sum(float val) {
  static __shared__ float shared[32];  // one partial sum per warp: at most 1024 / 32 warps
  int lane = threadIdx.x % WARP_SIZE;
  int wid = threadIdx.x / WARP_SIZE;
  val = warp_reduce_sum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / WARP_SIZE) ? shared[lane] : 0.0f;
  if (wid == 0) val = warp_reduce_sum(val);
  return val;
}

__global__ void row_sums(const float *in, int cols, float *out) {
  float sum = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) sum += in[(size_t)blockIdx.x * cols + c];
  sum = block_reduce_sum(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  const int rows = 2048, cols = 1531;
  std::vector<int> raw = random_ints((size_t)rows * cols, -5000, 5000, 21);
  std::vector<float> in(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) in[i] = (float)raw[i] / 1024.0f;
  float *d_in = to_device(in), *d_out = poisoned_output<float>(rec, rows);
  row_sums<<<rows, 256>>>(d_in, cols, d_out);
  CUDA_CHECK(cudaGetLastError());
  std::vector<double> ref(rows, 0.0);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) ref[r] += (double)in[(size_t)r * cols + c];
  int failures = check_close(rec, "row_sums", to_host(d_out, rows), ref, 1e-4);
  time_kernel(rec, "row_sums", [&] { row_sums<<<rows, 256>>>(d_in, cols, d_out); });
  CUDA_CHECK(cudaFree(d_in)); CUDA_CHECK(cudaFree(d_out));
  int status = hc_record_end(rec);
  return failures ? 1 : status;
}
