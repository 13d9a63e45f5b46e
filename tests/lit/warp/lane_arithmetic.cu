// Lane arithmetic on thread indices (% 32, / 32, & 31, >> 5, == 31, warp * 32), directly and through
// locals initialised from threadIdx, is reported and, with --fix-warp-size, rewritten with warpSize.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --check-prefix=NOFIX %s
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck --check-prefix=NOFIXDIAG %s
// Without the flag the hazard is a warning; once rewritten it stays reported, as a note.
// NOFIXDIAG: warning: HC3001: 'threadIdx.x % 32'
// NOFIXDIAG-NOT: HC3009
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | grep 'note: HC3009' | count 6

__global__ void lanes(int *out) {
  // DIAG: {{.*}}:[[@LINE+2]]:14: note: HC3001: 'threadIdx.x % 32' on a thread index assumes a 32-lane warp; AMD wavefronts have 64 lanes [warp-size]
  // CHECK: {{^ *}}int lane = threadIdx.x % warpSize;
  int lane = threadIdx.x % 32;
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3001: 'threadIdx.x / 32'
  // CHECK: {{^ *}}int warp = threadIdx.x / warpSize;
  int warp = threadIdx.x / 32;
  int tid = threadIdx.x;
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3001: 'tid & 31'
  // CHECK: {{^ *}}int lane2 = tid & (warpSize - 1);
  int lane2 = tid & 31;
  // a shift of threadIdx itself is non-negative: >> 5 becomes / warpSize
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3001: 'threadIdx.x >> 5'
  // CHECK: {{^ *}}int warp2 = threadIdx.x / warpSize;
  int warp2 = threadIdx.x >> 5;
  // DIAG: {{.*}}:[[@LINE+3]]:{{[0-9]+}}: note: HC3001: 'lane == 31'
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3001: 'warp * 32'
  // CHECK: {{^ *}}if (lane == (warpSize - 1)) out[warp] = warp * warpSize + lane2 + warp2;
  if (lane == 31) out[warp] = warp * 32 + lane2 + warp2;
  // NOFIX: {{^ *}}int lane = threadIdx.x % 32;
  // NOFIX: {{^ *}}if (lane == 31) out[warp] = warp * 32 + lane2 + warp2;
}
