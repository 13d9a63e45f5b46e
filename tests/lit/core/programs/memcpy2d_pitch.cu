// Complete program: pitched allocation, 2-D copies and a 2-D kernel.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <vector>

__global__ void transpose_add(float *m, size_t pitch, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) ((float *)((char *)m + y * pitch))[x] += 1.0f;
}

int main() {
  const int w = 100, h = 50;
  std::vector<float> host(w * h, 0.5f);
  float *dev; size_t pitch;
  // CHECK: hipMallocPitch((void **)&dev, &pitch, w * sizeof(float), h);
  cudaMallocPitch((void **)&dev, &pitch, w * sizeof(float), h);
  // CHECK: hipMemcpy2D(dev, pitch, host.data(), w * sizeof(float), w * sizeof(float), h, hipMemcpyHostToDevice);
  cudaMemcpy2D(dev, pitch, host.data(), w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice);
  transpose_add<<<dim3((w + 15) / 16, (h + 15) / 16), dim3(16, 16)>>>(dev, pitch, w, h);
  cudaMemcpy2D(host.data(), w * sizeof(float), dev, pitch, w * sizeof(float), h, cudaMemcpyDeviceToHost);
  cudaFree(dev);
  return host[0] == 1.5f ? 0 : 1;
}
