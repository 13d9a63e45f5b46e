// shim_hipcpu_test.cpp: hipify_shim.h on AMD's HIP CPU Runtime (g++, kernels on the host, 64-lane warps): the
// *_sync helpers, the device functions HIP-CPU lacks and the warp size it reports. It checks nothing on a GPU.
#include <hip/hip_runtime.h>

#include "hipify_shim.h"

#include <cstdio>
#include <cstdlib>

enum { LANES = 64 };

struct Outputs {
    int sum[LANES], imin[LANES], imax[LANES], ffs[LANES], clz[LANES];
    unsigned umax[LANES];
    unsigned long long ballot[LANES];
    float rsq[LANES], quotient[LANES];
};

__global__ void shim_kernel(Outputs *out) {
    const int lane = threadIdx.x;
    int sum = lane;
    for (int offset = warpSize / 2; offset > 0; offset /= 2) sum += __shfl_xor_sync(HIPIFY_FULL_WARP_MASK, sum, offset);
    out->sum[lane] = sum;
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
        const bool ok = host.sum[l] == LANES * (LANES - 1) / 2 && host.ballot[l] == 0xaaaaaaaaaaaaaaaaull &&
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
