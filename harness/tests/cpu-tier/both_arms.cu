// both_arms.cu: a __ballot_sync in each arm of a branch that divides a warp: a GPU runs the arms one after the
// other; HIP-CPU would let all lanes meet in one ballot and mix the two votes, so run-cpu must report it not
// runnable, naming both places (through the shim's *_sync helpers, which forward their caller's place).
#include <vector>

#include "hc_record.h"

__global__ void vote(unsigned long long *out) {
  const int lane = threadIdx.x % warpSize;
  unsigned long long b;
  if (lane < 10)
    b = __ballot_sync(0x3ff, 1);
  else
    b = __ballot_sync(~0x3ffull, lane < 20);
  out[threadIdx.x] = b;
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  std::vector<unsigned long long> out(64);
  unsigned long long *d_out;
  cudaMalloc(&d_out, 64 * sizeof(unsigned long long));
  vote<<<1, 64>>>(d_out);
  cudaMemcpy(out.data(), d_out, 64 * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
  double wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += out[i] != (i < 10 ? 0x3ffull : i < 32 ? 0xffc00ull : 0ull);
  std::vector<uint32_t> low(64);
  for (int i = 0; i < 64; ++i) low[i] = (uint32_t)out[i];
  hc_record_u32(rec, "votes", low.data(), 64);
  hc_record_check(rec, "votes", wrong, 0);
  cudaFree(d_out);
  return hc_record_end(rec);
}
