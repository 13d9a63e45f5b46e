// How many elements exceed a threshold: a warp vote, one atomic per warp.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void count_above(const float *in, int n, float t, int *count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int laneId = threadIdx.x & 0x1f;
    unsigned votes = __ballot_sync(0xffffffffu, i < n && in[i] > t);
    if (laneId == 0)
        atomicAdd(count, __popc(votes));
}

int main()
{
    const int n = 4099;
    float *h = (float *)malloc(n * sizeof(float));
    int ref = 0, got = 0;
    for (int i = 0; i < n; ++i) { h[i] = (float)((i * 97) % 1000) / 1000.0f; ref += h[i] > 0.3f; }
    float *d_in; int *d_c;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_c, sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_c, 0, sizeof(int));
    count_above<<<(n + 255) / 256, 256>>>(d_in, n, 0.3f, d_c);
    cudaMemcpy(&got, d_c, sizeof(int), cudaMemcpyDeviceToHost);
    printf("%s: count %d, reference %d\n", got == ref ? "PASS" : "FAIL", got, ref);
    cudaFree(d_in); cudaFree(d_c); free(h);
    return got == ref ? 0 : 1;
}
