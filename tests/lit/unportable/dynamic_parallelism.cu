// Dynamic parallelism: a kernel launched from device code (HC1100) and runtime API calls made from device
// code (HC1101) are reported with their line; the same launches and calls in host code are not.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1100 --implicit-check-not=HC1101
#include <cuda_runtime.h>

__global__ void child(int *p) { p[threadIdx.x] = 1; }

template <typename T> __global__ void child_t(T *p) { p[0] = T(); }

__global__ void parent(int *p) {
  // CHECK: dynamic_parallelism.cu:[[@LINE+1]]:8: warning: HC1100: kernel 'child' launched from device code: HIP has no dynamic parallelism [device-launch]
  child<<<1, 32>>>(p);
#ifdef EXTRA
  int *unused = p;
#endif
  // CHECK: dynamic_parallelism.cu:[[@LINE+1]]:15: warning: HC1100: kernel 'child_t' launched from device code
  child_t<int><<<1, 1>>>(p);
  cudaStream_t s;
  // CHECK: dynamic_parallelism.cu:[[@LINE+1]]:3: warning: HC1101: 'cudaStreamCreateWithFlags' called from device code: HIP has no device-side runtime API [device-runtime-api]
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  int *q;
  // CHECK: dynamic_parallelism.cu:[[@LINE+1]]:3: warning: HC1101: 'cudaMalloc' called from device code
  cudaMalloc(&q, 16);
  // CHECK: dynamic_parallelism.cu:[[@LINE+1]]:3: warning: HC1101: 'cudaDeviceSynchronize' called from device code
  cudaDeviceSynchronize();
}

__device__ void helper(int *p) {
  // CHECK: dynamic_parallelism.cu:[[@LINE+1]]:3: warning: HC1101: 'cudaFree' called from device code
  cudaFree(p);
}

// Host code: the same tokens are ordinary launches and calls.
__host__ void host_launch(int *p) {
  child<<<1, 32>>>(p);
  cudaDeviceSynchronize();
}

__device__ int device_variable = 3;
__device__ int device_array[4] = {1, 2, 3, 4};

int main() {
  int *p;
  cudaMalloc(&p, 16);
  child<<<1, 32>>>(p);
  auto host_lambda = [](int *x) { cudaFree(x); };
  host_lambda(p);
  return 0;
}

// Branches only the host pass compiles (#ifndef __CUDA_ARCH__, the #else of #ifdef __CUDA_ARCH__) are host
// code even inside a __host__ __device__ function; the device branches are still checked.
__host__ __device__ void both(int *p) {
#ifndef __CUDA_ARCH__
  cudaFree(p);
#else
  // CHECK: dynamic_parallelism.cu:[[@LINE+1]]:3: warning: HC1101: 'cudaGetLastError' called from device code
  cudaGetLastError();
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  // CHECK: dynamic_parallelism.cu:[[@LINE+1]]:8: warning: HC1100: kernel 'child' launched from device code
  child<<<1, 1>>>(p);
#endif
#ifdef __CUDA_ARCH__
  p[0] = 1;
#elif defined(SOMETHING)
  cudaDeviceSynchronize();
#else
  child<<<1, 1>>>(p);
#endif
#if !defined(__CUDA_ARCH__)
  cudaMemset(p, 0, 4);
#endif
}
