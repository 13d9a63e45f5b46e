// Complete program: warp-level reduction with __shfl_down (no mask: HIP 5.2 has no *_sync forms),
// __ballot and __popcll, warpSize-based loop.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>

__global__ void warp_sum(const int *in, int *out) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  // CHECK: for (int off = warpSize / 2; off > 0; off /= 2) v += __shfl_down(v, off);
  for (int off = warpSize / 2; off > 0; off /= 2) v += __shfl_down(v, off);
  if (threadIdx.x % warpSize == 0) atomicAdd(out, v);
  unsigned long long votes = __ballot(v > 0);
  if (threadIdx.x == 0) atomicAdd(out + 1, __popcll(votes));
}

int main() {
  int *in, *out, h[2];
  cudaMalloc(&in, 256 * sizeof(int));
  cudaMalloc(&out, 2 * sizeof(int));
  cudaMemset(in, 0, 256 * sizeof(int));
  cudaMemset(out, 0, 2 * sizeof(int));
  warp_sum<<<1, 256>>>(in, out);
  // CHECK: hipMemcpy(h, out, sizeof h, hipMemcpyDeviceToHost);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(in); cudaFree(out);
  printf("%d %d\n", h[0], h[1]);
  return 0;
}
