// Directed-rounding arithmetic has no HIP implementation (the device library lacks the rounding-mode
// variants). Add, sub, mul, div, rcp and sqrt map to the runtime shim, which computes them exactly (HC1030);
// the directed fma is reported with HC1104 instead of the generic HC1001 and left unchanged. Functions of the
// user's own with those names (a namespace member, a method) are neither renamed nor reported. _rn forms
// exist in HIP.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1104 --implicit-check-not=HC1001
// RUN: FileCheck --match-full-lines %s --check-prefix=OUT < %t.hip
#include <cuda_runtime.h>

namespace interval {
__host__ __device__ inline float __fadd_rd(float a, float b) { return a + b; }
}

struct Rounder {
  __device__ float __fmul_ru(float a, float b) const { return a * b; }
};

__global__ void k(float *o, double *d, float a, float b, Rounder r) {
  // CHECK: directed_rounding.cu:[[@LINE+2]]:10: note: HC1030: '__fadd_rd' mapped to the hipify-c runtime shim 'hipifyShimFaddRd'
  // OUT: o[0] = hipifyShimFaddRd(a, b);
  o[0] = __fadd_rd(a, b);
  // OUT: o[1] = hipifyShimFmulRu(a, b);
  o[1] = __fmul_ru(a, b);
  // OUT: o[2] = hipifyShimFdivRz(a, b) + hipifyShimFsqrtRd(a);
  o[2] = __fdiv_rz(a, b) + __fsqrt_rd(a);
  // CHECK: directed_rounding.cu:[[@LINE+2]]:28: warning: HC1104: '__fma_rz' rounds toward zero
  // OUT: d[0] = hipifyShimDaddRu(a, b) + __fma_rz(a, b, 1.0);
  d[0] = __dadd_ru(a, b) + __fma_rz(a, b, 1.0);
  o[3] = __fadd_rn(a, b) + __frcp_rn(a);
  // OUT: o[4] = interval::__fadd_rd(a, b) + r.__fmul_ru(a, b);
  o[4] = interval::__fadd_rd(a, b) + r.__fmul_ru(a, b);
}
