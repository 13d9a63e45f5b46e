/* numtypes_device.cpp: every function and operator of hipify_shim_bf16.h and hipify_shim_fp8.h (with
 * hipify_shim_rn.h) used in a kernel and on the host, so that hipcc compiles and links them for an AMD
 * target. Not a numeric test. */
#include <hip/hip_runtime.h>
#include "hipify_shim_bf16.h"
#include "hipify_shim_fp8.h"
#include "hipify_shim_rn.h"

__global__ void use_all(const float *in, float *out, __hip_fp8_storage_t *q) {
    int i = threadIdx.x;
    __hip_bfloat16 a = __float2bfloat16(in[i]), b = __double2bfloat16((double)in[i + 1]), c = (__hip_bfloat16)2.0f;
    __hip_bfloat162 v = __float22bfloat162_rn(make_float2(in[i], in[i + 2]));
    __hip_bfloat162 w = __halves2bfloat162(a, b);
    v = __hfma2(v, w, __bfloat162bfloat162(c)) + __hmul2(v, w) - __h2div(v, w);
    v = __hmax2(__hmin2(v, w), __habs2(__hneg2(v)));
    a = __hfma(a, b, c) + __hadd(a, b) * __hsub(a, b) / __hmul(a, c);
    a += __hdiv(a, b);
    a = __hmax(__hmin(a, b), __habs(__hneg(a)));
    bool t = __heq(a, b) || __hne(a, b) || __hge(a, b) || __hgt(a, b) || __hle(a, b) || __hlt(a, b) || __hequ(a, b) ||
             __hneu(a, b) || __hgeu(a, b) || __hgtu(a, b) || __hleu(a, b) || __hltu(a, b) || __hisnan(a) ||
             __hisinf(b) || __hbeq2(v, w) || __hbne2(v, w) || __hbge2(v, w) || __hbgt2(v, w) || __hble2(v, w) ||
             __hblt2(v, w) || __hbequ2(v, w) || __hbneu2(v, w) || __hbgeu2(v, w) || __hbgtu2(v, w) ||
             __hbleu2(v, w) || __hbltu2(v, w) || a < b || a >= b || v == w;
    v = __heq2(v, w) + __hne2(v, w) + __hge2(v, w) + __hgt2(v, w) + __hle2(v, w) + __hlt2(v, w) + __hisnan2(v);
    v = __lowhigh2highlow(__highs2bfloat162(__lows2bfloat162(v, w), __high2bfloat162(__low2bfloat162(v))));
    float2 f2 = __bfloat1622float2(v);
    a = __short_as_bfloat16(__bfloat16_as_short(a)) + __ushort_as_bfloat16(__bfloat16_as_ushort(__high2bfloat16(v))) +
        __low2bfloat16(w);
    v = v + hipifyShimFloats2Bfloat162Rn(in[i], 2.0f) + hipifyShimFloat2Bfloat162Rn(in[i]) + hipifyShimMakeBfloat162(a, b);
    a = a + hipifyShimFloat2Bfloat16Rz(in[i]) + hipifyShimFloat2Bfloat16Rd(in[i]) + hipifyShimFloat2Bfloat16Ru(in[i]);
    __hip_bfloat16_raw r = a;
    out[i] = __bfloat162float(a) + f2.x + __high2float(v) + __low2float(w) + (t ? 1.0f : 0.0f) + (float)r.x;

    __hip_fp8_e4m3 e4(in[i]);
    __hip_fp8_e5m2 e5(in[i] * 2.0);
    __hip_fp8x2_e4m3 p4(make_float2(in[i], in[i + 1]));
    __hip_fp8x4_e5m2 p5(make_float4(in[i], in[i + 1], in[i + 2], in[i + 3]));
    __half_raw h = __hip_cvt_fp8_to_halfraw(e4.__x, __HIP_E4M3);
    __half2_raw h2 = __hip_cvt_fp8x2_to_halfraw2(p4.__x, __HIP_E4M3);
    q[i] = __hip_cvt_float_to_fp8(in[i], __HIP_SATFINITE, __HIP_E4M3) ^ __hip_cvt_double_to_fp8(in[i], __HIP_NOSAT, __HIP_E5M2) ^
           __hip_cvt_halfraw_to_fp8(h, __HIP_SATFINITE, __HIP_E5M2) ^ __hip_cvt_bfloat16raw_to_fp8(r, __HIP_NOSAT, __HIP_E4M3) ^
           (__hip_fp8_storage_t)__hip_cvt_float2_to_fp8x2(f2, __HIP_SATFINITE, __HIP_E4M3) ^
           (__hip_fp8_storage_t)__hip_cvt_double2_to_fp8x2(make_double2(1.0, 2.0), __HIP_SATFINITE, __HIP_E5M2) ^
           (__hip_fp8_storage_t)__hip_cvt_halfraw2_to_fp8x2(h2, __HIP_SATFINITE, __HIP_E4M3) ^
           (__hip_fp8_storage_t)__hip_cvt_bfloat16raw2_to_fp8x2((__hip_bfloat162_raw)v, __HIP_SATFINITE, __HIP_E5M2) ^ e5.__x;
    out[i] += (float)e4 + (float)e5 + ((float2)p4).y + ((float4)p5).w;
}

int main() {
    float host = 1.5f;
    __hip_bfloat16 b = host; /* host side too */
    __hip_fp8_e4m3 e(host);
    float *d_in = nullptr, *d_out = nullptr;
    __hip_fp8_storage_t *d_q = nullptr;
    if (hipMalloc(&d_in, 64 * sizeof(float)) != hipSuccess) return 0; /* no GPU here: compiling was the test */
    hipMalloc(&d_out, 64 * sizeof(float));
    hipMalloc(&d_q, 64);
    hipLaunchKernelGGL(use_all, dim3(1), dim3(32), 0, 0, d_in, d_out, d_q);
    hipDeviceSynchronize();
    return (float)b == (float)e ? 0 : 1;
}
