// Right on any warp width, 32-specific on purpose: a 32 x 32 tiled transpose with 32 x 8 blocks (tile size, not warps).
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose(float *odata, const float *idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < height && y + j < width)
            odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main()
{
    const int w = 96, hgt = 64;
    float *h = (float *)malloc(w * hgt * sizeof(float)), *res = (float *)malloc(w * hgt * sizeof(float));
    for (int i = 0; i < w * hgt; ++i) h[i] = (float)i;
    float *d_in, *d_out;
    cudaMalloc(&d_in, w * hgt * sizeof(float));
    cudaMalloc(&d_out, w * hgt * sizeof(float));
    cudaMemcpy(d_in, h, w * hgt * sizeof(float), cudaMemcpyHostToDevice);
    dim3 grid((w + 31) / 32, (hgt + 31) / 32), block(32, 8);
    transpose<<<grid, block>>>(d_out, d_in, w, hgt);
    cudaMemcpy(res, d_out, w * hgt * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r = 0; r < hgt; ++r)
        for (int c = 0; c < w; ++c)
            if (res[c * hgt + r] != h[r * w + c]) ++bad;
    printf("%s: %d of %d wrong\n", bad ? "FAIL" : "PASS", bad, w * hgt);
    return bad ? 1 : 0;
}
