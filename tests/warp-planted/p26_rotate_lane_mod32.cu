// Rotates values by one lane within each warp: source lane (lane + 1) % 32.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void warp_rotate(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    out[i] = __shfl_sync(0xffffffff, in[i], (lane + 1) % 32);
}

int main()
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const int W = prop.warpSize, n = 512;
    float *h = (float *)malloc(n * sizeof(float)), *res = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i) h[i] = (float)(i * 3);
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    warp_rotate<<<n / 256, 256>>>(d_in, d_out);
    cudaMemcpy(res, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; ++i) {
        float ref = h[i / W * W + (i % W + 1) % W];
        if (res[i] != ref) { if (!bad) printf("element %d: %f, reference %f\n", i, res[i], ref); ++bad; }
    }
    printf("%s: %d of %d wrong (warp size %d)\n", bad ? "FAIL" : "PASS", bad, n, W);
    return bad ? 1 : 0;
}
