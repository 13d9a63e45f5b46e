// patches_test.cpp: one HIP program per patch of harness/hip-cpu/patches, chosen by argv[1]; exit 0 when HIP-CPU ran
// it as a 64-lane GPU would, 1 when not. lane-divergence and both-arms must instead end with HIP-CPU's "not runnable"
// report.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

// 2-D blocks: a warp is 64 consecutive linear thread ids (x fastest), so lane 0 of each warp has a multiple of 64.
__global__ void thread_order(int *out) {
    const int linear = threadIdx.y * blockDim.x + threadIdx.x;
    out[linear] = __shfl(linear, 0);
}

// Shuffles within segments of 16 lanes, every lane of the wavefront taking part.
__global__ void shuffle_width(int *out) {
    const int lane = threadIdx.x;
    out[4 * lane + 0] = __shfl(lane, 3, 16);
    out[4 * lane + 1] = __shfl_down(lane, 1, 16);
    out[4 * lane + 2] = __shfl_up(lane, 2, 16);
    out[4 * lane + 3] = __shfl_xor(lane, 8, 16);
}

// The classic block reduction: every warp sums, then only the first warp sums the partial sums.
__device__ int warp_sum(int v) {
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down(v, offset);
    return v;
}
__global__ void divergent_warps(const int *in, int *out) {
    __shared__ int partial[16];
    const int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
    int v = warp_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (lane == 0) partial[wid] = v;
    __syncthreads();
    v = threadIdx.x < blockDim.x / warpSize ? partial[lane] : 0;
    if (wid == 0) v = warp_sum(v);
    if (threadIdx.x == 0) out[blockIdx.x] = v;
}

// A ballot only some lanes of a warp execute: HIP-CPU cannot run it as a wavefront does, and must say so.
__global__ void lane_divergence(unsigned long long *out) {
    const int lane = threadIdx.x;
    unsigned long long b = 0;
    if (lane < 10) b = __ballot(1);
    out[lane] = b;
}

// A ballot in each arm of a branch that divides a warp: a wavefront runs the arms one after the other (lanes 0-9
// vote in one ballot, the others in another); HIP-CPU would let all 64 meet in one, and must say so instead.
__global__ void both_arms(unsigned long long *out) {
    const int lane = threadIdx.x;
    unsigned long long b;
    if (lane < 10)
        b = __ballot(1);
    else
        b = __ballot(lane < 20);
    out[lane] = b;
}

// Static shared memory that a block reads before any thread wrote it: a GPU's holds garbage, so the block must not
// see zeros (a fresh thread's copy) nor the values an earlier block left (a reused one). Even blocks write the
// upper half, odd blocks only read it.
__global__ void shared_poison(int *out) {
    __shared__ int s[128];
    s[threadIdx.x] = blockIdx.x + 1;
    if (blockIdx.x % 2 == 0) s[64 + threadIdx.x] = 1000 + blockIdx.x;
    __syncthreads();
    out[2 * (blockIdx.x * 64 + threadIdx.x)] = s[threadIdx.x];
    out[2 * (blockIdx.x * 64 + threadIdx.x) + 1] = s[64 + threadIdx.x];
}

template <class T> static std::vector<T> run(void (*launch)(T *), size_t n) {
    T *d = nullptr;
    std::vector<T> h(n);
    hipMalloc((void **)&d, n * sizeof(T));
    hipMemset(d, 0xA5, n * sizeof(T));
    launch(d);
    hipDeviceSynchronize();
    hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost);
    hipFree(d);
    return h;
}

// Kernels on the null stream run in launch order: the second reads what the first wrote, launched with no wait between.
__global__ void fill_slowly(int *a, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = 0;
    for (int k = 0; k < 2000; ++k) v += (k ^ i) & 1; // work enough that the next launch comes while this one runs
    a[i] = i + (v & 0);
}
__global__ void plus_one(const int *a, int *b, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) b[i] = a[i] + 1;
}
__global__ void poison(int *a, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] = -1000;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    int wrong = 0;
    if (!strcmp(mode, "thread-order")) {
        auto out = run<int>([](int *d) { hipLaunchKernelGGL(thread_order, dim3(1), dim3(16, 8), 0, 0, d); }, 128);
        for (int i = 0; i < 128; ++i) wrong += out[i] != i / 64 * 64;
    } else if (!strcmp(mode, "shuffle-width")) {
        auto out = run<int>([](int *d) { hipLaunchKernelGGL(shuffle_width, dim3(1), dim3(64), 0, 0, d); }, 256);
        for (int l = 0; l < 64; ++l) {
            const int base = l / 16 * 16, in = l % 16;
            wrong += out[4 * l + 0] != base + 3;
            wrong += out[4 * l + 1] != (in + 1 < 16 ? l + 1 : l);
            wrong += out[4 * l + 2] != (in >= 2 ? l - 2 : l);
            wrong += out[4 * l + 3] != (l ^ 8);
        }
    } else if (!strcmp(mode, "divergent-warps")) {
        static int *input;
        std::vector<int> in(4 * 256);
        long long want[4] = {0, 0, 0, 0};
        for (int i = 0; i < 1024; ++i) want[i / 256] += in[i] = (i * 37) % 101 - 50;
        hipMalloc((void **)&input, in.size() * sizeof(int));
        hipMemcpy(input, in.data(), in.size() * sizeof(int), hipMemcpyHostToDevice);
        auto out = run<int>([](int *d) { hipLaunchKernelGGL(divergent_warps, dim3(4), dim3(256), 0, 0, input, d); }, 4);
        for (int b = 0; b < 4; ++b) wrong += out[b] != want[b];
    } else if (!strcmp(mode, "lane-divergence")) {
        auto out = run<unsigned long long>(
            [](unsigned long long *d) { hipLaunchKernelGGL(lane_divergence, dim3(1), dim3(64), 0, 0, d); }, 64);
        for (int l = 0; l < 64; ++l) wrong += out[l] != (l < 10 ? 0x3ffull : 0ull);
    } else if (!strcmp(mode, "both-arms")) {
        auto out = run<unsigned long long>(
            [](unsigned long long *d) { hipLaunchKernelGGL(both_arms, dim3(1), dim3(64), 0, 0, d); }, 64);
        for (int l = 0; l < 64; ++l) wrong += out[l] != (l < 10 ? 0x3ffull : 0xffc00ull);
    } else if (!strcmp(mode, "shared-poison")) {
        auto out = run<int>([](int *d) { hipLaunchKernelGGL(shared_poison, dim3(16), dim3(64), 0, 0, d); }, 2048);
        for (int b = 0; b < 16; ++b)
            for (int t = 0; t < 64; ++t) {
                const int written = out[2 * (b * 64 + t)], unwritten = out[2 * (b * 64 + t) + 1];
                wrong += written != b + 1;
                wrong += b % 2 == 0 ? unwritten != 1000 + b : unwritten == 0 || (unwritten >= 1000 && unwritten < 1016);
            }
    } else if (!strcmp(mode, "null-stream-order")) {
        const int n = 4096, rounds = 1000;
        int *a, *b;
        hipMalloc((void **)&a, n * sizeof(int));
        hipMalloc((void **)&b, n * sizeof(int));
        std::vector<int> h(n);
        for (int r = 0; r < rounds; ++r) {
            hipLaunchKernelGGL(poison, dim3(n / 256), dim3(256), 0, 0, a, n);
            hipLaunchKernelGGL(fill_slowly, dim3(n / 256), dim3(256), 0, 0, a, n);
            // the next launch at varying moments of the runtime's taking of the first one's batch
            for (volatile int spin = 0; spin < (r * 7919) % 20000; spin = spin + 1) {}
            hipLaunchKernelGGL(plus_one, dim3(n / 256), dim3(256), 0, 0, a, b, n);
            hipMemcpy(h.data(), b, n * sizeof(int), hipMemcpyDeviceToHost);
            for (int i = 0; i < n; ++i) wrong += h[i] != i + 1;
        }
        hipFree(a);
        hipFree(b);
    } else {
        fprintf(stderr, "usage: %s thread-order|shuffle-width|divergent-warps|lane-divergence|both-arms|shared-poison|"
                "null-stream-order\n",
                argv[0]);
        return 2;
    }
    printf("%s: %s (%d wrong)\n", mode, wrong ? "WRONG" : "right", wrong);
    return wrong ? 1 : 0;
}
