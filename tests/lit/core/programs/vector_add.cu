// Complete program: vector addition with error checks; the HIP output compiles for gfx90a (amd/).
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cstdio>
#include <cstdlib>
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

// CHECK: #define CHECK(call) do { hipError_t e = (call); if (e != hipSuccess) { fprintf(stderr, "%s\n", hipGetErrorString(e)); exit(1); } } while (0)
#define CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(e)); exit(1); } } while (0)

__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  const int n = 1 << 16;
  float *ha = (float *)malloc(n * sizeof(float)), *hb = (float *)malloc(n * sizeof(float));
  float *hc = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) { ha[i] = (float)i; hb[i] = 2.0f * i; }
  float *a, *b, *c;
  // CHECK: CHECK(hipMalloc(&a, n * sizeof(float)));
  CHECK(cudaMalloc(&a, n * sizeof(float)));
  CHECK(cudaMalloc(&b, n * sizeof(float)));
  CHECK(cudaMalloc(&c, n * sizeof(float)));
  // CHECK: CHECK(hipMemcpy(a, ha, n * sizeof(float), hipMemcpyHostToDevice));
  CHECK(cudaMemcpy(a, ha, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(b, hb, n * sizeof(float), cudaMemcpyHostToDevice));
  add<<<(n + 255) / 256, 256>>>(a, b, c, n);
  // CHECK: CHECK(hipGetLastError());
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hc, c, n * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++) bad += hc[i] != 3.0f * i;
  CHECK(cudaFree(a)); CHECK(cudaFree(b)); CHECK(cudaFree(c));
  free(ha); free(hb); free(hc);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
