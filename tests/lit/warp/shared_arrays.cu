// Per-warp arrays: a bound computed as threads / 32 is reported (it over-allocates for 64 lanes, which
// is safe); a [32] array indexed by a lane is enlarged to [64] when the lane arithmetic is rewritten,
// unless sizeof reads it (then nothing in the function is rewritten).
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

#define THREADS 256
__global__ void per_warp(float *out) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3007: array sized by 'THREADS / 32' assumes 32-lane warps [warp-size]
  // CHECK: {{^ *}}__shared__ float sums[THREADS / 32];
  __shared__ float sums[THREADS / 32];
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3007: array sized by '32' assumes 32-lane warps [warp-size]
  // CHECK: {{^ *}}__shared__ float by_lane[64];
  __shared__ float by_lane[32];
  // CHECK: {{^ *}}int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  by_lane[lane] = out[threadIdx.x];
  if (lane == 0) sums[warp] = by_lane[0];
  out[threadIdx.x] = sums[warp];
}

__global__ void measured(float *out) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3007: array sized by '32'
  // CHECK: {{^ *}}__shared__ float buf[32];
  __shared__ float buf[32];
  // CHECK: {{^ *}}buf[threadIdx.x % 32] = out[threadIdx.x] + sizeof(buf);
  buf[threadIdx.x % 32] = out[threadIdx.x] + sizeof(buf);
  // CHECK: {{^ *}}out[threadIdx.x] = buf[threadIdx.x / 32];
  out[threadIdx.x] = buf[threadIdx.x / 32];
}

// Dynamic shared memory sized on the host by 32-lane warps: reported (over-allocating is safe).
extern __global__ void dyn(float *out);
void launch(float *out, int threads) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3007: array sized by 'threads / 32 * sizeof(float)' assumes 32-lane warps [warp-size]
  // CHECK: {{^ *}}dyn<<<1, threads, threads / 32 * sizeof(float)>>>(out);
  dyn<<<1, threads, threads / 32 * sizeof(float)>>>(out);
  // A grid written in braces is one argument of the configuration: the third is still the size.
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3007: array sized by 'threads / 32 * sizeof(float)' assumes 32-lane warps [warp-size]
  // CHECK: {{^ *}}dyn<<<dim3{1, 1}, threads, threads / 32 * sizeof(float)>>>(out);
  dyn<<<dim3{1, 1}, threads, threads / 32 * sizeof(float)>>>(out);
}

// Code that already computes lanes with warpSize still overflows a [32] array on 64 lanes: enlarged.
__global__ void already_portable(float *out) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3007: array sized by '32'
  // CHECK: {{^ *}}__shared__ float per_lane[64];
  __shared__ float per_lane[32];
  int lane = threadIdx.x % warpSize;
  per_lane[lane] = out[threadIdx.x];
  out[threadIdx.x] = per_lane[lane];
}
