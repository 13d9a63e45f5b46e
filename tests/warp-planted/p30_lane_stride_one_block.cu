// Row sums by one block: warps take rows in turn (row += blockDim.x / 32), lanes stride a row by 32.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void rows_one_block(const float *m, int rows, int cols, float *out)
{
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    for (int row = warp; row < rows; row += blockDim.x / 32) {
        float s = 0.0f;
        for (int c = lane; c < cols; c += 32)
            s += m[row * cols + c];
        for (int o = 16; o > 0; o /= 2)
            s += __shfl_down_sync(0xffffffff, s, o);
        if (lane == 0)
            out[row] = s;
    }
}

int main()
{
    const int rows = 20, cols = 150;
    float *h = (float *)malloc(rows * cols * sizeof(float)), *res = (float *)malloc(rows * sizeof(float));
    for (int i = 0; i < rows * cols; ++i) h[i] = (float)((i * 5) % 13);
    float *d_m, *d_out;
    cudaMalloc(&d_m, rows * cols * sizeof(float));
    cudaMalloc(&d_out, rows * sizeof(float));
    cudaMemcpy(d_m, h, rows * cols * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_out, 0, rows * sizeof(float));
    rows_one_block<<<1, 256>>>(d_m, rows, cols, d_out);
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
