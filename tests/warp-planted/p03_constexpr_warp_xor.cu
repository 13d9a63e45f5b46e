// Every element gets the maximum of its warp and its lane number (a butterfly with __shfl_xor_sync); the warp is WARP threads.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

constexpr int WARP = 32;

__global__ void warp_max(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & (WARP - 1);
    int v = in[i];
    for (int mask = WARP / 2; mask > 0; mask >>= 1) {
        int o = __shfl_xor_sync(0xffffffff, v, mask);
        v = o > v ? o : v;
    }
    out[i] = v * 128 + lane;
}

int main()
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const int W = prop.warpSize, threads = 128, blocks = 8, n = threads * blocks;
    int *h = (int *)malloc(n * sizeof(int)), *res = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) h[i] = (i * 2654435761u) % 100003;
    int *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    warp_max<<<blocks, threads>>>(d_in, d_out);
    cudaMemcpy(res, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; ++i) {
        int w0 = i / W * W, m = h[w0];
        for (int j = w0; j < w0 + W; ++j) m = h[j] > m ? h[j] : m;
        m = m * 128 + i % W;
        if (res[i] != m) { if (!bad) printf("element %d: %d, reference %d\n", i, res[i], m); ++bad; }
    }
    printf("%s: %d of %d wrong (warp size %d)\n", bad ? "FAIL" : "PASS", bad, n, W);
    cudaFree(d_in); cudaFree(d_out); free(h); free(res);
    return bad ? 1 : 0;
}
