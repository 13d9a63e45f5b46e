// Runtime API functions are renamed wherever they are called.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

int copy_and_free(float *host, int n) {
  float *dev = 0;
  // CHECK: hipMalloc(&dev, n * sizeof(float));
  cudaMalloc(&dev, n * sizeof(float));
  // CHECK: hipMemcpy(dev, host, n * sizeof(float), hipMemcpyHostToDevice);
  cudaMemcpy(dev, host, n * sizeof(float), cudaMemcpyHostToDevice);
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
  // CHECK: hipFree(dev);
  cudaFree(dev);
  // CHECK: return (int)hipGetLastError();
  return (int)cudaGetLastError();
}
// CHECK-NOT: {{^[^/]*cuda}}
