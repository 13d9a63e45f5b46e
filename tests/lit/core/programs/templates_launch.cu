// Complete program: templated kernels with one and two template arguments, launched both ways.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

template <typename T, int BLOCK> __global__ void scale(T *p, T s, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) p[i] *= s;
}
template <typename T> __global__ void fill(T *p, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

template <typename T> void run(T *p, int n, cudaStream_t s) {
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(fill<T>), dim3((n + 127) / 128), dim3(128), 0, s, p, T(1), n);
  fill<T><<<(n + 127) / 128, 128, 0, s>>>(p, T(1), n);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<T, 128>), dim3((n + 127) / 128), dim3(128), 0, s, p, T(3), n);
  scale<T, 128><<<(n + 127) / 128, 128, 0, s>>>(p, T(3), n);
}

int main() {
  float *f; double *d;
  cudaMalloc(&f, 1000 * sizeof(float));
  cudaMalloc(&d, 1000 * sizeof(double));
  cudaStream_t s;
  cudaStreamCreate(&s);
  run(f, 1000, s);
  run(d, 1000, s);
  cudaStreamSynchronize(s);
  cudaStreamDestroy(s);
  cudaFree(f); cudaFree(d);
  return 0;
}
