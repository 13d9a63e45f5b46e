// reduce.cu: block-wise shared-memory sum reduction; the host adds the block results.
#include <cuda_runtime.h>
#include "kernels.h"

__global__ void block_sum(const float *in, float *out, int n) {
    __shared__ float part[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    part[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = part[0];
}

int reduce_sum(const float *host, int n, float *result) {
    int blocks = (n + 255) / 256;
    float *d_in, *d_out;
    if (cudaMalloc(&d_in, n * sizeof(float)) != cudaSuccess) return -1;
    cudaMalloc(&d_out, blocks * sizeof(float));
    cudaMemcpy(d_in, host, n * sizeof(float), cudaMemcpyHostToDevice);
    block_sum<<<blocks, 256>>>(d_in, d_out, n);
    float partial[4096];
    cudaMemcpy(partial, d_out, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    *result = 0;
    for (int b = 0; b < blocks; b++) *result += partial[b];
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
