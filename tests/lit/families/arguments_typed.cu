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
