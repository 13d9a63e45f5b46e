// compat_smoke.cpp: a small HIP program that touches the HIP-on-NVIDIA wrappers the overlay patches
// (device properties, attributes, managed-memory prefetch and advice) and checks a kernel's result.
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h> // HIP 6.2's and 6.3's headers: written by the overlay where the installed HIP lacks them
#include <hip/hip_fp8.h>
#include <stdio.h>

#define CHECK(call)                                                                        \
    do {                                                                                   \
        hipError_t check_status = (call);                                                  \
        if (check_status != hipSuccess) {                                                  \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                   \
                    hipGetErrorString(check_status));                                      \
            return 1;                                                                      \
        }                                                                                  \
    } while (0)

__global__ void scale_and_add(float *data, float scale, float offset, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = data[i] * scale + offset;
}

int main() {
    const int n = 100003; // not a multiple of the block size
    hipDeviceProp_t prop;
    CHECK(hipGetDeviceProperties(&prop, 0));
    int clock_khz = 0, multi_device_coop = -1;
    CHECK(hipDeviceGetAttribute(&clock_khz, hipDeviceAttributeClockRate, 0));
    CHECK(hipDeviceGetAttribute(&multi_device_coop, hipDeviceAttributeCooperativeMultiDeviceLaunch, 0));
    printf("device %s: clockRate %d kHz (attribute %d), memoryClockRate %d kHz, computeMode %d, "
           "multi-device coop %d\n", prop.name, prop.clockRate, clock_khz, prop.memoryClockRate,
           prop.computeMode, multi_device_coop);
    // The overlay reads clockRate through the attribute: both paths must agree.
    if (prop.clockRate != clock_khz || prop.clockRate <= 0 || prop.memoryClockRate <= 0) {
        fprintf(stderr, "FAIL: clock rates disagree or are not positive\n");
        return 1;
    }

    // bf16 and fp8 under HIP's names (a port for HIP >= 6.3 includes the headers above itself).
    __hip_bfloat16 half_of_three = __float2bfloat16(1.5f);
    __hip_fp8_storage_t fp8 = __hip_cvt_float_to_fp8(-2.75f, __HIP_SATFINITE, __HIP_E4M3);
    __hip_fp8_e5m2 wide(448.0f);
    if (__bfloat162float(half_of_three) != 1.5f || fp8 != 0xC3 || float(wide) != 448.0f) {
        fprintf(stderr, "FAIL: bf16/fp8 conversions under HIP's names\n");
        return 1;
    }

    float *data = 0;
    CHECK(hipMallocManaged(&data, n * sizeof(float)));
    for (int i = 0; i < n; ++i) data[i] = (float)(i % 977) * 0.5f - 100.0f;
    CHECK(hipMemAdvise(data, n * sizeof(float), hipMemAdviseSetPreferredLocation, 0));
    CHECK(hipMemPrefetchAsync(data, n * sizeof(float), 0, 0));
    hipLaunchKernelGGL(scale_and_add, dim3((n + 255) / 256), dim3(256), 0, 0, data, 3.0f, 1.5f, n);
    CHECK(hipGetLastError());
    CHECK(hipMemPrefetchAsync(data, n * sizeof(float), hipCpuDeviceId, 0));
    CHECK(hipDeviceSynchronize());
    int wrong = 0;
    for (int i = 0; i < n; ++i) {
        float expected = ((float)(i % 977) * 0.5f - 100.0f) * 3.0f + 1.5f;
        if (data[i] != expected) ++wrong;
    }
    CHECK(hipFree(data));
    if (wrong) {
        fprintf(stderr, "FAIL: %d of %d elements wrong\n", wrong, n);
        return 1;
    }
    printf("PASS: %d elements\n", n);
    return 0;
}
