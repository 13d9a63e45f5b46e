// A kernel that is a template is named through HIP_KERNEL_NAME(...), as hipify-clang writes it (and
// hipLaunchKernelGGL, a macro, needs it where the template arguments hold a comma); with explicit
// template arguments or without (deduced), and through an object-like macro naming a template-id.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

template <typename T, int N> __global__ void fill(T *p) { p[threadIdx.x] = T(N); }
template <typename T> __global__ void one(T *p) { p[threadIdx.x] = T(1); }
template <typename A, typename B> struct Pair {};
template <typename P> __global__ void pairk(int *p) {}
template <typename T>
__global__ void __launch_bounds__(256)
deduced(T *p) {}
__global__ void plain(int *p) {}
#define ONE_INT one<int>

void run(float *f, int *i) {
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(fill<float, 4>), dim3(1), dim3(32), 0, 0, f);
  fill<float, 4><<<1, 32>>>(f);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(one<int>), dim3(1), dim3(32), 0, 0, i);
  one<int><<<1, 32>>>(i);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(pairk<Pair<int, float>>), dim3(2), dim3(64), 0, 0, i);
  pairk<Pair<int, float>><<<2, 64>>>(i);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(fill<int, (3 > 2) ? 1 : 2>), dim3(1), dim3(1), 0, 0, i);
  fill<int, (3 > 2) ? 1 : 2><<<1, 1>>>(i);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(deduced), dim3(1), dim3(1), 0, 0, f);
  deduced<<<1, 1>>>(f);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(ONE_INT), dim3(1), dim3(1), 0, 0, i);
  ONE_INT<<<1, 1>>>(i);
  // CHECK: hipLaunchKernelGGL(plain, dim3(1), dim3(1), 0, 0, i);
  plain<<<1, 1>>>(i);
}
