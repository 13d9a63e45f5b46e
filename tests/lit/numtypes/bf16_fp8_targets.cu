// bf16 and fp8 on every target: the names become HIP's (__hip_bfloat16, __hip_fp8_e4m3, __hip_cvt_*...). A
// target that has them (bf16: HIP 6.2, OCP fp8: HIP 6.3) gets HIP's headers; an older one gets the runtime
// shim's (hipify_shim.h, which carries hipify_shim_bf16.h and hipify_shim_fp8.h), noted HC1030. The port for
// HIP 5.2 compiles for gfx90a with Debian's hipcc.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>%t.err
// RUN: FileCheck --match-full-lines %s --check-prefixes=CHECK,OLD < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefixes=CHECK,NEW
// RUN: %hipify --hip-version 6.3 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEWDIAG
// RUN: %if hipcc %{ %hipcc %t.hip -o /dev/null %}
// OLD: #include {{.}}hipify_shim.h{{.}}
// OLD: #include <hip/hip_bfloat16.h>
// OLD-NEXT: #include <hip/hip_fp16.h>
// NEW: #include <hip/hip_bf16.h>
// NEW-NEXT: #include <hip/hip_fp8.h>
// DIAG: bf16_fp8_targets.cu:[[@LINE+8]]:{{[0-9]+}}: note: HC1030: '__nv_bfloat16' mapped to the hipify-c runtime shim '__hip_bfloat16' [shim-used]
// DIAG-NOT: HC1001
// DIAG-NOT: HC1002
// NEWDIAG-NOT: HC1030: '__nv_bfloat16'
#include <cuda_bf16.h>
#include <cuda_fp8.h>

// CHECK: __global__ void k(__hip_bfloat16 *o, const float *in, __hip_fp8_e4m3 *q, __hip_fp8_storage_t *s, int n) {
__global__ void k(__nv_bfloat16 *o, const float *in, __nv_fp8_e4m3 *q, __nv_fp8_storage_t *s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  // CHECK: __hip_bfloat16 a = __float2bfloat16(in[i]), b = __float2bfloat16(in[i] * 2.0f);
  __nv_bfloat16 a = __float2bfloat16(in[i]), b = __float2bfloat16_rn(in[i] * 2.0f);
  // CHECK: __hip_bfloat162 p = __float22bfloat162_rn(make_float2(in[i], 1.0f));
  __nv_bfloat162 p = __float22bfloat162_rn(make_float2(in[i], 1.0f));
  // CHECK: __hip_bfloat16 c = __hfma(a, b, __hneg(b)) + __low2bfloat16(__hmul2(p, p));
  nv_bfloat16 c = __hfma(a, b, __hneg(b)) + __low2bfloat16(__hmul2(p, p));
  // What HIP's hip_bf16.h lacks on every release becomes the shim's own name, target or not.
  // CHECK: p = __hadd2(p, hipifyShimFloats2Bfloat162Rn(in[i], 2.0f)) + hipifyShimMakeBfloat162(hipifyShimFloat2Bfloat16Rz(in[i]), hipifyShimFloat2Bfloat16Ru(in[i]));
  p = __hadd2(p, __floats2bfloat162_rn(in[i], 2.0f)) + make_bfloat162(__float2bfloat16_rz(in[i]), __float2bfloat16_ru(in[i]));
  // CHECK: __hip_bfloat16_raw r = c;
  __nv_bfloat16_raw r = c;
  o[i] = __hadd(c, __ushort_as_bfloat16(r.x));
  // CHECK: q[i] = __hip_fp8_e4m3(__bfloat162float(o[i]));
  q[i] = __nv_fp8_e4m3(__bfloat162float(o[i]));
  // CHECK: s[i] = __hip_cvt_float_to_fp8(in[i], __HIP_SATFINITE, __HIP_E5M2) ^ __hip_cvt_double_to_fp8(1.0, __HIP_NOSAT, __HIP_E4M3);
  s[i] = __nv_cvt_float_to_fp8(in[i], __NV_SATFINITE, __NV_E5M2) ^ __nv_cvt_double_to_fp8(1.0, __NV_NOSAT, __NV_E4M3);
  // CHECK: __half_raw h = __hip_cvt_fp8_to_halfraw(s[i], __HIP_E5M2);
  __half_raw h = __nv_cvt_fp8_to_halfraw(s[i], __NV_E5M2);
  // CHECK: s[i] ^= __hip_cvt_halfraw_to_fp8(h, __HIP_SATFINITE, __HIP_E4M3);
  s[i] ^= __nv_cvt_halfraw_to_fp8(h, __NV_SATFINITE, __NV_E4M3);
}
