// Per-warp "all sorted" flags: a mask variable, __all_sync, the last lane compares with the next warp's first.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void sorted_warps(const int *in, int n, int *flags)
{
    const unsigned FULL = 0xffffffffu;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int warp_global = i >> 5;
    int next = __shfl_down_sync(FULL, in[i], 1);
    bool ok = lane == 31 || in[i] <= next;
    __syncwarp(FULL);
    int all = __all_sync(FULL, ok);
    if (lane == 0)
        flags[warp_global] = all;
}

int main()
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const int W = prop.warpSize, n = 1024;
    int *h = (int *)malloc(n * sizeof(int)), *res = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) h[i] = (i / 48) % 2 ? i % 48 : 0;
    for (int i = 0; i < n; ++i) if ((i * 7) % 101 == 3) h[i] = -1;
    int *d_in, *d_f;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_f, n * sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_f, 0xff, n * sizeof(int));
    sorted_warps<<<n / 256, 256>>>(d_in, n, d_f);
    cudaMemcpy(res, d_f, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int w = 0; w < n / W; ++w) {
        int ok = 1;
        for (int j = w * W; j < w * W + W - 1; ++j) ok = ok && h[j] <= h[j + 1];
        if ((res[w] != 0) != ok) { if (!bad) printf("warp %d: %d, reference %d\n", w, res[w], ok); ++bad; }
    }
    printf("%s: %d of %d warps wrong (warp size %d)\n", bad ? "FAIL" : "PASS", bad, n / W, W);
    return bad ? 1 : 0;
}
