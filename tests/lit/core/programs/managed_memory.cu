// Complete program: unified (managed) memory with prefetch-free access from host and device.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstdio>

__global__ void square(double *v, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] *= v[i]; }

int main() {
  double *v;
  // CHECK: hipMallocManaged(&v, 512 * sizeof(double), hipMemAttachGlobal);
  cudaMallocManaged(&v, 512 * sizeof(double), cudaMemAttachGlobal);
  for (int i = 0; i < 512; i++) v[i] = i;
  square<<<2, 256>>>(v, 512);
  cudaDeviceSynchronize();
  double s = 0;
  for (int i = 0; i < 512; i++) s += v[i];
  cudaFree(v);
  printf("%f\n", s);
  return 0;
}
