// Reverses the elements within each warp with one shuffle: lane reads lane 31 - lane.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void warp_reverse(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    out[i] = __shfl_sync(0xffffffff, in[i], 31 - lane);
}

int main()
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const int W = prop.warpSize, n = 512;
    int *h = (int *)malloc(n * sizeof(int)), *res = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) h[i] = i * 5 + 2;
    int *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    warp_reverse<<<n / 128, 128>>>(d_in, d_out);
    cudaMemcpy(res, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; ++i) {
        int ref = h[i / W * W + (W - 1 - i % W)];
        if (res[i] != ref) { if (!bad) printf("element %d: %d, reference %d\n", i, res[i], ref); ++bad; }
    }
    printf("%s: %d of %d wrong (warp size %d)\n", bad ? "FAIL" : "PASS", bad, n, W);
    return bad ? 1 : 0;
}
