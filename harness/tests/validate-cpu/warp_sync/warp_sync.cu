// warp_sync.cu: the last steps of a block reduction written warp-synchronously (a volatile pointer to shared
// memory, no __syncwarp), which HIP-CPU cannot run faithfully: validate's wave64 tier must refuse it unbuilt.
#include <cstdio>

__global__ void reduce(const int *in, int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 32) {
    volatile int *v = s;
    for (int o = 32; o > 0; o /= 2) v[threadIdx.x] += v[threadIdx.x + o];
  }
  if (threadIdx.x == 0) *out = s[0];
}

int main() {
  int in[64], out = 0, *d_in, *d_out;
  for (int i = 0; i < 64; ++i) in[i] = i;
  cudaMalloc(&d_in, sizeof in);
  cudaMalloc(&d_out, sizeof out);
  cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
  reduce<<<1, 64>>>(d_in, d_out);
  cudaMemcpy(&out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  printf("%s\n", out == 2016 ? "PASS" : "FAIL");
  return out == 2016 ? 0 : 1;
}
