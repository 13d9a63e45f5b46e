// Complete program: tiled matrix multiply with 2-D dim3 grid and block.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s --check-prefix=GGL
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define TILE 16

__global__ void matmul(const float *A, const float *B, float *C, int N) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0;
  for (int t = 0; t < (N + TILE - 1) / TILE; t++) {
    As[threadIdx.y][threadIdx.x] = row < N && t * TILE + threadIdx.x < N ? A[row * N + t * TILE + threadIdx.x] : 0;
    Bs[threadIdx.y][threadIdx.x] = col < N && t * TILE + threadIdx.y < N ? B[(t * TILE + threadIdx.y) * N + col] : 0;
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < N && col < N) C[row * N + col] = acc;
}

int main() {
  const int N = 64;
  std::vector<float> A(N * N, 1.0f), B(N * N, 2.0f), C(N * N);
  float *dA, *dB, *dC;
  size_t bytes = N * N * sizeof(float);
  cudaMalloc((void **)&dA, bytes); cudaMalloc((void **)&dB, bytes); cudaMalloc((void **)&dC, bytes);
  cudaMemcpy(dA, A.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B.data(), bytes, cudaMemcpyHostToDevice);
  dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE);
  // GGL: hipLaunchKernelGGL(matmul, dim3(grid), dim3(block), 0, 0, dA, dB, dC, N);
  matmul<<<grid, block>>>(dA, dB, dC, N);
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
  cudaMemcpy(C.data(), dC, bytes, cudaMemcpyDeviceToHost);
  cudaFree(dA); cudaFree(dB); cudaFree(dC);
  return C[0] == 2.0f * N ? 0 : 1;
}
