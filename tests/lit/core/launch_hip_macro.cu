// Launches inside macro definitions (continuation lines included) are rewritten like any other.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

__global__ void k(float *p, int n) { if ((int)threadIdx.x < n) p[threadIdx.x] = 0; }

// CHECK: #define LAUNCH(p, n) hipLaunchKernelGGL(k, dim3(1), dim3(n), 0, 0, p, n)
#define LAUNCH(p, n) k<<<1, n>>>(p, n)
// CHECK: #define LAUNCH_ON(s, p, n) {{\\}}
// CHECK-NEXT:   do { {{\\}}
// CHECK-NEXT:     hipLaunchKernelGGL(k, dim3((n + 63) / 64), dim3(64), 0, s, p, n); {{\\}}
// CHECK-NEXT:     hipStreamSynchronize(s); {{\\}}
// CHECK-NEXT:   } while (0)
#define LAUNCH_ON(s, p, n) \
  do { \
    k<<<(n + 63) / 64, 64, 0, s>>>(p, n); \
    cudaStreamSynchronize(s); \
  } while (0)

void run(float *p, cudaStream_t s) {
  LAUNCH(p, 32);
  LAUNCH_ON(s, p, 100);
}
