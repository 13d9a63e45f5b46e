// Constants defined as 32 and used as a warp size: a #define used only in device code at run time becomes
// warpSize; one that also sizes an array (a constant expression: warpSize is not constexpr in CUDA) or is
// used on the host is reported and kept, and then the lane arithmetic of the functions using it is kept too.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

// DIAG: {{.*}}:[[@LINE+4]]:{{[0-9]+}}: note: HC3002: 'WARP_SIZE' is defined as 32 and used as a warp size [warp-size]
// CHECK: {{^}}#ifndef WARP_SIZE
// CHECK-NEXT: {{^}}#define WARP_SIZE warpSize
#ifndef WARP_SIZE
#define WARP_SIZE 32
#endif

__global__ void uses_define(int *out) {
  // CHECK: {{^ *}}int lane = threadIdx.x % WARP_SIZE;
  int lane = threadIdx.x % WARP_SIZE;
  // CHECK: {{^ *}}out[threadIdx.x] = lane + threadIdx.x / WARP_SIZE * WARP_SIZE;
  out[threadIdx.x] = lane + threadIdx.x / WARP_SIZE * WARP_SIZE;
}

// Array bounds need constants: a per-lane bound [WIDTH] becomes [64] (the widest wave) and a per-warp
// bound [N / WIDTH] becomes [N / 32] (room for the most warps); both only over-allocate.
// DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3002: 'WIDTH' is defined as 32
// CHECK: {{^}}#define WIDTH warpSize
#define WIDTH 32
__global__ void bounds(float *out) {
  // CHECK: {{^ *}}__shared__ float per_warp[256 / 32];
  __shared__ float per_warp[256 / WIDTH];
  // CHECK: {{^ *}}__shared__ float per_lane[64];
  __shared__ float per_lane[WIDTH];
  int lane = threadIdx.x % WIDTH;
  per_lane[lane] = out[threadIdx.x];
  per_warp[threadIdx.x / WIDTH] = per_lane[lane];
  out[threadIdx.x] = per_warp[threadIdx.x / WIDTH];
}

// Any other constant expression keeps the constant: a rounded-up bound, and then the literal lane
// arithmetic of the function using it stays too, so both halves of the lane split agree.
// DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3002: 'LANES' is defined as 32
// CHECK: {{^}}#define LANES 32
#define LANES 32
__global__ void sized(float *out) {
  // CHECK: {{^ *}}__shared__ float partial[(256 + LANES - 1) / LANES];
  __shared__ float partial[(256 + LANES - 1) / LANES];
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3001: 'threadIdx.x / 32'
  // CHECK: {{^ *}}int warp = threadIdx.x / 32;
  int warp = threadIdx.x / 32;
  partial[warp] = threadIdx.x % LANES;
  out[threadIdx.x] = partial[warp];
}

// A const local in device code used at run time becomes warpSize; a constexpr cannot (and then the
// lane arithmetic beside it stays 32-based too).
__global__ void locals(int *out) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3002: 'kWarp' is defined as 32
  // CHECK: {{^ *}}const int kWarp = warpSize;
  const int kWarp = 32;
  out[threadIdx.x] = threadIdx.x % kWarp;
}
__global__ void constexpr_local(int *out) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3002: 'kWarpWidth' is defined as 32
  // CHECK: {{^ *}}constexpr int kWarpWidth = 32;
  constexpr int kWarpWidth = 32;
  // CHECK: {{^ *}}out[threadIdx.x] = threadIdx.x % kWarpWidth + threadIdx.x / 32;
  out[threadIdx.x] = threadIdx.x % kWarpWidth + threadIdx.x / 32;
}

// A constant of 32 that is not a warp size is not reported.
#define TILE 32
__global__ void tiles(float *out) {
  __shared__ float tile[TILE][TILE + 1];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
// DIAG-NOT: 'TILE'

// A template parameter defaulting to 32 is a constant by nature: reported, kept, and its users' lane
// arithmetic kept with it (the caller is linked to the template it calls).
// DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3002: 'kWarpSize' is defined as 32
// CHECK: {{^}}template <typename T, int kWarpSize = 32>
template <typename T, int kWarpSize = 32>
__device__ T reduce(T v) {
  for (int o = kWarpSize / 2; o > 0; o /= 2) v += __shfl_down_sync(__activemask(), v, o);
  return v;
}
__global__ void uses_template(float *out) {
  // CHECK: {{^ *}}int lane = threadIdx.x % 32;
  int lane = threadIdx.x % 32;
  float v = reduce<float>(out[threadIdx.x]);
  if (lane == 0) out[threadIdx.x] = v;
}
// DIAG-NOT: 'TILE'
