// shim_api_test.cpp: runs every function of libhipify_shim on a GPU; checks results against host models
// and, under HIP on NVIDIA, against the CUDA calls replaced. It does not run in CI (no GPU): compiled there.

// Compiled for AMD (gfx90a, gfx1100) and NVIDIA in CI. Prints one line per check; exits 1 on any failure.
#include "hipify_shim.h"
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__HIP_PLATFORM_NVIDIA__)
#include <cuda.h>
#endif

static int failures = 0;
#define EXPECT(cond, ...)                                                   \
    do {                                                                    \
        if (!(cond)) {                                                      \
            failures++;                                                     \
            printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);          \
            printf(__VA_ARGS__);                                            \
            printf("\n");                                                   \
        }                                                                   \
    } while (0)
#define OK(call) EXPECT((call) == hipSuccess, "%s", hipGetErrorString(call))

__global__ void occupancy_kernel(float *out) {
    __shared__ float staging[512];
    extern __shared__ float dynamic_area[];
    staging[threadIdx.x % 512] = (float)threadIdx.x;
    dynamic_area[0] = staging[(threadIdx.x + 1) % 512];
    out[threadIdx.x] = dynamic_area[0];
}

static void test_simple_runtime(void) {
    size_t shim_limit = 0, hip_limit = 0;
    OK(hipifyShimThreadGetLimit(&shim_limit, hipLimitMallocHeapSize));
    OK(hipDeviceGetLimit(&hip_limit, hipLimitMallocHeapSize));
    EXPECT(shim_limit == hip_limit && shim_limit > 0, "limit %zu vs %zu", shim_limit, hip_limit);

    double value = 2.5;
    OK(hipifyShimSetDoubleForDevice(&value));
    OK(hipifyShimSetDoubleForHost(&value));
    EXPECT(value == 2.5, "value changed to %g", value);
    EXPECT(hipifyShimSetDoubleForDevice(NULL) == hipErrorInvalidValue, "NULL accepted");

    hipEvent_t event;
    OK(hipEventCreate(&event));
    OK(hipifyShimEventRecordWithFlags(event, 0, hipifyShimEventRecordDefault));
    OK(hipEventSynchronize(event));
    EXPECT(hipifyShimEventRecordWithFlags(event, 0, hipifyShimEventRecordExternal) == hipErrorNotSupported, "external");
    EXPECT(hipifyShimEventRecordWithFlags(event, 0, 7) == hipErrorInvalidValue, "bad flags accepted");
    OK(hipEventDestroy(event));

    int count = 0, before = -1, after = -1;
    OK(hipGetDeviceCount(&count));
    OK(hipGetDevice(&before));
    OK(hipifyShimInitDevice(count - 1, 0, 0));
    OK(hipGetDevice(&after));
    EXPECT(before == after, "current device moved from %d to %d", before, after);
    EXPECT(hipifyShimInitDevice(count, 0, 0) == hipErrorInvalidDevice, "device %d accepted", count);
    EXPECT(hipifyShimInitDevice(0, 0, 2) == hipErrorInvalidValue, "flags 2 accepted");
    printf("checked: thread limit, set-double, event record flags, init device\n");
}

// Reads a whole 2-D array back to the host.
static void read_array(unsigned char *host, hipArray_t array, size_t row_bytes, size_t rows) {
    OK(hipMemcpy2DFromArray(host, row_bytes, array, 0, 0, row_bytes, rows, hipMemcpyDeviceToHost));
}

static void test_array_copies(size_t element_bytes) {
    const size_t width = 61, rows = 7, other_width = 50, row_bytes = width * element_bytes;
    const size_t other_row_bytes = other_width * element_bytes, total = row_bytes * rows;
    hipChannelFormatDesc desc = hipCreateChannelDesc((int)(element_bytes * 8), 0, 0, 0,
                                                     element_bytes == 4 ? hipChannelFormatKindFloat
                                                                        : hipChannelFormatKindUnsigned);
    hipArray_t array = NULL, other = NULL;
    OK(hipMallocArray(&array, &desc, width, rows, 0));
    OK(hipMallocArray(&other, &desc, other_width, rows, 0));
    unsigned char *model = (unsigned char *)calloc(total, 1), *got = (unsigned char *)calloc(total, 1);
    unsigned char *src = (unsigned char *)malloc(total);
    for (size_t i = 0; i < total; i++) src[i] = (unsigned char)(i * 31 + 5);
    OK(hipMemcpy2DToArray(array, 0, 0, model, row_bytes, row_bytes, rows, hipMemcpyHostToDevice)); // zero it

    // To the array: from mid-row, across three rows, ending mid-row; in whole elements.
    const size_t x = 5 * element_bytes, y = 1, count = 2 * row_bytes + 9 * element_bytes;
    OK(hipifyShimMemcpyToArrayAsync(array, x, y, src, count, hipMemcpyHostToDevice, 0));
    OK(hipDeviceSynchronize());
    memcpy(model + y * row_bytes + x, src, count);
    read_array(got, array, row_bytes, rows);
    EXPECT(memcmp(model, got, total) == 0, "to-array (element %zu bytes)", element_bytes);

    // From the array: a different window, into a host buffer.
    const size_t fx = 3 * element_bytes, fy = 2, fcount = row_bytes + 20 * element_bytes;
    unsigned char *back = (unsigned char *)calloc(fcount, 1);
    OK(hipifyShimMemcpyFromArrayAsync(back, array, fx, fy, fcount, hipMemcpyDeviceToHost, 0));
    OK(hipDeviceSynchronize());
    EXPECT(memcmp(back, model + fy * row_bytes + fx, fcount) == 0, "from-array (element %zu bytes)", element_bytes);

    // Between arrays of different row lengths.
    unsigned char *other_model = (unsigned char *)calloc(other_row_bytes * rows, 1);
    unsigned char *other_got = (unsigned char *)calloc(other_row_bytes * rows, 1);
    OK(hipMemcpy2DToArray(other, 0, 0, other_model, other_row_bytes, other_row_bytes, rows, hipMemcpyHostToDevice));
    const size_t sx = 2 * element_bytes, sy = 1, dx = 7 * element_bytes, dy = 2;
    const size_t acount = 3 * other_row_bytes + 4 * element_bytes;
    OK(hipifyShimMemcpyArrayToArray(other, dx, dy, array, sx, sy, acount, hipMemcpyDeviceToDevice));
    OK(hipDeviceSynchronize());
    memcpy(other_model + dy * other_row_bytes + dx, model + sy * row_bytes + sx, acount);
    OK(hipMemcpy2DFromArray(other_got, other_row_bytes, other, 0, 0, other_row_bytes, rows, hipMemcpyDeviceToHost));
    EXPECT(memcmp(other_model, other_got, other_row_bytes * rows) == 0, "array-to-array (element %zu bytes)",
           element_bytes);

    EXPECT(hipifyShimMemcpyToArrayAsync(array, 0, 0, src, total + 1, hipMemcpyHostToDevice, 0) == hipErrorInvalidValue,
           "oversized copy accepted");
    EXPECT(hipifyShimMemcpyArrayToArray(other, 0, 0, array, 0, 0, 8, hipMemcpyHostToDevice) ==
               hipErrorInvalidMemcpyDirection, "host direction accepted");
    OK(hipFreeArray(array));
    OK(hipFreeArray(other));
    free(model), free(got), free(src), free(back), free(other_model), free(other_got);
    printf("checked: array copies with %zu-byte elements\n", element_bytes);
}

typedef hipError_t (*shim_occupancy)(size_t *, const void *, int, int);

static void test_occupancy(void) {
    int blocks_at = 0;
    for (int num_blocks = 1; num_blocks <= 16; num_blocks *= 2) {
        size_t shim = 0;
        OK(hipifyShimOccupancyAvailableDynamicSMemPerBlock(&shim, (const void *)occupancy_kernel, num_blocks, 128));
        // The answer is the edge: num_blocks fit with it, fewer fit with one byte more.
        OK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_at, (const void *)occupancy_kernel, 128, shim));
        EXPECT(blocks_at >= num_blocks || shim == 0, "%d blocks: %d fit with %zu bytes", num_blocks, blocks_at, shim);
        OK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_at, (const void *)occupancy_kernel, 128, shim + 1));
        EXPECT(blocks_at < num_blocks, "%d blocks: still %d fit with %zu + 1 bytes", num_blocks, blocks_at, shim);
#if defined(__HIP_PLATFORM_NVIDIA__)
        // CUDA 13 on an H100 answers up to reservedSharedMemPerBlock (1 KiB) more than its own occupancy
        // calculator allows once the multiprocessor's capacity is the bound; the shim answers the calculator's
        // edge (checked above), so it may be lower by exactly that amount and never higher (docs/shim.md).
        size_t cuda = 0;
        cudaDeviceProp cuda_prop;
        EXPECT(cudaGetDeviceProperties(&cuda_prop, 0) == cudaSuccess, "cuda properties");
        EXPECT(cudaOccupancyAvailableDynamicSMemPerBlock(&cuda, occupancy_kernel, num_blocks, 128) == cudaSuccess,
               "cuda call");
        EXPECT(shim == cuda || shim + cuda_prop.reservedSharedMemPerBlock == cuda,
               "%d blocks: shim %zu bytes, CUDA %zu bytes", num_blocks, shim, cuda);
        CUfunction function;
        EXPECT(cudaGetFuncBySymbol(&function, (const void *)occupancy_kernel) == cudaSuccess, "function handle");
        size_t module_shim = 0, module_cuda = 0;
        OK(hipifyShimModuleOccupancyAvailableDynamicSMemPerBlock(&module_shim, function, num_blocks, 128));
        EXPECT(cuOccupancyAvailableDynamicSMemPerBlock(&module_cuda, function, num_blocks, 128) == CUDA_SUCCESS, "cu");
        EXPECT(module_shim == shim && module_cuda == cuda, "driver form: shim %zu, CUDA %zu", module_shim, module_cuda);
        printf("occupancy: %2d blocks of 128: shim %zu bytes, CUDA %zu bytes\n", num_blocks, shim, cuda);
#else
        printf("occupancy: %2d blocks of 128: shim %zu bytes\n", num_blocks, shim);
#endif
    }
}

static int range_location(const void *p, size_t bytes, hipMemRangeAttribute attribute) {
    int where = -99;
    OK(hipMemRangeGetAttribute(&where, sizeof where, attribute, p, bytes));
    return where;
}

static void test_unified_memory_v2(void) {
    const size_t bytes = 1 << 20;
    void *managed = NULL;
    OK(hipMallocManaged(&managed, bytes));
    hipifyShimMemLocation device0, host, numa;
    memset(&device0, 0, sizeof device0);
    memset(&host, 0, sizeof host);
    memset(&numa, 0, sizeof numa);
    device0.type = (decltype(device0.type))1; // cudaMemLocationTypeDevice, hipMemLocationTypeDevice
    device0.id = 0;
    host.type = hipifyShimMemLocationTypeHost;
    numa.type = (decltype(numa.type))3; // cudaMemLocationTypeHostNuma
    OK(hipifyShimMemAdvise_v2(managed, bytes, hipMemAdviseSetPreferredLocation, device0));
    EXPECT(range_location(managed, bytes, hipMemRangeAttributePreferredLocation) == 0, "preferred: device 0");
    OK(hipifyShimDrvMemAdvise_v2((hipDeviceptr_t)(uintptr_t)managed, bytes, hipMemAdviseSetPreferredLocation, host));
    EXPECT(range_location(managed, bytes, hipMemRangeAttributePreferredLocation) == hipCpuDeviceId, "preferred: host");
    OK(hipifyShimMemPrefetchAsync_v2(managed, bytes, device0, 0, 0));
    OK(hipDeviceSynchronize());
    EXPECT(range_location(managed, bytes, hipMemRangeAttributeLastPrefetchLocation) == 0, "prefetched: device 0");
    OK(hipifyShimDrvMemPrefetchAsync_v2((hipDeviceptr_t)(uintptr_t)managed, bytes, host, 0, 0));
    OK(hipDeviceSynchronize());
    EXPECT(range_location(managed, bytes, hipMemRangeAttributeLastPrefetchLocation) == hipCpuDeviceId,
           "prefetched: host");
    EXPECT(hipifyShimMemAdvise_v2(managed, bytes, hipMemAdviseSetPreferredLocation, numa) == hipErrorNotSupported,
           "NUMA location accepted");
    EXPECT(hipifyShimMemPrefetchAsync_v2(managed, bytes, device0, 1, 0) == hipErrorInvalidValue, "flags accepted");
    OK(hipFree(managed));
    printf("checked: MemAdvise_v2, MemPrefetchAsync_v2 (runtime and driver forms)\n");
}

static void test_driver_copies(void) {
    const size_t n = 1 << 16;
    unsigned int *host = (unsigned int *)malloc(n * 4), *back = (unsigned int *)malloc(n * 4);
    for (size_t i = 0; i < n; i++) host[i] = (unsigned int)(i * 2654435761u);
    hipDeviceptr_t a, b;
    OK(hipMalloc((void **)&a, n * 4));
    OK(hipMalloc((void **)&b, n * 4));
    OK(hipifyShimMemcpy(a, (hipDeviceptr_t)(uintptr_t)host, n * 4)); // host to device, inferred
    OK(hipifyShimMemcpy(b, a, n * 4));                               // device to device
    OK(hipifyShimMemcpyAsync((hipDeviceptr_t)(uintptr_t)back, b, n * 4, 0));
    OK(hipDeviceSynchronize());
    EXPECT(memcmp(host, back, n * 4) == 0, "cuMemcpy round trip");

    hipCtx_t context;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    OK(hipDevicePrimaryCtxRetain(&context, 0));
    memset(back, 0, n * 4);
    OK(hipMemset((void *)(uintptr_t)b, 0, n * 4));
    OK(hipifyShimMemcpyPeer(b, context, a, context, n * 4));
    OK(hipifyShimMemcpyPeerAsync((hipDeviceptr_t)(uintptr_t)back, context, b, context, 0, 0)); // zero bytes: no-op
    OK(hipMemcpy(back, (void *)(uintptr_t)b, n * 4, hipMemcpyDeviceToHost));
    EXPECT(memcmp(host, back, n * 4) == 0, "cuMemcpyPeer");
    OK(hipDevicePrimaryCtxRelease(0));
#pragma GCC diagnostic pop
    OK(hipFree((void *)(uintptr_t)a));
    OK(hipFree((void *)(uintptr_t)b));
    free(host), free(back);
    printf("checked: cuMemcpy, cuMemcpyAsync, cuMemcpyPeer\n");
}

// Fills a pitched buffer with 0xEE, sets a width x height block of elements, and checks block and padding.
static void test_memset_2d(size_t element_bytes, bool async) {
    const size_t width = 37, height = 11;
    size_t pitch = 0;
    void *buffer = NULL;
    OK(hipMallocPitch(&buffer, &pitch, 64 * element_bytes, height));
    OK(hipMemset(buffer, 0xEE, pitch * height));
    hipDeviceptr_t dst = (hipDeviceptr_t)(uintptr_t)buffer;
    const unsigned int pattern32 = 0x12345678u;
    hipError_t status = hipSuccess;
    if (element_bytes == 1)
        status = async ? hipifyShimMemsetD2D8Async(dst, pitch, 0x5A, width, height, 0)
                       : hipifyShimMemsetD2D8(dst, pitch, 0x5A, width, height);
    else if (element_bytes == 2)
        status = async ? hipifyShimMemsetD2D16Async(dst, pitch, 0xBEEF, width, height, 0)
                       : hipifyShimMemsetD2D16(dst, pitch, 0xBEEF, width, height);
    else
        status = async ? hipifyShimMemsetD2D32Async(dst, pitch, pattern32, width, height, 0)
                       : hipifyShimMemsetD2D32(dst, pitch, pattern32, width, height);
    OK(status);
    OK(hipDeviceSynchronize());
    unsigned char *host = (unsigned char *)malloc(pitch * height);
    OK(hipMemcpy(host, buffer, pitch * height, hipMemcpyDeviceToHost));
    size_t wrong = 0;
    for (size_t r = 0; r < height; r++)
        for (size_t c = 0; c < pitch; c++) {
            unsigned char want = 0xEE;
            if (c < width * element_bytes) {
                size_t byte = c % element_bytes;
                want = element_bytes == 1 ? 0x5A
                     : element_bytes == 2 ? (unsigned char)(0xBEEF >> (8 * byte))
                                          : (unsigned char)(pattern32 >> (8 * byte));
            }
            wrong += host[r * pitch + c] != want;
        }
    EXPECT(wrong == 0, "memset D2D%zu%s: %zu bytes wrong", element_bytes * 8, async ? "Async" : "", wrong);
    if (element_bytes > 1)
        EXPECT(hipifyShimMemsetD2D32(dst, 8, 1, 3, 2) == hipErrorInvalidValue, "pitch smaller than a row accepted");
    OK(hipFree(buffer));
    free(host);
}

static void test_properties(void) {
    int device = 0;
    OK(hipGetDevice(&device));
    hipifyShimDevprop devprop;
    OK(hipifyShimDeviceGetProperties(&devprop, device));
    hipDeviceProp_t prop;
    OK(hipGetDeviceProperties(&prop, device));
    EXPECT(devprop.maxThreadsPerBlock == prop.maxThreadsPerBlock && devprop.SIMDWidth == prop.warpSize &&
               devprop.maxGridSize[0] == prop.maxGridSize[0] && devprop.maxThreadsDim[2] == prop.maxThreadsDim[2] &&
               devprop.regsPerBlock == prop.regsPerBlock && devprop.sharedMemPerBlock == (int)prop.sharedMemPerBlock,
           "CUdevprop disagrees with hipDeviceProp_t");
#if defined(__HIP_PLATFORM_NVIDIA__)
    cudaDeviceProp cuda;
    EXPECT(cudaGetDeviceProperties(&cuda, device) == cudaSuccess, "cuda properties");
/* CUDA's own value of each member; CUDA 13 removed deviceOverlap, which it documents as asyncEngineCount > 0. */
#define CUDA_VALUE_reservedSharedMemPerBlock(c) ((c).reservedSharedMemPerBlock)
#define CUDA_VALUE_sharedMemPerBlockOptin(c) ((c).sharedMemPerBlockOptin)
#define CUDA_VALUE_sharedMemPerMultiprocessor(c) ((c).sharedMemPerMultiprocessor)
#define CUDA_VALUE_streamPrioritiesSupported(c) ((c).streamPrioritiesSupported)
#define CUDA_VALUE_unifiedAddressing(c) ((c).unifiedAddressing)
#if CUDART_VERSION >= 13000
#define CUDA_VALUE_deviceOverlap(c) ((c).asyncEngineCount > 0)
#else
#define CUDA_VALUE_deviceOverlap(c) ((c).deviceOverlap)
#endif
#define HIPIFY_SHIM_PROP(member, accessor, type, hip_attr, cuda_attr, amd_fallback)                       \
    EXPECT(accessor(&prop) == (type)CUDA_VALUE_##member(cuda), #member ": shim %lld, CUDA %lld",            \
           (long long)accessor(&prop), (long long)CUDA_VALUE_##member(cuda));                              \
    printf("member %-28s shim %lld, CUDA %lld\n", #member, (long long)accessor(&prop),                    \
           (long long)CUDA_VALUE_##member(cuda));
#else
#define HIPIFY_SHIM_PROP(member, accessor, type, hip_attr, cuda_attr, amd_fallback) \
    printf("member %-28s shim %lld\n", #member, (long long)accessor(&prop));
#endif
#include "hipify_shim_props.def"
#undef HIPIFY_SHIM_PROP
    hipDeviceProp_t by_hand;
    memset(&by_hand, 0, sizeof by_hand); // matches no device: answered for the current one
    EXPECT(hipifyShimDevicePropSharedMemPerMultiprocessor(&by_hand) ==
               hipifyShimDevicePropSharedMemPerMultiprocessor(&prop), "hand-filled structure");
}

int main(void) {
    test_simple_runtime();
    test_array_copies(1);
    test_array_copies(4);
    test_occupancy();
    test_driver_copies();
    test_unified_memory_v2();
    for (size_t element = 1; element <= 4; element *= 2) {
        test_memset_2d(element, false);
        test_memset_2d(element, true);
    }
    printf("checked: cuMemsetD2D8/16/32 and Async\n");
    test_properties();
    if (failures) {
        printf("FAIL: %d checks failed\n", failures);
        return 1;
    }
    printf("PASS: every shim function\n");
    return 0;
}
