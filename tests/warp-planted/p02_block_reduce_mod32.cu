// Block sums: warp partials in a __shared__ [32] array, the first warp reduces them (second stage).
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__inline__ __device__ float warpReduceSum(float val)
{
    for (int offset = 16; offset > 0; offset /= 2)
        val += __shfl_down_sync(0xffffffff, val, offset);
    return val;
}

__global__ void block_sum(const float *in, float *out, int n)
{
    __shared__ float shared[32];
    int tid = threadIdx.x;
    int lane = tid % 32;
    int wid = tid / 32;
    int i = blockIdx.x * blockDim.x + tid;
    float val = i < n ? in[i] : 0.0f;
    val = warpReduceSum(val);
    if (lane == 0)
        shared[wid] = val;
    __syncthreads();
    val = (tid < blockDim.x / 32) ? shared[lane] : 0.0f;
    if (wid == 0)
        val = warpReduceSum(val);
    if (tid == 0)
        out[blockIdx.x] = val;
}

int main()
{
    const int threads = 256, blocks = 12, n = threads * blocks - 37;
    float *h = (float *)malloc(n * sizeof(float)), *res = (float *)malloc(blocks * sizeof(float));
    for (int i = 0; i < n; ++i) h[i] = (float)((i * 31) % 17);
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, blocks * sizeof(float));
    cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    block_sum<<<blocks, threads>>>(d_in, d_out, n);
    cudaMemcpy(res, d_out, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < blocks; ++b) {
        float ref = 0;
        for (int i = b * threads; i < (b + 1) * threads && i < n; ++i) ref += h[i];
        if (res[b] != ref) { if (!bad) printf("block %d: %f, reference %f\n", b, res[b], ref); ++bad; }
    }
    printf("%s: %d of %d block sums wrong\n", bad ? "FAIL" : "PASS", bad, blocks);
    cudaFree(d_in); cudaFree(d_out); free(h); free(res);
    return bad ? 1 : 0;
}
