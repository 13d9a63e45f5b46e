// Argument rewrites on calls the pass must not guess at: empty or trailing arguments, commas inside
// template arguments, member calls, macros, comments, and calls cut off at the end of the file.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
// DIAG: arguments_edge.cu:[[#@LINE+12]]:3: warning: HC1024: arguments could not be split safely: check them by hand [argument-check]
// DIAG: arguments_edge.cu:[[#@LINE+13]]:3: warning: HC1024: arguments could not be split safely: check them by hand [argument-check]
// DIAG: arguments_edge.cu:[[#@LINE+16]]:3: warning: HC1024: arguments could not be split safely: check them by hand [argument-check]
#include <cuda_runtime.h>
template <typename T, int N> struct tmpl { static T value; };
// CHECK: #define COPY(s, h) hipMemcpyToSymbol(HIP_SYMBOL(s), h, sizeof(h))
#define COPY(s, h) cudaMemcpyToSymbol(s, h, sizeof(h))
struct events { int cudaEventCreate(void *, int); };
void f(float *h, int *idx, void *e, float *p, events obj, void (*kern)()) {
  // CHECK: hipEventCreate();
  cudaEventCreate();
  // CHECK: hipEventCreate(&e, );
  cudaEventCreate(&e, );
  // CHECK: hipMemcpyToSymbol(, h, 1);
  cudaMemcpyToSymbol(, h, 1);
  // CHECK: hipMemcpyToSymbol(HIP_SYMBOL(idx[h[0] > 1 ? 1 : 2]), h, (1, 2));
  cudaMemcpyToSymbol(idx[h[0] > 1 ? 1 : 2], h, (1, 2));
  // CHECK: hipMemcpyToSymbol(tmpl<int, 3>::value, h, 4);
  cudaMemcpyToSymbol(tmpl<int, 3>::value, h, 4);
  // CHECK: hipHostMalloc(&p, sizeof(float) * (1 + 2), hipHostMallocDefault);
  cudaMallocHost(&p, sizeof(float) * (1 + 2));
  // CHECK: obj.cudaEventCreate(&e, 1);
  obj.cudaEventCreate(&e, 1);
  cudaFuncAttributes a;
  // CHECK: hipFuncGetAttributes(&a, /* the kernel */ reinterpret_cast<const void*>(kern));
  cudaFuncGetAttributes(&a, /* the kernel */ kern);
  cudaMemLocation loc;
  // DIAG: arguments_edge.cu:[[#@LINE+2]]:3: warning: HC1024: 'cudaMemPrefetchAsync' with 5 arguments: CUDA 13 form (cudaMemLocation, flags): hipMemPrefetchAsync takes (ptr, count, device, stream); port by hand [argument-check]
  // CHECK: hipMemPrefetchAsync(p, 4, loc, 0, 0);
  cudaMemPrefetchAsync(p, 4, loc, 0, 0);
  // DIAG: arguments_edge.cu:[[#@LINE+2]]:3: warning: HC1024: 'cudaGraphAddDependencies' with 5 arguments: CUDA 13 edge data: HIP has no edge-data parameter; port by hand [argument-check]
  // CHECK: hipGraphAddDependencies(0, 0, 0, (hipGraphEdgeData *)h, 1);
  cudaGraphAddDependencies(0, 0, 0, (cudaGraphEdgeData *)h, 1);
  cudaStreamCaptureStatus status;
  // DIAG: arguments_edge.cu:[[#@LINE+2]]:3: warning: HC1024: 'cudaStreamGetCaptureInfo' with 2 arguments: hipStreamGetCaptureInfo takes (stream, status, id): pass an unsigned long long* for the id [argument-check]
  // CHECK: hipStreamGetCaptureInfo(0, &status);
  cudaStreamGetCaptureInfo(0, &status);
  // CHECK: hipMemcpyToSymbol(
  cudaMemcpyToSymbol(
