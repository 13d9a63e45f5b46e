// Shuffle loops sized for 32 lanes: a halving loop from 16, a doubling loop bounded by 32 (or <= 16),
// a literal width of 32, and an unrolled reduction starting at 16 (reported; it blocks the other width
// rewrites of its function, since a token rewrite cannot add the missing step).
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

__device__ float reduce(float v) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3006: shuffle loop starting at offset 16 reduces only 32 lanes [warp-size]
  // CHECK: {{^ *}}for (int offset = (warpSize / 2); offset > 0; offset >>= 1)
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(__activemask(), v, offset);
  return v;
}

__device__ int scan(int v, int lane) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3011: shuffle loop bound '32' stops at 32 lanes [warp-size]
  // CHECK: {{^ *}}for (int d = 1; d < warpSize; d *= 2) {
  for (int d = 1; d < 32; d *= 2) {
    int up = __shfl_up_sync(__activemask(), v, d);
    if (lane >= d) v += up;
  }
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3011: shuffle loop bound '16'
  // CHECK: {{^ *}}for (int m = 1; m <= (warpSize / 2); m <<= 1) v = max(v, __shfl_xor_sync(__activemask(), v, m));
  for (int m = 1; m <= 16; m <<= 1) v = max(v, __shfl_xor_sync(__activemask(), v, m));
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3012: '__shfl_sync' with width 32 shuffles within 32-lane halves of a 64-lane wavefront [warp-size]
  // CHECK: {{^ *}}return __shfl_sync(__activemask(), v, 0, warpSize);
  return __shfl_sync(__activemask(), v, 0, 32);
}

// A loop over data that happens to start at 16 is not a shuffle loop.
__device__ float not_a_shuffle(const float *x) {
  float s = 0.0f;
  // CHECK: {{^ *}}for (int i = 16; i > 0; i /= 2) s += x[i];
  for (int i = 16; i > 0; i /= 2) s += x[i];
  return s;
}

__device__ float unrolled(float v) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3006: shuffle loop starting at offset 16
  // CHECK: {{^ *}}v += __shfl_xor_sync(__activemask(), v, 16);
  v += __shfl_xor_sync(__activemask(), v, 16);
  v += __shfl_xor_sync(__activemask(), v, 8);
  // blocked with the unrolled steps above: left as it was
  // CHECK: {{^ *}}return v + __shfl_sync(__activemask(), v, 0, 32);
  return v + __shfl_sync(__activemask(), v, 0, 32);
}

// A loop's body is read from the code facts: a nested loop with its block, a nested statement whole. A
// shuffle after that body is no step of the loop (the loop is left as written); one inside it is.
__device__ float after_loop(float v, float *s) {
  int off = 1;
  // DIAG-NOT: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: {{.*}}HC3006
  // CHECK: {{^ *}}for (off = 16; off > 0; off /= 2)
  for (off = 16; off > 0; off /= 2)
    for (int k = 0; k < 2; k++) { s[k] += v; }
  v += __shfl_down_sync(__activemask(), v, off);
  return v;
}

__device__ float nested_body(float v, int lane) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: note: HC3006: shuffle loop starting at offset 16
  // CHECK: {{^ *}}for (int o = (warpSize / 2); o > 0; o /= 2)
  for (int o = 16; o > 0; o /= 2)
    if (lane < 64) v += __shfl_down_sync(__activemask(), v, o);
  return v;
}
