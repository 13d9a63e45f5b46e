// Input of arguments_typed.cu: every argument already is a void **, so the shim header is not needed.
// VOID-NOT: {{^#include .hipify_shim}}
// VOID: hipHostAlloc(&v, n, 0);
// VOID: hipHostGetDevicePointer(&d, v, 0);
// VOID: hipMallocPitch((void **)&p, &n, n, 2);
#include <cuda_runtime.h>
void f(size_t n) {
  void *v, *d;
  float *p;
  cudaHostAlloc(&v, n, 0);
  cudaHostGetDevicePointer(&d, v, 0);
  cudaMallocPitch((void **)&p, &n, n, 2);
}
