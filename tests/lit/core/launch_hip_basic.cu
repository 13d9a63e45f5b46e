// --hip-kernel-execution-syntax rewrites a launch to hipLaunchKernelGGL with dim3() around grid and
// block and the missing shared-memory and stream arguments filled with 0.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify -hip-kernel-execution-syntax %s -o %t && FileCheck --match-full-lines %s < %t
#include <cuda_runtime.h>

__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}

void run(const float *x, float *y, int n) {
  // CHECK: hipLaunchKernelGGL(axpy, dim3((n + 255) / 256), dim3(256), 0, 0, 2.0f, x, y, n);
  axpy<<<(n + 255) / 256, 256>>>(2.0f, x, y, n);
}
