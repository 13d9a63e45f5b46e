// warp_reduce.cu: per-block int sums and per-warp float maxima by shuffle reductions written for 32 lanes
// (mask 0xffffffff, offsets from 16, lane = threadIdx.x & 31), checked on the CPU; no shared memory.
#include "warp_common.cuh"

__inline__ __device__ int warp_sum(int v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

// Butterfly: every lane ends with the maximum of its warp.
__inline__ __device__ float warp_max(float v) {
  for (int mask = 16; mask >= 1; mask >>= 1)
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, mask));
  return v;
}

// Each warp adds its sum to its block's total: integer atomics are exact in any order.
__global__ void block_sums(const int *in, int n, int *sums) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = i < n ? in[i] : 0;
  v = warp_sum(v);
  if (lane == 0) atomicAdd(&sums[blockIdx.x], v);
}

__global__ void warp_maxima(const float *in, int n, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : -INFINITY;
  v = warp_max(v);
  if (i < n) out[i] = v;
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  const int threads = 256, n = (1 << 20) + 77, blocks = (n + threads - 1) / threads;
  const int warp = device_warp_size();
  std::vector<int> in = random_ints(n, -1000, 1000, 11);
  std::vector<float> fin(n);
  for (int i = 0; i < n; ++i) fin[i] = (float)in[i] * 0.25f;
  int *d_in = to_device(in), *d_sums = NULL;
  float *d_fin = to_device(fin), *d_max = poisoned_output<float>(rec, n);
  CUDA_CHECK(cudaMalloc((void **)&d_sums, blocks * sizeof(int)));
  CUDA_CHECK(cudaMemset(d_sums, 0, blocks * sizeof(int)));
  block_sums<<<blocks, threads>>>(d_in, n, d_sums);
  warp_maxima<<<blocks, threads>>>(d_fin, n, d_max);
  CUDA_CHECK(cudaGetLastError());

  std::vector<int> sums_ref(blocks, 0);
  for (int i = 0; i < n; ++i) sums_ref[i / threads] += in[i];
  std::vector<double> max_ref(n);
  for (int base = 0; base < n; base += warp) {
    float m = -INFINITY;
    for (int i = base; i < base + warp && i < n; ++i) m = std::max(m, fin[i]);
    for (int i = base; i < base + warp && i < n; ++i) max_ref[i] = m;
  }
  int failures = check_exact(rec, "block_sums", to_host(d_sums, blocks), sums_ref);
  failures += check_close(rec, "warp_maxima", to_host(d_max, n), max_ref, 0.0);
  time_kernel(rec, "block_sums", [&] { block_sums<<<blocks, threads>>>(d_in, n, d_sums); });
  CUDA_CHECK(cudaFree(d_in)); CUDA_CHECK(cudaFree(d_sums)); CUDA_CHECK(cudaFree(d_fin)); CUDA_CHECK(cudaFree(d_max));
  int status = hc_record_end(rec);
  return failures ? 1 : status;
}
