// Complete program: __constant__ memory filled with cudaMemcpyToSymbol, read back with
// cudaMemcpyFromSymbol.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstdio>

__constant__ float coeffs[4];

__global__ void poly(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = coeffs[0] + x[i] * (coeffs[1] + x[i] * (coeffs[2] + x[i] * coeffs[3]));
}

int main() {
  float h[4] = {1, 2, 3, 4}, back[4];
  // CHECK: hipMemcpyToSymbol({{(HIP_SYMBOL\()?}}coeffs{{\)?}}, h, sizeof h);
  cudaMemcpyToSymbol(coeffs, h, sizeof h);
  // CHECK: hipMemcpyFromSymbol(back, {{(HIP_SYMBOL\()?}}coeffs{{\)?}}, sizeof back);
  cudaMemcpyFromSymbol(back, coeffs, sizeof back);
  float *x, *y;
  cudaMalloc(&x, 256 * sizeof(float));
  cudaMalloc(&y, 256 * sizeof(float));
  cudaMemset(x, 0, 256 * sizeof(float));
  poly<<<1, 256>>>(x, y, 256);
  float y0 = 0;
  cudaMemcpy(&y0, y, sizeof y0, cudaMemcpyDeviceToHost);
  cudaFree(x); cudaFree(y);
  printf("%f %f\n", y0, back[3]);
  return 0;
}
