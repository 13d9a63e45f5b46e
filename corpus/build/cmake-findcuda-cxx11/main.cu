// Device code written in C++17 (nvcc's default dialect), built by FindCUDA in a C++11 project, with a
// definition that comes only from CUDA_NVCC_FLAGS.
#include <cstdio>
#include <optional>
#include <cuda_runtime.h>

static_assert(__cplusplus >= 201703L, "nvcc compiled this file as C++17");
#ifndef SCALE
#error "CUDA_NVCC_FLAGS did not reach this file"
#endif

__global__ void scale(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= SCALE;
}

static std::optional<float> first_scaled(int n) {
    float *d = nullptr, h[64];
    for (int i = 0; i < n; i++) h[i] = (float)i + 1;
    if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) return std::nullopt;
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<1, 64>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(d);
    return h[0];
}

int main() {
    if (auto v = first_scaled(64)) {
        std::printf("first %.1f\n", *v);
        return *v == SCALE ? 0 : 1;
    }
    std::printf("no device\n");
    return 0;
}
