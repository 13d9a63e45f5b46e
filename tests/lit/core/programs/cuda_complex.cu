// Complete program: cuComplex arithmetic on the device.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #include <hip/hip_complex.h>
#include <cuComplex.h>
#include <cuda_runtime.h>

// CHECK: __global__ void cmul(const hipFloatComplex *a, const hipFloatComplex *b, hipFloatComplex *c, int n) {
__global__ void cmul(const cuFloatComplex *a, const cuFloatComplex *b, cuFloatComplex *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: if (i < n) c[i] = hipCaddf(hipCmulf(a[i], b[i]), make_hipFloatComplex(hipCrealf(a[i]), 0.0f));
  if (i < n) c[i] = cuCaddf(cuCmulf(a[i], b[i]), make_cuFloatComplex(cuCrealf(a[i]), 0.0f));
}

int main() {
  cuFloatComplex *a, *b, *c;
  cudaMalloc(&a, 64 * sizeof(cuFloatComplex));
  cudaMalloc(&b, 64 * sizeof(cuFloatComplex));
  cudaMalloc(&c, 64 * sizeof(cuFloatComplex));
  cmul<<<1, 64>>>(a, b, c, 64);
  // CHECK: hipDoubleComplex z = make_hipDoubleComplex(1.0, 2.0);
  cuDoubleComplex z = make_cuDoubleComplex(1.0, 2.0);
  cudaFree(a); cudaFree(b); cudaFree(c);
  // CHECK: return hipCabs(z) > 2.0 ? 0 : 1;
  return cuCabs(z) > 2.0 ? 0 : 1;
}
