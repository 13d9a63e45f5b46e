// Launches spread over several lines: the configuration is joined with ", " as hipify-clang writes it;
// the arguments keep their line structure; no rewritten line ends in a blank.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | not grep -n '[[:space:]]$'
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

__global__ void k(const float *a, const float *b, float *c, int n) {}

void run(const float *a, const float *b, float *c, int n, cudaStream_t s) {
  // CHECK: hipLaunchKernelGGL(k, dim3((n + 127) / 128), dim3(128), 0, s, a,
  // CHECK-NEXT: b,
  // CHECK-NEXT: c, n);
  k<<<(n + 127) / 128,
      128,
      0,
      s>>>(a,
           b,
           c, n);
  // CHECK: hipLaunchKernelGGL(k, dim3(n), dim3(1), 0, 0, a, b, c, n);
  k<<<n,
      1>>>(
      a, b, c, n
  );
  // CHECK: hipLaunchKernelGGL(k, dim3(n), dim3(1), 0, 0, a,
  // CHECK-NEXT: b, c, n);
  k <<< n , 1 >>> ( a,
      b, c, n );
}
