// Ballot and activemask results kept in 32-bit types are reported; unsigned 32-bit variables whose every
// use keeps the low 32 bits become unsigned long long, and __popc/__ffs on them __popcll/__ffsll.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

__global__ void count(const int *in, int *out) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3004: result of '__ballot_sync' stored in a 32-bit type: the upper 32 lanes are lost on wave64 [warp-size]
  // CHECK: {{^ *}}unsigned long long ballot = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  unsigned ballot = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3005: '__popc' applied to a ballot result counts only 32 lanes [warp-size]
  // CHECK: {{^ *}}out[0] = __popcll(ballot);
  out[0] = __popc(ballot);
  // CHECK: {{^ *}}out[1] = __ffsll(ballot) - 1;
  out[1] = __ffs(ballot) - 1;
}

// __clzll would count 32 more zeros for the same value: reported, not rewritten; and then the ballot it
// reads keeps 32 bits, and so do the other counts of it (a 64-lane count beside a 32-lane highest lane
// would describe two different warps)
__global__ void highest(const int *in, int *out) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3004: result of '__ballot_sync' stored in a 32-bit type
  // CHECK: {{^ *}}unsigned ballot = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  unsigned ballot = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  // CHECK: {{^ *}}out[0] = __popc(ballot);
  out[0] = __popc(ballot);
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3005: '__clz' applied
  // CHECK: {{^ *}}out[2] = 31 - __clz(ballot);
  out[2] = 31 - __clz(ballot);
}

__global__ void unsafe_uses(int *out) {
  // ~m and m << 1 produce high bits a 64-bit variable would keep: reported, type left alone
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3004: result of '__activemask'
  // CHECK: {{^ *}}unsigned m = __activemask();
  unsigned m = __activemask();
  out[0] = __popc(~m) + (int)(m << 1);
  // a signed int: reported, not widened, and __popc of it would sign-extend as __popcll
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3004: result of '__ballot_sync'
  // CHECK: {{^ *}}int s = __ballot_sync(__activemask(), out[1] > 0);
  int s = __ballot_sync(__activemask(), out[1] > 0);
  // CHECK: {{^ *}}out[3] = __popc(s);
  out[3] = __popc(s);
  // DIAG: {{.*}}:[[@LINE+1]]:{{[0-9]+}}: warning: HC3004: result of '__ballot_sync'
  out[4] = (unsigned)__ballot_sync(__activemask(), 1);
}

// A function returning a ballot in 32 bits, and the idioms that stay width-safe: pending &= ~group,
// x &= x - 1, the mask as a shuffle mask.
// DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3004: result of 'peers_of'
// CHECK: {{^}}__device__ unsigned long long peers_of(int key) {
__device__ unsigned peers_of(int key) {
  // CHECK: {{^ *}}unsigned long long pending = __activemask();
  unsigned pending = __activemask();
  // CHECK: {{^ *}}unsigned long long mine = 0;
  unsigned mine = 0;
  while (pending) {
    int leader = __ffs(pending) - 1;
    int leader_key = __shfl_sync(pending, key, leader);
    // CHECK: {{^ *}}unsigned long long group = __ballot_sync(pending, key == leader_key);
    unsigned group = __ballot_sync(pending, key == leader_key);
    if (key == leader_key) mine = group;
    pending &= ~group;
  }
  return mine;
}

// Two declarators: reported, not rewritten (the type would change both); the mask kept in 32 bits keeps
// the rest of its function 32-lane too
__device__ unsigned spare_of(void) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3004: result of '__activemask'
  // CHECK: {{^ *}}unsigned spare = __activemask(), mine = 0;
  unsigned spare = __activemask(), mine = 0;
  // CHECK: {{^ *}}unsigned all = __activemask();
  unsigned all = __activemask();
  return (mine | spare) & all;
}

// A lane mask passed to a 32-bit parameter: widened when every call passes a lane mask; a function also
// called with other values is reported and kept (a negative int would sign-extend into 64 bits).
// DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3004: result of '__ballot_sync' stored in a 32-bit type
// CHECK: {{^}}__device__ int below(unsigned long long mask, int lane) { return __popcll(mask & ((1ull << lane) - 1)); }
__device__ int below(unsigned mask, int lane) { return __popc(mask & ((1u << lane) - 1)); }
// DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3004: result of '__activemask' stored in a 32-bit type
// CHECK: {{^}}__device__ int mixed(unsigned m) { return __popc(m); }
__device__ int mixed(unsigned m) { return __popc(m); }
__global__ void callers(const int *in, int *out) {
  int lane = threadIdx.x % warpSize;
  out[threadIdx.x] = below(__ballot_sync(__activemask(), in[threadIdx.x] > 0), lane);
}
__global__ void other_callers(int *out) { out[threadIdx.x] = mixed(__activemask()) + mixed(7u); }
// The file's summary: what was left as written is said once, so a run that rewrote little is not taken for
// one that fixed the file
// DIAG: ballot.cu: note: HC3016: --fix-warp-size rewrote {{[0-9]+}} of the {{[0-9]+}} warp-size hazards in this file; the other {{[0-9]+}}, and the code that shares their values, are left as written (the warnings) [warp-size]
