// CUDA names inside #define bodies are renamed; the macro's own name and parameters are not.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstdio>

// CHECK: #define CHECK_CUDA(call) do { hipError_t err_ = (call); {{\\}}
// CHECK-NEXT:   if (err_ != hipSuccess) { {{\\}}
// CHECK-NEXT:     fprintf(stderr, "CUDA error %s\n", hipGetErrorString(err_)); {{\\}}
#define CHECK_CUDA(call) do { cudaError_t err_ = (call); \
  if (err_ != cudaSuccess) { \
    fprintf(stderr, "CUDA error %s\n", cudaGetErrorString(err_)); \
    return 1; } } while (0)

// CHECK: #define ALLOC(p, n) hipMalloc((void **)&(p), (n))
#define ALLOC(p, n) cudaMalloc((void **)&(p), (n))
// CHECK: #define SYNC hipDeviceSynchronize
#define SYNC cudaDeviceSynchronize
// CHECK: #define KIND hipMemcpyDeviceToHost
#define KIND cudaMemcpyDeviceToHost

int run(float *p) {
  // CHECK: CHECK_CUDA(ALLOC(p, 16));
  CHECK_CUDA(ALLOC(p, 16));
  // CHECK: CHECK_CUDA(SYNC());
  CHECK_CUDA(SYNC());
  return 0;
}
