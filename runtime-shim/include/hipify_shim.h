/* hipify_shim.h: CUDA Runtime and Driver APIs that HIP 5.2 lacks (implemented in libhipify_shim), CUDA's C++
 * overloads that HIP lacks, the *_sync warp helpers, hipify_shim_math.h's device math, the bf16/fp8 types
 * (hipify_shim_bf16.h, hipify_shim_fp8.h) and the _rn half/bf16 arithmetic (hipify_shim_rn.h). It declares
 * nothing else; hipify-c includes it where used. */

/* Each function keeps the CUDA signature with HIP types and returns what the CUDA call would return;
 * where CUDA's behaviour cannot be reproduced in a corner (noted per function) it returns an error, never
 * a wrong answer. docs/shim.md lists what is shimmed, what was rejected, and why. */
#ifndef HIPIFY_SHIM_H
#define HIPIFY_SHIM_H

#include <hip/hip_runtime_api.h>
#include <stddef.h>

#include "hipify_shim_hipcpu.h" /* HIP-CPU (kernels on the host): its gaps; nothing on real HIP */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Runtime API ---------------------------------------------------------------------------- */

/* cudaThreadGetLimit (deprecated alias of cudaDeviceGetLimit). HIP 5.2 for AMD names the limit type
 * only as an enum tag in C; this typedef spells it the same way everywhere. */
#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__cplusplus)
typedef hipLimit_t hipifyShimLimit;
#else
typedef enum hipLimit_t hipifyShimLimit;
#endif
hipError_t hipifyShimThreadGetLimit(size_t *value, hipifyShimLimit limit);

/* cudaSetDoubleForDevice / cudaSetDoubleForHost: CUDA converts doubles only for devices without native
 * double support; every device HIP runs on has it, so CUDA itself does nothing here either. */
hipError_t hipifyShimSetDoubleForDevice(double *value);
hipError_t hipifyShimSetDoubleForHost(double *value);

/* cudaEventRecordWithFlags: flags cudaEventRecordDefault records as hipEventRecord does;
 * cudaEventRecordExternal (graph capture) has no HIP 5.2 counterpart: hipErrorNotSupported. */
#define hipifyShimEventRecordDefault 0x00u
#define hipifyShimEventRecordExternal 0x01u
hipError_t hipifyShimEventRecordWithFlags(hipEvent_t event, hipStream_t stream, unsigned int flags);

/* cudaInitDevice: initialises device's primary context without changing the current device; with
 * flags == cudaInitDeviceFlagsAreValid, deviceFlags are applied as cudaSetDeviceFlags would. */
#define hipifyShimInitDeviceFlagsAreValid 0x01u
hipError_t hipifyShimInitDevice(int device, unsigned int deviceFlags, unsigned int flags);

/* Linear copies into, out of and between arrays (cudaMemcpyToArrayAsync, cudaMemcpyFromArrayAsync,
 * cudaMemcpyArrayToArray): count bytes in row-major order from (wOffset bytes, hOffset rows), wrapping at
 * the end of each row, as CUDA defines them. Done as 2-D copies of at most three pieces per array. */
hipError_t hipifyShimMemcpyToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                        size_t count, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipifyShimMemcpyFromArrayAsync(void *dst, hipArray_const_t src, size_t wOffset, size_t hOffset,
                                          size_t count, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipifyShimMemcpyArrayToArray(hipArray_t dst, size_t wOffsetDst, size_t hOffsetDst, hipArray_const_t src,
                                        size_t wOffsetSrc, size_t hOffsetSrc, size_t count, hipMemcpyKind kind);

/* cudaOccupancyAvailableDynamicSMemPerBlock / cuOccupancyAvailableDynamicSMemPerBlock: the largest dynamic
 * shared memory per block that still lets numBlocks blocks of blockSize threads reside on one
 * multiprocessor, found by bisection over HIP's occupancy calculator (which is monotone in it). */
hipError_t hipifyShimOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
                                                           int numBlocks, int blockSize);
hipError_t hipifyShimModuleOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, hipFunction_t func,
                                                                 int numBlocks, int blockSize);

/* cudaMemAdvise_v2 / cudaMemPrefetchAsync_v2 and the driver's cuMemAdvise_v2 / cuMemPrefetchAsync_v2: the
 * location names a device or the host (HIP 5.2's hipMemLocationType has no host value: the shim's
 * hipifyShimMemLocationTypeHost, CUDA's value 2, stands for cudaMemLocationTypeHost); host NUMA locations
 * have no HIP 5.2 counterpart and return hipErrorNotSupported. Prefetch flags must be 0, as in CUDA. */
#if defined(__HIP_PLATFORM_NVIDIA__) && !defined(HIPIFY_SHIM_HIP_CPU)
typedef struct cudaMemLocation hipifyShimMemLocation; /* HIP 5.2 names it only on AMD */
#define hipifyShimMemLocationTypeHost cudaMemLocationTypeHost
#else
typedef hipMemLocation hipifyShimMemLocation;
#define hipifyShimMemLocationTypeHost ((hipMemLocationType)2)
#endif
hipError_t hipifyShimMemAdvise_v2(const void *devPtr, size_t count, hipMemoryAdvise advice,
                                  hipifyShimMemLocation location);
hipError_t hipifyShimMemPrefetchAsync_v2(const void *devPtr, size_t count, hipifyShimMemLocation location,
                                         unsigned int flags, hipStream_t stream);
hipError_t hipifyShimDrvMemAdvise_v2(hipDeviceptr_t devPtr, size_t count, hipMemoryAdvise advice,
                                     hipifyShimMemLocation location);
hipError_t hipifyShimDrvMemPrefetchAsync_v2(hipDeviceptr_t devPtr, size_t count, hipifyShimMemLocation location,
                                            unsigned int flags, hipStream_t stream);

/* ---- Driver API ----------------------------------------------------------------------------- */

/* cuMemcpy / cuMemcpyAsync: copies between any two unified addresses (hipMemcpyDefault). */
hipError_t hipifyShimMemcpy(hipDeviceptr_t dst, hipDeviceptr_t src, size_t byteCount);
hipError_t hipifyShimMemcpyAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t byteCount, hipStream_t stream);

/* cuMemcpyPeer / cuMemcpyPeerAsync: the contexts name the devices. */
hipError_t hipifyShimMemcpyPeer(hipDeviceptr_t dst, hipCtx_t dstContext, hipDeviceptr_t src, hipCtx_t srcContext,
                                size_t byteCount);
hipError_t hipifyShimMemcpyPeerAsync(hipDeviceptr_t dst, hipCtx_t dstContext, hipDeviceptr_t src,
                                     hipCtx_t srcContext, size_t byteCount, hipStream_t stream);

/* cuMemsetD2D8/16/32 (and _v2, Async): width is in elements, pitch in bytes. */
hipError_t hipifyShimMemsetD2D8(hipDeviceptr_t dst, size_t dstPitch, unsigned char value, size_t width,
                                size_t height);
hipError_t hipifyShimMemsetD2D16(hipDeviceptr_t dst, size_t dstPitch, unsigned short value, size_t width,
                                 size_t height);
hipError_t hipifyShimMemsetD2D32(hipDeviceptr_t dst, size_t dstPitch, unsigned int value, size_t width,
                                 size_t height);
hipError_t hipifyShimMemsetD2D8Async(hipDeviceptr_t dst, size_t dstPitch, unsigned char value, size_t width,
                                     size_t height, hipStream_t stream);
hipError_t hipifyShimMemsetD2D16Async(hipDeviceptr_t dst, size_t dstPitch, unsigned short value, size_t width,
                                      size_t height, hipStream_t stream);
hipError_t hipifyShimMemsetD2D32Async(hipDeviceptr_t dst, size_t dstPitch, unsigned int value, size_t width,
                                      size_t height, hipStream_t stream);

/* cuDeviceGetProperties (deprecated) and its CUdevprop structure, filled from attribute queries. */
typedef struct hipifyShimDevprop {
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int sharedMemPerBlock;
    int totalConstantMemory;
    int SIMDWidth;
    int memPitch;
    int regsPerBlock;
    int clockRate;
    int textureAlign;
} hipifyShimDevprop;
hipError_t hipifyShimDeviceGetProperties(hipifyShimDevprop *prop, hipDevice_t device);

/* CUDA's legacy execution control (deprecated since CUDA 9.2, still in cuda.h): a function's block shape,
 * dynamic shared memory and parameter bytes are set call by call (cuFuncSetBlockShape, cuFuncSetSharedSize,
 * cuParamSetSize, cuParamSeti/f/v), then cuLaunch, cuLaunchGrid or cuLaunchGridAsync launches it. The
 * shim keeps those settings per function (the only state it keeps, behind a lock) and launches with
 * hipModuleLaunchKernel and the parameter bytes as one buffer (HIP_LAUNCH_PARAM_BUFFER_POINTER). At most
 * 4096 parameter bytes, as in CUDA; an offset beyond them returns hipErrorInvalidValue. */
hipError_t hipifyShimFuncSetBlockShape(hipFunction_t hfunc, int x, int y, int z);
hipError_t hipifyShimFuncSetSharedSize(hipFunction_t hfunc, unsigned int bytes);
hipError_t hipifyShimParamSetSize(hipFunction_t hfunc, unsigned int numbytes);
hipError_t hipifyShimParamSeti(hipFunction_t hfunc, int offset, unsigned int value);
hipError_t hipifyShimParamSetf(hipFunction_t hfunc, int offset, float value);
hipError_t hipifyShimParamSetv(hipFunction_t hfunc, int offset, void *ptr, unsigned int numbytes);
hipError_t hipifyShimLaunch(hipFunction_t f);
hipError_t hipifyShimLaunchGrid(hipFunction_t f, int grid_width, int grid_height);
hipError_t hipifyShimLaunchGridAsync(hipFunction_t f, int grid_width, int grid_height, hipStream_t hStream);

/* cuFuncSetCacheConfig: a module function's preferred L1/shared-memory split. On NVIDIA CUDA's own call;
 * AMD GPUs have no such split, so a valid preference is accepted and changes nothing, as HIP's
 * hipFuncSetCacheConfig does for kernels of the program. */
hipError_t hipifyShimFuncSetCacheConfig(hipFunction_t hfunc, hipFuncCache_t config);

/* cuGetErrorString's HIP spelling, hipDrvGetErrorString, came with HIP 5.4: before it, the shim's, which
 * gives HIP's description of the code (hipGetErrorString). */
#if defined(HIP_VERSION) && HIP_VERSION < 50400000 && !defined(HIPIFY_SHIM_HIP_CPU)
static inline hipError_t hipDrvGetErrorString(hipError_t error, const char **errorString) {
    if (!errorString) return hipErrorInvalidValue;
    *errorString = hipGetErrorString(error);
    return hipSuccess;
}
#endif

/* ---- cudaDeviceProp members that hipDeviceProp_t lacks ---------------------------------------- */
/* prop must have been filled by hipGetDeviceProperties: its PCI location names the device. A
 * property structure that matches no device (filled by hand) is answered for the current device. */
#define HIPIFY_SHIM_PROP(member, accessor, type, hip_attr, cuda_attr, amd_fallback) \
    type accessor(const hipDeviceProp_t *prop);
#include "hipify_shim_props.def"
#undef HIPIFY_SHIM_PROP

#ifdef __cplusplus
}
#endif

/* ---- CUDA's C++ convenience overloads that HIP lacks -------------------------------------------- */
/* cuda_runtime.h declares C++ template overloads beside the C API: a typed pointer (float **) where the C
 * function takes void **, the kernel itself where it takes const void *. HIP declares some of them
 * (hipMalloc, hipHostMalloc, hipMallocManaged, the symbol and occupancy calls) but not these, so a call
 * that hipify-clang writes with only its name changed compiles through this header. Each forwards to the
 * HIP function as CUDA's overload forwards to its C function; a HIP release that declares the overload
 * itself (hipHostAlloc and hipMallocPitch from HIP 6.3) gets none here. */
#if defined(__cplusplus) && !defined(__HIP_DISABLE_CPP_FUNCTIONS__)
/* HIP deprecates hipHostAlloc and the texture-reference calls: a port that calls them is warned at its own
 * call, not here */
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
#elif defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
/* HIP-CPU has no HIP_VERSION (so 0 here) but declares hipMallocPitch's overload itself */
#if !defined(HIPIFY_SHIM_HIP_CPU) && (HIP_VERSION_MAJOR < 6 || (HIP_VERSION_MAJOR == 6 && HIP_VERSION_MINOR < 3))
template <class T>
static inline hipError_t hipHostAlloc(T **ptr, size_t size, unsigned int flags) {
    return hipHostAlloc(reinterpret_cast<void **>(ptr), size, flags);
}
template <class T>
static inline hipError_t hipMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height) {
    return hipMallocPitch(reinterpret_cast<void **>(devPtr), pitch, width, height);
}
#endif
template <class T>
static inline hipError_t hipHostGetDevicePointer(T **devPtr, void *hostPtr, unsigned int flags) {
    return hipHostGetDevicePointer(reinterpret_cast<void **>(devPtr), hostPtr, flags);
}
#if defined(__HIP_PLATFORM_AMD__)
/* cudaLaunch(T *func) and cudaSetupArgument(T arg, size_t offset), CUDA before 10.1 (HIP declares the C
 * functions only for AMD) */
template <class T>
static inline hipError_t hipLaunchByPtr(T *func) {
    return hipLaunchByPtr(reinterpret_cast<const void *>(func));
}
template <class T>
static inline hipError_t hipSetupArgument(T arg, size_t offset) {
    return hipSetupArgument(static_cast<const void *>(&arg), sizeof(T), offset);
}
/* cudaGetTextureAlignmentOffset(size_t *, const texture<T, dim, mode> &), CUDA before 12.0: HIP's texture
 * template derives from textureReference */
template <class T, int dim, enum hipTextureReadMode mode>
static inline hipError_t hipGetTextureAlignmentOffset(size_t *offset, const texture<T, dim, mode> &tex) {
    return hipGetTextureAlignmentOffset(offset, &tex);
}
#endif
/* the shim's own occupancy function, given the kernel as CUDA's overload takes it */
template <class T>
static inline hipError_t hipifyShimOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, T *func,
                                                                         int numBlocks, int blockSize) {
    return hipifyShimOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, reinterpret_cast<const void *>(func),
                                                           numBlocks, blockSize);
}
#if defined(__clang__)
#pragma clang diagnostic pop
#elif defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#endif

/* ---- CUB --------------------------------------------------------------------------------------- */

/* CubDebugExit: hipCUB has CUB's CubDebug (HipcubDebug) but not the variant that ends the program when the
 * call failed; this is CUB's definition over hipCUB's check (report the error, then exit(1)). */
#include <stdlib.h>
#define hipifyShimCubDebugExit(e)                                                                      \
    do {                                                                                               \
        if (HipcubDebug(e)) exit(1);                                                                   \
    } while (0)

#include "hipify_shim_warp.h"
#include "hipify_shim_math.h"
#include "hipify_shim_bf16.h"
#include "hipify_shim_fp8.h"
#include "hipify_shim_rn.h"

#endif /* HIPIFY_SHIM_H */
