// Every thread gets the value of its warp's first thread (__shfl_sync from lane 0, width WARP_SIZE).
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffff
#define WARP_SIZE 32

__global__ void broadcast_leader(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = __shfl_sync(FULL_MASK, in[i], 0, WARP_SIZE);
}

int main()
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const int W = prop.warpSize, n = 1024;
    int *h = (int *)malloc(n * sizeof(int)), *res = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) h[i] = i * 3 + 1;
    int *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    broadcast_leader<<<n / 256, 256>>>(d_in, d_out);
    cudaMemcpy(res, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; ++i) if (res[i] != h[i / W * W]) { if (!bad) printf("element %d: %d, reference %d\n", i, res[i], h[i / W * W]); ++bad; }
    printf("%s: %d of %d wrong (warp size %d)\n", bad ? "FAIL" : "PASS", bad, n, W);
    return bad ? 1 : 0;
}
