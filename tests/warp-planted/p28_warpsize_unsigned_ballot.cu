// Count of non-zero elements written with warpSize, but the vote kept in an unsigned (32 bits).
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void count_nonzero(const int *in, int n, int *count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int b = __ballot_sync(__activemask(), i < n && in[i] != 0);
    if (threadIdx.x % warpSize == 0)
        atomicAdd(count, __popc(b));
}

int main()
{
    const int n = 2222;
    int *h = (int *)malloc(n * sizeof(int));
    int ref = 0, got = 0;
    for (int i = 0; i < n; ++i) { h[i] = (i * 3) % 4; ref += h[i] != 0; }
    int *d_in, *d_c;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_c, sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_c, 0, sizeof(int));
    count_nonzero<<<(n + 127) / 128, 128>>>(d_in, n, d_c);
    cudaMemcpy(&got, d_c, sizeof(int), cudaMemcpyDeviceToHost);
    printf("%s: count %d, reference %d\n", got == ref ? "PASS" : "FAIL", got, ref);
    return got == ref ? 0 : 1;
}
