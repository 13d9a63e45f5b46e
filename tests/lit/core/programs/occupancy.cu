// Complete program: occupancy queries and __launch_bounds__.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstdio>

__global__ void __launch_bounds__(256) work(float *p) { p[blockIdx.x * 256 + threadIdx.x] += 1; }

int main() {
  int blocks = 0, min_grid = 0, block = 0;
  // CHECK: hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, work, 256, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, work, 256, 0);
  // CHECK: hipOccupancyMaxPotentialBlockSize(&min_grid, &block, work, 0, 0);
  cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, work, 0, 0);
  // CHECK: hipFuncAttributes attr;
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, (const void *)work);
  printf("%d %d %d %d\n", blocks, min_grid, block, attr.maxThreadsPerBlock);
  return 0;
}
