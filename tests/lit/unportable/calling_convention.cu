// CUDA's calling-convention macros are __stdcall on Windows and empty elsewhere; HIP defines none of them
// on AMD, so "void CUDART_CB callback(...)" failed with "variable has incomplete type 'void'" (cuda-samples
// simpleCallback, simpleCudaGraphs). The word is removed with note HC1112, in code and in macro bodies;
// tests of it and a #define of it are the user's and stay.
// RUN: %hipify --hip-path none %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1112
// RUN: FileCheck %s --check-prefix=OUT --match-full-lines < %t.hip
// RUN: %if hipcc %{ %hipcc %t.hip -o %t.o %}
#include <cuda_runtime.h>
#include <cuda.h>
// OUT: #ifndef CUDART_CB
#ifndef CUDART_CB
// OUT: #define CUDART_CB
#define CUDART_CB
#endif
// CHECK: calling_convention.cu:[[@LINE+2]]:6: note: HC1112: 'CUDART_CB' removed: it marks a runtime API callback's calling convention, which CUDA leaves empty outside Windows, and HIP defines no counterpart [calling-convention]
// OUT: void myStreamCallback(hipStream_t stream, hipError_t status, void *data) {}
void CUDART_CB myStreamCallback(cudaStream_t stream, cudaError_t status, void *data) {}
// CHECK: calling_convention.cu:[[@LINE+2]]:6: note: HC1112: 'CUDA_CB' removed
// OUT: void hostFn(void *data) {}
void CUDA_CB hostFn(void *data) {}
// CHECK: calling_convention.cu:[[@LINE+2]]:18: note: HC1112: 'CUDAAPI' removed
// OUT: typedef hipError_t tcuInit(unsigned int flags);
typedef CUresult CUDAAPI tcuInit(unsigned int flags);
void use(cudaStream_t s) { cudaStreamAddCallback(s, myStreamCallback, nullptr, 0); }
