// main.cu: fills an array through the header-only library with a __device__ lambda and checks it.
#include <cstdio>
#include "transform.cuh"

int main() {
    const int n = 1000;
    int *d = nullptr;
    if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess) return 1;
    if (transform(n, [=] __device__(int i) { d[i] = TRANSFORM_LIB_SCALE * i; }) != cudaSuccess) return 1;
    int h[n];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    for (int i = 0; i < n; i++)
        if (h[i] != TRANSFORM_LIB_SCALE * i) {
            printf("FAIL at %d: %d\n", i, h[i]);
            return 1;
        }
    printf("PASS\n");
    return 0;
}
