/* vadd.cu: a small unmodified CUDA program for the validate GPU check: adds two vectors, prints the sum, a
 * few elements and its kernel time (a line the spec ignores). It knows nothing of the harness. */
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    size_t bytes = (size_t)n * sizeof(float);
    float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
    for (int i = 0; i < n; i++) {
        a[i] = (float)i * 0.5f;
        b[i] = 1.0f / (float)(i + 1);
    }
    float *da, *db, *dc;
    if (cudaMalloc(&da, bytes) != cudaSuccess || cudaMalloc(&db, bytes) != cudaSuccess ||
        cudaMalloc(&dc, bytes) != cudaSuccess) {
        fprintf(stderr, "cudaMalloc failed\n");
        return 1;
    }
    cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    vadd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
        fprintf(stderr, "kernel failed: %s\n", cudaGetErrorString(err));
        return 1;
    }
    cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += c[i];
    printf("n = %d\n", n);
    printf("c[0] = %.7f c[1] = %.7f c[n-1] = %.7f\n", c[0], c[1], c[n - 1]);
    printf("sum = %.6f\n", sum);
    printf("Kernel time: %.4f ms\n", ms);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    free(a);
    free(b);
    free(c);
    return 0;
}
