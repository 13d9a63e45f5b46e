// warp_sum.cu: an unmodified-style program (no harness API) for validate's wave64 tier: sums N numbers (argv[1])
// by a shuffle reduction written for any warp size, prints the sum and checks it against the host's ("PASS").
#include <cstdio>
#include <cstdlib>
#include <vector>

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
  const int threads = 256, n = argc > 1 ? atoi(argv[1]) : 8192, blocks = n / threads;
  std::vector<int> in(n), out(blocks);
  long long want = 0, got = 0;
  for (int i = 0; i < n; ++i) want += in[i] = (i * 7919) % 201 - 100;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, blocks * sizeof(int));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  block_sum<<<blocks, threads>>>(d_in, d_out);
  cudaMemcpy(out.data(), d_out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) got += out[b];
  printf("n = %d\nsum = %lld\n%s\n", n, got, got == want ? "PASS" : "FAIL");
  cudaFree(d_in);
  cudaFree(d_out);
  return got == want ? 0 : 1;
}
