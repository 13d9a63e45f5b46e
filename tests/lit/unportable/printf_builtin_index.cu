// A built-in index member passed straight to printf in device code is cast to unsigned int (HC1114): HIP's
// threadIdx.x is an object, which hipcc for AMD cannot pass as a variadic argument. Expressions (already
// unsigned int), host code, a user's own printf member and a string are left. The output compiles for gfx90a.
// RUN: %hipify %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1114
// RUN: FileCheck %s --check-prefix=OUT < %t.hip
// RUN: %if hipcc %{ %hipcc %t.hip -o %t.o %}
#include <cstdio>
#include <cuda_runtime.h>

struct logger {
  __device__ void printf(const char *, unsigned) {}
};

__global__ void kernel(logger *log) {
  // CHECK: printf_builtin_index.cu:[[@LINE+3]]:24: note: HC1114: 'threadIdx.x' argument cast to unsigned int, its type in CUDA: HIP's built-in index is an object, which hipcc for AMD cannot pass to printf [printf-builtin-index]
  // CHECK: printf_builtin_index.cu:[[@LINE+2]]:37: note: HC1114: 'blockIdx.y' argument cast
  // OUT: printf("%d %d %d\n", (unsigned int)threadIdx.x, (unsigned int)blockIdx.y, blockIdx.x * blockDim.x + threadIdx.x);
  printf("%d %d %d\n", threadIdx.x, blockIdx.y, blockIdx.x * blockDim.x + threadIdx.x);
  // CHECK: printf_builtin_index.cu:[[@LINE+2]]:30: note: HC1114: 'gridDim.z' argument cast
  // OUT: printf("threadIdx.x %u\n", (unsigned int)gridDim.z);
  printf("threadIdx.x %u\n", gridDim.z);
  // OUT: log->printf("%u", threadIdx.x);
  log->printf("%u", threadIdx.x);
}

int main() {
  // OUT: printf("%d\n", 1);
  printf("%d\n", 1);
  return 0;
}
