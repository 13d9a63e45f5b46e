// platform_parity.cpp: checks on an NVIDIA GPU that HIP-on-NVIDIA answers as the CUDA runtime does: every
// hipDeviceProp_t field, device attribute and error code with a CUDA counterpart, and device-side assert; it does not test AMD.
//
// Build (as HIP for NVIDIA, with the overlay and the tables that hipify_nvidia_compat.py --emit-tables
// writes from the same headers):  nvcc -x cu -D__HIP_PLATFORM_NVIDIA__ -I<overlay> -I<tables dir> this.cpp
// Exit: 0 all equal, 1 any difference (each printed), 77 no GPU.  The assert checks run in child processes
// (this program re-executed with "assert-child MODE") because a failed device assert ends the CUDA context.
#undef NDEBUG  // the assert checks need assert enabled
#include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cuda.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hipify_parity_tables.h"

namespace {

struct Tally {
    int compared = 0;
    int differ = 0;
    void check(bool equal, const char* what, const char* name, long long hip_value, long long cuda_value) {
        ++compared;
        if (!equal) {
            ++differ;
            printf("MISMATCH %s %s: HIP %lld, CUDA %lld\n", what, name, hip_value, cuda_value);
        }
    }
};

// --- device-side assert: HIP kernels first (whatever assert the HIP headers give), CUDA's own below ---
__global__ void hip_assert_kernel(const int* values, int limit) { assert(values[threadIdx.x] < limit); }

int run_hip_assert(const int* device_values, int limit) {
    hipLaunchKernelGGL(hip_assert_kernel, dim3(1), dim3(32), 0, 0, device_values, limit);
    return (int)hipDeviceSynchronize();
}

}  // namespace

#undef assert
#include <assert.h>  // CUDA's device assert, the reference

namespace {

__global__ void cuda_assert_kernel(const int* values, int limit) { assert(values[threadIdx.x] < limit); }

int run_cuda_assert(const int* device_values, int limit) {
    cuda_assert_kernel<<<1, 32>>>(device_values, limit);
    return (int)cudaDeviceSynchronize();
}

// Child: values 0..31; limit 32 holds for every thread (pass), limit 16 fails for half (fail).
int assert_child(const char* mode) {
    int host[32];
    for (int i = 0; i < 32; ++i) host[i] = i;
    int* device = nullptr;
    if (cudaMalloc(&device, sizeof host) != cudaSuccess ||
        cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice) != cudaSuccess) {
        printf("SYNC -1\n");
        return 1;
    }
    bool hip = strncmp(mode, "hip-", 4) == 0;
    int limit = strstr(mode, "-pass") ? 32 : 16;
    int code = hip ? run_hip_assert(device, limit) : run_cuda_assert(device, limit);
    printf("SYNC %d\n", code);
    fflush(stdout);
    return 0;
}

int child_result(const char* self, const char* mode) {
    char command[4200];
    snprintf(command, sizeof command, "'%s' assert-child %s", self, mode);
    FILE* pipe = popen(command, "r");
    if (!pipe) return -2;
    int code = -3;
    char line[256];
    while (fgets(line, sizeof line, pipe))
        if (sscanf(line, "SYNC %d", &code) == 1) break;
    pclose(pipe);
    return code;
}

void check_asserts(const char* self, Tally& t) {
    int hip_pass = child_result(self, "hip-pass"), cuda_pass = child_result(self, "cuda-pass");
    int hip_fail = child_result(self, "hip-fail"), cuda_fail = child_result(self, "cuda-fail");
    printf("assert: CUDA pass=%d fail=%d; HIP pass=%d fail=%d (hipErrorAssert=%d)\n", cuda_pass, cuda_fail, hip_pass,
           hip_fail, (int)hipErrorAssert);
    t.check(cuda_pass == cudaSuccess && hip_pass == hipSuccess, "assert", "holding condition", hip_pass, cuda_pass);
    t.check(cuda_fail == cudaErrorAssert && hip_fail == hipErrorAssert &&
                hipErrorToCudaError((hipError_t)hip_fail) == (cudaError_t)cuda_fail,
            "assert", "failing condition", hip_fail, cuda_fail);
}

void check_props(int device, Tally& t) {
    hipDeviceProp_t hp;
    cudaDeviceProp cp;
    memset(&hp, 0xA5, sizeof hp);  // a field the wrapper forgets shows up as garbage, not as a lucky 0
    hipError_t he = hipGetDeviceProperties(&hp, device);
    cudaError_t ce = cudaGetDeviceProperties(&cp, device);
    t.check(hipErrorToCudaError(he) == ce, "hipGetDeviceProperties", "status", he, ce);
#define SCALAR(h, c) t.check((long long)hp.h == (long long)cp.c, "prop", #h, (long long)hp.h, (long long)cp.c);
#define ARRAY(h, c, n) \
    for (int i = 0; i < n; ++i) t.check(hp.h[i] == cp.c[i], "prop", #h "[i]", hp.h[i], cp.c[i]);
#define STRING(h, c) t.check(strncmp(hp.h, cp.c, sizeof hp.h) == 0, "prop", #h, 0, 0);
#define VIA_ATTR(h, a)                                                           \
    {                                                                            \
        int v = -1;                                                              \
        cudaError_t e = cudaDeviceGetAttribute(&v, a, device);                   \
        t.check(e == cudaSuccess && hp.h == v, "prop(attr " #a ")", #h, hp.h, v); \
    }
    HIPIFY_PROP_SCALARS(SCALAR)
    HIPIFY_PROP_ARRAYS(ARRAY)
    HIPIFY_PROP_STRINGS(STRING)
    HIPIFY_PROP_ATTRS(VIA_ATTR)
#define NAME(h) printf(" %s", #h);
    printf("props not compared (no CUDA counterpart):");
    HIPIFY_PROP_HIP_ONLY(NAME)
    printf("\n");
}

void check_attrs(int device, Tally& t) {
#define ATTR(h, c)                                                                              \
    {                                                                                           \
        int hv = -1, cv = -1;                                                                   \
        hipError_t he = hipDeviceGetAttribute(&hv, h, device);                                  \
        cudaError_t ce = cudaDeviceGetAttribute(&cv, c, device);                                \
        t.check(hipErrorToCudaError(he) == ce && (ce != cudaSuccess || hv == cv), "attr", #h, \
                he == hipSuccess ? hv : -1000000 - (long long)he,                               \
                ce == cudaSuccess ? cv : -1000000 - (long long)ce);                             \
    }
    HIPIFY_ATTR_PAIRS(ATTR)
    printf("attributes not compared (no CUDA counterpart):");
    HIPIFY_ATTR_HIP_ONLY(NAME)
    printf("\n");
}

void check_errors(Tally& t) {
#define PAIR(h, c)                                                                                       \
    t.check(hipErrorToCudaError(h) == c, "hip->cuda", #h, hipErrorToCudaError(h), c);                   \
    t.check(hipCUDAErrorTohipError(c) == h, "cuda->hip", #c, hipCUDAErrorTohipError(c), h);             \
    t.check(hipCUDAErrorTohipError(hipErrorToCudaError(h)) == h, "hip->cuda->hip", #h,                 \
            hipCUDAErrorTohipError(hipErrorToCudaError(h)), h);                                         \
    t.check(hipErrorToCudaError(hipCUDAErrorTohipError(c)) == c, "cuda->hip->cuda", #c,                \
            hipErrorToCudaError(hipCUDAErrorTohipError(c)), c);
#define HIP_ONLY(h) t.check(hipErrorToCudaError(h) == cudaErrorUnknown, "hip-only->cuda", #h, hipErrorToCudaError(h), cudaErrorUnknown);
#define CUDA_ONLY(c) t.check(hipCUDAErrorTohipError(c) == hipErrorUnknown, "cuda-only->hip", #c, hipCUDAErrorTohipError(c), hipErrorUnknown);
#define CU_PAIR(c, h) t.check(hipCUResultTohipError(c) == h, "CUresult->hip", #c, hipCUResultTohipError(c), h);
#define CU_ONLY(c) t.check(hipCUResultTohipError(c) == hipErrorUnknown, "CUresult-only->hip", #c, hipCUResultTohipError(c), hipErrorUnknown);
    HIPIFY_ERROR_PAIRS(PAIR)
    HIPIFY_ERROR_HIP_ONLY(HIP_ONLY)
    HIPIFY_ERROR_CUDA_ONLY(CUDA_ONLY)
    HIPIFY_CU_PAIRS(CU_PAIR)
    HIPIFY_CU_ONLY(CU_ONLY)
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 3 && strcmp(argv[1], "assert-child") == 0) return assert_child(argv[2]);
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        printf("SKIPPED: no CUDA device\n");
        return 77;
    }
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        printf("FAIL: cannot find this program's path for the assert children\n");
        return 1;
    }
    self[n] = '\0';
    int driver = 0, runtime = 0;
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    cudaDeviceProp cp;
    cudaGetDeviceProperties(&cp, 0);
    printf("device 0: %s (sm_%d%d), CUDA driver %d, runtime %d, tables from CUDA %d\n", cp.name, cp.major, cp.minor,
           driver, runtime, HIPIFY_TABLES_CUDART_VERSION);

    Tally props, attrs, errors, asserts;
    check_props(0, props);
    check_attrs(0, attrs);
    check_errors(errors);
    check_asserts(self, asserts);
    printf("props: %d values compared, %d differ\n", props.compared, props.differ);
    printf("attributes: %d compared, %d differ\n", attrs.compared, attrs.differ);
    printf("error codes: %d checks, %d differ\n", errors.compared, errors.differ);
    printf("device assert: %d checks, %d differ\n", asserts.compared, asserts.differ);
    int differ = props.differ + attrs.differ + errors.differ + asserts.differ;
    printf("%s\n", differ ? "FAIL: HIP-on-NVIDIA differs from CUDA" : "PASS: HIP-on-NVIDIA agrees with CUDA");
    return differ ? 1 : 0;
}
