// Complete program: error-check macros and a launch inside a macro, in both launch syntaxes. With
// hipLaunchKernelGGL, the use of a macro whose body is a launch of the kernel it is given becomes the
// launch it expands to (as hipify-clang writes it), and the definition is rewritten too.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s --check-prefix=GGL
#include <cuda_runtime.h>
#include <cstdio>

#define CUDA_CHECK(x) do { cudaError_t err = (x); if (err != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(err)); return 1; } } while (0)
// CHECK: #define LAUNCH_1D(kernel, n, ...) kernel<<<((n) + 255) / 256, 256>>>(__VA_ARGS__)
// GGL: #define LAUNCH_1D(kernel, n, ...) hipLaunchKernelGGL(kernel, dim3(((n) + 255) / 256), dim3(256), 0, 0, __VA_ARGS__)
#define LAUNCH_1D(kernel, n, ...) kernel<<<((n) + 255) / 256, 256>>>(__VA_ARGS__)

__global__ void iota(int *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] = i; }

int main() {
  int *p;
  CUDA_CHECK(cudaMalloc(&p, 1000 * sizeof(int)));
  // CHECK: LAUNCH_1D(iota, 1000, p, 1000);
  // GGL: hipLaunchKernelGGL(iota, dim3(((1000) + 255) / 256), dim3(256), 0, 0, p, 1000);
  LAUNCH_1D(iota, 1000, p, 1000);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(p));
  return 0;
}
