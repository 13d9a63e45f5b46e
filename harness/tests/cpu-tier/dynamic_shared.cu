// dynamic_shared.cu: a block sum in dynamic shared memory declared extern __shared__, which HIP-CPU cannot build
// (it knows only its HIP_DYNAMIC_SHARED macro): the wave64 tier must refuse it by its source scan, naming the API.
#include <vector>

#include "hc_record.h"

__global__ void block_sum(const int *in, int *out) {
  extern __shared__ int s[];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) s[threadIdx.x] += s[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0) *out = s[0];
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  std::vector<int> in(128, 1);
  int *d_in, *d_out, out = 0;
  cudaMalloc(&d_in, 128 * sizeof(int));
  cudaMalloc(&d_out, sizeof(int));
  cudaMemcpy(d_in, in.data(), 128 * sizeof(int), cudaMemcpyHostToDevice);
  block_sum<<<1, 128, 128 * sizeof(int)>>>(d_in, d_out);
  cudaMemcpy(&out, d_out, sizeof(int), cudaMemcpyDeviceToHost);
  hc_record_i32(rec, "block_sum", &out, 1);
  cudaFree(d_in);
  cudaFree(d_out);
  hc_record_check(rec, "block_sum", out == 128 ? 0 : 1, 0);
  return hc_record_end(rec);
}
