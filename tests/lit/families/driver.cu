// CUDA Driver API: context, module, memory and launch calls, and cuda.h.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// CHECK: #include <hip/hip_runtime.h>
#include <cuda.h>
int load(const char *path) {
  // CHECK: hipDevice_t dev;
  CUdevice dev;
  // CHECK: hipCtx_t ctx;
  CUcontext ctx;
  // CHECK: hipModule_t mod;
  CUmodule mod;
  // CHECK: hipFunction_t fn;
  CUfunction fn;
  // CHECK: hipDeviceptr_t buf;
  CUdeviceptr buf;
  // CHECK: hipError_t r = hipInit(0);
  CUresult r = cuInit(0);
  // CHECK: if (r != hipSuccess) return 1;
  if (r != CUDA_SUCCESS) return 1;
  // CHECK: hipDeviceGet(&dev, 0);
  cuDeviceGet(&dev, 0);
  int major = 0;
  // CHECK: hipDeviceGetAttribute(&major, hipDeviceAttributeComputeCapabilityMajor, dev);
  cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
  // CHECK: hipCtxCreate(&ctx, 0, dev);
  cuCtxCreate(&ctx, 0, dev);
  // CHECK: hipModuleLoad(&mod, path);
  cuModuleLoad(&mod, path);
  // CHECK: hipModuleGetFunction(&fn, mod, "kernel");
  cuModuleGetFunction(&fn, mod, "kernel");
  // CHECK: hipMalloc(reinterpret_cast<void**>(&buf), 1024);
  cuMemAlloc(&buf, 1024);
  void *args[] = {&buf};
  // CHECK: hipModuleLaunchKernel(fn, 1, 1, 1, 64, 1, 1, 0, 0, args, 0);
  cuLaunchKernel(fn, 1, 1, 1, 64, 1, 1, 0, 0, args, 0);
  // CHECK: hipCtxSynchronize();
  cuCtxSynchronize();
  // CHECK: hipFree(reinterpret_cast<void*>(buf));
  cuMemFree(buf);
  // CHECK: hipModuleUnload(mod);
  cuModuleUnload(mod);
  // CHECK: hipCtxDestroy(ctx);
  cuCtxDestroy(ctx);
  return 0;
}
