/* saxpy_files.cu: a small unmodified CUDA program for the validate GPU check: computes y = a*x + y with fast
 * math intrinsics and writes the result as raw float32 (y.bin), as .npy (y.npy, shape (rows, cols)) and a
 * text summary (summary.txt) in the working directory. It knows nothing of the harness. */
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void saxpy(float a, const float *x, float *y, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        y[i] = a * __sinf(x[i]) + y[i];
}

static void write_npy(const char *path, const float *v, int rows, int cols)
{
    char header[128];
    int n = snprintf(header, sizeof header, "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }", rows,
                     cols);
    int pad = (64 - (10 + n + 1) % 64) % 64;
    unsigned short length = (unsigned short)(n + pad + 1);
    FILE *f = fopen(path, "wb");
    fwrite("\x93NUMPY\x01\x00", 1, 8, f);
    fwrite(&length, 2, 1, f);
    fwrite(header, 1, n, f);
    for (int i = 0; i < pad; i++)
        fputc(' ', f);
    fputc('\n', f);
    fwrite(v, sizeof(float), (size_t)rows * cols, f);
    fclose(f);
}

int main()
{
    const int rows = 256, cols = 1024, n = rows * cols;
    static float x[rows * cols], y[rows * cols];
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 1000) * 0.01f;
        y[i] = (float)(i % 7);
    }
    float *dx, *dy;
    cudaMalloc(&dx, sizeof x);
    cudaMalloc(&dy, sizeof y);
    cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
    cudaMemcpy(dy, y, sizeof y, cudaMemcpyHostToDevice);
    saxpy<<<128, 256>>>(2.5f, dx, dy, n);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        fprintf(stderr, "saxpy failed\n");
        return 1;
    }
    cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
    FILE *f = fopen("y.bin", "wb");
    fwrite(y, sizeof(float), n, f);
    fclose(f);
    write_npy("y.npy", y, rows, cols);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += y[i];
    f = fopen("summary.txt", "w");
    fprintf(f, "elements %d\nsum %.6e\nfirst %.8f last %.8f\n", n, sum, y[0], y[n - 1]);
    fclose(f);
    printf("saxpy done\n");
    return 0;
}
