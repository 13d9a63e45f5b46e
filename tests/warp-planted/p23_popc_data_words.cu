// 32-specific on purpose: __popc and __ffs of data words (signed ints), in a kernel that also votes.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void bits(const int *in, int n, int *pop, int *first, int *warps_with_neg)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    if (i < n) {
        pop[i] = __popc(v);
        first[i] = __ffs(v);
    }
    unsigned long long neg = __ballot_sync(0xffffffff, v < 0);
    if (threadIdx.x % warpSize == 0 && neg)
        atomicAdd(warps_with_neg, 1);
}

int main()
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const int W = prop.warpSize, n = 1024;
    int *h = (int *)malloc(n * sizeof(int)), *pop = (int *)malloc(n * sizeof(int)), *first = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) h[i] = (int)((unsigned)i * 2654435761u) >> (i % 7);
    int *d_in, *d_pop, *d_first, *d_neg, neg = 0;
    cudaMalloc(&d_in, n * sizeof(int)); cudaMalloc(&d_pop, n * sizeof(int));
    cudaMalloc(&d_first, n * sizeof(int)); cudaMalloc(&d_neg, sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_neg, 0, sizeof(int));
    bits<<<n / 128, 128>>>(d_in, n, d_pop, d_first, d_neg);
    cudaMemcpy(pop, d_pop, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(first, d_first, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(&neg, d_neg, sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0, ref_neg = 0;
    for (int i = 0; i < n; ++i) {
        if (pop[i] != __builtin_popcount((unsigned)h[i])) ++bad;
        if (first[i] != __builtin_ffs(h[i])) ++bad;
    }
    for (int w = 0; w < n / W; ++w) {
        bool any = false;
        for (int j = 0; j < W; ++j) any = any || h[w * W + j] < 0;
        ref_neg += any;
    }
    if (neg != ref_neg) { printf("warps with a negative: %d, reference %d\n", neg, ref_neg); ++bad; }
    printf("%s: %d wrong (warp size %d)\n", bad ? "FAIL" : "PASS", bad, W);
    return bad ? 1 : 0;
}
