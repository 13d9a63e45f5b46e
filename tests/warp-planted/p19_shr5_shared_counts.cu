// Per-block histogram of 8 bins with one private copy per warp in shared memory (warp = threadIdx.x >> 5).
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BINS 8
#define THREADS 256

__global__ void hist(const int *in, int n, int *out)
{
    __shared__ int counts[THREADS / 32][BINS];
    int warp = threadIdx.x >> 5;
    if (threadIdx.x < (THREADS / 32) * BINS)
        counts[threadIdx.x / BINS][threadIdx.x % BINS] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&counts[warp][in[i] % BINS], 1);
    __syncthreads();
    if (threadIdx.x < BINS) {
        int s = 0;
        for (int w = 0; w < THREADS / 32; ++w)
            s += counts[w][threadIdx.x];
        atomicAdd(&out[threadIdx.x], s);
    }
}

int main()
{
    const int n = 3000;
    int *h = (int *)malloc(n * sizeof(int)), res[BINS], ref[BINS] = {0};
    for (int i = 0; i < n; ++i) { h[i] = (i * 13) % 41; ref[h[i] % BINS]++; }
    int *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, BINS * sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_out, 0, BINS * sizeof(int));
    hist<<<(n + THREADS - 1) / THREADS, THREADS>>>(d_in, n, d_out);
    cudaMemcpy(res, d_out, BINS * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < BINS; ++b) if (res[b] != ref[b]) { if (!bad) printf("bin %d: %d, reference %d\n", b, res[b], ref[b]); ++bad; }
    printf("%s: %d of %d bins wrong\n", bad ? "FAIL" : "PASS", bad, BINS);
    return bad ? 1 : 0;
}
