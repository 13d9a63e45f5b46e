// By default (and with --cuda-kernel-execution-syntax) the <<<>>> launch syntax, which HIP accepts,
// is kept byte for byte; only CUDA names inside it are renamed.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --cuda-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify -cuda-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --hip-kernel-execution-syntax --cuda-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify %s -o - | not grep -n '^[^/]*hipLaunchKernelGGL'
#include <cuda_runtime.h>

__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }

void run(float *p, cudaStream_t st) {
  // CHECK: scale<<<1, 32>>>(p, 2.0f);
  scale<<<1, 32>>>(p, 2.0f);
  // CHECK: scale<<<dim3(4, 1), dim3(64), 0, st>>>(p, 0.5f);
  scale<<<dim3(4, 1), dim3(64), 0, st>>>(p, 0.5f);
  // CHECK: hipStream_t other = st;
  cudaStream_t other = st;
  // CHECK: scale <<< 2, 16, 0, other >>> (p, 1.0f);
  scale <<< 2, 16, 0, other >>> (p, 1.0f);
}
