// Driver API functions, types and enum constants are renamed.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda.h>
// CHECK: #include <hip/hip_runtime.h>

// CHECK: hipError_t init_driver(hipDevice_t *dev, hipCtx_t *ctx) {
CUresult init_driver(CUdevice *dev, CUcontext *ctx) {
  // CHECK: hipError_t r = hipInit(0);
  CUresult r = cuInit(0);
  // CHECK: if (r != hipSuccess) return r;
  if (r != CUDA_SUCCESS) return r;
  // CHECK: r = hipDeviceGet(dev, 0);
  r = cuDeviceGet(dev, 0);
  // CHECK: return hipCtxCreate(ctx, 0, *dev);
  return cuCtxCreate(ctx, 0, *dev);
}

// CHECK: hipError_t load(hipModule_t *m, hipFunction_t *f, hipDeviceptr_t *p) {
CUresult load(CUmodule *m, CUfunction *f, CUdeviceptr *p) {
  // CHECK: hipModuleLoad(m, "kernels.cubin");
  cuModuleLoad(m, "kernels.cubin");
  // CHECK: return hipMalloc(reinterpret_cast<void**>(p), 256);
  return cuMemAlloc(p, 256);
}
