// Count of odd elements with a vote kept in an int.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void count_odd(const int *in, int n, int *count)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int vote = __ballot_sync(0xFFFFFFFF, gid < n && (in[gid] & 1));
    if (lane == 0)
        atomicAdd(count, __popc(vote));
}

int main()
{
    const int n = 2500;
    int *h = (int *)malloc(n * sizeof(int));
    int ref = 0, got = 0;
    for (int i = 0; i < n; ++i) { h[i] = (i * 7 + i / 3) % 23; ref += h[i] & 1; }
    int *d_in, *d_c;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_c, sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_c, 0, sizeof(int));
    count_odd<<<(n + 127) / 128, 128>>>(d_in, n, d_c);
    cudaMemcpy(&got, d_c, sizeof(int), cudaMemcpyDeviceToHost);
    printf("%s: count %d, reference %d\n", got == ref ? "PASS" : "FAIL", got, ref);
    cudaFree(d_in); cudaFree(d_c); free(h);
    return got == ref ? 0 : 1;
}
