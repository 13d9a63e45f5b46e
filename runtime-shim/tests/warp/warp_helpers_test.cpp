// warp_helpers_test.cpp: exercises every *_sync warp intrinsic of hipify_shim_warp.h and checks results on
// the host against the device's warp size (32 or 64). It runs on GPUs only; for AMD it is compiled only.
#include "hipify_shim_warp.h"
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                             \
    do {                                                                                        \
        hipError_t check_status = (call);                                                       \
        if (check_status != hipSuccess) {                                                       \
            fprintf(stderr, "%s:%d: %s\n", #call, __LINE__, hipGetErrorString(check_status));    \
            exit(1);                                                                            \
        }                                                                                       \
    } while (0)

enum { BLOCK = 128, NBLOCKS = 3, N = BLOCK * NBLOCKS };

struct WarpOutputs {
    int shfl[N], up[N], down[N], reduce[N], exchanged[N];
    float xor_value[N];
    double shfl_double[N];
    unsigned long long ballot[N], partial_ballot[N], diverged_active[N];
    int any_hit[N], any_miss[N], all_hit[N], all_miss[N];
    unsigned long long match_any[N], match_any_double[N], match_all_same[N], match_all_mixed[N];
    int match_all_same_pred[N], match_all_mixed_pred[N];
};

__global__ void warp_kernel(WarpOutputs *out) {
    __shared__ int staging[BLOCK];
    const int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
    const int lane = tid % warpSize;
    out->shfl[i] = __shfl_sync(HIPIFY_FULL_WARP_MASK, i * 3, (lane + 1) % warpSize);
    out->shfl_double[i] = __shfl_sync(HIPIFY_FULL_WARP_MASK, i * 0.25, warpSize - 1 - lane);
    out->up[i] = __shfl_up_sync(HIPIFY_FULL_WARP_MASK, i, 1);
    out->down[i] = __shfl_down_sync(HIPIFY_FULL_WARP_MASK, i, 2);
    out->xor_value[i] = __shfl_xor_sync(HIPIFY_FULL_WARP_MASK, (float)i, 1);
    int sum = i; // butterfly reduction over the whole warp, whatever its width
    for (int offset = warpSize / 2; offset > 0; offset /= 2) sum += __shfl_xor_sync(HIPIFY_FULL_WARP_MASK, sum, offset);
    out->reduce[i] = sum;
    out->ballot[i] = __ballot_sync(HIPIFY_FULL_WARP_MASK, lane % 3 == 0);
    out->partial_ballot[i] = 0; // only the mask's lanes may execute a *_sync call (CUDA: undefined otherwise)
    if ((0xf0fu >> lane) & 1u) out->partial_ballot[i] = __ballot_sync(0xf0fu, 1);
    out->diverged_active[i] = 0;
    if (lane < 10) out->diverged_active[i] = __activemask();
    out->any_hit[i] = __any_sync(HIPIFY_FULL_WARP_MASK, lane == 5);
    out->any_miss[i] = __any_sync(HIPIFY_FULL_WARP_MASK, lane == 1000);
    out->all_hit[i] = __all_sync(HIPIFY_FULL_WARP_MASK, lane < warpSize);
    out->all_miss[i] = __all_sync(HIPIFY_FULL_WARP_MASK, lane != 7);
    out->match_any[i] = __match_any_sync(HIPIFY_FULL_WARP_MASK, lane % 3);
    out->match_any_double[i] = __match_any_sync(HIPIFY_FULL_WARP_MASK, (double)(lane / 8) * 0.5);
    out->match_all_same[i] = __match_all_sync(HIPIFY_FULL_WARP_MASK, 42, &out->match_all_same_pred[i]);
    out->match_all_mixed[i] = __match_all_sync(HIPIFY_FULL_WARP_MASK, lane == 9 ? 1 : 0, &out->match_all_mixed_pred[i]);
    staging[tid] = i * 7;
    __syncwarp();
    out->exchanged[i] = staging[tid - lane + (lane + 5) % warpSize];
}

static int failures = 0;
static void expect_ll(const char *what, int i, unsigned long long got, unsigned long long want) {
    if (got != want && failures++ < 20) fprintf(stderr, "%s[%d]: got %llx, want %llx\n", what, i, got, want);
}

int main() {
    hipDeviceProp_t prop;
    CHECK(hipGetDeviceProperties(&prop, 0));
    const int ws = prop.warpSize;
    WarpOutputs *dev = 0;
    WarpOutputs *host = (WarpOutputs *)malloc(sizeof(WarpOutputs));
    CHECK(hipMalloc(&dev, sizeof(WarpOutputs)));
    CHECK(hipMemset(dev, 0xA5, sizeof(WarpOutputs))); // poison: an unwritten element fails
    hipLaunchKernelGGL(warp_kernel, dim3(NBLOCKS), dim3(BLOCK), 0, 0, dev);
    CHECK(hipGetLastError());
    CHECK(hipMemcpy(host, dev, sizeof(WarpOutputs), hipMemcpyDeviceToHost));
    const unsigned long long lanes = ws == 64 ? ~0ull : (1ull << ws) - 1;
    unsigned long long every_third = 0;
    for (int l = 0; l < ws; l += 3) every_third |= 1ull << l;
    for (int i = 0; i < N; ++i) {
        const int lane = (i % BLOCK) % ws, base = i - lane;
        expect_ll("shfl", i, host->shfl[i], (unsigned long long)(base + (lane + 1) % ws) * 3);
        expect_ll("shfl_double", i, host->shfl_double[i] == (base + ws - 1 - lane) * 0.25, 1);
        expect_ll("up", i, host->up[i], lane == 0 ? i : i - 1);
        expect_ll("down", i, host->down[i], lane >= ws - 2 ? i : i + 2);
        expect_ll("xor", i, host->xor_value[i] == (float)(i ^ 1), 1);
        expect_ll("reduce", i, host->reduce[i], (unsigned long long)(ws * base + ws * (ws - 1) / 2));
        expect_ll("ballot", i, host->ballot[i] & lanes, every_third);
        expect_ll("partial_ballot", i, host->partial_ballot[i], ((0xf0fu >> lane) & 1u) ? 0xf0full : 0);
        expect_ll("diverged_active", i, host->diverged_active[i], lane < 10 ? 0x3ffull : 0);
        expect_ll("any_hit", i, host->any_hit[i] != 0, 1);
        expect_ll("any_miss", i, host->any_miss[i] != 0, 0);
        expect_ll("all_hit", i, host->all_hit[i] != 0, 1);
        expect_ll("all_miss", i, host->all_miss[i] != 0, 0);
        unsigned long long same_residue = 0, same_eighth = 0;
        for (int l = 0; l < ws; ++l) {
            if (l % 3 == lane % 3) same_residue |= 1ull << l;
            if (l / 8 == lane / 8) same_eighth |= 1ull << l;
        }
        expect_ll("match_any", i, host->match_any[i] & lanes, same_residue);
        expect_ll("match_any_double", i, host->match_any_double[i] & lanes, same_eighth);
        expect_ll("match_all_same", i, host->match_all_same[i] & lanes, lanes);
        expect_ll("match_all_same_pred", i, host->match_all_same_pred[i] != 0, 1);
        expect_ll("match_all_mixed", i, host->match_all_mixed[i], 0);
        expect_ll("match_all_mixed_pred", i, host->match_all_mixed_pred[i] != 0, 0);
        expect_ll("exchanged", i, host->exchanged[i], (unsigned long long)(base + (lane + 5) % ws) * 7);
    }
    CHECK(hipFree(dev));
    free(host);
    if (failures) {
        fprintf(stderr, "FAIL: %d mismatches (warp size %d)\n", failures, ws);
        return 1;
    }
    printf("PASS: warp helpers, %d threads, warp size %d\n", N, ws);
    return 0;
}
