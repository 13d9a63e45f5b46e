// Complete program: driver API device, context and memory calls.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda.h>
#include <cstdio>

int main() {
  // CHECK: if (hipInit(0) != hipSuccess) return 0;
  if (cuInit(0) != CUDA_SUCCESS) return 0;
  // CHECK: hipDevice_t dev;
  CUdevice dev;
  // CHECK: hipCtx_t ctx;
  CUcontext ctx;
  cuDeviceGet(&dev, 0);
  char name[128];
  // CHECK: hipDeviceGetName(name, sizeof name, dev);
  cuDeviceGetName(name, sizeof name, dev);
  cuCtxCreate(&ctx, 0, dev);
  // CHECK: hipDeviceptr_t p;
  CUdeviceptr p;
  cuMemAlloc(&p, 1024);
  // CHECK: hipMemsetD32(p, 7, 256);
  cuMemsetD32(p, 7, 256);
  unsigned host[256];
  // CHECK: hipMemcpyDtoH(host, p, sizeof host);
  cuMemcpyDtoH(host, p, sizeof host);
  // CHECK: hipFree(reinterpret_cast<void*>(p));
  cuMemFree(p);
  cuCtxDestroy(ctx);
  printf("%s %u\n", name, host[0]);
  return host[0] != 7;
}
