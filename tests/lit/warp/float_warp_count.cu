// The number of warps computed in floating point (blockDim.x / 32.f, which rounds up where blockDim.x is
// no multiple of 32) is lane arithmetic too: left at 32 while the reduction around it is rewritten, a
// 64-lane block reduction read per-warp slots no warp wrote. The literal becomes warpSize in its own type.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffff, v, offset, 32);
  return v;
}

__global__ void block_sum(const float *in, float *out) {
  static __shared__ float partial[32];
  // CHECK: {{^ *}}int lane = threadIdx.x & (warpSize - 1);
  int lane = threadIdx.x & 0x1f;
  // CHECK: {{^ *}}int wid = threadIdx.x / warpSize;
  int wid = threadIdx.x >> 5;
  float v = warp_sum(in[threadIdx.x]);
  if (lane == 0) partial[wid] = v;
  __syncthreads();
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3001: 'blockDim.x / 32.f' on a thread index assumes a 32-lane warp
  // CHECK: {{^ *}}v = (threadIdx.x < (blockDim.x / (float)warpSize)) ? partial[lane] : 0.0f;
  v = (threadIdx.x < (blockDim.x / 32.f)) ? partial[lane] : 0.0f;
  v = warp_sum(v);
  // CHECK: {{^ *}}if (threadIdx.x == 0) out[0] = v + (double)(blockDim.x / (double)warpSize) * 0;
  if (threadIdx.x == 0) out[0] = v + (double)(blockDim.x / 32.0) * 0;
}

// Data divided by 32.f is no lane arithmetic: no report
__global__ void scale(float *x) {
  // DIAG-NOT: HC3001: 'x[threadIdx.x] / 32.f'
  // CHECK: {{^ *}}x[threadIdx.x] = x[threadIdx.x] / 32.f;
  x[threadIdx.x] = x[threadIdx.x] / 32.f;
}
