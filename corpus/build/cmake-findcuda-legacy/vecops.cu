// vecops.cu: a scaling kernel and its host wrapper, built as a static library.
#include <cuda_runtime.h>
#include "vecops.h"

__global__ void scale(float *v, int n, float factor) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] *= factor;
}

int vecops_scale(float *host, int n, float factor) {
    float *d;
    if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) return -1;
    cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<(n + 127) / 128, 128>>>(d, n, factor);
    cudaMemcpy(host, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(d);
    return 0;
}
