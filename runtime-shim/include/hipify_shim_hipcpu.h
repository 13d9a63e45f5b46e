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

/* ---- types the shim's declarations name (no HIP-CPU call takes or returns them) ------------------- */
/* Opaque: the array copies and memory advice the shim declares are implemented in libhipify_shim, which is
 * not built for HIP-CPU; a port that calls them fails to link, naming the function. */
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
