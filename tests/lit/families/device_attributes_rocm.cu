// CUDA device attributes whose HIP counterpart ROCm's hipDeviceGetAttribute refuses (hipErrorInvalidValue):
// the width, height and layer count of a texture or surface kind map to one combined HIP value that clr has
// no case for, and a few others. They are renamed (the port compiles) and each use is reported (HC1008);
// attributes ROCm answers are renamed without a word.
// RUN: %hipify --hip-path none --hip-version 6.2 %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=HC1008
// RUN: FileCheck %s --match-full-lines < %t.hip
#include <cuda.h>
#include <cuda_runtime.h>
int limits(int dev, CUdevice cu) {
  int w, h, l;
  // DIAG: device_attributes_rocm.cu:[[@LINE+2]]:30: warning: HC1008: 'cudaDevAttrMaxTexture2DLayeredWidth' becomes 'hipDeviceAttributeMaxTexture2DLayered', which HIP declares but ROCm's runtime rejects (hipErrorInvalidValue): check the result, or read the limit from hipGetDeviceProperties [rocm-rejects]
  // CHECK:   hipDeviceGetAttribute(&w, hipDeviceAttributeMaxTexture2DLayered, dev);
  cudaDeviceGetAttribute(&w, cudaDevAttrMaxTexture2DLayeredWidth, dev);
  // DIAG: device_attributes_rocm.cu:[[@LINE+1]]:30: warning: HC1008: 'cudaDevAttrMaxSurface2DHeight' becomes 'hipDeviceAttributeMaxSurface2D'
  cudaDeviceGetAttribute(&h, cudaDevAttrMaxSurface2DHeight, dev);
  // DIAG: device_attributes_rocm.cu:[[@LINE+1]]:28: warning: HC1008: 'CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE' becomes 'hipDeviceAttributeMaxTexture3DAlt'
  cuDeviceGetAttribute(&l, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE, cu);
  // DIAG: device_attributes_rocm.cu:[[@LINE+1]]:30: warning: HC1008: 'cudaDevAttrSingleToDoublePrecisionPerfRatio' becomes 'hipDeviceAttributeSingleToDoublePrecisionPerfRatio'
  cudaDeviceGetAttribute(&l, cudaDevAttrSingleToDoublePrecisionPerfRatio, dev);
  // ROCm answers these: no report (HIP spells this one with a capital P, which the reference did not)
  // CHECK:   hipDeviceGetAttribute(&l, hipDeviceAttributeMaxBlocksPerMultiProcessor, dev);
  cudaDeviceGetAttribute(&l, cudaDevAttrMaxBlocksPerMultiprocessor, dev);
  // CHECK:   hipDeviceGetAttribute(&w, hipDeviceAttributeMaxTexture2DWidth, dev);
  cudaDeviceGetAttribute(&w, cudaDevAttrMaxTexture2DWidth, dev);
  cudaDeviceGetAttribute(&w, cudaDevAttrMaxTexture1DLinearWidth, dev);
  cuDeviceGetAttribute(&w, CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH, cu);
  return w + h + l;
}
