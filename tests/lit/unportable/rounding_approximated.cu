// Conversions HIP provides under the CUDA name but computes with another rounding are reported (HC1105) so the
// silent difference is reviewed; they stay unchanged. A user's function of the same name is not reported.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1105
// RUN: %if hipcc %{ %hipcc %t.hip -o %t.o %}
// HIP 5.3 fixed the int/float/double conversions (not the half ones): with that target only those are left.
// RUN: %hipify --hip-version 5.3 %s -o %t.53.hip 2>&1 | FileCheck %s --check-prefix=NEW --implicit-check-not=HC1105
#include <cuda_runtime.h>
#include <cuda_fp16.h>

namespace mine {
__device__ float __int2float_rd(int x) { return (float)x; }
}

__global__ void k(float *o, int *n, double *d, int i, long long ll, __half h) {
  // CHECK: rounding_approximated.cu:[[@LINE+1]]:10: warning: HC1105: '__int2float_rd' rounds toward -infinity in CUDA, but HIP's version rounds to nearest: results can differ [rounding-approximated]
  o[0] = __int2float_rd(i);
  // CHECK: rounding_approximated.cu:[[@LINE+1]]:10: warning: HC1105: '__double2float_ru' rounds toward +infinity in CUDA, but HIP's version rounds to nearest
  o[1] = __double2float_ru(d[0]);
  // CHECK: rounding_approximated.cu:[[@LINE+1]]:10: warning: HC1105: '__ll2double_rz' rounds toward zero in CUDA, but HIP's version rounds to nearest
  d[1] = __ll2double_rz(ll);
  // NEW: rounding_approximated.cu:[[@LINE+2]]:10: warning: HC1105: '__half2int_rn' rounds to nearest even in CUDA, but HIP's version truncates toward zero
  // CHECK: rounding_approximated.cu:[[@LINE+1]]:10: warning: HC1105: '__half2int_rn' rounds to nearest even in CUDA, but HIP's version truncates toward zero
  n[0] = __half2int_rn(h);
  // Conversions HIP implements faithfully are not reported.
  n[1] = __float2int_rd(o[0]) + __half2int_rz(h) + __double2int_ru(d[0]);
  o[2] = mine::__int2float_rd(i);
}
