// Complete program: a linear-memory texture object, created and destroyed.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstring>

// CHECK: __global__ void fetch(hipTextureObject_t tex, float *out) { out[threadIdx.x] = tex1Dfetch<float>(tex, threadIdx.x); }
__global__ void fetch(cudaTextureObject_t tex, float *out) { out[threadIdx.x] = tex1Dfetch<float>(tex, threadIdx.x); }

int main() {
  float *buf, *out;
  cudaMalloc(&buf, 256 * sizeof(float));
  cudaMalloc(&out, 256 * sizeof(float));
  // CHECK: hipResourceDesc res;
  cudaResourceDesc res;
  memset(&res, 0, sizeof res);
  // CHECK: res.resType = hipResourceTypeLinear;
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = buf;
  // CHECK: res.res.linear.desc = hipCreateChannelDesc<float>();
  res.res.linear.desc = cudaCreateChannelDesc<float>();
  res.res.linear.sizeInBytes = 256 * sizeof(float);
  // CHECK: hipTextureDesc td;
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  // CHECK: td.readMode = hipReadModeElementType;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t tex = 0;
  // CHECK: hipCreateTextureObject(&tex, &res, &td, NULL);
  cudaCreateTextureObject(&tex, &res, &td, NULL);
  fetch<<<1, 256>>>(tex, out);
  cudaDestroyTextureObject(tex);
  cudaFree(buf); cudaFree(out);
  return 0;
}
