// Complete program: block reduction in dynamic shared memory, launched with a 3-part configuration.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s --check-prefix=GGL
#include <cstdio>
#include <vector>

__global__ void block_sum(const float *in, float *out, int n) {
  extern __shared__ float buf[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) atomicAdd(out, buf[0]);
}

int main() {
  const int n = 100000, threads = 256;
  std::vector<float> h(n, 1.0f);
  float *in, *out, result = 0;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemcpy(in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(out, 0, sizeof(float));
  // CHECK: block_sum<<<(n + threads - 1) / threads, threads, threads * sizeof(float)>>>(in, out, n);
  // GGL: hipLaunchKernelGGL(block_sum, dim3((n + threads - 1) / threads), dim3(threads), threads * sizeof(float), 0, in, out, n);
  block_sum<<<(n + threads - 1) / threads, threads, threads * sizeof(float)>>>(in, out, n);
  // CHECK: hipMemcpy(&result, out, sizeof(float), hipMemcpyDeviceToHost);
  cudaMemcpy(&result, out, sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(in);
  cudaFree(out);
  printf("%f\n", result);
  return result == (float)n ? 0 : 1;
}
