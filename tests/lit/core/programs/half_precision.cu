// Complete program: half-precision conversions and arithmetic intrinsics.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #include <hip/hip_fp16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void hscale(const float *in, __half *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __hmul(__float2half(in[i]), __float2half(0.5f));
}

int main() {
  float *in; __half *out;
  cudaMalloc(&in, 128 * sizeof(float));
  cudaMalloc(&out, 128 * sizeof(__half));
  hscale<<<1, 128>>>(in, out, 128);
  cudaDeviceSynchronize();
  cudaFree(in); cudaFree(out);
  return 0;
}
