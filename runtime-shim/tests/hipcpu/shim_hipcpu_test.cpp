// shim_hipcpu_test.cpp: hipify_shim.h on AMD's HIP CPU Runtime (g++, kernels on the host, 64-lane warps): the
// *_sync helpers, the device functions HIP-CPU lacks and the warp size it reports. It checks nothing on a GPU.
#include <hip/hip_runtime.h>

#include "hipify_shim.h"

#include <cstdio>
#include <cstdlib>

enum { LANES = 64 };

struct Outputs {
    int sum[LANES], down[LANES], imin[LANES], imax[LANES], ffs[LANES], clz[LANES];
    unsigned umax[LANES];
    unsigned long long ballot[LANES];
    float rsq[LANES], quotient[LANES];
};

__global__ void shim_kernel(Outputs *out) {
    const int lane = threadIdx.x;
    int sum = lane;
    for (int offset = warpSize / 2; offset > 0; offset /= 2) sum += __shfl_xor_sync(HIPIFY_FULL_WARP_MASK, sum, offset);
    out->sum[lane] = sum;
    float2 pair = make_float2((float)lane, 0.0f); // a vector component: an accessor object on HIP-CPU
    out->down[lane] = (int)__shfl_down_sync(HIPIFY_FULL_WARP_MASK, pair.x, 1);
    out->ballot[lane] = __ballot_sync(HIPIFY_FULL_WARP_MASK, lane % 2 == 1);
    __syncwarp();
    out->imin[lane] = min(lane, 40);
    out->imax[lane] = max(lane - 10, 0);
    out->umax[lane] = max(5u, (unsigned)lane);
    out->rsq[lane] = rsqrtf((float)(lane + 1));
    out->quotient[lane] = __fdividef((float)lane, 4.0f);
    out->ffs[lane] = __ffsll(1ll << lane);
    out->clz[lane] = __clzll(1ull << lane);
}

int main() {
    int failures = 0;
    hipDeviceProp_t prop;
    if (hipGetDeviceProperties(&prop, 0) != hipSuccess || prop.warpSize != 64) {
        fprintf(stderr, "FAIL: hipGetDeviceProperties reports warpSize %d, kernels run 64 lanes\n", prop.warpSize);
        failures++;
    }
    __half_raw raw;
    raw.x = 0x3c00; // the shim's fp8 conversions take HIP's raw half type
    if (hipifyShimFp8ToFloat(__hip_cvt_halfraw_to_fp8(raw, __HIP_SATFINITE, __HIP_E4M3), __HIP_E4M3) != 1.0f) {
        fprintf(stderr, "FAIL: half 1.0 through fp8 E4M3\n");
        failures++;
    }
    if (float(__half(raw)) != 1.0f || __half_raw(__half(2.0f)).x != 0x4000) {
        fprintf(stderr, "FAIL: __half and __half_raw do not convert into each other\n");
        failures++;
    }
    if (__double_as_longlong(1.0) != 0x3ff0000000000000ll || __float_as_int(1.0f) != 0x3f800000 ||
        __int_as_float(0x40000000) != 2.0f || __float_as_uint(-0.0f) != 0x80000000u || __uint_as_float(0) != 0.0f) {
        fprintf(stderr, "FAIL: bit casts\n");
        failures++;
    }
    // integer and float intrinsics HIP-CPU lacks, by CUDA's definitions (called on the host: HIP-CPU's device
    // functions are host functions)
    const double two = __hiloint2double(0x40000000, 0);
    const bool ints = __brev(1u) == 0x80000000u && __brev(0x12345678u) == 0x1e6a2c48u &&
                      __brevll(1ull) == 0x8000000000000000ull && __byte_perm(0x33221100u, 0x77665544u, 0x4705u) == 0x44770055u &&
                      __funnelshift_l(0x80000000u, 1u, 1) == 3u && __funnelshift_l(0u, 5u, 33) == 10u &&
                      __funnelshift_lc(0u, 5u, 40) == 0u && __funnelshift_r(1u, 1u, 1) == 0x80000000u &&
                      __funnelshift_rc(1u, 7u, 40) == 7u && __umulhi(0xffffffffu, 2u) == 1u && __mulhi(-2, 0x40000000) == -1 &&
                      __umul64hi(~0ull, 4ull) == 3ull && __mul64hi(-1ll, 5ll) == -1ll && __umul24(0x1000002u, 3u) == 6u &&
                      __sad(-3, 4, 10u) == 17u && __usad(2u, 9u, 1u) == 8u && __hadd(-3, 0) == -2 && __rhadd(3, 0) == 2 &&
                      __uhadd(0xffffffffu, 1u) == 0x80000000u && __urhadd(1u, 2u) == 2u;
    const bool floats = __saturatef(1.5f) == 1.0f && __saturatef(-1.0f) == 0.0f && __saturatef(NAN) == 0.0f &&
                        __float2int_rn(2.5f) == 2 && __float2int_rn(3.5f) == 4 && __float2int_rd(-1.5f) == -2 &&
                        __float2int_ru(1.25f) == 2 && __float2int_rz(-1.75f) == -1 && __float2int_rn(NAN) == 0 &&
                        __float2int_rn(3e9f) == 2147483647 && __float2uint_rn(-5.0f) == 0u &&
                        __double2int_rn(-2.5) == -2 && two == 2.0 && __double2hiint(two) == 0x40000000 &&
                        __double2loint(two) == 0 && __frsqrt_rn(4.0f) == 0.5f && __fmaf_rn(2.0f, 3.0f, 1.0f) == 7.0f &&
                        __expf(0.0f) == 1.0f && __fdiv_rn(1.0f, 4.0f) == 0.25f;
    const bool halves = __half2float(hfloor(__float2half(-1.5f))) == -2.0f &&
                        __half2float(__hmax(__float2half(1.0f), __float2half(3.0f))) == 3.0f &&
                        __half2float(hlog2(__float2half(8.0f))) == 3.0f;
    if (!ints || !floats || !halves) {
        fprintf(stderr, "FAIL: intrinsics: integer %d, float %d, half %d\n", ints, floats, halves);
        failures++;
    }
    int attr = 0, sms = 0, constant = 0;
    if (hipDeviceGetAttribute(&attr, hipDeviceAttributeWarpSize, 0) != hipSuccess || attr != 64 ||
        hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, 0) != hipSuccess ||
        sms != prop.multiProcessorCount || sms < 1 ||
        hipDeviceGetAttribute(&constant, hipDeviceAttributeTotalConstantMemory, 0) != hipSuccess || constant < 1 ||
        hipDeviceGetAttribute(nullptr, hipDeviceAttributeWarpSize, 0) != hipErrorInvalidValue) {
        fprintf(stderr, "FAIL: hipDeviceGetAttribute: warp size %d, %d multiprocessors (properties: %d), constant %d\n",
                attr, sms, prop.multiProcessorCount, constant);
        failures++;
    }
    const half h = __float2half(1.5f); // HIP's short names of the half types
    const half2 h2 = __halves2half2(h, h);
    if (__half2float(h) != 1.5f || __half2float(h2.y) != 1.5f) {
        fprintf(stderr, "FAIL: half and half2\n");
        failures++;
    }
    Outputs *dev = nullptr, host;
    if (hipMalloc((void **)&dev, sizeof host) != hipSuccess) return 2;
    hipLaunchKernelGGL(shim_kernel, dim3(1), dim3(LANES), 0, 0, dev);
    hipMemcpy(&host, dev, sizeof host, hipMemcpyDeviceToHost);
    hipFree(dev);
    for (int l = 0; l < LANES; ++l) {
        const bool ok = host.sum[l] == LANES * (LANES - 1) / 2 && host.down[l] == (l < LANES - 1 ? l + 1 : l) && host.ballot[l] == 0xaaaaaaaaaaaaaaaaull &&
                        host.imin[l] == (l < 40 ? l : 40) && host.imax[l] == (l > 10 ? l - 10 : 0) &&
                        host.umax[l] == (l > 5 ? (unsigned)l : 5u) && host.ffs[l] == l + 1 &&
                        host.clz[l] == 63 - l && host.quotient[l] == l / 4.0f &&
                        host.rsq[l] > 0.999f / sqrtf(l + 1.0f) && host.rsq[l] < 1.001f / sqrtf(l + 1.0f);
        if (!ok && failures++ < 10) fprintf(stderr, "FAIL: lane %d: sum %d ballot %llx min %d max %d ffs %d clz %d\n", l,
                                            host.sum[l], host.ballot[l], host.imin[l], host.imax[l], host.ffs[l],
                                            host.clz[l]);
    }
    if (failures) return 1;
    printf("PASS: hipify_shim.h on HIP-CPU, warp size %d\n", prop.warpSize);
    return 0;
}
