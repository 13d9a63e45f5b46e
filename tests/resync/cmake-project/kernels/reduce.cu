#include <cuda_runtime.h>
#include "util.h"

__global__ void sum(const float *x, float *out, int n) {
  __shared__ float part[DEMO_BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  part[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int k = 0; k < DEMO_BLOCK; k++) s += part[k];
    atomicAdd(out, s);
  }
}

int demo_sum(const float *x, float *out, int n) {
#ifdef DEMO_TEXTURE_LIMITS
  size_t w;
  cudaDeviceGetTexture1DLinearMaxWidth(&w, cudaCreateChannelDesc<float>(), 0);
#endif
  cudaMemset(out, 0, sizeof *out);
  sum<<<demo_blocks(n), DEMO_BLOCK>>>(x, out, n);
  return (int)cudaDeviceSynchronize();
}
