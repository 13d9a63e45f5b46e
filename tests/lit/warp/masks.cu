// 32-bit full masks passed to mask-taking intrinsics (literal, ~0u, a #define, a local constant) become
// the full-wave mask; a ballot compared with 0xffffffff is reported and compared with it too.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

// DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3009: full-wave mask: '0xffffffff' -> '(~0ull >> (64 - warpSize))'
// CHECK: {{^}}#define FULL_MASK (~0ull >> (64 - warpSize))
#define FULL_MASK 0xffffffff

__global__ void masks(float *v, int *flag) {
  float x = v[threadIdx.x];
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3003: 32-bit full mask '0xffffffffu' passed to '__shfl_xor_sync' covers only half of a 64-lane wavefront [warp-size]
  // CHECK: {{^ *}}x += __shfl_xor_sync((~0ull >> (64 - warpSize)), x, 1);
  x += __shfl_xor_sync(0xffffffffu, x, 1);
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3003: 32-bit full mask '~0u' passed to '__shfl_down_sync'
  // CHECK: {{^ *}}x += __shfl_down_sync((~0ull >> (64 - warpSize)), x, 1);
  x += __shfl_down_sync(~0u, x, 1);
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3003: 32-bit full mask 'FULL_MASK' passed to '__any_sync'
  // CHECK: {{^ *}}int any = __any_sync(FULL_MASK, x > 0.0f);
  int any = __any_sync(FULL_MASK, x > 0.0f);
  // CHECK: {{^ *}}const unsigned long long mask = (~0ull >> (64 - warpSize));
  const unsigned mask = 0xffffffff;
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3003: 32-bit full mask 'mask' passed to '__syncwarp'
  // CHECK: {{^ *}}__syncwarp(mask);
  __syncwarp(mask);
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3013: ballot compared with 32-bit full mask '0xffffffff': never equal on a full 64-lane wavefront [warp-size]
  // CHECK: {{^ *}}if (__activemask() == (~0ull >> (64 - warpSize))) *flag = any;
  if (__activemask() == 0xffffffff) *flag = any;
  // ~0 (int -1) converts to all 64 bits already: left alone
  // CHECK: {{^ *}}v[threadIdx.x] = x + __shfl_sync(~0, x, 0);
  v[threadIdx.x] = x + __shfl_sync(~0, x, 0);
}

// A mask constant also used outside mask arguments is reported at each use but not rewritten.
// CHECK: {{^}}#define ALL_LANES 0xffffffff
#define ALL_LANES 0xffffffff
__global__ void mixed(unsigned *out) {
  // DIAG: {{.*}}:[[@LINE+1]]:{{[0-9]+}}: warning: HC3003: 32-bit full mask 'ALL_LANES' passed to '__ballot_sync'
  out[0] = __ballot_sync(ALL_LANES, 1) & 1u;
  out[1] = ALL_LANES;
}

// A mask held in a 32-bit parameter cannot name lanes 32-63 (and HIP 6.2+ rejects it): reported.
__device__ float broadcast(float x, unsigned mask) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3015: mask 'mask' passed to '__shfl_sync' is held in a 32-bit type: it cannot name lanes 32-63 [warp-size]
  // CHECK: {{^ *}}return __shfl_sync(mask, x, 0);
  return __shfl_sync(mask, x, 0);
}
