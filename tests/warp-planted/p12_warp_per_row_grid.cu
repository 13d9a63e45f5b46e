// CSR sparse matrix times vector, one warp per row; the grid counts warps as (rows * 32 + 127) / 128.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void spmv_warp(int rows, const int *ptr, const int *col, const float *val, const float *x, float *y)
{
    int thread_id = blockIdx.x * blockDim.x + threadIdx.x;
    int row = thread_id / 32;
    int lane = thread_id & 31;
    if (row < rows) {
        float sum = 0.0f;
        for (int j = ptr[row] + lane; j < ptr[row + 1]; j += 32)
            sum += val[j] * x[col[j]];
        for (int offset = 16; offset > 0; offset >>= 1)
            sum += __shfl_down_sync(0xffffffff, sum, offset);
        if (lane == 0)
            y[row] = sum;
    }
}

int main()
{
    const int rows = 50, cols = 80;
    int *ptr = (int *)malloc((rows + 1) * sizeof(int));
    ptr[0] = 0;
    for (int r = 0; r < rows; ++r) ptr[r + 1] = ptr[r] + (r * 13) % 70 + 1;
    int nnz = ptr[rows];
    int *col = (int *)malloc(nnz * sizeof(int));
    float *val = (float *)malloc(nnz * sizeof(float)), *x = (float *)malloc(cols * sizeof(float));
    float *y = (float *)malloc(rows * sizeof(float));
    for (int j = 0; j < nnz; ++j) { col[j] = (j * 17) % cols; val[j] = (float)(j % 5); }
    for (int c = 0; c < cols; ++c) x[c] = (float)(c % 4);
    int *d_ptr, *d_col; float *d_val, *d_x, *d_y;
    cudaMalloc(&d_ptr, (rows + 1) * sizeof(int)); cudaMalloc(&d_col, nnz * sizeof(int));
    cudaMalloc(&d_val, nnz * sizeof(float)); cudaMalloc(&d_x, cols * sizeof(float)); cudaMalloc(&d_y, rows * sizeof(float));
    cudaMemcpy(d_ptr, ptr, (rows + 1) * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_col, col, nnz * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_val, val, nnz * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_x, x, cols * sizeof(float), cudaMemcpyHostToDevice);
    spmv_warp<<<(rows * 32 + 127) / 128, 128>>>(rows, d_ptr, d_col, d_val, d_x, d_y);
    cudaMemcpy(y, d_y, rows * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r = 0; r < rows; ++r) {
        float ref = 0;
        for (int j = ptr[r]; j < ptr[r + 1]; ++j) ref += val[j] * x[col[j]];
        if (y[r] != ref) { if (!bad) printf("row %d: %f, reference %f\n", r, y[r], ref); ++bad; }
    }
    printf("%s: %d of %d rows wrong\n", bad ? "FAIL" : "PASS", bad, rows);
    return bad ? 1 : 0;
}
