// Row sums with a 32 x 8 block: threadIdx.x is the lane, threadIdx.y the row of the block.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void rows2d(const float *m, int rows, float *out)
{
    int row = blockIdx.x * blockDim.y + threadIdx.y;
    float v = m[row * 32 + threadIdx.x];
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffff, v, o);
    if (threadIdx.x == 0 && row < rows)
        out[row] = v;
}

int main()
{
    const int rows = 64;
    float *h = (float *)malloc(rows * 32 * sizeof(float)), *res = (float *)malloc(rows * sizeof(float));
    for (int i = 0; i < rows * 32; ++i) h[i] = (float)((i * 3) % 19);
    float *d_m, *d_out;
    cudaMalloc(&d_m, rows * 32 * sizeof(float));
    cudaMalloc(&d_out, rows * sizeof(float));
    cudaMemcpy(d_m, h, rows * 32 * sizeof(float), cudaMemcpyHostToDevice);
    dim3 block(32, 8);
    rows2d<<<rows / 8, block>>>(d_m, rows, d_out);
    cudaMemcpy(res, d_out, rows * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r = 0; r < rows; ++r) {
        float ref = 0;
        for (int c = 0; c < 32; ++c) ref += h[r * 32 + c];
        if (res[r] != ref) { if (!bad) printf("row %d: %f, reference %f\n", r, res[r], ref); ++bad; }
    }
    printf("%s: %d of %d rows wrong\n", bad ? "FAIL" : "PASS", bad, rows);
    return bad ? 1 : 0;
}
