// By default every #if/#elif/#else branch is translated, active or not.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

void branches(void **p) {
#if 0
  // CHECK: hipMalloc(p, 1);
  cudaMalloc(p, 1);
#elif defined(NEVER_DEFINED)
  // CHECK: hipMallocManaged(p, 2);
  cudaMallocManaged(p, 2);
#else
  // CHECK: hipHostFree(*p);
  cudaFreeHost(*p);
#endif
#ifdef __CUDA_ARCH__
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
#endif
// CHECK: #ifndef __HIPCC__
#ifndef __CUDACC__
  // CHECK: hipFree(*p);
  cudaFree(*p);
#endif
}
