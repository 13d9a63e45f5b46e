// cast-unless rows (arguments.tsv): CUDA's template overloads take int ** where hipHostAlloc and
// hipMallocPitch take only void **. The cast is added where the semantic pass
// finds another type, left out where the argument is already void ** (through typedefs too), and always
// added when no type is known (--semantic never) or inside a macro body.
// RUN: %hipify --hip-version 5.2 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 5.2 --semantic never %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=NEVER %s
// RUN: %hipify --hip-version 5.2 %S/Inputs/arguments_typed.c -o - 2>/dev/null | FileCheck --match-full-lines %S/Inputs/arguments_typed.c
#include <cuda_runtime.h>
typedef float *fptr;
typedef void *vptr;
struct buf { int *data; };
// CHECK: #define ALLOC(p, n) hipHostAlloc(reinterpret_cast<void**>(p), n, hipHostMallocPortable)
#define ALLOC(p, n) cudaHostAlloc(p, n, cudaHostAllocPortable)
void f(size_t n, buf *b) {
  int *h;
  void *v;
  fptr tf;
  vptr tv;
  char *d;
  size_t pitch;
  // CHECK: hipHostAlloc(reinterpret_cast<void**>(&h), n, hipHostMallocPortable);
  // NEVER: hipHostAlloc(reinterpret_cast<void**>(&h), n, hipHostMallocPortable);
  cudaHostAlloc(&h, n, cudaHostAllocPortable);
  // CHECK: hipHostAlloc(&v, n, hipHostMallocPortable);
  // NEVER: hipHostAlloc(reinterpret_cast<void**>(&v), n, hipHostMallocPortable);
  cudaHostAlloc(&v, n, cudaHostAllocPortable);
  // CHECK: hipHostAlloc(reinterpret_cast<void**>(&tf), n, 0);
  cudaHostAlloc(&tf, n, 0);
  // CHECK: hipHostAlloc(&tv, n, 0);
  // NEVER: hipHostAlloc(reinterpret_cast<void**>(&tv), n, 0);
  cudaHostAlloc(&tv, n, 0);
  // CHECK: hipHostAlloc(reinterpret_cast<void**>(&b->data), n, 0);
  cudaHostAlloc(&b->data, n, 0);
  // CHECK: hipHostAlloc((void **)&h, n, 0);
  // NEVER: hipHostAlloc((void **)&h, n, 0);
  cudaHostAlloc((void **)&h, n, 0);
  // CHECK: ALLOC(&v, n);
  ALLOC(&v, n);
  // CHECK: hipMallocPitch(reinterpret_cast<void**>(&d), &pitch, n, 4);
  // NEVER: hipMallocPitch(reinterpret_cast<void**>(&d), &pitch, n, 4);
  cudaMallocPitch(&d, &pitch, n, 4);
  // CHECK: hipMallocPitch(&v, &pitch, n, 4);
  cudaMallocPitch(&v, &pitch, n, 4);
}
// warn-unless: cudaHostGetDevicePointer has CUDA's T** template too, but hipify-clang keeps the call and
// HIPIFY's tests expect its text; a typed pointer is reported (HC1024), void** is not, and nothing changes.
// RUN: %hipify --hip-version 5.2 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=HC1024
void zero_copy(float *h_A) {
  float *d_A;
  void *d_v;
  // CHECK: hipHostGetDevicePointer(&d_A, h_A, 0);
  // WARN: arguments_typed.cu:[[@LINE+1]]:3: warning: HC1024: 'cudaHostGetDevicePointer': argument 1 has another type than the void** HIP takes; cast it (reinterpret_cast<void**>) [argument-check]
  cudaHostGetDevicePointer(&d_A, h_A, 0);
  // CHECK: hipHostGetDevicePointer(&d_v, h_A, 0);
  cudaHostGetDevicePointer(&d_v, h_A, 0);
}
