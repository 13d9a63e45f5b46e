// lane_vote.cu: a ballot that only the first ten lanes of each warp execute: right on a GPU, and a construct the
// wave64 tier's HIP-CPU cannot run as a wavefront does, so run-cpu must report it not runnable, never a result.
#include <vector>

#include "hc_record.h"

__global__ void vote(unsigned *out) {
  const int lane = threadIdx.x % warpSize;
  unsigned b = 0;
  if (lane < 10) b = __ballot_sync(0x3ff, 1);
  out[threadIdx.x] = b;
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  std::vector<unsigned> out(64);
  unsigned *d_out;
  cudaMalloc(&d_out, 64 * sizeof(unsigned));
  vote<<<1, 64>>>(d_out);
  cudaMemcpy(out.data(), d_out, 64 * sizeof(unsigned), cudaMemcpyDeviceToHost);
  double wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += out[i] != ((i % 32) < 10 ? 0x3ffu : 0u);
  hc_record_u32(rec, "votes", out.data(), 64);
  hc_record_check(rec, "votes", wrong, 0);
  cudaFree(d_out);
  return hc_record_end(rec);
}
