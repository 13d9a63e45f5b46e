// lane_vote.cu: a ballot that only the first ten lanes of each warp execute: right on a GPU, and a construct
// HIP-CPU cannot run as a wavefront does, so validate's wave64 tier must report it not runnable, never a result.
#include <cstdio>

__global__ void vote(unsigned *out) {
  const int lane = threadIdx.x % warpSize;
  unsigned b = 0;
  if (lane < 10) b = __ballot_sync(0x3ff, 1);
  out[threadIdx.x] = b;
}

int main() {
  unsigned out[64], *d_out;
  cudaMalloc(&d_out, sizeof out);
  vote<<<1, 64>>>(d_out);
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += out[i] != ((i % 32) < 10 ? 0x3ffu : 0u);
  printf("%s\n", wrong ? "FAIL" : "PASS");
  return wrong ? 1 : 0;
}
