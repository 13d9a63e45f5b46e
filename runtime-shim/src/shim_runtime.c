/* shim_runtime.c: the shimmed CUDA Runtime and Driver functions of hipify_shim.h, each built only on HIP
 * calls that HIP 5.2 has on AMD and on NVIDIA. It keeps no state between calls and never prints or exits. */
#include "hipify_shim.h"
#include "shim_plan.h"
#include <stdint.h>
#include <string.h>

/* hipDeviceptr_t is void * on AMD and an integer (CUdeviceptr) on NVIDIA: convert through uintptr_t. */
static void *as_pointer(hipDeviceptr_t p) { return (void *)(uintptr_t)p; }
static hipDeviceptr_t offset_by(hipDeviceptr_t p, size_t bytes) { return (hipDeviceptr_t)((uintptr_t)p + bytes); }

#if defined(__HIP_PLATFORM_NVIDIA__)
#define SHIM_MEMORY_TYPE_ARRAY CU_MEMORYTYPE_ARRAY /* hip_Memcpy2D is CUDA_MEMCPY2D there */
#else
#define SHIM_MEMORY_TYPE_ARRAY hipMemoryTypeArray
#endif

/* ---- Runtime --------------------------------------------------------------------------------- */

hipError_t hipifyShimThreadGetLimit(size_t *value, hipifyShimLimit limit) { return hipDeviceGetLimit(value, limit); }

hipError_t hipifyShimSetDoubleForDevice(double *value) { return value ? hipSuccess : hipErrorInvalidValue; }

hipError_t hipifyShimSetDoubleForHost(double *value) { return value ? hipSuccess : hipErrorInvalidValue; }

hipError_t hipifyShimEventRecordWithFlags(hipEvent_t event, hipStream_t stream, unsigned int flags) {
    switch (flags) {
    case hipifyShimEventRecordDefault:
        return hipEventRecord(event, stream);
    case hipifyShimEventRecordExternal:
        return hipErrorNotSupported; /* external event nodes in graph capture: not in HIP 5.2 */
    default:
        return hipErrorInvalidValue;
    }
}

hipError_t hipifyShimInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
    int count = 0, current = 0;
    hipError_t status = hipGetDeviceCount(&count);
    if (status != hipSuccess) return status;
    if (device < 0 || device >= count) return hipErrorInvalidDevice;
    if (flags & ~hipifyShimInitDeviceFlagsAreValid) return hipErrorInvalidValue;
    if ((status = hipGetDevice(&current)) != hipSuccess) return status;
    if ((status = hipSetDevice(device)) != hipSuccess) return status;
    if (flags & hipifyShimInitDeviceFlagsAreValid) status = hipSetDeviceFlags(deviceFlags);
    if (status == hipSuccess) status = hipFree(NULL); /* the first runtime call creates the primary context */
    hipError_t restore = hipSetDevice(current);      /* cudaInitDevice leaves the current device alone */
    return status != hipSuccess ? status : restore;
}

/* Bytes of one element of a HIP array format (the driver-API description of an array). */
#if !defined(__HIP_PLATFORM_NVIDIA__)
static size_t format_bytes(enum hipArray_Format format) {
    switch (format) {
    case HIP_AD_FORMAT_UNSIGNED_INT8:
    case HIP_AD_FORMAT_SIGNED_INT8:
        return 1;
    case HIP_AD_FORMAT_UNSIGNED_INT16:
    case HIP_AD_FORMAT_SIGNED_INT16:
    case HIP_AD_FORMAT_HALF:
        return 2;
    case HIP_AD_FORMAT_UNSIGNED_INT32:
    case HIP_AD_FORMAT_SIGNED_INT32:
    case HIP_AD_FORMAT_FLOAT:
        return 4;
    }
    return 0;
}
#endif

/* Row length in bytes and number of rows of a 1-D or 2-D array; 3-D arrays are refused (CUDA's linear
 * array copies are defined for 2-D arrays). */
static hipError_t array_geometry(hipArray_const_t array, size_t *row_bytes, size_t *rows) {
    if (array == NULL) return hipErrorInvalidValue;
#if defined(__HIP_PLATFORM_NVIDIA__)
    struct cudaChannelFormatDesc desc;
    struct cudaExtent extent;
    unsigned int flags = 0;
    cudaError_t status = cudaArrayGetInfo(&desc, &extent, &flags, (cudaArray_t)array);
    if (status != cudaSuccess) return hipErrorInvalidValue;
    size_t element = (size_t)(desc.x + desc.y + desc.z + desc.w) / 8;
    size_t width = extent.width, height = extent.height ? extent.height : 1, depth = extent.depth;
#else
    size_t element = (size_t)(array->desc.x + array->desc.y + array->desc.z + array->desc.w) / 8;
    if (element == 0) element = format_bytes(array->Format) * array->NumChannels;
    size_t width = array->width, height = array->height ? array->height : 1, depth = array->depth;
#endif
    if (element == 0 || depth > 1) return hipErrorInvalidValue;
    *row_bytes = width * element;
    *rows = height;
    return hipSuccess;
}

hipError_t hipifyShimMemcpyToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                        size_t count, hipMemcpyKind kind, hipStream_t stream) {
    size_t row_bytes = 0, rows = 0, npieces = 0;
    hipify_shim_piece pieces[3];
    hipError_t status = array_geometry(dst, &row_bytes, &rows);
    if (status != hipSuccess) return status;
    if (count == 0) return hipSuccess;
    if (src == NULL || !hipify_shim_plan_linear(row_bytes, rows, wOffset, hOffset, count, pieces, &npieces))
        return hipErrorInvalidValue;
    for (size_t i = 0; i < npieces && status == hipSuccess; i++) {
        const hipify_shim_piece *p = &pieces[i];
        /* Multi-row pieces are whole rows, so the linear side's pitch is the piece width. */
        status = hipMemcpy2DToArrayAsync(dst, p->x, p->y, (const char *)src + p->linear_offset, p->width, p->width,
                                         p->rows, kind, stream);
    }
    return status;
}

hipError_t hipifyShimMemcpyFromArrayAsync(void *dst, hipArray_const_t src, size_t wOffset, size_t hOffset,
                                          size_t count, hipMemcpyKind kind, hipStream_t stream) {
    size_t row_bytes = 0, rows = 0, npieces = 0;
    hipify_shim_piece pieces[3];
    hipError_t status = array_geometry(src, &row_bytes, &rows);
    if (status != hipSuccess) return status;
    if (count == 0) return hipSuccess;
    if (dst == NULL || !hipify_shim_plan_linear(row_bytes, rows, wOffset, hOffset, count, pieces, &npieces))
        return hipErrorInvalidValue;
    for (size_t i = 0; i < npieces && status == hipSuccess; i++) {
        const hipify_shim_piece *p = &pieces[i];
        status = hipMemcpy2DFromArrayAsync((char *)dst + p->linear_offset, p->width, src, p->x, p->y, p->width,
                                           p->rows, kind, stream);
    }
    return status;
}

hipError_t hipifyShimMemcpyArrayToArray(hipArray_t dst, size_t wOffsetDst, size_t hOffsetDst, hipArray_const_t src,
                                        size_t wOffsetSrc, size_t hOffsetSrc, size_t count, hipMemcpyKind kind) {
    size_t src_row_bytes = 0, src_rows = 0, dst_row_bytes = 0, dst_rows = 0;
    if (kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault) return hipErrorInvalidMemcpyDirection;
    hipError_t status = array_geometry(src, &src_row_bytes, &src_rows);
    if (status == hipSuccess) status = array_geometry(dst, &dst_row_bytes, &dst_rows);
    if (status != hipSuccess) return status;
    if (count == 0) return hipSuccess;
    if (!hipify_shim_region_fits(src_row_bytes, src_rows, wOffsetSrc, hOffsetSrc, count) ||
        !hipify_shim_region_fits(dst_row_bytes, dst_rows, wOffsetDst, hOffsetDst, count))
        return hipErrorInvalidValue;
    size_t sx = wOffsetSrc, sy = hOffsetSrc, dx = wOffsetDst, dy = hOffsetDst, remaining = count;
    hipify_shim_pair_piece piece;
    while (status == hipSuccess &&
           hipify_shim_next_pair_piece(src_row_bytes, dst_row_bytes, &sx, &sy, &dx, &dy, &remaining, &piece)) {
        hip_Memcpy2D copy;
        memset(&copy, 0, sizeof copy);
        copy.srcMemoryType = SHIM_MEMORY_TYPE_ARRAY;
        copy.srcArray = (void *)(uintptr_t)src; /* the copy only reads it; the field is not const */
        copy.srcXInBytes = piece.src_x;
        copy.srcY = piece.src_y;
        copy.dstMemoryType = SHIM_MEMORY_TYPE_ARRAY;
        copy.dstArray = (void *)(uintptr_t)dst;
        copy.dstXInBytes = piece.dst_x;
        copy.dstY = piece.dst_y;
        copy.WidthInBytes = piece.width;
        copy.Height = piece.rows;
        status = hipMemcpyParam2D(&copy);
    }
    return status;
}

/* Occupancy bisection shared by the runtime (function pointer) and driver (module function) forms. */
typedef hipError_t (*occupancy_query)(int *blocks, const void *function, int block_size, size_t dynamic_smem);

static hipError_t query_runtime(int *blocks, const void *function, int block_size, size_t dynamic_smem) {
    return hipOccupancyMaxActiveBlocksPerMultiprocessor(blocks, function, block_size, dynamic_smem);
}

static hipError_t query_module(int *blocks, const void *function, int block_size, size_t dynamic_smem) {
    return hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(blocks, (hipFunction_t)(uintptr_t)function, block_size,
                                                              dynamic_smem);
}

static hipError_t available_dynamic_smem(size_t *result, occupancy_query query, const void *function,
                                         int num_blocks, int block_size) {
    int device = 0, smem_per_multiprocessor = 0, blocks = 0;
    if (result == NULL || function == NULL || num_blocks <= 0 || block_size <= 0) return hipErrorInvalidValue;
    hipError_t status = hipGetDevice(&device);
    if (status == hipSuccess)
        status = hipDeviceGetAttribute(&smem_per_multiprocessor, hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
                                       device);
    if (status != hipSuccess) return status;
    /* Invariant: low is feasible (or 0), high is not (or one past the multiprocessor's capacity). */
    size_t low = 0, high = (size_t)smem_per_multiprocessor + 1;
    if ((status = query(&blocks, function, block_size, 0)) != hipSuccess) return status;
    if (blocks < num_blocks) {
        *result = 0; /* not even without dynamic shared memory */
        return hipSuccess;
    }
    while (high - low > 1) {
        size_t middle = low + (high - low) / 2;
        if ((status = query(&blocks, function, block_size, middle)) != hipSuccess) return status;
        if (blocks >= num_blocks)
            low = middle;
        else
            high = middle;
    }
    *result = low;
    return hipSuccess;
}

hipError_t hipifyShimOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
                                                           int numBlocks, int blockSize) {
    return available_dynamic_smem(dynamicSmemSize, query_runtime, func, numBlocks, blockSize);
}

hipError_t hipifyShimModuleOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, hipFunction_t func,
                                                                 int numBlocks, int blockSize) {
    return available_dynamic_smem(dynamicSmemSize, query_module, (const void *)(uintptr_t)func, numBlocks,
                                  blockSize);
}

/* The device ordinal HIP's unified-memory calls take for a CUDA 12 location (cudaCpuDeviceId for the host). */
static hipError_t ordinal_of_location(hipifyShimMemLocation location, int *device) {
    switch ((int)location.type) {
    case 1: /* cudaMemLocationTypeDevice, hipMemLocationTypeDevice */
        *device = location.id;
        return hipSuccess;
    case hipifyShimMemLocationTypeHost:
        *device = hipCpuDeviceId;
        return hipSuccess;
    default: /* host NUMA nodes (3, 4) and invalid types */
        return location.type == 0 ? hipErrorInvalidValue : hipErrorNotSupported;
    }
}

hipError_t hipifyShimMemAdvise_v2(const void *devPtr, size_t count, hipMemoryAdvise advice,
                                  hipifyShimMemLocation location) {
    int device = 0;
    hipError_t status = ordinal_of_location(location, &device);
    return status != hipSuccess ? status : hipMemAdvise(devPtr, count, advice, device);
}

hipError_t hipifyShimMemPrefetchAsync_v2(const void *devPtr, size_t count, hipifyShimMemLocation location,
                                         unsigned int flags, hipStream_t stream) {
    int device = 0;
    if (flags != 0) return hipErrorInvalidValue; /* reserved in CUDA: must be 0 */
    hipError_t status = ordinal_of_location(location, &device);
    return status != hipSuccess ? status : hipMemPrefetchAsync(devPtr, count, device, stream);
}

hipError_t hipifyShimDrvMemAdvise_v2(hipDeviceptr_t devPtr, size_t count, hipMemoryAdvise advice,
                                     hipifyShimMemLocation location) {
    return hipifyShimMemAdvise_v2(as_pointer(devPtr), count, advice, location);
}

hipError_t hipifyShimDrvMemPrefetchAsync_v2(hipDeviceptr_t devPtr, size_t count, hipifyShimMemLocation location,
                                            unsigned int flags, hipStream_t stream) {
    return hipifyShimMemPrefetchAsync_v2(as_pointer(devPtr), count, location, flags, stream);
}

/* ---- Driver ---------------------------------------------------------------------------------- */

hipError_t hipifyShimMemcpy(hipDeviceptr_t dst, hipDeviceptr_t src, size_t byteCount) {
    return hipMemcpy(as_pointer(dst), as_pointer(src), byteCount, hipMemcpyDefault);
}

hipError_t hipifyShimMemcpyAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t byteCount, hipStream_t stream) {
    return hipMemcpyAsync(as_pointer(dst), as_pointer(src), byteCount, hipMemcpyDefault, stream);
}

/* The device a context belongs to. HIP 5.2 deprecates the context API on AMD but implements it; the
 * driver-API callers this serves already hold contexts, so there is no other way to name the device. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static hipError_t device_of_context(hipCtx_t context, int *device) {
    hipCtx_t popped = NULL;
    hipError_t status = hipCtxPushCurrent(context);
    if (status != hipSuccess) return status;
    hipDevice_t dev = 0;
    status = hipCtxGetDevice(&dev);
    hipError_t pop = hipCtxPopCurrent(&popped);
    *device = (int)dev;
    return status != hipSuccess ? status : pop;
}
#pragma GCC diagnostic pop

hipError_t hipifyShimMemcpyPeer(hipDeviceptr_t dst, hipCtx_t dstContext, hipDeviceptr_t src, hipCtx_t srcContext,
                                size_t byteCount) {
    int dst_device = 0, src_device = 0;
    hipError_t status = device_of_context(dstContext, &dst_device);
    if (status == hipSuccess) status = device_of_context(srcContext, &src_device);
    if (status != hipSuccess) return status;
    return hipMemcpyPeer(as_pointer(dst), dst_device, as_pointer(src), src_device, byteCount);
}

hipError_t hipifyShimMemcpyPeerAsync(hipDeviceptr_t dst, hipCtx_t dstContext, hipDeviceptr_t src,
                                     hipCtx_t srcContext, size_t byteCount, hipStream_t stream) {
    int dst_device = 0, src_device = 0;
    hipError_t status = device_of_context(dstContext, &dst_device);
    if (status == hipSuccess) status = device_of_context(srcContext, &src_device);
    if (status != hipSuccess) return status;
    return hipMemcpyPeerAsync(as_pointer(dst), dst_device, as_pointer(src), src_device, byteCount, stream);
}

hipError_t hipifyShimMemsetD2D8(hipDeviceptr_t dst, size_t dstPitch, unsigned char value, size_t width,
                                size_t height) {
    return hipMemset2D(as_pointer(dst), dstPitch, value, width, height);
}

hipError_t hipifyShimMemsetD2D8Async(hipDeviceptr_t dst, size_t dstPitch, unsigned char value, size_t width,
                                     size_t height, hipStream_t stream) {
    return hipMemset2DAsync(as_pointer(dst), dstPitch, value, width, height, stream);
}

/* 16- and 32-bit 2-D memsets: HIP 5.2 has only the 1-D forms. Contiguous rows (pitch == row bytes) take one
 * call; otherwise the first row is set and then doubled with 2-D device copies (rows [0, n) onto [n, 2n)),
 * so a block of height rows costs 1 + log2(height) calls instead of one per row. */
static hipError_t replicate_first_row(hipDeviceptr_t dst, size_t pitch, size_t row_bytes, size_t height,
                                      bool async, hipStream_t stream) {
    for (size_t done = 1; done < height;) {
        size_t rows = height - done < done ? height - done : done;
        void *to = as_pointer(offset_by(dst, done * pitch));
        hipError_t status = async ? hipMemcpy2DAsync(to, pitch, as_pointer(dst), pitch, row_bytes, rows,
                                                     hipMemcpyDeviceToDevice, stream)
                                  : hipMemcpy2D(to, pitch, as_pointer(dst), pitch, row_bytes, rows, hipMemcpyDeviceToDevice);
        if (status != hipSuccess) return status;
        done += rows;
    }
    return hipSuccess;
}

/* The body shared by the four memsets: set_1d is the 1-D HIP memset, extra its trailing stream argument
 * (empty or ", stream"), stream the stream the row copies go to (NULL with async false). */
#define SHIM_MEMSET_2D(element_bytes, set_1d, extra, async, stream)                                 \
    if (width == 0 || height == 0) return hipSuccess;                                               \
    if (dstPitch < width * (element_bytes)) return hipErrorInvalidValue;                            \
    if (dstPitch == width * (element_bytes)) return set_1d(dst, value, width * height extra);        \
    hipError_t status = set_1d(dst, value, width extra);                                             \
    if (status != hipSuccess) return status;                                                        \
    return replicate_first_row(dst, dstPitch, width * (element_bytes), height, async, stream);

#define SHIM_NO_STREAM
#define SHIM_WITH_STREAM , stream

hipError_t hipifyShimMemsetD2D16(hipDeviceptr_t dst, size_t dstPitch, unsigned short value, size_t width,
                                 size_t height) {
    SHIM_MEMSET_2D(2, hipMemsetD16, SHIM_NO_STREAM, false, NULL)
}

hipError_t hipifyShimMemsetD2D32(hipDeviceptr_t dst, size_t dstPitch, unsigned int value, size_t width,
                                 size_t height) {
    SHIM_MEMSET_2D(4, hipMemsetD32, SHIM_NO_STREAM, false, NULL)
}

hipError_t hipifyShimMemsetD2D16Async(hipDeviceptr_t dst, size_t dstPitch, unsigned short value, size_t width,
                                      size_t height, hipStream_t stream) {
    SHIM_MEMSET_2D(2, hipMemsetD16Async, SHIM_WITH_STREAM, true, stream)
}

hipError_t hipifyShimMemsetD2D32Async(hipDeviceptr_t dst, size_t dstPitch, unsigned int value, size_t width,
                                      size_t height, hipStream_t stream) {
    SHIM_MEMSET_2D(4, hipMemsetD32Async, SHIM_WITH_STREAM, true, stream)
}

/* CUdevprop fields and the attribute that answers each (HIP 5.2 answers all of them on both platforms). */
static const struct {
    size_t offset;
    hipDeviceAttribute_t attribute;
} devprop_fields[] = {
    {offsetof(hipifyShimDevprop, maxThreadsPerBlock), hipDeviceAttributeMaxThreadsPerBlock},
    {offsetof(hipifyShimDevprop, maxThreadsDim[0]), hipDeviceAttributeMaxBlockDimX},
    {offsetof(hipifyShimDevprop, maxThreadsDim[1]), hipDeviceAttributeMaxBlockDimY},
    {offsetof(hipifyShimDevprop, maxThreadsDim[2]), hipDeviceAttributeMaxBlockDimZ},
    {offsetof(hipifyShimDevprop, maxGridSize[0]), hipDeviceAttributeMaxGridDimX},
    {offsetof(hipifyShimDevprop, maxGridSize[1]), hipDeviceAttributeMaxGridDimY},
    {offsetof(hipifyShimDevprop, maxGridSize[2]), hipDeviceAttributeMaxGridDimZ},
    {offsetof(hipifyShimDevprop, sharedMemPerBlock), hipDeviceAttributeMaxSharedMemoryPerBlock},
    {offsetof(hipifyShimDevprop, totalConstantMemory), hipDeviceAttributeTotalConstantMemory},
    {offsetof(hipifyShimDevprop, SIMDWidth), hipDeviceAttributeWarpSize},
    {offsetof(hipifyShimDevprop, memPitch), hipDeviceAttributeMaxPitch},
    {offsetof(hipifyShimDevprop, regsPerBlock), hipDeviceAttributeMaxRegistersPerBlock},
    {offsetof(hipifyShimDevprop, clockRate), hipDeviceAttributeClockRate},
    {offsetof(hipifyShimDevprop, textureAlign), hipDeviceAttributeTextureAlignment},
};

hipError_t hipifyShimDeviceGetProperties(hipifyShimDevprop *prop, hipDevice_t device) {
    if (prop == NULL) return hipErrorInvalidValue;
    hipifyShimDevprop filled;
    memset(&filled, 0, sizeof filled);
    for (size_t i = 0; i < sizeof devprop_fields / sizeof devprop_fields[0]; i++) {
        int value = 0;
        hipError_t status = hipDeviceGetAttribute(&value, devprop_fields[i].attribute, (int)device);
        if (status != hipSuccess) return status;
        memcpy((char *)&filled + devprop_fields[i].offset, &value, sizeof value);
    }
    *prop = filled;
    return hipSuccess;
}
