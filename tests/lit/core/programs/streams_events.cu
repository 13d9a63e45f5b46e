// Complete program: two streams, async copies, events and elapsed time.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstdio>

__global__ void inc(int *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i]++; }

int main() {
  const int n = 4096;
  int *h, *d;
  // CHECK: hipHostMalloc((void **)&h, 2 * n * sizeof(int){{(, hipHostMallocDefault)?}});
  cudaMallocHost((void **)&h, 2 * n * sizeof(int));
  cudaMalloc((void **)&d, 2 * n * sizeof(int));
  // CHECK: hipStream_t s[2];
  cudaStream_t s[2];
  // CHECK: hipEvent_t start, stop;
  cudaEvent_t start, stop;
  for (int k = 0; k < 2; k++) cudaStreamCreateWithFlags(&s[k], cudaStreamNonBlocking);
  cudaEventCreate(&start);
  cudaEventCreateWithFlags(&stop, cudaEventDefault);
  for (int i = 0; i < 2 * n; i++) h[i] = i;
  // CHECK: hipEventRecord(start, s[0]);
  cudaEventRecord(start, s[0]);
  for (int k = 0; k < 2; k++) {
    // CHECK: hipMemcpyAsync(d + k * n, h + k * n, n * sizeof(int), hipMemcpyHostToDevice, s[k]);
    cudaMemcpyAsync(d + k * n, h + k * n, n * sizeof(int), cudaMemcpyHostToDevice, s[k]);
    inc<<<n / 256, 256, 0, s[k]>>>(d + k * n, n);
    cudaMemcpyAsync(h + k * n, d + k * n, n * sizeof(int), cudaMemcpyDeviceToHost, s[k]);
  }
  cudaEventRecord(stop, s[0]);
  // CHECK: hipStreamSynchronize(s[1]);
  cudaStreamSynchronize(s[1]);
  cudaEventSynchronize(stop);
  float ms = 0;
  // CHECK: hipEventElapsedTime(&ms, start, stop);
  cudaEventElapsedTime(&ms, start, stop);
  int bad = 0;
  for (int i = 0; i < 2 * n; i++) bad += h[i] != i + 1;
  for (int k = 0; k < 2; k++) cudaStreamDestroy(s[k]);
  cudaEventDestroy(start); cudaEventDestroy(stop);
  // CHECK: hipHostFree(h);
  cudaFreeHost(h);
  cudaFree(d);
  printf("%d bad, %.3f ms\n", bad, ms);
  return bad != 0;
}
