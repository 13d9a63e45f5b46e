// Namespace-qualified kernels and kernels launched through a qualified template-id are rewritten.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

namespace ops {
__global__ void zero(int *p) { p[threadIdx.x] = 0; }
namespace detail {
template <typename T, typename U> __global__ void conv(const T *in, U *out) {}
}
}

void run(int *p, float *f) {
  // CHECK: hipLaunchKernelGGL(ops::zero, dim3(1), dim3(64), 0, 0, p);
  ops::zero<<<1, 64>>>(p);
  // CHECK: hipLaunchKernelGGL(::ops::zero, dim3(1), dim3(64), 0, 0, p);
  ::ops::zero<<<1, 64>>>(p);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(ops::detail::conv<int, float>), dim3(4), dim3(64), 0, 0, p, f);
  ops::detail::conv<int, float><<<4, 64>>>(p, f);
}
