// Width rewrites are all-or-nothing across functions that call each other: when the caller's lane split
// cannot be rewritten (a signed shift), the callee's reduction keeps its 32-lane start too, because a
// 64-lane reduction under a 32-lane split sums wrongly where the original still summed right. Masks and
// ballot widths are exact on 32 lanes and are rewritten regardless.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s

__device__ float warp_sum(float v) {
  // CHECK: {{^ *}}for (int offset = 16; offset > 0; offset /= 2)
  for (int offset = 16; offset > 0; offset /= 2)
    // CHECK: {{^ *}}v += __shfl_down_sync((~0ull >> (64 - warpSize)), v, offset);
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void caller(const float *in, float *out, int base) {
  int t = base + (int)threadIdx.x;      // signed: t >> 5 is not t / warpSize for negative t
  // CHECK: {{^ *}}int warp = t >> 5;
  int warp = t >> 5;
  float v = warp_sum(in[threadIdx.x]);
  // CHECK: {{^ *}}if ((threadIdx.x & 31) == 0) out[warp] = v;
  if ((threadIdx.x & 31) == 0) out[warp] = v;
}

// An independent kernel is still rewritten.
__global__ void independent(int *out) {
  // CHECK: {{^ *}}out[threadIdx.x] = threadIdx.x % warpSize;
  out[threadIdx.x] = threadIdx.x % 32;
}
