#include "common.cuh"

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int demo_saxpy(float a, const float *x, float *y, int n) {
  saxpy<<<demo_blocks(n), DEMO_BLOCK>>>(a, x, y, n);
  DEMO_CHECK(cudaGetLastError());
  return (int)cudaDeviceSynchronize();
}
