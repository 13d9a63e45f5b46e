// A file whose hazards the option could not rewrite says so once (HC3016), so a --fix-warp-size run that
// rewrote nothing is not taken for one that made the file right for 64 lanes; a file with every hazard
// rewritten gets no such note (lane_bit_parens.cu), and without --fix-warp-size there is none.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck --check-prefix=NOFIX %s

// a mask macro of a header serves files this run may not see: reported, kept
// CHECK: {{^}}#define VOTE_MASK 0xffffffff
#define VOTE_MASK 0xffffffff

__global__ void any_of(const unsigned *in, unsigned *out) {
  // CHECK: {{^ *}}out[threadIdx.x] = __any_sync(VOTE_MASK, in[threadIdx.x]);
  out[threadIdx.x] = __any_sync(VOTE_MASK, in[threadIdx.x]);
}

__global__ void all_of(const unsigned *in, unsigned *out) {
  // CHECK: {{^ *}}out[threadIdx.x] = __all_sync(VOTE_MASK, in[threadIdx.x]);
  out[threadIdx.x] = __all_sync(VOTE_MASK, in[threadIdx.x]);
}
// DIAG: left_as_written.cuh: note: HC3016: --fix-warp-size rewrote 0 of the 2 warp-size hazards in this file; the other 2, and the code that shares their values, are left as written (the warnings) [warp-size]
// NOFIX: warning: HC3003
// NOFIX-NOT: HC3016
