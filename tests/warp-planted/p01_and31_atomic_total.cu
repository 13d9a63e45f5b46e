// Sum of an array: each warp reduces with __shfl_down_sync, lane 0 adds it to the total.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void sum_kernel(const int *in, int n, int *total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = i < n ? in[i] : 0;
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffff, v, offset);
    if (lane == 0)
        atomicAdd(total, v);
}

int main()
{
    const int n = 5000;
    int *h = (int *)malloc(n * sizeof(int));
    long long ref = 0;
    for (int i = 0; i < n; ++i) { h[i] = (i * 7919) % 101 - 50; ref += h[i]; }
    int *d_in, *d_total, total = 0;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_total, sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_total, 0, sizeof(int));
    sum_kernel<<<(n + 255) / 256, 256>>>(d_in, n, d_total);
    cudaMemcpy(&total, d_total, sizeof(int), cudaMemcpyDeviceToHost);
    bool ok = total == ref;
    printf("%s: total %d, reference %lld\n", ok ? "PASS" : "FAIL", total, ref);
    cudaFree(d_in); cudaFree(d_total); free(h);
    return ok ? 0 : 1;
}
