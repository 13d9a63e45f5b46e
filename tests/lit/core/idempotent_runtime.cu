// Translating the output again changes nothing: renames, includes and inserted headers are stable.
// RUN: %hipify %s -o %t.1.cpp
// RUN: %hipify %t.1.cpp -o %t.2.cpp
// RUN: diff %t.1.cpp %t.2.cpp
// RUN: FileCheck --match-full-lines %s < %t.2.cpp
#include <cuda_runtime.h>
#include <cuda.h>

__global__ void k(float *p) { p[threadIdx.x] *= 2; }
int main() {
  float *p;
  // CHECK: hipMalloc(&p, 64 * sizeof(float));
  cudaMalloc(&p, 64 * sizeof(float));
  k<<<1, 64>>>(p);
  // CHECK: return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
