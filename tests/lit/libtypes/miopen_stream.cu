// Under --miopen the stream type becomes MIOpen's own, miopenAcceleratorQueue_t (miopen.h: a typedef of
// hipStream_t), as hipify-clang writes it; without --miopen, and under --roc, it is hipStream_t.
// RUN: %hipify --miopen %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=MIOPEN
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=HIP
// RUN: %hipify --roc %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=HIP
#include <cudnn.h>

// MIOPEN: void attach(miopenHandle_t h, miopenAcceleratorQueue_t s) {
// HIP: void attach(hipdnnHandle_t h, hipStream_t s) {
void attach(cudnnHandle_t h, cudaStream_t s) {
  // MIOPEN: miopenSetStream(h, s);
  cudnnSetStream(h, s);
}
