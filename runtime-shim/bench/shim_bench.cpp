// shim_bench.cpp: times shim functions against the CUDA calls they replace, under HIP on NVIDIA (CUDA events,
// 3 warm-up runs, median of 21). Prints one line per case with the shim/CUDA time ratio. Needs a GPU.
#include "hipify_shim.h"
#include <hip/hip_runtime.h>
#include <cuda.h>
#include <algorithm>
#include <stdio.h>
#include <stdlib.h>
#include <vector>

#define CHECK(call)                                                                      \
    do {                                                                                 \
        if ((call) != 0) {                                                               \
            fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #call);           \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

template <typename F>
static float median_ms(F run) {
    hipEvent_t start, stop;
    CHECK(hipEventCreate(&start));
    CHECK(hipEventCreate(&stop));
    for (int i = 0; i < 3; ++i) run();
    std::vector<float> times;
    for (int i = 0; i < 21; ++i) {
        CHECK(hipEventRecord(start, 0));
        run();
        CHECK(hipEventRecord(stop, 0));
        CHECK(hipEventSynchronize(stop));
        float ms = 0;
        CHECK(hipEventElapsedTime(&ms, start, stop));
        times.push_back(ms);
    }
    std::sort(times.begin(), times.end());
    CHECK(hipEventDestroy(start));
    CHECK(hipEventDestroy(stop));
    return times[times.size() / 2];
}

static void report(const char *what, float shim, float cuda, float naive) {
    printf("%-44s shim %8.3f ms  CUDA %8.3f ms  ratio %5.2f", what, shim, cuda, shim / cuda);
    if (naive > 0) printf("  (one call per row: %8.3f ms)", naive);
    printf("\n");
}

int main() {
    CHECK(cuInit(0));
    const size_t width = 4000, height = 4096;
    void *buffer = NULL;
    size_t pitch = 0;
    CHECK(hipMallocPitch(&buffer, &pitch, width * 4, height));
    hipDeviceptr_t dst = (hipDeviceptr_t)(uintptr_t)buffer;
    for (size_t element = 2; element <= 4; element += 2) {
        float shim = median_ms([&] {
            CHECK(element == 2 ? hipifyShimMemsetD2D16Async(dst, pitch, 0xBEEF, width, height, 0)
                               : hipifyShimMemsetD2D32Async(dst, pitch, 0x12345678u, width, height, 0));
        });
        float cuda = median_ms([&] {
            CHECK(element == 2 ? cuMemsetD2D16Async(dst, pitch, 0xBEEF, width, height, 0)
                               : cuMemsetD2D32Async(dst, pitch, 0x12345678u, width, height, 0));
        });
        float naive = median_ms([&] {
            for (size_t row = 0; row < height; ++row) {
                hipDeviceptr_t p = dst + row * pitch;
                CHECK(element == 2 ? hipMemsetD16Async(p, 0xBEEF, width, 0) : hipMemsetD32Async(p, 0x12345678u, width, 0));
            }
        });
        char what[96];
        snprintf(what, sizeof what, "cuMemsetD2D%zuAsync %zux%zu (pitch %zu)", element * 8, width, height, pitch);
        report(what, shim, cuda, naive);
    }
    CHECK(hipFree(buffer));

    // A linear copy into a 2-D array that starts mid-row and wraps over most of the array.
    const size_t array_width = 4096, array_rows = 2048, bytes = (array_rows - 2) * array_width * 4 + 123 * 4;
    hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
    hipArray_t array;
    CHECK(hipMallocArray(&array, &desc, array_width, array_rows, 0));
    void *source = NULL;
    CHECK(hipMalloc(&source, bytes));
    CHECK(hipMemset(source, 1, bytes));
    float shim = median_ms([&] {
        CHECK(hipifyShimMemcpyToArrayAsync(array, 17 * 4, 1, source, bytes, hipMemcpyDeviceToDevice, 0));
    });
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    float cuda = median_ms([&] {
        CHECK(cudaMemcpyToArrayAsync(array, 17 * 4, 1, source, bytes, cudaMemcpyDeviceToDevice, 0));
    });
#pragma GCC diagnostic pop
    report("cudaMemcpyToArrayAsync 32 MiB, wrapping", shim, cuda, 0);
    CHECK(hipFreeArray(array));
    CHECK(hipFree(source));
    return 0;
}
