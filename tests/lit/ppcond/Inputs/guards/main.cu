#include <cuda_runtime.h>
#include <curand.h>
#include <cusparse.h>
#include "check_helpers.h"

__global__ void fill(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef __CUDA_ARCH__
  if (i < n) x[i] = 1.0f;
#endif
}

int main() {
  float *d = nullptr;
  CHECK(cudaMalloc(&d, 64 * sizeof(float)));
  curandGenerator_t g;
  CHECK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT));
  CHECK(curandGenerateUniform(g, d, 64));
  cusparseHandle_t h;
  CHECK(cusparseCreate(&h));
  fill<<<1, 64>>>(d, 64);
  CHECK(cudaDeviceSynchronize());
  CHECK(cusparseDestroy(h));
  CHECK(curandDestroyGenerator(g));
  CHECK(cudaFree(d));
  return 0;
}
