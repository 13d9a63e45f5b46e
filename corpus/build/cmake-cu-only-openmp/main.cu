// An executable made only of a .cu file: it links the OpenMP runtime through the project's C++ flags,
// and takes a definition from CMAKE_CUDA_FLAGS.
#include <cstdio>
#include <cuda_runtime.h>

#ifndef SCALE
#error "CMAKE_CUDA_FLAGS did not reach this file"
#endif
extern "C" int omp_get_max_threads(void); // libgomp: linked by -fopenmp

__global__ void scale(int *x) { x[threadIdx.x] *= SCALE; }

int main() {
    int *d = nullptr, h[32];
    for (int i = 0; i < 32; i++) h[i] = i;
    if (cudaMalloc(&d, sizeof h) == cudaSuccess) {
        cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
        scale<<<1, 32>>>(d);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        cudaFree(d);
    }
    std::printf("h[1]=%d threads=%d\n", h[1], omp_get_max_threads() > 0);
    return 0;
}
