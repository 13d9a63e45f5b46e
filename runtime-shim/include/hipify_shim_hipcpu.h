/* hipify_shim_hipcpu.h: the shim's platform branch for AMD's HIP CPU Runtime (HIP-CPU, header-only, kernels on
 * the host with 64-lane warps): the HIP names the shim's own declarations need that HIP-CPU lacks, and HIP-CPU's
 * gaps that make a correct port fail to compile or report a wrong warp size. It changes nothing on real HIP. */

/* HIP-CPU defines __HIPCC__ but no __HIP_PLATFORM_AMD__ and no HIP_VERSION_*, so the rest of the shim would take
 * it for HIP on NVIDIA; hipify_shim.h includes this header first and tests HIPIFY_SHIM_HIP_CPU where it must
 * choose. Nothing here replaces a HIP-CPU definition except hipGetDeviceProperties (warpSize, below). */
#ifndef HIPIFY_SHIM_HIPCPU_H
#define HIPIFY_SHIM_HIPCPU_H

#if defined(__HIP_CPU_RT__)
#define HIPIFY_SHIM_HIP_CPU 1

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

/* ---- types the shim's declarations name (no HIP-CPU call takes or returns them) ------------------- */
/* Opaque: the array copies, memory advice and cache preference the shim declares are implemented in
 * libhipify_shim, which is not built for HIP-CPU; a port that calls them fails to link, naming the function. */
struct hipifyShimCpuArray;
typedef struct hipifyShimCpuArray *hipArray_t;
typedef const struct hipifyShimCpuArray *hipArray_const_t;
typedef enum hipMemoryAdvise {
    hipMemAdviseSetReadMostly = 1,
    hipMemAdviseUnsetReadMostly = 2,
    hipMemAdviseSetPreferredLocation = 3,
    hipMemAdviseUnsetPreferredLocation = 4,
    hipMemAdviseSetAccessedBy = 5,
    hipMemAdviseUnsetAccessedBy = 6
} hipMemoryAdvise;
typedef enum hipMemLocationType { hipMemLocationTypeInvalid = 0, hipMemLocationTypeDevice = 1 } hipMemLocationType;
typedef struct hipMemLocation {
    hipMemLocationType type;
    int id;
} hipMemLocation;

typedef enum hipFuncCache_t {
    hipFuncCachePreferNone = 0,
    hipFuncCachePreferShared = 1,
    hipFuncCachePreferL1 = 2,
    hipFuncCachePreferEqual = 3
} hipFuncCache_t;

/* The raw half storage types (HIP's hip_fp16.h has them; HIP-CPU's __half is half_float::half). As in HIP, a
 * __half and a __half_raw convert into each other (__half(raw) is how CUDA code reads raw bits). */
typedef struct __half_raw {
    unsigned short x;
#ifdef __cplusplus
    __half_raw() = default;
    __half_raw(const __half &h) noexcept : x(__half_as_ushort(h)) {}
    operator __half() const noexcept { return __ushort_as_half(x); }
#endif
} __half_raw;
typedef struct __half2_raw {
    unsigned short x, y;
} __half2_raw;

#ifdef __cplusplus
/* ---- device functions HIP-CPU lacks ----------------------------------------------------------------- */
/* CUDA's integer min/max overloads (HIP declares them for device code); HIP-CPU has only the float ones
 * through <cmath>. Mixed signed/unsigned pairs follow CUDA: the comparison is unsigned. */
#define HIPIFY_SHIM_CPU_MINMAX(T)                                                                          \
    static inline T min(T a, T b) noexcept { return a < b ? a : b; }                                     \
    static inline T max(T a, T b) noexcept { return a > b ? a : b; }
HIPIFY_SHIM_CPU_MINMAX(int)
HIPIFY_SHIM_CPU_MINMAX(unsigned int)
HIPIFY_SHIM_CPU_MINMAX(long)
HIPIFY_SHIM_CPU_MINMAX(unsigned long)
HIPIFY_SHIM_CPU_MINMAX(long long)
HIPIFY_SHIM_CPU_MINMAX(unsigned long long)
#undef HIPIFY_SHIM_CPU_MINMAX
static inline unsigned int min(int a, unsigned int b) noexcept { return min((unsigned int)a, b); }
static inline unsigned int min(unsigned int a, int b) noexcept { return min(a, (unsigned int)b); }
static inline unsigned int max(int a, unsigned int b) noexcept { return max((unsigned int)a, b); }
static inline unsigned int max(unsigned int a, int b) noexcept { return max(a, (unsigned int)b); }
static inline float min(float a, float b) noexcept { return std::fmin(a, b); }
static inline float max(float a, float b) noexcept { return std::fmax(a, b); }
static inline double min(double a, double b) noexcept { return std::fmin(a, b); }
static inline double max(double a, double b) noexcept { return std::fmax(a, b); }

/* Bit casts HIP-CPU lacks (it has __longlong_as_double only), each a copy of the bytes between types of one
 * size, as CUDA's intrinsics reinterpret them. */
template <typename To, typename From> static inline To hipifyShimCpuBitCast(From x) noexcept {
    static_assert(sizeof(To) == sizeof(From), "a bit cast keeps the size");
    To r;
    std::memcpy(&r, &x, sizeof r);
    return r;
}
static inline long long __double_as_longlong(double x) noexcept { return hipifyShimCpuBitCast<long long>(x); }
static inline int __float_as_int(float x) noexcept { return hipifyShimCpuBitCast<int>(x); }
static inline unsigned int __float_as_uint(float x) noexcept { return hipifyShimCpuBitCast<unsigned int>(x); }
static inline float __int_as_float(int x) noexcept { return hipifyShimCpuBitCast<float>(x); }
static inline float __uint_as_float(unsigned int x) noexcept { return hipifyShimCpuBitCast<float>(x); }

static inline float rsqrtf(float x) noexcept { return 1.0f / std::sqrt(x); }
static inline double rsqrt(double x) noexcept { return 1.0 / std::sqrt(x); }
static inline float __fdividef(float x, float y) noexcept { return x / y; }

/* ---- integer intrinsics HIP declares for device code and HIP-CPU lacks, by CUDA's definitions ---- */
static inline unsigned int __brev(unsigned int x) noexcept {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
static inline unsigned long long __brevll(unsigned long long x) noexcept {
    return ((unsigned long long)__brev((unsigned int)x) << 32) | __brev((unsigned int)(x >> 32));
}
/* Byte i of the result is byte (s >> 4i) & 7 of the 8 bytes y:x (x the low four). */
static inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) noexcept {
    const unsigned long long bytes = ((unsigned long long)y << 32) | x;
    unsigned int r = 0;
    for (int i = 0; i < 4; ++i) r |= (unsigned int)((bytes >> (8 * ((s >> (4 * i)) & 7))) & 0xffu) << (8 * i);
    return r;
}
/* The 64 bits hi:lo shifted left (high word kept) or right (low word kept); the shift is taken modulo 32
 * (l, r) or clamped to 32 (lc, rc). */
static inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) noexcept {
    return (unsigned int)(((((unsigned long long)hi << 32) | lo) << (shift & 31)) >> 32);
}
static inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) noexcept {
    return (unsigned int)(((((unsigned long long)hi << 32) | lo) << (shift < 32 ? shift : 32)) >> 32);
}
static inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) noexcept {
    return (unsigned int)((((unsigned long long)hi << 32) | lo) >> (shift & 31));
}
static inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) noexcept {
    return (unsigned int)((((unsigned long long)hi << 32) | lo) >> (shift < 32 ? shift : 32));
}
static inline int __mulhi(int x, int y) noexcept { return (int)(((long long)x * y) >> 32); }
static inline unsigned int __umulhi(unsigned int x, unsigned int y) noexcept {
    return (unsigned int)(((unsigned long long)x * y) >> 32);
}
static inline long long __mul64hi(long long x, long long y) noexcept { return (long long)(((__int128)x * y) >> 64); }
static inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) noexcept {
    return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}
static inline unsigned int __umul24(unsigned int x, unsigned int y) noexcept {
    return (x & 0xffffffu) * (y & 0xffffffu);
}
static inline unsigned int __sad(int x, int y, unsigned int z) noexcept {
    return z + (unsigned int)(x > y ? (long long)x - y : (long long)y - x);
}
static inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) noexcept {
    return z + (x > y ? x - y : y - x);
}
/* Averages without overflow: (x + y) >> 1, rounded down (hadd) or up (rhadd). */
static inline int __hadd(int x, int y) noexcept { return (int)(((long long)x + y) >> 1); }
static inline int __rhadd(int x, int y) noexcept { return (int)(((long long)x + y + 1) >> 1); }
static inline unsigned int __uhadd(unsigned int x, unsigned int y) noexcept {
    return (unsigned int)(((unsigned long long)x + y) >> 1);
}
static inline unsigned int __urhadd(unsigned int x, unsigned int y) noexcept {
    return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}

/* ---- float intrinsics HIP-CPU lacks: the fast ones (__expf...) computed exactly (a GPU's are approximate within
 * documented bounds, so a program's tolerance accepts the exact value); the _rn ones in the host's default
 * rounding, which is to nearest. Directed roundings (_rz, _ru, _rd) are not declared: a port using
 * one stops at compile time naming it. ---- */
/* glibc's <math.h> declares the fast names (extern "C", its internal aliases) but libm does not export them:
 * inline definitions of those declarations, emitted where used. */
extern "C" {
inline float __expf(float x) noexcept { return std::exp(x); }
inline float __exp10f(float x) noexcept { return std::pow(10.0f, x); }
inline float __logf(float x) noexcept { return std::log(x); }
inline float __log10f(float x) noexcept { return std::log10(x); }
inline float __sinf(float x) noexcept { return std::sin(x); }
inline float __cosf(float x) noexcept { return std::cos(x); }
inline float __tanf(float x) noexcept { return std::tan(x); }
inline void __sincosf(float x, float *s, float *c) noexcept {
    *s = std::sin(x);
    *c = std::cos(x);
}
}
static inline float __saturatef(float x) noexcept { return x >= 1.0f ? 1.0f : x > 0.0f ? x : 0.0f; } /* NaN: 0 */
static inline float __fadd_rn(float x, float y) noexcept { return x + y; }
static inline float __fsub_rn(float x, float y) noexcept { return x - y; }
static inline float __fmul_rn(float x, float y) noexcept { return x * y; }
static inline float __fdiv_rn(float x, float y) noexcept { return x / y; }
static inline float __frcp_rn(float x) noexcept { return 1.0f / x; }
static inline float __fsqrt_rn(float x) noexcept { return std::sqrt(x); }
static inline float __frsqrt_rn(float x) noexcept { return (float)(1.0 / std::sqrt((double)x)); }
static inline float __fmaf_rn(float x, float y, float z) noexcept { return std::fma(x, y, z); }
static inline double __dadd_rn(double x, double y) noexcept { return x + y; }
static inline double __dsub_rn(double x, double y) noexcept { return x - y; }
static inline double __dmul_rn(double x, double y) noexcept { return x * y; }
static inline double __ddiv_rn(double x, double y) noexcept { return x / y; }
static inline double __drcp_rn(double x) noexcept { return 1.0 / x; }
static inline double __dsqrt_rn(double x) noexcept { return std::sqrt(x); }
static inline double __fma_rn(double x, double y, double z) noexcept { return std::fma(x, y, z); }

/* Conversions to integers as CUDA defines them: NaN gives 0, values beyond the type's range its nearest limit. */
template <typename I, typename F> static inline I hipifyShimCpuToInt(F x) noexcept {
    if (x != x) return 0;
    if (x <= (F)std::numeric_limits<I>::min()) return std::numeric_limits<I>::min();
    if (x >= (F)std::numeric_limits<I>::max()) return std::numeric_limits<I>::max();
    return (I)x;
}
static inline int __float2int_rn(float x) noexcept { return hipifyShimCpuToInt<int>(std::nearbyint(x)); }
static inline int __float2int_rz(float x) noexcept { return hipifyShimCpuToInt<int>(std::trunc(x)); }
static inline int __float2int_rd(float x) noexcept { return hipifyShimCpuToInt<int>(std::floor(x)); }
static inline int __float2int_ru(float x) noexcept { return hipifyShimCpuToInt<int>(std::ceil(x)); }
static inline unsigned int __float2uint_rn(float x) noexcept {
    return hipifyShimCpuToInt<unsigned int>(std::nearbyint(x));
}
static inline unsigned int __float2uint_rz(float x) noexcept { return hipifyShimCpuToInt<unsigned int>(std::trunc(x)); }
static inline long long __float2ll_rn(float x) noexcept { return hipifyShimCpuToInt<long long>(std::nearbyint(x)); }
static inline long long __float2ll_rz(float x) noexcept { return hipifyShimCpuToInt<long long>(std::trunc(x)); }
static inline int __double2int_rn(double x) noexcept { return hipifyShimCpuToInt<int>(std::nearbyint(x)); }
static inline int __double2int_rz(double x) noexcept { return hipifyShimCpuToInt<int>(std::trunc(x)); }
static inline float __int2float_rn(int x) noexcept { return (float)x; }
static inline float __uint2float_rn(unsigned int x) noexcept { return (float)x; }
static inline float __ll2float_rn(long long x) noexcept { return (float)x; }
static inline float __double2float_rn(double x) noexcept { return (float)x; }
static inline double __hiloint2double(int hi, int lo) noexcept {
    return hipifyShimCpuBitCast<double>(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo);
}
static inline int __double2hiint(double x) noexcept { return (int)(hipifyShimCpuBitCast<unsigned long long>(x) >> 32); }
static inline int __double2loint(double x) noexcept { return (int)hipifyShimCpuBitCast<unsigned long long>(x); }

/* half functions HIP declares that HIP-CPU lacks, computed in float (exact for floor, max, min). */
static inline __half hfloor(__half x) noexcept { return __float2half(std::floor(__half2float(x))); }
static inline __half hlog2(__half x) noexcept { return __float2half(std::log2(__half2float(x))); }
static inline __half hrsqrt(__half x) noexcept { return __float2half(1.0f / std::sqrt(__half2float(x))); }
static inline __half __hmax(__half x, __half y) noexcept {
    return __float2half(std::fmax(__half2float(x), __half2float(y)));
}
static inline __half __hmin(__half x, __half y) noexcept {
    return __float2half(std::fmin(__half2float(x), __half2float(y)));
}

/* HIP-CPU overloads __ffsll/__clzll for std::int64_t and std::uint64_t (long and unsigned long here), so a
 * long long argument is ambiguous; these take the spellings CUDA declares. */
static inline int __ffsll(long long x) noexcept { return __builtin_ffsll(x); }
static inline int __ffsll(unsigned long long x) noexcept { return __builtin_ffsll((long long)x); }
static inline int __clzll(long long x) noexcept { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static inline int __clzll(unsigned long long x) noexcept { return x ? __builtin_clzll(x) : 64; }

/* HIP-CPU reports the host's SIMD width as warpSize while its kernels run 64-lane warps (the warpSize
 * constant); a program that sizes its work by the reported value would compute for another warp size. */
static inline hipError_t hipifyShimCpuGetDeviceProperties(hipDeviceProp_t *props, int device) noexcept {
    hipError_t status = hipGetDeviceProperties(props, device);
    if (status == hipSuccess)
        props->warpSize = warpSize;
    return status;
}
#define hipGetDeviceProperties hipifyShimCpuGetDeviceProperties

/* HIP's short names of the half types (hip_fp16.h declares them beside __half and __half2; HIP-CPU does not). */
using half = __half;
using half2 = __half2;

/* ---- hipDeviceGetAttribute, which HIP-CPU lacks ------------------------------------------------------ */
/* Each attribute the device properties answer (X-macro: HIP's name, the value read from hipDeviceProp_t p).
 * The enumerators are HIP's names; their numbers are this header's own (nothing compiled against HIP-CPU
 * shares them with a real HIP). An attribute not listed is not declared, so a port that asks for it stops at
 * compile time naming it, instead of running with an invented value. */
#define HIPIFY_SHIM_CPU_ATTRIBUTES(X)                                                                      \
    X(hipDeviceAttributeMaxThreadsPerBlock, p.maxThreadsPerBlock)                                          \
    X(hipDeviceAttributeMaxBlockDimX, p.maxThreadsDim[0])                                                  \
    X(hipDeviceAttributeMaxBlockDimY, p.maxThreadsDim[1])                                                  \
    X(hipDeviceAttributeMaxBlockDimZ, p.maxThreadsDim[2])                                                  \
    X(hipDeviceAttributeMaxGridDimX, p.maxGridSize[0])                                                     \
    X(hipDeviceAttributeMaxGridDimY, p.maxGridSize[1])                                                     \
    X(hipDeviceAttributeMaxGridDimZ, p.maxGridSize[2])                                                     \
    X(hipDeviceAttributeMaxSharedMemoryPerBlock, p.sharedMemPerBlock)                                      \
    X(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, p.maxSharedMemoryPerMultiProcessor)              \
    X(hipDeviceAttributeTotalConstantMemory, p.totalConstMem)                                              \
    X(hipDeviceAttributeWarpSize, p.warpSize)                                                              \
    X(hipDeviceAttributeMaxRegistersPerBlock, p.regsPerBlock)                                              \
    X(hipDeviceAttributeClockRate, p.clockRate)                                                            \
    X(hipDeviceAttributeMemoryClockRate, p.memoryClockRate)                                                \
    X(hipDeviceAttributeMemoryBusWidth, p.memoryBusWidth)                                                  \
    X(hipDeviceAttributeMultiprocessorCount, p.multiProcessorCount)                                        \
    X(hipDeviceAttributeComputeMode, p.computeMode)                                                        \
    X(hipDeviceAttributeL2CacheSize, p.l2CacheSize)                                                        \
    X(hipDeviceAttributeMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor)                        \
    X(hipDeviceAttributeComputeCapabilityMajor, p.major)                                                   \
    X(hipDeviceAttributeComputeCapabilityMinor, p.minor)                                                   \
    X(hipDeviceAttributeConcurrentKernels, p.concurrentKernels)                                            \
    X(hipDeviceAttributePciBusId, p.pciBusID)                                                              \
    X(hipDeviceAttributePciDeviceId, p.pciDeviceID)                                                        \
    X(hipDeviceAttributePciDomainID, p.pciDomainID)                                                        \
    X(hipDeviceAttributeIsMultiGpuBoard, p.isMultiGpuBoard)                                                \
    X(hipDeviceAttributeIntegrated, p.integrated)                                                          \
    X(hipDeviceAttributeCanMapHostMemory, p.canMapHostMemory)                                              \
    X(hipDeviceAttributeCooperativeLaunch, p.cooperativeLaunch)                                            \
    X(hipDeviceAttributeCooperativeMultiDeviceLaunch, p.cooperativeMultiDeviceLaunch)                      \
    X(hipDeviceAttributeKernelExecTimeout, p.kernelExecTimeoutEnabled)                                     \
    X(hipDeviceAttributeEccEnabled, p.ECCEnabled)
#define HIPIFY_SHIM_CPU_ENUMERATOR(name, value) name,
typedef enum hipDeviceAttribute_t { HIPIFY_SHIM_CPU_ATTRIBUTES(HIPIFY_SHIM_CPU_ENUMERATOR) } hipDeviceAttribute_t;
#undef HIPIFY_SHIM_CPU_ENUMERATOR

/* The property's value as HIP's int result; sizes beyond INT_MAX (HIP-CPU reports the host's memory as the
 * constant memory) read INT_MAX, as a GPU's attribute never exceeds it. */
template <typename T> static inline int hipifyShimCpuAttributeValue(T v) noexcept {
    if constexpr (sizeof(T) > sizeof(int))
        return v > (T)2147483647 ? 2147483647 : (int)v;
    return (int)v;
}
static inline hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attribute, int device) noexcept {
    hipDeviceProp_t p;
    if (value == nullptr) return hipErrorInvalidValue;
    hipError_t status = hipGetDeviceProperties(&p, device);
    if (status != hipSuccess) return status;
    switch (attribute) {
#define HIPIFY_SHIM_CPU_CASE(name, v)                                                                      \
    case name: *value = hipifyShimCpuAttributeValue(v); return hipSuccess;
        HIPIFY_SHIM_CPU_ATTRIBUTES(HIPIFY_SHIM_CPU_CASE)
#undef HIPIFY_SHIM_CPU_CASE
    }
    return hipErrorInvalidValue;
}
#undef HIPIFY_SHIM_CPU_ATTRIBUTES
#endif /* __cplusplus */

#endif /* __HIP_CPU_RT__ */
#endif /* HIPIFY_SHIM_HIPCPU_H */
