// Launches spread over several lines keep their line structure; only <<<, >>> and the inserted text
// change.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

__global__ void k(const float *a, const float *b, float *c, int n) {}

void run(const float *a, const float *b, float *c, int n, cudaStream_t s) {
  // CHECK: hipLaunchKernelGGL(k, dim3((n + 127) / 128),
  // CHECK-NEXT: dim3(128),
  // CHECK-NEXT: 0,
  // CHECK-NEXT: s, a,
  // CHECK-NEXT: b,
  // CHECK-NEXT: c, n);
  k<<<(n + 127) / 128,
      128,
      0,
      s>>>(a,
           b,
           c, n);
}
