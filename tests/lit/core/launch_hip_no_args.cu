// A kernel without arguments gets no trailing comma.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

__global__ void tick() {}

void run(cudaStream_t s) {
  // CHECK: hipLaunchKernelGGL(tick, dim3(1), dim3(1), 0, 0);
  tick<<<1, 1>>>();
  // CHECK: hipLaunchKernelGGL(tick, dim3(1), dim3(1), 0, s);
  tick<<<1, 1, 0, s>>>();
}
