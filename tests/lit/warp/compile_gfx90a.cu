// The rewritten code compiles for a 64-lane target (gfx90a): full-wave masks, 64-bit ballots and lane
// bits, __popcll/__ffsll, warpSize in lane arithmetic and loops, a [64] per-lane array. The runtime shim's
// warp header supplies the *_sync intrinsics on HIP versions that lack them.
// REQUIRES: hipcc
// RUN: %hipify --fix-warp-size %s -o %t.hip 2>/dev/null
// RUN: grep -c 'warpSize' %t.hip | FileCheck --check-prefix=COUNT %s
// RUN: %hipcc -include hipify_shim_warp.h %t.hip -o %t.o
// COUNT: {{^(1[0-9]|[2-9][0-9])$}}
#include <cuda_runtime.h>

#define WARP_SIZE 32

__device__ unsigned peers_of(int key) {
  unsigned pending = __activemask();
  unsigned mine = 0;
  while (pending) {
    int leader = __ffs(pending) - 1;
    int leader_key = __shfl_sync(pending, key, leader);
    unsigned group = __ballot_sync(pending, key == leader_key);
    if (key == leader_key) mine = group;
    pending &= ~group;
  }
  return mine;
}

__device__ int warp_scan(int v, int lane) {
  for (int d = 1; d < 32; d *= 2) {
    int up = __shfl_up_sync(0xffffffff, v, d);
    if (lane >= d) v += up;
  }
  return v;
}

__device__ float warp_sum(float v) {
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void kernel(const int *in, int *out, float *fout) {
  __shared__ int totals[32];
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x >> 5;
  int key = in[threadIdx.x];
  unsigned peers = peers_of(key);
  unsigned ballot = __ballot_sync(0xffffffff, key > 0);
  unsigned below = ballot & ((1u << lane) - 1);
  int v = warp_scan(key, lane);
  if (lane == 31) totals[warp] = v;
  __syncthreads();
  if (warp == 0) totals[lane] = warp_scan(lane < blockDim.x / 32 ? totals[lane] : 0, lane);
  __syncthreads();
  out[threadIdx.x] = v + (warp > 0 ? totals[warp - 1] : 0) + __popc(below) + __popc(peers);
  fout[threadIdx.x] = warp_sum((float)key);
  if (__activemask() == 0xffffffff) out[0] += 1;
}
