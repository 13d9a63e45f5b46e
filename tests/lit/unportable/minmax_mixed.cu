// min/max on mixed argument types: CUDA has exact overloads (int with unsigned compares as unsigned, float with
// double as double); HIP has none, so HIP 5.2 silently compares int/unsigned as signed and newer clang headers
// report an ambiguous call. Where the tokens tell both types (literals, declared locals and parameters,
// threadIdx.x ...), casts to CUDA's type are added (HC1110); threadIdx.x is cast too, as HIP's is a proxy object. Same types, unknown types and host code are left.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1110
// RUN: FileCheck %s --check-prefix=OUT --match-full-lines < %t.hip
// RUN: %if hipcc %{ %hipcc %t.hip -o %t.o %}
#include <cuda_runtime.h>

__device__ unsigned clamp_index(int i, unsigned n) {
  // CHECK: minmax_mixed.cu:[[@LINE+2]]:10: note: HC1110: 'min' on int and unsigned int: cast to unsigned int, the overload CUDA picks; HIP has no mixed overload [mixed-min-max]
  // OUT:   return min((unsigned int)i, n);
  return min(i, n);
}

__global__ void k(float *out, double *dout, const float *in, int count, size_t total, long long big) {
  const int limit = 128;
  float x = in[threadIdx.x];
  double scale = 0.5;
  // CHECK: minmax_mixed.cu:[[@LINE+2]]:16: note: HC1110: 'min' on unsigned int and int: cast to unsigned int
  // OUT:   unsigned t = min((unsigned int)threadIdx.x, (unsigned int)limit);
  unsigned t = min(threadIdx.x, limit);
  // CHECK: minmax_mixed.cu:[[@LINE+2]]:13: note: HC1110: 'max' on float and double: cast to double
  // OUT:   dout[t] = max((double)x, scale);
  dout[t] = max(x, scale);
  // CHECK: minmax_mixed.cu:[[@LINE+2]]:12: note: HC1110: 'min' on float and double
  // OUT:   out[t] = min((double)x, 2.0);
  out[t] = min(x, 2.0);
  // CHECK: minmax_mixed.cu:[[@LINE+2]]:16: note: HC1110: 'max' on int and unsigned int
  // OUT:   unsigned u = max((unsigned int)count, 16u);
  unsigned u = max(count, 16u);
  // Same types, types the tokens cannot tell, and pairs CUDA itself rejects are left alone.
  // OUT:   int same = min(count, limit) + max(count, 3);
  int same = min(count, limit) + max(count, 3);
  // OUT:   float unknown = min(x * 2.0f, in[0]) + min((float)count, x);
  float unknown = min(x * 2.0f, in[0]) + min((float)count, x);
  // OUT:   long long wide = min(big, 1ll);
  long long wide = min(big, 1ll);
  out[t + 1] = (float)(u + same + wide) + unknown + (float)total;
}

// Host code is the host compiler's (std::min rules): not touched.
#include <algorithm>
unsigned host_pick(int a, unsigned b) { return std::min((unsigned)a, b); }
