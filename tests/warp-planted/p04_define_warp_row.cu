// Row sums of a matrix, one warp per row; WARP_SIZE also sizes the launch on the host.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define WARP_SIZE 32
#define BLOCK 128

__global__ void row_sums(const float *m, int rows, int cols, float *out)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / WARP_SIZE;
    int lane = threadIdx.x % WARP_SIZE;
    if (warp >= rows) return;
    float s = 0.0f;
    for (int c = lane; c < cols; c += WARP_SIZE)
        s += m[(size_t)warp * cols + c];
    for (int off = WARP_SIZE / 2; off > 0; off /= 2)
        s += __shfl_down_sync(0xffffffff, s, off);
    if (lane == 0)
        out[warp] = s;
}

int main()
{
    const int rows = 40, cols = 300;
    float *h = (float *)malloc(rows * cols * sizeof(float)), *res = (float *)malloc(rows * sizeof(float));
    for (int i = 0; i < rows * cols; ++i) h[i] = (float)(i % 13);
    float *d_m, *d_out;
    cudaMalloc(&d_m, rows * cols * sizeof(float));
    cudaMalloc(&d_out, rows * sizeof(float));
    cudaMemcpy(d_m, h, rows * cols * sizeof(float), cudaMemcpyHostToDevice);
    int warps_per_block = BLOCK / WARP_SIZE;
    int blocks = (rows + warps_per_block - 1) / warps_per_block;
    row_sums<<<blocks, BLOCK>>>(d_m, rows, cols, d_out);
    cudaMemcpy(res, d_out, rows * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r = 0; r < rows; ++r) {
        float ref = 0;
        for (int c = 0; c < cols; ++c) ref += h[r * cols + c];
        if (res[r] != ref) { if (!bad) printf("row %d: %f, reference %f\n", r, res[r], ref); ++bad; }
    }
    printf("%s: %d of %d rows wrong\n", bad ? "FAIL" : "PASS", bad, rows);
    cudaFree(d_m); cudaFree(d_out); free(h); free(res);
    return bad ? 1 : 0;
}
