// volatile_reduce.cu: the last steps of a reduction written warp-synchronously (a volatile pointer to shared
// memory, no __syncwarp), which the wave64 tier must refuse by its source scan before building it.
#include <vector>

#include "hc_record.h"

__device__ void warp_reduce(volatile int *s, int tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}

__global__ void reduce(const int *in, int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 32) warp_reduce(s, threadIdx.x);
  if (threadIdx.x == 0) *out = s[0];
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  std::vector<int> in(64, 1);
  int *d_in, *d_out, out = 0;
  cudaMalloc(&d_in, 64 * sizeof(int));
  cudaMalloc(&d_out, sizeof(int));
  cudaMemcpy(d_in, in.data(), 64 * sizeof(int), cudaMemcpyHostToDevice);
  reduce<<<1, 64>>>(d_in, d_out);
  cudaMemcpy(&out, d_out, sizeof(int), cudaMemcpyDeviceToHost);
  hc_record_i32(rec, "sum", &out, 1);
  hc_record_check(rec, "sum", out == 64 ? 0 : 1, 0);
  return hc_record_end(rec);
}
