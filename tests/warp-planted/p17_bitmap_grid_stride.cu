// 32-specific on purpose: a grid-stride loop packs flags into 32-bit words (k >> 5, k & 31), next to a warp vote.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void pack_flags(const float *in, int n, unsigned *bits, int *nonzero_warps)
{
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < n; k += gridDim.x * blockDim.x) {
        bool f = in[k] > 0.5f;
        if (f)
            atomicOr(&bits[k >> 5], 1u << (k & 31));
    }
    if (__any_sync(0xffffffff, in[(blockIdx.x * blockDim.x + threadIdx.x) % n] > 0.5f) && threadIdx.x % warpSize == 0)
        atomicAdd(nonzero_warps, 1);
}

int main()
{
    const int n = 5000, words = (n + 31) / 32;
    float *h = (float *)malloc(n * sizeof(float));
    unsigned *res = (unsigned *)malloc(words * sizeof(unsigned));
    for (int i = 0; i < n; ++i) h[i] = (float)((i * 37) % 100) / 100.0f;
    float *d_in; unsigned *d_bits; int *d_nz;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_bits, words * sizeof(unsigned));
    cudaMalloc(&d_nz, sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_bits, 0, words * sizeof(unsigned));
    cudaMemset(d_nz, 0, sizeof(int));
    pack_flags<<<4, 128>>>(d_in, n, d_bits, d_nz);
    cudaMemcpy(res, d_bits, words * sizeof(unsigned), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int w = 0; w < words; ++w) {
        unsigned ref = 0;
        for (int b = 0; b < 32 && w * 32 + b < n; ++b) if (h[w * 32 + b] > 0.5f) ref |= 1u << b;
        if (res[w] != ref) { if (!bad) printf("word %d: %08x, reference %08x\n", w, res[w], ref); ++bad; }
    }
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const int W = prop.warpSize;
    int nz = 0, ref_nz = 0;
    cudaMemcpy(&nz, d_nz, sizeof(int), cudaMemcpyDeviceToHost);
    for (int w = 0; w < 4 * 128 / W; ++w) {
        bool any = false;
        for (int j = 0; j < W; ++j) any = any || h[w * W + j] > 0.5f;
        ref_nz += any;
    }
    if (nz != ref_nz) { printf("warps with a flag: %d, reference %d\n", nz, ref_nz); ++bad; }
    printf("%s: %d of %d words wrong (warp size %d)\n", bad ? "FAIL" : "PASS", bad, words, W);
    return bad ? 1 : 0;
}
