/* hipify_cuda_decls.h: project-owned CUDA declarations that hipify-c parses against instead of a CUDA
 * toolkit (-nocudainc). They exist so that names resolve; they are not a CUDA implementation, carry no
 * NVIDIA text, and are never compiled into user programs. */
#ifndef HIPIFY_CUDA_DECLS_H
#define HIPIFY_CUDA_DECLS_H

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
/* The CUDA release the file is parsed for: hipify-c passes -DHIPIFY_CUDA_VERSION=N (--cuda-version, or
 * the release the file's own conditions ask for); 12.6 when the header is used alone. */
#ifndef HIPIFY_CUDA_VERSION
#define HIPIFY_CUDA_VERSION 12060
#endif
#define CUDART_VERSION HIPIFY_CUDA_VERSION
#define CUDA_VERSION HIPIFY_CUDA_VERSION
#define CUDART_CB
#define CUDA_CB
#define CUDAAPI
#define CUDARTAPI

typedef __SIZE_TYPE__ size_t;

struct dim3 {
    unsigned int x, y, z;
    __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
};
struct uint3 { unsigned int x, y, z; };
#define HC_VEC2(T, N) struct N##2 { T x, y; }; struct N##3 { T x, y, z; }; struct N##4 { T x, y, z, w; }; struct N##1 { T x; };
HC_VEC2(float, float) HC_VEC2(double, double) HC_VEC2(int, int) HC_VEC2(unsigned int, uint) HC_VEC2(char, char)
HC_VEC2(unsigned char, uchar) HC_VEC2(short, short) HC_VEC2(unsigned short, ushort) HC_VEC2(long, long)
HC_VEC2(unsigned long, ulong) HC_VEC2(long long, longlong) HC_VEC2(unsigned long long, ulonglong)
#undef HC_VEC2

struct __hc_builtin_index { unsigned int x, y, z; };
extern const __device__ __hc_builtin_index threadIdx, blockIdx, blockDim, gridDim;
extern const __device__ int warpSize;

typedef enum cudaError {
    cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2, cudaErrorInitializationError = 3,
    cudaErrorInvalidConfiguration = 9, cudaErrorInvalidDevice = 101, cudaErrorNotReady = 600,
    cudaErrorUnknown = 999
} cudaError_t;
typedef enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4
} cudaMemcpyKind;
typedef enum cudaFuncCache { cudaFuncCachePreferNone, cudaFuncCachePreferShared, cudaFuncCachePreferL1, cudaFuncCachePreferEqual } cudaFuncCache;
typedef enum cudaDeviceAttr { cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrWarpSize = 10, cudaDevAttrMultiProcessorCount = 16 } cudaDeviceAttr;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostAllocMapped 0x02
#define cudaHostAllocPortable 0x01
#define cudaHostAllocWriteCombined 0x04
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamLegacy ((cudaStream_t)0x1)

struct cudaDeviceProp {
    char name[256];
    size_t totalGlobalMem, sharedMemPerBlock, totalConstMem, memPitch;
    int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate;
    int major, minor, multiProcessorCount, kernelExecTimeoutEnabled, integrated, canMapHostMemory;
    int computeMode, concurrentKernels, ECCEnabled, pciBusID, pciDeviceID, memoryClockRate, memoryBusWidth;
    int l2CacheSize, maxThreadsPerMultiProcessor, sharedMemPerMultiprocessor, managedMemory, isMultiGpuBoard;
};
struct cudaFuncAttributes { size_t sharedSizeBytes, constSizeBytes, localSizeBytes; int maxThreadsPerBlock, numRegs; };

extern "C" {
cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags);
cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned int flags);
cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaHostGetDevicePointer(void **dev, void *host, unsigned int flags);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind kind, cudaStream_t stream);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemset(void *ptr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count, cudaStream_t stream);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, const void *func);
cudaError_t cudaFuncSetCacheConfig(const void *func, cudaFuncCache config);
cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shmem, cudaStream_t stream);
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset, cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset, cudaMemcpyKind kind);
cudaError_t cudaGetSymbolAddress(void **ptr, const void *symbol);
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *grid, int *block, const void *func, size_t shmem, int limit);
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
/* used by clang to lower <<<...>>> */
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem = 0, void *stream = 0);
cudaError_t cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t stream = 0);
}
/* CUDA's C++ API also takes a typed pointer to the pointer it fills (int **): without these, a call
 * the CUDA compiler accepts would not resolve here, and its argument's type would stay unknown. */
template <class T> cudaError_t cudaMalloc(T **ptr, size_t size);
template <class T> cudaError_t cudaMallocHost(T **ptr, size_t size);
template <class T> cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags);
template <class T> cudaError_t cudaMallocManaged(T **ptr, size_t size, unsigned int flags);
template <class T> cudaError_t cudaMallocPitch(T **ptr, size_t *pitch, size_t width, size_t height);
template <class T> cudaError_t cudaHostGetDevicePointer(T **dev, void *host, unsigned int flags);

/* Texture references: CUDA 12.0 removed them; code written for an older release still uses them. */
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
enum cudaChannelFormatKind { cudaChannelFormatKindSigned, cudaChannelFormatKindUnsigned, cudaChannelFormatKindFloat,
                             cudaChannelFormatKindNone };
struct cudaChannelFormatDesc { int x, y, z, w; enum cudaChannelFormatKind f; };
typedef struct cudaArray *cudaArray_t;
#if CUDA_VERSION < 12000
enum cudaTextureAddressMode { cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror, cudaAddressModeBorder };
enum cudaTextureFilterMode { cudaFilterModePoint, cudaFilterModeLinear };
struct textureReference {
    int normalized;
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureAddressMode addressMode[3];
    struct cudaChannelFormatDesc channelDesc;
};
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture : public textureReference {};
template <class T, int dim, enum cudaTextureReadMode mode>
cudaError_t cudaBindTexture(size_t *offset, const texture<T, dim, mode> &tex, const void *ptr, size_t size = ~(size_t)0);
template <class T, int dim, enum cudaTextureReadMode mode>
cudaError_t cudaBindTexture2D(size_t *offset, const texture<T, dim, mode> &tex, const void *ptr, size_t width,
                              size_t height, size_t pitch);
template <class T, int dim, enum cudaTextureReadMode mode>
cudaError_t cudaBindTextureToArray(const texture<T, dim, mode> &tex, cudaArray_t array);
template <class T, int dim, enum cudaTextureReadMode mode> cudaError_t cudaUnbindTexture(const texture<T, dim, mode> &tex);
template <class T> __device__ T tex1Dfetch(texture<T, 1, cudaReadModeElementType> t, int x);
template <class T, enum cudaTextureReadMode mode> __device__ T tex1D(texture<T, 1, mode> t, float x);
template <class T, enum cudaTextureReadMode mode> __device__ T tex2D(texture<T, 2, mode> t, float x, float y);
template <class T, enum cudaTextureReadMode mode> __device__ T tex3D(texture<T, 3, mode> t, float x, float y, float z);
#endif

/* cuda_fp16.h's types, as far as their members: a half2's x and y are halves (see pass_unportable.c) */
struct __half { unsigned short __x; __host__ __device__ operator float() const; };
struct __half2 { __half x, y; };
typedef struct __half half;
typedef struct __half2 half2;

/* cuda_bf16.h's and cuda_fp8.h's types and conversions, as far as a parse needs them to resolve names
 * (the bf16 overloads of __hadd... are declared with the other names HIP spells alike: not here). */
typedef struct __nv_bfloat16_raw { unsigned short x; } __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw { unsigned short x, y; } __nv_bfloat162_raw;
struct __nv_bfloat16 {
    unsigned short __x;
    __nv_bfloat16() = default;
    __host__ __device__ __nv_bfloat16(float);
    __host__ __device__ __nv_bfloat16(double);
    __host__ __device__ __nv_bfloat16(int);
    __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &);
    __host__ __device__ operator float() const;
    __host__ __device__ operator __nv_bfloat16_raw() const;
};
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef struct __nv_bfloat16 nv_bfloat16;
typedef struct __nv_bfloat162 nv_bfloat162;
__host__ __device__ float __bfloat162float(__nv_bfloat16);
__host__ __device__ __nv_bfloat16 __float2bfloat16(float);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float);
__host__ __device__ __nv_bfloat16 __double2bfloat16(double);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short);
__host__ __device__ unsigned short __bfloat16_as_ushort(__nv_bfloat16);
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
struct __half_raw { unsigned short x; };
__host__ __device__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(float, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_double_to_fp8(double, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw, __nv_saturation_t,
                                                                  __nv_fp8_interpretation_t);
__host__ __device__ __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t, __nv_fp8_interpretation_t);
#define HIPIFY_FP8_CLASS(T, S)                                                                                  \
    struct T {                                                                                                  \
        S __x;                                                                                                  \
        T() = default;                                                                                          \
        explicit __host__ __device__ T(float);                                                                  \
        explicit __host__ __device__ T(double);                                                                 \
        explicit __host__ __device__ operator float() const;                                                    \
    };
HIPIFY_FP8_CLASS(__nv_fp8_e4m3, __nv_fp8_storage_t)
HIPIFY_FP8_CLASS(__nv_fp8_e5m2, __nv_fp8_storage_t)
HIPIFY_FP8_CLASS(__nv_fp8x2_e4m3, __nv_fp8x2_storage_t)
HIPIFY_FP8_CLASS(__nv_fp8x2_e5m2, __nv_fp8x2_storage_t)
HIPIFY_FP8_CLASS(__nv_fp8x4_e4m3, __nv_fp8x4_storage_t)
HIPIFY_FP8_CLASS(__nv_fp8x4_e5m2, __nv_fp8x4_storage_t)
#undef HIPIFY_FP8_CLASS

/* device side */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ unsigned int __ballot_sync(unsigned int mask, int pred);
__device__ unsigned int __activemask(void);
__device__ int __all_sync(unsigned int mask, int pred);
__device__ int __any_sync(unsigned int mask, int pred);
template <typename T> __device__ T __shfl_sync(unsigned int mask, T v, int lane, int width = 32);
template <typename T> __device__ T __shfl_up_sync(unsigned int mask, T v, unsigned int delta, int width = 32);
template <typename T> __device__ T __shfl_down_sync(unsigned int mask, T v, unsigned int delta, int width = 32);
template <typename T> __device__ T __shfl_xor_sync(unsigned int mask, T v, int lane_mask, int width = 32);
__device__ int __popc(unsigned int);
__device__ int __popcll(unsigned long long);
__device__ int __ffs(int);
__device__ int __clz(int);
__device__ long long __double_as_longlong(double);
__device__ double __longlong_as_double(long long);
__device__ int __float_as_int(float);
__device__ float __int_as_float(int);
template <typename T> __device__ T atomicAdd(T *address, T val);
template <typename T> __device__ T atomicSub(T *address, T val);
template <typename T> __device__ T atomicMax(T *address, T val);
template <typename T> __device__ T atomicMin(T *address, T val);
template <typename T> __device__ T atomicExch(T *address, T val);
template <typename T> __device__ T atomicCAS(T *address, T compare, T val);
__device__ float __expf(float);
__device__ float __logf(float);
__device__ float __fdividef(float, float);

/* NVRTC: the calls whose arguments arguments.tsv adapts must resolve, so that the argument types are known. */
typedef enum nvrtcResult { NVRTC_SUCCESS = 0, NVRTC_ERROR_COMPILATION = 6 } nvrtcResult;
typedef struct _nvrtcProgram *nvrtcProgram;
nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name, int numHeaders,
                               const char *const *headers, const char *const *includeNames);
nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char *const *options);
nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog);
const char *nvrtcGetErrorString(nvrtcResult result);

#endif
