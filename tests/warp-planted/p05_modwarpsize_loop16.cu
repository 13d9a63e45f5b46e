// Count of positive elements: lane from warpSize, but the reduction written for 32 lanes.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void count_positive(const int *in, int n, unsigned *count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % warpSize;
    unsigned c = (i < n && in[i] > 0) ? 1u : 0u;
    for (int d = 16; d >= 1; d >>= 1)
        c += __shfl_down_sync(0xffffffff, c, d);
    if (lane == 0)
        atomicAdd(count, c);
}

int main()
{
    const int n = 3000;
    int *h = (int *)malloc(n * sizeof(int));
    unsigned ref = 0, got = 0;
    for (int i = 0; i < n; ++i) { h[i] = (i * 37) % 11 - 4; ref += h[i] > 0; }
    int *d_in; unsigned *d_c;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_c, sizeof(unsigned));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_c, 0, sizeof(unsigned));
    count_positive<<<(n + 127) / 128, 128>>>(d_in, n, d_c);
    cudaMemcpy(&got, d_c, sizeof(unsigned), cudaMemcpyDeviceToHost);
    printf("%s: count %u, reference %u\n", got == ref ? "PASS" : "FAIL", got, ref);
    cudaFree(d_in); cudaFree(d_c); free(h);
    return got == ref ? 0 : 1;
}
