// Total of an array with a templated butterfly whose width defaults to 32.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

template <int W = 32>
__device__ int butterfly_sum(int v)
{
    for (int m = W / 2; m > 0; m /= 2)
        v += __shfl_xor_sync(0xffffffff, v, m, W);
    return v;
}

__global__ void total_kernel(const int *in, int n, int *total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = butterfly_sum<>(i < n ? in[i] : 0);
    if (threadIdx.x % 32 == 0)
        atomicAdd(total, v);
}

int main()
{
    const int n = 4000;
    int *h = (int *)malloc(n * sizeof(int));
    int ref = 0, got = 0;
    for (int i = 0; i < n; ++i) { h[i] = (i * 11) % 29; ref += h[i]; }
    int *d_in, *d_t;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_t, sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_t, 0, sizeof(int));
    total_kernel<<<(n + 255) / 256, 256>>>(d_in, n, d_t);
    cudaMemcpy(&got, d_t, sizeof(int), cudaMemcpyDeviceToHost);
    printf("%s: total %d, reference %d\n", got == ref ? "PASS" : "FAIL", got, ref);
    cudaFree(d_in); cudaFree(d_t); free(h);
    return got == ref ? 0 : 1;
}
