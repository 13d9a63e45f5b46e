// Complete program that includes a local CUDA header; the translated header (Inputs/) is checked and
// used by the AMD compile test.
// RUN: %hipify %S/Inputs/saxpy.cuh -o - | FileCheck --match-full-lines %s
// CHECK: #ifndef SAXPY_CUH
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #define SAXPY_CUH
#include "Inputs/saxpy.cuh"

int main() {
  float *x, *y;
  cudaMalloc(&x, 256 * sizeof(float));
  cudaMalloc(&y, 256 * sizeof(float));
  launch_saxpy(2.0f, x, y, 256, 0);
  cudaDeviceSynchronize();
  cudaFree(x);
  cudaFree(y);
  return 0;
}
