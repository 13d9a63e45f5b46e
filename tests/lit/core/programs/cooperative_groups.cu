// Complete program: cooperative groups thread_block sync and tiled partition size.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hip/hip_cooperative_groups.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void ranks(int *out) {
  cg::thread_block block = cg::this_thread_block();
  out[block.thread_rank()] = (int)block.size();
  block.sync();
}

int main() {
  int *out;
  cudaMalloc(&out, 64 * sizeof(int));
  ranks<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
