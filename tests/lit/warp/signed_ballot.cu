// Warp-aggregated increment with the peers' mask kept in a signed int: the int is reported (widening it
// would sign-extend) and, since the mask keeps 32 bits, the lane bits, bit counts and ballots it is
// computed from and combined with stay 32-bit as well: widening some of them (the ballot beside it, the
// lane bit it is masked with) while it stays 32-bit gave a port that is right on neither width.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

__device__ int aggregated_inc(int *ptr) {
  int mask;
  unsigned lane_id = threadIdx.x % warpSize;
  for (int i = 0; i < warpSize; i++) {
    unsigned long long other = __shfl_sync(__activemask(), (unsigned long long)ptr, i);
    // CHECK: {{^ *}}unsigned same = __ballot_sync(__activemask(), other == (unsigned long long)ptr);
    unsigned same = __ballot_sync(__activemask(), other == (unsigned long long)ptr);
    // DIAG: {{.*}}:[[@LINE+1]]:{{[0-9]+}}: warning: HC3004: result of 'same' stored in a 32-bit type
    if (i == lane_id) mask = same;
  }
  // CHECK: {{^ *}}int leader = __ffs(mask) - 1;
  int leader = __ffs(mask) - 1;
  int res = 0;
  // CHECK: {{^ *}}if (lane_id == leader) res = atomicAdd(ptr, __popc(mask));
  if (lane_id == leader) res = atomicAdd(ptr, __popc(mask));
  res = __shfl_sync(mask, res, leader);
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3014: '1 << lane_id' builds a lane bit in 32 bits
  // CHECK: {{^ *}}return res + __popc(mask & ((1 << lane_id) - 1));
  return res + __popc(mask & ((1 << lane_id) - 1));
}

__global__ void count(int *d, int s) { aggregated_inc(d + threadIdx.x % s); }
// DIAG: signed_ballot.cu: note: HC3016: --fix-warp-size rewrote 0 of the {{[0-9]+}} warp-size hazards in this file
