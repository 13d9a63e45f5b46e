// Block-wide inclusive scan: warp scans with __shfl_up_sync, warp totals in [32], the first warp scans them.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__device__ int warp_scan(int v, int lane)
{
    for (int d = 1; d < 32; d *= 2) {
        int t = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) v += t;
    }
    return v;
}

__global__ void block_scan(const int *in, int *out)
{
    __shared__ int totals[32];
    int lane = threadIdx.x % 32;
    int warp = threadIdx.x / 32;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = warp_scan(in[i], lane);
    if (lane == 31)
        totals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int t = lane < blockDim.x / 32 ? totals[lane] : 0;
        t = warp_scan(t, lane);
        totals[lane] = t;
    }
    __syncthreads();
    if (warp > 0)
        v += totals[warp - 1];
    out[i] = v;
}

int main()
{
    const int threads = 256, blocks = 4, n = threads * blocks;
    int *h = (int *)malloc(n * sizeof(int)), *res = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) h[i] = (i * 5) % 7 - 3;
    int *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    block_scan<<<blocks, threads>>>(d_in, d_out);
    cudaMemcpy(res, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < blocks; ++b) {
        int s = 0;
        for (int j = 0; j < threads; ++j) {
            s += h[b * threads + j];
            if (res[b * threads + j] != s) { if (!bad) printf("element %d: %d, reference %d\n", b * threads + j, res[b * threads + j], s); ++bad; }
        }
    }
    printf("%s: %d of %d wrong\n", bad ? "FAIL" : "PASS", bad, n);
    return bad ? 1 : 0;
}
