// Rewritten code is stable: a second --fix-warp-size run changes nothing and finds nothing to rewrite
// (full-wave masks, 64-bit ballots and lane bits, warpSize arithmetic and [64] arrays raise nothing).
// RUN: %hipify --fix-warp-size %s -o %t.1.cu 2>/dev/null
// RUN: %hipify --fix-warp-size %t.1.cu -o %t.2.cu 2>%t.2.diag
// RUN: diff %t.1.cu %t.2.cu
// RUN: not grep -E 'HC30' %t.2.diag
#define WARP_SIZE 32
#define FULL 0xffffffff

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(FULL, v, offset);
  return v;
}

__global__ void kernel(const int *in, int *out, float *f) {
  __shared__ int per_lane[32];
  int lane = threadIdx.x & 31, warp = threadIdx.x / WARP_SIZE;
  unsigned ballot = __ballot_sync(0xffffffff, in[threadIdx.x] > 0);
  unsigned below = ballot & ((1u << lane) - 1);
  per_lane[lane] = __popc(below);
  for (int d = 1; d < 32; d *= 2) per_lane[lane] += __shfl_up_sync(0xffffffff, per_lane[lane], d);
  if (lane == 31) out[warp] = per_lane[lane] + __popc(ballot);
  f[threadIdx.x] = warp_sum((float)in[threadIdx.x]);
  if (__activemask() == 0xffffffff) out[0] = 1;
}
