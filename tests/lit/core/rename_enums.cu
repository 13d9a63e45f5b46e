// Enum constants are renamed, including in switch labels and initializers.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

// CHECK: const char *kind_name(hipMemcpyKind k) {
const char *kind_name(cudaMemcpyKind k) {
  switch (k) {
  // CHECK: case hipMemcpyHostToDevice: return "h2d";
  case cudaMemcpyHostToDevice: return "h2d";
  // CHECK: case hipMemcpyDeviceToHost: return "d2h";
  case cudaMemcpyDeviceToHost: return "d2h";
  // CHECK: case hipMemcpyDeviceToDevice: return "d2d";
  case cudaMemcpyDeviceToDevice: return "d2d";
  default: return "other";
  }
}
// CHECK: static const hipError_t ok = hipSuccess;
static const cudaError_t ok = cudaSuccess;
// CHECK: static const hipError_t oom = hipErrorOutOfMemory;
static const cudaError_t oom = cudaErrorMemoryAllocation;
