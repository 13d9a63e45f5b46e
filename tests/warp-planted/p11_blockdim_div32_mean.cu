// Per-block mean of the warps' maxima: warp count from blockDim.x / 32, a float divisor too.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__device__ float warp_max(float v)
{
    for (int o = 16; o > 0; o >>= 1)
        v = fmaxf(v, __shfl_down_sync(0xffffffff, v, o));
    return v;
}

__global__ void mean_of_warp_max(const float *in, float *out)
{
    __shared__ float maxima[32];
    int t = threadIdx.x;
    float v = warp_max(in[blockIdx.x * blockDim.x + t]);
    if (t % 32 == 0)
        maxima[t / 32] = v;
    __syncthreads();
    if (t == 0) {
        float s = 0.0f;
        for (int w = 0; w < blockDim.x / 32; ++w)
            s += maxima[w];
        out[blockIdx.x] = s / (blockDim.x / 32.f);
    }
}

int main()
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const int W = prop.warpSize, threads = 256, blocks = 6, n = threads * blocks;
    float *h = (float *)malloc(n * sizeof(float)), *res = (float *)malloc(blocks * sizeof(float));
    for (int i = 0; i < n; ++i) h[i] = (float)((i * 7001) % 997);
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, blocks * sizeof(float));
    cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    mean_of_warp_max<<<blocks, threads>>>(d_in, d_out);
    cudaMemcpy(res, d_out, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < blocks; ++b) {
        float s = 0;
        for (int w = 0; w < threads / W; ++w) {
            float m = h[b * threads + w * W];
            for (int j = 0; j < W; ++j) m = fmaxf(m, h[b * threads + w * W + j]);
            s += m;
        }
        float ref = s / (threads / W);
        if (res[b] != ref) { if (!bad) printf("block %d: %f, reference %f\n", b, res[b], ref); ++bad; }
    }
    printf("%s: %d of %d blocks wrong (warp size %d)\n", bad ? "FAIL" : "PASS", bad, blocks, W);
    cudaFree(d_in); cudaFree(d_out); free(h); free(res);
    return bad ? 1 : 0;
}
