// Driver-API memory calls whose HIP counterparts take pointers: hipMalloc(void **) and hipFree(void *)
// stand for cuMemAlloc and cuMemFree, whose CUdeviceptr becomes hipDeviceptr_t, which is void * on AMD
// but CUdeviceptr, an integer, under HIP on NVIDIA: the argument is cast, so the port compiles on both.
// CUDA 13's four-argument cuCtxCreate (a
// CUctxCreateParams pointer second) with a null pointer there is HIP's three-argument hipCtxCreate.
// RUN: %hipify --hip-path none %s -o %t.hip 2>%t.err
// RUN: FileCheck %s --match-full-lines < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
#include <cuda.h>
void f(CUdevice dev, CUdeviceptr *out, CUctxCreateParams *params) {
  CUcontext ctx;
  CUdeviceptr d;
  // CHECK: hipCtxCreate(&ctx, 0, dev);
  cuCtxCreate(&ctx, nullptr, 0, dev);
  // CHECK: hipCtxCreate(&ctx, 0, dev);
  cuCtxCreate(&ctx, 0, dev);
  // CHECK: hipCtxCreate(&ctx, params, 0, dev);
  cuCtxCreate(&ctx, params, 0, dev);
  // CHECK: hipMalloc(reinterpret_cast<void**>(&d), 64);
  cuMemAlloc(&d, 64);
  // CHECK: hipMalloc(reinterpret_cast<void**>(out), 64);
  cuMemAlloc_v2(out, 64);
  // CHECK: hipMallocManaged(reinterpret_cast<void**>(&d), 64, hipMemAttachGlobal);
  cuMemAllocManaged(&d, 64, CU_MEM_ATTACH_GLOBAL);
  // CHECK: hipFree(reinterpret_cast<void*>(d));
  cuMemFree(d);
}
// DIAG: driver_deviceptr.cpp:14:3: note: HC1022: 'cuCtxCreate': null argument 2 dropped (HIP has no such parameter)
// DIAG: driver_deviceptr.cpp:18:3: warning: HC1024: 'cuCtxCreate' with 4 arguments: CUDA 13 context parameters
