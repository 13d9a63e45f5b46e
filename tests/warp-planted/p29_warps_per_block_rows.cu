// Row sums, one warp per row, rows per block blockDim.x / 32: row = blockIdx.x * (blockDim.x / 32) + warp.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void row_sums(const float *m, int rows, int cols, float *out)
{
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * (blockDim.x / 32) + warp;
    if (row >= rows) return;
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
        s += m[row * cols + c];
    for (int o = 16; o > 0; o /= 2)
        s += __shfl_down_sync(0xffffffff, s, o);
    if (lane == 0)
        out[row] = s;
}

int main()
{
    const int rows = 48, cols = 200, threads = 128;
    float *h = (float *)malloc(rows * cols * sizeof(float)), *res = (float *)malloc(rows * sizeof(float));
    for (int i = 0; i < rows * cols; ++i) h[i] = (float)((i * 7) % 11);
    float *d_m, *d_out;
    cudaMalloc(&d_m, rows * cols * sizeof(float));
    cudaMalloc(&d_out, rows * sizeof(float));
    cudaMemcpy(d_m, h, rows * cols * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_out, 0, rows * sizeof(float));
    row_sums<<<rows / (threads / 32), threads>>>(d_m, rows, cols, d_out);
    cudaMemcpy(res, d_out, rows * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r = 0; r < rows; ++r) {
        float ref = 0;
        for (int c = 0; c < cols; ++c) ref += h[r * cols + c];
        if (res[r] != ref) { if (!bad) printf("row %d: %f, reference %f\n", r, res[r], ref); ++bad; }
    }
    printf("%s: %d of %d rows wrong\n", bad ? "FAIL" : "PASS", bad, rows);
    return bad ? 1 : 0;
}
