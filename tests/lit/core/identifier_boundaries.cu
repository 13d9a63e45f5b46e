// Only whole identifiers that are CUDA names are renamed: prefixes, suffixes and user names that
// merely contain a CUDA name stay.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

// CHECK: int my_cudaMalloc(void **p, int n);
int my_cudaMalloc(void **p, int n);
// CHECK: int cudaMallocWrapper(void **p, int n);
int cudaMallocWrapper(void **p, int n);
// CHECK: static int cudaMalloc_calls = 0;
static int cudaMalloc_calls = 0;
void f(void **p) {
  // CHECK: my_cudaMalloc(p, 1); cudaMallocWrapper(p, 2); hipMalloc(p, 3); cudaMalloc_calls++;
  my_cudaMalloc(p, 1); cudaMallocWrapper(p, 2); cudaMalloc(p, 3); cudaMalloc_calls++;
}
// CHECK: #define PASTE(a, b) a##b
#define PASTE(a, b) a##b
