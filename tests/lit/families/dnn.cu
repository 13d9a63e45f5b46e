// cuDNN -> hipDNN names, and with --miopen the direct MIOpen correspondences (others are reported, not guessed).
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// RUN: %hipify --hip-version 6.3 --miopen %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=MIOPEN %s
// RUN: %hipify --hip-version 6.3 --miopen %s -o /dev/null 2>&1 | FileCheck --check-prefix=MIOPEN-DIAG %s
// MIOPEN-DIAG: warning: HC1023: 'cudnnSetTensor4dDescriptor' has no direct MIOpen correspondence; left unchanged [miopen-not-direct]
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hipDNN.h>
#include <cudnn.h>
int conv(void *x, void *y, int n) {
  // CHECK: hipdnnHandle_t handle;
  // MIOPEN: miopenHandle_t handle;
  cudnnHandle_t handle;
  // CHECK: hipdnnStatus_t st = hipdnnCreate(&handle);
  // MIOPEN: miopenStatus_t st = miopenCreate(&handle);
  cudnnStatus_t st = cudnnCreate(&handle);
  // CHECK: if (st != HIPDNN_STATUS_SUCCESS) return 1;
  // MIOPEN: if (st != miopenStatusSuccess) return 1;
  if (st != CUDNN_STATUS_SUCCESS) return 1;
  // CHECK: hipdnnTensorDescriptor_t desc;
  // MIOPEN: miopenTensorDescriptor_t desc;
  cudnnTensorDescriptor_t desc;
  // CHECK: hipdnnCreateTensorDescriptor(&desc);
  // MIOPEN: miopenCreateTensorDescriptor(&desc);
  cudnnCreateTensorDescriptor(&desc);
  // CHECK: hipdnnSetTensor4dDescriptor(desc, HIPDNN_TENSOR_NCHW, HIPDNN_DATA_FLOAT, n, 3, 8, 8);
  // MIOPEN: cudnnSetTensor4dDescriptor(desc, miopenTensorNCHW, miopenFloat, n, 3, 8, 8);
  cudnnSetTensor4dDescriptor(desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, 3, 8, 8);
  // CHECK: hipdnnActivationDescriptor_t act;
  // MIOPEN: miopenActivationDescriptor_t act;
  cudnnActivationDescriptor_t act;
  // CHECK: hipdnnCreateActivationDescriptor(&act);
  // MIOPEN: miopenCreateActivationDescriptor(&act);
  cudnnCreateActivationDescriptor(&act);
  float alpha = 1.0f, beta = 0.0f;
  // CHECK: hipdnnActivationForward(handle, act, &alpha, desc, x, &beta, desc, y);
  // MIOPEN: miopenActivationForward(handle, act, &alpha, desc, x, &beta, desc, y);
  cudnnActivationForward(handle, act, &alpha, desc, x, &beta, desc, y);
  // CHECK: hipdnnDestroyActivationDescriptor(act);
  // MIOPEN: miopenDestroyActivationDescriptor(act);
  cudnnDestroyActivationDescriptor(act);
  // CHECK: hipdnnDestroyTensorDescriptor(desc);
  // MIOPEN: miopenDestroyTensorDescriptor(desc);
  cudnnDestroyTensorDescriptor(desc);
  // CHECK: hipdnnDestroy(handle);
  // MIOPEN: miopenDestroy(handle);
  cudnnDestroy(handle);
  return 0;
}
