// A lane bit with the lane in parentheses, (1 << (lane)) - 1, is a lane mask like 1 << lane: reported,
// shifted in 64 bits, and the function returning it and the masks it meets are widened with it. A
// declaration right after a preprocessor line (#else) is a declaration: its type is widened too, rather
// than being taken for an assignment of the other branch's variable and reported as fixed.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

// CHECK: {{^}}__device__ unsigned long long lanes_below()
__device__ unsigned int lanes_below()
{
  const unsigned int lane = threadIdx.x & (warpSize - 1);
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3014: '1 <<(lane)' builds a lane bit in 32 bits
  // CHECK: {{^ *}}return (1ull << (lane)) - 1;
  return (1 << (lane)) - 1;
}

__device__ unsigned int rank_of(bool p)
{
  // CHECK: {{^ *}}const unsigned long long mask = lanes_below();
  const unsigned int mask = lanes_below();
#if defined(OLD_VOTE)
  // CHECK: {{^ *}}unsigned long long b = __ballot(p);
  unsigned int b = __ballot(p);
  // CHECK: {{^ *}}return __popcll(b & mask);
  return __popc(b & mask);
#else
  // CHECK: {{^ *}}unsigned long long b = __ballot_sync(mask, p);
  unsigned int b = __ballot_sync(mask, p);
  // CHECK: {{^ *}}return __popcll(b);
  return __popc(b);
#endif
}
// DIAG-NOT: HC3016
