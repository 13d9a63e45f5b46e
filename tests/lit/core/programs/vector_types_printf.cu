// Complete program: vector types (float4, int2, make_*), device printf, atomicCAS and host registration.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__global__ void vec(float4 *v, int2 *idx, int *lock) {
  float4 a = v[threadIdx.x];
  v[threadIdx.x] = make_float4(a.w, a.z, a.y, a.x);
  idx[threadIdx.x] = make_int2(threadIdx.x, blockIdx.x);
  if (atomicCAS(lock, 0, 1) == 0) printf("first thread %d\n", (int)threadIdx.x);
}

int main() {
  std::vector<float4> host(64);
  // CHECK: hipHostRegister(host.data(), host.size() * sizeof(float4), hipHostRegisterDefault);
  cudaHostRegister(host.data(), host.size() * sizeof(float4), cudaHostRegisterDefault);
  float4 *v; int2 *idx; int *lock;
  cudaMalloc(&v, 64 * sizeof(float4));
  cudaMalloc(&idx, 64 * sizeof(int2));
  cudaMalloc(&lock, sizeof(int));
  cudaMemset(lock, 0, sizeof(int));
  // CHECK: hipMemcpy(v, host.data(), 64 * sizeof(float4), hipMemcpyDefault);
  cudaMemcpy(v, host.data(), 64 * sizeof(float4), cudaMemcpyDefault);
  vec<<<1, 64>>>(v, idx, lock);
  cudaDeviceSynchronize();
  // CHECK: hipHostUnregister(host.data());
  cudaHostUnregister(host.data());
  cudaFree(v); cudaFree(idx); cudaFree(lock);
  return 0;
}
