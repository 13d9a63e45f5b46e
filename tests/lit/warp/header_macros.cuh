// Macros of a header serve files this run may not see (their host code, their array bounds): a warp-size
// or mask macro there is reported and kept, and so is the lane arithmetic that uses it. Masks with a
// mask-like name are reported at the definition when the header itself never passes them.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

// DIAG: {{.*}}:[[@LINE+2]]:9: warning: HC3002: 'WARP_SIZE' is defined as 32 and used as a warp size [warp-size]
// CHECK: {{^}}#define WARP_SIZE 32
#define WARP_SIZE 32
// DIAG: {{.*}}:[[@LINE+2]]:9: warning: HC3003: 32-bit full mask 'FULL_MASK' passed to 'warp intrinsics in other files' covers only half of a 64-lane wavefront [warp-size]
// CHECK: {{^}}#define FULL_MASK 0xffffffff
#define FULL_MASK 0xffffffff
// CHECK: {{^}}#define MAX_U32 0xffffffffu
#define MAX_U32 0xffffffffu

// CHECK: {{^}}__device__ inline int lane_of() { return threadIdx.x % WARP_SIZE; }
__device__ inline int lane_of() { return threadIdx.x % WARP_SIZE; }
// DIAG-NOT: MAX_U32
