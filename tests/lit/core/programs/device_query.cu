// Complete program: device count, properties and attributes.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <cstdio>

int main() {
  int count = 0;
  // CHECK: if (hipGetDeviceCount(&count) != hipSuccess || count == 0) return 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) return 0;
  for (int d = 0; d < count; d++) {
    // CHECK: hipDeviceProp_t prop;
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, d);
    int sms = 0;
    // CHECK: hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, d);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, d);
    printf("%d: %s, %d SMs, %zu bytes, warp %d\n", d, prop.name, sms, prop.totalGlobalMem, prop.warpSize);
  }
  // CHECK: hipSetDevice(0);
  cudaSetDevice(0);
  size_t free_b = 0, total_b = 0;
  // CHECK: hipMemGetInfo(&free_b, &total_b);
  cudaMemGetInfo(&free_b, &total_b);
  return 0;
}
