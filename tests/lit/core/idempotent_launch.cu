// hipLaunchKernelGGL output (HIP_KERNEL_NAME included) is a fixed point of the translation.
// RUN: %hipify --hip-kernel-execution-syntax %s -o %t.1.cpp
// RUN: %hipify --hip-kernel-execution-syntax %t.1.cpp -o %t.2.cpp
// RUN: diff %t.1.cpp %t.2.cpp
// RUN: FileCheck --match-full-lines %s < %t.2.cpp
#include <cuda_runtime.h>
template <typename A, int B> __global__ void k(A *p) {}
void run(float *p, cudaStream_t s) {
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(k<float, 2>), dim3(1), dim3(2), 0, s, p);
  k<float, 2><<<1, 2, 0, s>>>(p);
}
