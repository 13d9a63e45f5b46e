// Directed-rounding arithmetic (__fadd_rd and friends) has no HIP implementation (the device library lacks the
// rounding-mode variants): reported with HC1104 instead of the generic HC1001, left unchanged. Functions of the
// user's own with those names (a namespace member, a method) are not reported. _rn forms exist in HIP.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1104 --implicit-check-not=HC1001
#include <cuda_runtime.h>

namespace interval {
__host__ __device__ inline float __fadd_rd(float a, float b) { return a + b; }
}

struct Rounder {
  __device__ float __fmul_ru(float a, float b) const { return a * b; }
};

__global__ void k(float *o, double *d, float a, float b, Rounder r) {
  // CHECK: directed_rounding.cu:[[@LINE+1]]:10: warning: HC1104: '__fadd_rd' rounds toward -infinity; HIP's device library has no directed rounding: left unchanged [directed-rounding]
  o[0] = __fadd_rd(a, b);
  // CHECK: directed_rounding.cu:[[@LINE+1]]:10: warning: HC1104: '__fmul_ru' rounds toward +infinity
  o[1] = __fmul_ru(a, b);
  // CHECK: directed_rounding.cu:[[@LINE+2]]:10: warning: HC1104: '__fdiv_rz' rounds toward zero
  // CHECK: directed_rounding.cu:[[@LINE+1]]:28: warning: HC1104: '__fsqrt_rd' rounds toward -infinity
  o[2] = __fdiv_rz(a, b) + __fsqrt_rd(a);
  // CHECK: directed_rounding.cu:[[@LINE+2]]:10: warning: HC1104: '__dadd_ru'
  // CHECK: directed_rounding.cu:[[@LINE+1]]:28: warning: HC1104: '__fma_rz'
  d[0] = __dadd_ru(a, b) + __fma_rz(a, b, 1.0);
  o[3] = __fadd_rn(a, b) + __frcp_rn(a);
  o[4] = interval::__fadd_rd(a, b) + r.__fmul_ru(a, b);
}
