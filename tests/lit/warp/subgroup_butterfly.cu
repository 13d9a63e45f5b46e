// A butterfly over 32-lane groups spelled with a bound other than "< 32" ("< 0x1f", "<= 31") may mean
// 32-lane groups on purpose: on 64 lanes, as written, each half sums its own 32 lanes. Rewriting the lane
// ("& 0x1f" to "& (warpSize - 1)") without the bound made lanes 32-63 sum values 32-63 over a 32-lane
// butterfly, a result neither width gives; rewriting both would sum 64 lanes where the host expects 32.
// So the loop is reported and its function (with what it calls) stays as written.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

__global__ void xor_sum_hex(int *out) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3001: 'threadIdx.x & 0x1f' on a thread index
  // CHECK: {{^ *}}int value = (threadIdx.x & 0x1f);
  int value = (threadIdx.x & 0x1f);
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3011: shuffle loop bound '0x1f' stops at 32 lanes
  // CHECK: {{^ *}}for (int mask = 1; mask < 0x1f; mask *= 2)
  for (int mask = 1; mask < 0x1f; mask *= 2)
    value += __shfl_xor_sync(0xffffffff, value, mask);
  out[threadIdx.x] = value;
}

__global__ void xor_sum_le(int *out) {
  // CHECK: {{^ *}}int value = threadIdx.x % 32;
  int value = threadIdx.x % 32;
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3011: shuffle loop bound '31' stops at 32 lanes
  // CHECK: {{^ *}}for (int d = 1; d <= 31; d <<= 1)
  for (int d = 1; d <= 31; d <<= 1)
    value += __shfl_xor_sync(0xffffffff, value, d);
  out[threadIdx.x] = value;
}

// Sub-warp groups (offsets below 16) say nothing about the warp: no report
__global__ void xor_sum_sg16(int *out) {
  int value = threadIdx.x & 0xf;
  // DIAG-NOT: HC3011: shuffle loop bound '0xf'
  for (int mask = 1; mask < 0xf; mask *= 2)
    value += __shfl_xor_sync(0xffffffff, value, mask);
  out[threadIdx.x] = value;
}

// The canonical bound is still rewritten with its lane
__global__ void xor_sum_canonical(int *out) {
  // CHECK: {{^ *}}int value = threadIdx.x % warpSize;
  int value = threadIdx.x % 32;
  // CHECK: {{^ *}}for (int d = 1; d < warpSize; d *= 2)
  for (int d = 1; d < 32; d *= 2)
    value += __shfl_xor_sync(0xffffffff, value, d);
  out[threadIdx.x] = value;
}
// DIAG: subgroup_butterfly.cu: note: HC3016: --fix-warp-size rewrote
