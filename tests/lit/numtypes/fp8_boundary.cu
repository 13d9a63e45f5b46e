// fp8 bits that cross a boundary are reported at the line (HC1150): copies between host and device, byte
// copies and casts that view them as another type, files, unions and the raw storage member. Conversions
// through the fp8 API and copies of other data are not.
// RUN: %hipify --hip-version 5.2 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=HC1150
// The project-owned declarations have cuda_fp8.h: a full parse resolves it (no HC2001).
// RUN: %hipify --hip-version 5.2 --semantic full %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=HC1150 --implicit-check-not=HC2001
#include <cuda_fp8.h>
#include <stdio.h>
#include <string.h>
#include <fstream>

typedef __nv_fp8_e4m3 weight_t;
union Bits { __nv_fp8_e5m2 f; unsigned char b; };
// CHECK: fp8_boundary.cu:[[@LINE-1]]:1: warning: HC1150: 'union' moves fp8 data ('__nv_fp8_e5m2') by a union

__global__ void scale(weight_t *w, float *out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = float(w[i]) * 2.0f;
}

void run(FILE *f, std::ifstream &in, int n) {
  weight_t *d_w, *h_w = new weight_t[n];
  float *d_out, *h_out = new float[n];
  __nv_fp8_storage_t raw[16];
  // CHECK: fp8_boundary.cu:[[@LINE+1]]:3: warning: HC1150: 'fread' moves fp8 data ('h_w') by file I/O
  fread(h_w, sizeof(weight_t), n, f);
  // CHECK: fp8_boundary.cu:[[@LINE+1]]:6: warning: HC1150: 'read' moves fp8 data ('raw') by file I/O
  in.read(reinterpret_cast<char *>(raw), sizeof raw);
  // CHECK: fp8_boundary.cu:[[@LINE-1]]:11: warning: HC1150: 'reinterpret_cast' moves fp8 data ('raw') by reinterpretation
  cudaMalloc(&d_w, n * sizeof(weight_t));
  cudaMalloc(&d_out, n * sizeof(float));
  // CHECK: fp8_boundary.cu:[[@LINE+1]]:3: warning: HC1150: 'cudaMemcpy' moves fp8 data ('d_w') by memory copy
  cudaMemcpy(d_w, h_w, n * sizeof(weight_t), cudaMemcpyHostToDevice);
  scale<<<1, n>>>(d_w, d_out, n);
  cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  unsigned char bytes[16];
  // CHECK: fp8_boundary.cu:[[@LINE+1]]:3: warning: HC1150: 'memcpy' moves fp8 data ('h_w') by byte copy
  memcpy(bytes, (unsigned char *)h_w, 16);
  // CHECK: fp8_boundary.cu:[[@LINE-1]]:17: warning: HC1150: 'C-style cast' moves fp8 data ('h_w') by reinterpretation
  // CHECK: fp8_boundary.cu:[[@LINE+1]]:21: warning: HC1150: '__x' moves fp8 data ('h_w') by raw storage access
  bytes[0] = h_w[0].__x;
  // conversions through the API stay quiet
  raw[0] = __nv_cvt_float_to_fp8(h_out[0], __NV_SATFINITE, __NV_E4M3);
  h_w[1] = weight_t(h_out[1]);
  memcpy(h_out, bytes, 4);
}
