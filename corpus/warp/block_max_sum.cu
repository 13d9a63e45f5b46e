// block_max_sum.cu: per-block max and sum in the WARP_SIZE/BLOCK_SIZE macro style, with [BLOCK_SIZE / WARP_SIZE]
// and [WARP_SIZE] shared arrays and reductions from WARP_SIZE / 2; checked against the CPU.
#include "warp_common.cuh"

#include <cfloat>

#define WARP_SIZE 32
#define BLOCK_SIZE 512
#define FULL_MASK 0xffffffff

__device__ float warp_max(float v) {
  for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2) v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, offset));
  return v;
}

__device__ float warp_sum(float v) {
  for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2) v += __shfl_xor_sync(FULL_MASK, v, offset);
  return v;
}

__global__ void block_max_sum(const float *in, int n, float *maxima, float *sums) {
  __shared__ float warp_maxima[BLOCK_SIZE / WARP_SIZE];
  __shared__ float warp_sums[BLOCK_SIZE / WARP_SIZE];
  __shared__ float staging[WARP_SIZE];
  int lane = threadIdx.x % WARP_SIZE;
  int warp = threadIdx.x / WARP_SIZE;
  int i = blockIdx.x * BLOCK_SIZE + threadIdx.x;
  float x = i < n ? in[i] : -FLT_MAX;
  float m = warp_max(x), s = warp_sum(i < n ? x : 0.0f);
  if (lane == 0) {
    warp_maxima[warp] = m;
    warp_sums[warp] = s;
  }
  __syncthreads();
  if (warp == 0) {
    int warps = BLOCK_SIZE / WARP_SIZE;
    staging[lane] = lane < warps ? warp_maxima[lane] : -FLT_MAX;
    m = warp_max(staging[lane]);
    s = warp_sum(lane < warps ? warp_sums[lane] : 0.0f);
    if (lane == 0) {
      maxima[blockIdx.x] = m;
      sums[blockIdx.x] = s;
    }
  }
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  const int n = (1 << 21) + 300, blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
  std::vector<int> raw = random_ints(n, -1 << 20, 1 << 20, 91);
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = (float)raw[i] / 4096.0f;
  float *d_in = to_device(in), *d_max = poisoned_output<float>(rec, blocks), *d_sum = poisoned_output<float>(rec, blocks);
  block_max_sum<<<blocks, BLOCK_SIZE>>>(d_in, n, d_max, d_sum);
  CUDA_CHECK(cudaGetLastError());
  std::vector<double> max_ref(blocks, -FLT_MAX), sum_ref(blocks, 0.0);
  for (int i = 0; i < n; ++i) {
    max_ref[i / BLOCK_SIZE] = std::max(max_ref[i / BLOCK_SIZE], (double)in[i]);
    sum_ref[i / BLOCK_SIZE] += in[i];
  }
  int failures = check_close(rec, "block_maxima", to_host(d_max, blocks), max_ref, 0.0);
  failures += check_close(rec, "block_sums", to_host(d_sum, blocks), sum_ref, 1e-4);
  time_kernel(rec, "block_max_sum", [&] { block_max_sum<<<blocks, BLOCK_SIZE>>>(d_in, n, d_max, d_sum); });
  CUDA_CHECK(cudaFree(d_in)); CUDA_CHECK(cudaFree(d_max)); CUDA_CHECK(cudaFree(d_sum));
  int status = hc_record_end(rec);
  return failures ? 1 : status;
}
