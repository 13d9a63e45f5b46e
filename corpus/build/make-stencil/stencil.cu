// stencil.cu: 3-point averaging stencil over a vector; prints the sum of the result.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void stencil3(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1) out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0f;
}

int main() {
    const int n = 4096;
    static float h[n];
    for (int i = 0; i < n; i++) h[i] = (float)(i % 13);
    float *d_in, *d_out;
    if (cudaMalloc(&d_in, n * sizeof(float)) != cudaSuccess) {
        std::printf("no GPU\n");
        return 0;
    }
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_out, 0, n * sizeof(float));
    stencil3<<<n / 256, 256>>>(d_in, d_out, n);
    cudaMemcpy(h, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int i = 0; i < n; i++) sum += h[i];
    std::printf("sum %.2f\n", sum);
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
