// Ordinary 32s, 31s, 5s and 0xffffffff that are not tied to thread indices or lanes: no warp-size
// diagnostic and no change (data loops, hashes, element strides, bit fields, values loaded by index).
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --allow-empty --implicit-check-not=HC30 %s
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck --check-prefix=SAME %s

__device__ unsigned hash(unsigned x) {
  x ^= x >> 5;                 // a hash shift
  x *= 0xffffffffu;            // a constant, not a mask
  return (x << 5) | (x >> 27);
}

__global__ void data(const int *in, int *out, int n) {
  int acc = 0;
  for (int i = 0; i < 32; ++i) acc += in[i] % 32;    // a data loop over 32 elements
  int v = in[threadIdx.x];                           // a value loaded by thread index is data
  out[0] = v % 32 + (v & 31) + (v >> 5) + v / 32;
  out[1] = threadIdx.x * 32;                         // an element stride per thread
  out[2] = blockIdx.x % 32;                          // a block number
  out[3] = threadIdx.x == 31;                        // thread 31, not "the last lane"
  out[4] = __popc((unsigned)acc) + __ffs(n);         // bit counts of data
  out[5] = (int)hash((unsigned)n) + acc;
  unsigned long long wide = __ballot_sync(__activemask(), v > 0);  // already 64-bit
  out[6] = __popcll(wide);
  // SAME: {{^ *}}out[0] = v % 32 + (v & 31) + (v >> 5) + v / 32;
  // SAME: {{^ *}}out[1] = threadIdx.x * 32;
}
