// compat_smoke.cpp: a small HIP program that touches the HIP-on-NVIDIA wrappers the overlay patches
// (device properties, attributes, managed-memory prefetch and advice) and checks a kernel's result.
#include <hip/hip_runtime.h>
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
