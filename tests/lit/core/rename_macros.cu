// CUDA macros (object-like constants and flag macros) are renamed where they are used.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

void flags(float **p, cudaStream_t *s) {
  // CHECK: hipHostAlloc((void **)p, 64, hipHostMallocDefault);
  cudaHostAlloc((void **)p, 64, cudaHostAllocDefault);
  // CHECK: hipStreamCreateWithFlags(s, hipStreamNonBlocking);
  cudaStreamCreateWithFlags(s, cudaStreamNonBlocking);
}
// CHECK: int event_flags = hipEventDisableTiming | hipEventBlockingSync;
int event_flags = cudaEventDisableTiming | cudaEventBlockingSync;
