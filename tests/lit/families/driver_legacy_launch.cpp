// CUDA's legacy execution control (cuFuncSetBlockShape, cuParamSet*, cuLaunchGrid..., deprecated but in
// cuda.h) has no HIP counterpart: the runtime shim keeps each function's settings and launches with
// hipModuleLaunchKernel, so the calls map to it and the file includes hipify_shim.h. cuFuncSetCacheConfig
// maps to the shim too (CUDA's own call on NVIDIA), and cuGetErrorString to hipDrvGetErrorString, which
// the shim defines where the target HIP (before 5.4) lacks it.
// RUN: %hipify --hip-path none %s -o %t.hip 2>%t.err
// RUN: FileCheck %s < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG --implicit-check-not=HC1001 < %t.err
// RUN: %hipify --hip-path none --hip-version 6.0 %s -o - 2>/dev/null | FileCheck %s --check-prefix=NEW
// CHECK: #include "hipify_shim.h"
// NEW: hipDrvGetErrorString(r, &text);
#include <cuda.h>
void launch(CUfunction f, CUdeviceptr out, int n, float x, CUstream s) {
  // CHECK: hipifyShimFuncSetCacheConfig(f, hipFuncCachePreferL1);
  cuFuncSetCacheConfig(f, CU_FUNC_CACHE_PREFER_L1);
  // CHECK: hipifyShimParamSetv(f, 0, &out, sizeof out);
  cuParamSetv(f, 0, &out, sizeof out);
  // CHECK: hipifyShimParamSeti(f, 8, n);
  cuParamSeti(f, 8, n);
  // CHECK: hipifyShimParamSetf(f, 12, x);
  cuParamSetf(f, 12, x);
  // CHECK: hipifyShimParamSetSize(f, 16);
  cuParamSetSize(f, 16);
  // CHECK: hipifyShimFuncSetBlockShape(f, 16, 16, 1);
  cuFuncSetBlockShape(f, 16, 16, 1);
  // CHECK: hipifyShimFuncSetSharedSize(f, 0);
  cuFuncSetSharedSize(f, 0);
  // CHECK: hipifyShimLaunchGridAsync(f, 4, 4, s);
  cuLaunchGridAsync(f, 4, 4, s);
  // CHECK: hipifyShimLaunchGrid(f, 4, 4);
  cuLaunchGrid(f, 4, 4);
  // CHECK: hipifyShimLaunch(f);
  cuLaunch(f);
  const char *text;
  CUresult r = cuCtxSynchronize();
  // CHECK: hipDrvGetErrorString(r, &text);
  cuGetErrorString(r, &text);
}
// DIAG: HC1030: 'cuFuncSetCacheConfig' mapped to the hipify-c runtime shim 'hipifyShimFuncSetCacheConfig'
// DIAG: HC1030: 'cuLaunchGridAsync' mapped to the hipify-c runtime shim 'hipifyShimLaunchGridAsync'
// DIAG: HC1030: 'cuGetErrorString' mapped to the hipify-c runtime shim 'hipDrvGetErrorString'
