// 32-specific on purpose: a predicate bitmap in 32-bit words, each thread sets its own bit (no warp involved).
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void set_bits(const int *in, int n, unsigned *bits)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int bit = threadIdx.x & 31;
    int word = i >> 5;
    if (i < n && in[i] % 5 == 0)
        atomicOr(&bits[word], 1u << bit);
}

int main()
{
    const int n = 2048, words = n / 32;
    int *h = (int *)malloc(n * sizeof(int));
    unsigned *res = (unsigned *)malloc(words * sizeof(unsigned));
    for (int i = 0; i < n; ++i) h[i] = (i * 7) % 23;
    int *d_in; unsigned *d_bits;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_bits, words * sizeof(unsigned));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_bits, 0, words * sizeof(unsigned));
    set_bits<<<n / 256, 256>>>(d_in, n, d_bits);
    cudaMemcpy(res, d_bits, words * sizeof(unsigned), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int w = 0; w < words; ++w) {
        unsigned ref = 0;
        for (int b = 0; b < 32; ++b) if (h[w * 32 + b] % 5 == 0) ref |= 1u << b;
        if (res[w] != ref) { if (!bad) printf("word %d: %08x, reference %08x\n", w, res[w], ref); ++bad; }
    }
    printf("%s: %d of %d words wrong\n", bad ? "FAIL" : "PASS", bad, words);
    return bad ? 1 : 0;
}
