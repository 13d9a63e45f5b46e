// Runtime API types are renamed in declarations, casts, sizeof and template arguments.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <vector>

// CHECK: static hipStream_t streams[4];
static cudaStream_t streams[4];
// CHECK: std::vector<hipEvent_t> events;
std::vector<cudaEvent_t> events;

// CHECK: hipError_t make(hipStream_t *s) {
cudaError_t make(cudaStream_t *s) {
  // CHECK: hipDeviceProp_t prop;
  cudaDeviceProp prop;
  // CHECK: (void)sizeof(hipDeviceProp_t);
  (void)sizeof(cudaDeviceProp);
  // CHECK: hipError_t e = hipGetDeviceProperties(&prop, 0);
  cudaError_t e = cudaGetDeviceProperties(&prop, 0);
  // CHECK: if (e != hipSuccess) return e;
  if (e != cudaSuccess) return e;
  // CHECK: return hipStreamCreate(s);
  return cudaStreamCreate(s);
}
