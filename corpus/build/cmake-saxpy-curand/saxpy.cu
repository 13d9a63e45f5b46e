// saxpy.cu: y = a*x + y on uniform random inputs from cuRAND's host API; prints a checksum.
#include <cstdio>
#include <cuda_runtime.h>
#include <curand.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
    const int n = 1 << 16;
    float *x, *y;
    if (cudaMalloc(&x, n * sizeof(float)) != cudaSuccess || cudaMalloc(&y, n * sizeof(float)) != cudaSuccess) {
        std::printf("no GPU\n");
        return 0;
    }
    curandGenerator_t gen;
    curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
    curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
    curandGenerateUniform(gen, x, n);
    curandGenerateUniform(gen, y, n);
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
    cudaDeviceSynchronize();
    static float host[1 << 16];
    cudaMemcpy(host, y, n * sizeof(float), cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int i = 0; i < n; i++) sum += host[i];
    std::printf("checksum %.3f\n", sum);
    curandDestroyGenerator(gen);
    cudaFree(x);
    cudaFree(y);
    return 0;
}
