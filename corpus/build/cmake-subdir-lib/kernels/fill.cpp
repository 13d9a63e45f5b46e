// fill.cpp: a device fill written in a .cpp file that the build compiles as CUDA.
#include <cuda_runtime.h>
#include "kernels.h"

__global__ void fill(float *d, int n, float value) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = value;
}

int fill_device(float *d, int n, float value) {
    fill<<<(n + 255) / 256, 256>>>(d, n, value);
    return cudaGetLastError() == cudaSuccess ? 0 : -1;
}
