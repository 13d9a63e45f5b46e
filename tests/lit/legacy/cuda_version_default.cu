// Where the file's own version conditions do not choose a release, the parse assumes CUDA 12.6 (the
// release translator/cuda-decls describes); library version macros follow the release (cuSPARSE's
// CUSPARSE_VERSION), and cuDNN's version is chosen apart from CUDA's.
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks --cuda-version 11.3 %s -o - | FileCheck --match-full-lines %s --check-prefix=V113
#include <cusparse.h>
#include <cudnn.h>

void f(void **p) {
#if CUDA_VERSION >= 12000
  // CHECK: hipFree(*p);
  // V113: cudaFree(*p);
  cudaFree(*p);
#else
  // CHECK: cudaFreeHost(*p);
  // V113: hipHostFree(*p);
  cudaFreeHost(*p);
#endif
#if CUSPARSE_VERSION >= 11600
  // CHECK: hipDeviceSynchronize();
  // V113: cudaDeviceSynchronize();
  cudaDeviceSynchronize();
#endif
}

void dnn(cudnnHandle_t h) {
#if CUDNN_VERSION < 8000
  // CHECK: hipdnnDestroy(h);
  // V113: hipdnnDestroy(h);
  cudnnDestroy(h);
#endif
}
