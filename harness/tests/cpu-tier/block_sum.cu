// block_sum.cu: per-block sums by a warp-size-independent shuffle reduction whose second stage runs in the first
// warp only, recorded for the harness; SUM_BIAS (test only) shifts the recorded sums to plant a differing recording.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "hc_record.h"

__device__ int warp_sum(int v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void block_sum(const int *in, int *out) {
  __shared__ int partial[32];
  const int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
  int v = warp_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
  if (lane == 0) partial[wid] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / warpSize ? partial[lane] : 0;
  if (wid == 0) v = warp_sum(v);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  const int blocks = 8, threads = 256, n = blocks * threads;
  std::vector<int> in(n), out(blocks), want(blocks, 0);
  for (int i = 0; i < n; ++i) want[i / threads] += in[i] = (i * 7919) % 201 - 100;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, blocks * sizeof(int));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  block_sum<<<blocks, threads>>>(d_in, d_out);
  cudaMemcpy(out.data(), d_out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  double worst = 0;
  for (int b = 0; b < blocks; ++b) worst = std::max(worst, (double)abs(out[b] - want[b]));
  const char *bias = getenv("SUM_BIAS");
  for (int b = 0; b < blocks && bias; ++b) out[b] += atoi(bias);
  hc_record_i32(rec, "block_sums", out.data(), blocks);
  hc_record_check(rec, "block_sums", worst, 0);
  cudaFree(d_in);
  cudaFree(d_out);
  return hc_record_end(rec);
}
