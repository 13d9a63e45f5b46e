// Total with an unrolled shuffle reduction (16, 8, 4, 2, 1); lane 0 of every 32 threads adds.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__device__ __forceinline__ int warp_sum(int v)
{
    v += __shfl_down_sync(0xffffffff, v, 16);
    v += __shfl_down_sync(0xffffffff, v, 8);
    v += __shfl_down_sync(0xffffffff, v, 4);
    v += __shfl_down_sync(0xffffffff, v, 2);
    v += __shfl_down_sync(0xffffffff, v, 1);
    return v;
}

__global__ void total(const int *in, int n, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int s = warp_sum(i < n ? in[i] : 0);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(out, s);
}

int main()
{
    const int n = 3333;
    int *h = (int *)malloc(n * sizeof(int));
    int ref = 0, got = 0;
    for (int i = 0; i < n; ++i) { h[i] = (i * 19) % 31 - 15; ref += h[i]; }
    int *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_out, 0, sizeof(int));
    total<<<(n + 127) / 128, 128>>>(d_in, n, d_out);
    cudaMemcpy(&got, d_out, sizeof(int), cudaMemcpyDeviceToHost);
    printf("%s: total %d, reference %d\n", got == ref ? "PASS" : "FAIL", got, ref);
    return got == ref ? 0 : 1;
}
