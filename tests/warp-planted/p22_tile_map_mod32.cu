// 32-specific on purpose: a 1-D block of 256 threads mapped onto an 8 x 32 tile (column tid % 32, row tid / 32),
// beside a warp max reduction written with warpSize; column sums and warp 0's max are checked.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void tile_colsum(const float *in, int width, float *colsum, float *blockmax)
{
    __shared__ float tile[8][32];
    int col = threadIdx.x % 32;
    int row = threadIdx.x / 32;
    float x = in[(blockIdx.x * 8 + row) * width + col];
    tile[row][col] = x;
    __syncthreads();
    if (threadIdx.x < 32) {
        float s = 0;
        for (int r = 0; r < 8; ++r) s += tile[r][threadIdx.x];
        colsum[blockIdx.x * 32 + threadIdx.x] = s;
    }
    for (int o = warpSize / 2; o > 0; o /= 2)
        x = fmaxf(x, __shfl_xor_sync(0xffffffff, x, o));
    if (threadIdx.x == 0)
        blockmax[blockIdx.x] = x;
}

int main()
{
    const int width = 32, blocks = 5, rows = blocks * 8;
    float *h = (float *)malloc(rows * width * sizeof(float));
    float *cs = (float *)malloc(blocks * 32 * sizeof(float)), *bm = (float *)malloc(blocks * sizeof(float));
    for (int i = 0; i < rows * width; ++i) h[i] = (float)((i * 17) % 31);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const int W = prop.warpSize;
    float *d_in, *d_cs, *d_bm;
    cudaMalloc(&d_in, rows * width * sizeof(float));
    cudaMalloc(&d_cs, blocks * 32 * sizeof(float));
    cudaMalloc(&d_bm, blocks * sizeof(float));
    cudaMemcpy(d_in, h, rows * width * sizeof(float), cudaMemcpyHostToDevice);
    tile_colsum<<<blocks, 256>>>(d_in, width, d_cs, d_bm);
    cudaMemcpy(cs, d_cs, blocks * 32 * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(bm, d_bm, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < blocks; ++b) {
        for (int c = 0; c < 32; ++c) {
            float s = 0;
            for (int r = 0; r < 8; ++r) s += h[(b * 8 + r) * width + c];
            if (cs[b * 32 + c] != s) ++bad;
        }
        float m = h[b * 8 * width];
        for (int t = 0; t < W; ++t) m = fmaxf(m, h[(b * 8 + t / 32) * width + t % 32]);
        if (bm[b] != m) ++bad;
    }
    printf("%s: %d wrong (warp size %d)\n", bad ? "FAIL" : "PASS", bad, W);
    return bad ? 1 : 0;
}
