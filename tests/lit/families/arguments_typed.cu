// CUDA's C++ template overloads of cudaHostAlloc, cudaMallocPitch and cudaHostGetDevicePointer take a typed
// pointer (int **); HIP declares only void ** (hipHostAlloc and hipMallocPitch get templates in HIP 6.3,
// hipHostGetDevicePointer none). The call keeps hipify-clang's text and the file includes hipify_shim.h,
// whose overloads take the typed pointer, so the port compiles. No shim where every argument already is a
// void ** (through typedefs too), a cast or a null pointer; always where no type is known
// (--semantic never) or inside a macro body. A C file gets the cast instead (Inputs/arguments_typed.c).
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>%t.err
// RUN: FileCheck --match-full-lines %s < %t.hip
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %if hipcc %{ %hipcc %t.hip -o %t.o %}
// RUN: %hipify --hip-version 5.2 --semantic never %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=NEVER %s
// RUN: %hipify --hip-version 6.3 %s -o /dev/null 2>&1 | FileCheck --check-prefix=HIP63 --implicit-check-not="'cudaHostAlloc' mapped" --implicit-check-not="'cudaMallocPitch' mapped" %s
// RUN: %hipify --hip-version 5.2 %S/Inputs/arguments_typed.c -o - 2>/dev/null | FileCheck --match-full-lines %S/Inputs/arguments_typed.c
// RUN: %hipify --hip-version 5.2 %S/Inputs/arguments_void.cu -o - 2>&1 | FileCheck --check-prefix=VOID %S/Inputs/arguments_void.cu
// CHECK: #include {{.}}hipify_shim.h{{.}}
// CHECK-NEXT: #include <hip/hip_runtime.h>
// NEVER: #include {{.}}hipify_shim.h{{.}}
#include <cuda_runtime.h>
typedef float *fptr;
typedef void *vptr;
struct buf { int *data; };
// CHECK: #define ALLOC(p, n) hipHostAlloc(p, n, hipHostMallocPortable)
#define ALLOC(p, n) cudaHostAlloc(p, n, cudaHostAllocPortable)
void f(size_t n, buf *b, float *host) {
  int *h;
  void *v;
  fptr tf;
  vptr tv;
  char *d;
  float *d_A;
  size_t pitch;
  // CHECK: hipHostAlloc(&h, n, hipHostMallocPortable);
  // NEVER: hipHostAlloc(&h, n, hipHostMallocPortable);
  // DIAG: arguments_typed.cu:[[@LINE+1]]:3: note: HC1030: 'cudaHostAlloc' mapped to the hipify-c runtime shim 'hipHostAlloc (C++ template overload)' [shim-used]
  cudaHostAlloc(&h, n, cudaHostAllocPortable);
  // CHECK: hipHostAlloc(&v, n, hipHostMallocPortable);
  // DIAG-NOT: arguments_typed.cu:[[@LINE+1]]:{{.*}}HC1030
  cudaHostAlloc(&v, n, cudaHostAllocPortable);
  // CHECK: hipHostAlloc(&tf, n, 0);
  // DIAG: arguments_typed.cu:[[@LINE+1]]:3: note: HC1030
  cudaHostAlloc(&tf, n, 0);
  // CHECK: hipHostAlloc(&tv, n, 0);
  // DIAG-NOT: arguments_typed.cu:[[@LINE+1]]:{{.*}}HC1030
  cudaHostAlloc(&tv, n, 0);
  // CHECK: hipHostAlloc(&b->data, n, 0);
  cudaHostAlloc(&b->data, n, 0);
  // CHECK: hipHostAlloc((void **)&h, n, 0);
  // DIAG-NOT: arguments_typed.cu:[[@LINE+1]]:{{.*}}HC1030
  cudaHostAlloc((void **)&h, n, 0);
  // CHECK: ALLOC(&v, n);
  ALLOC(&v, n);
  // CHECK: hipMallocPitch(&d, &pitch, n, 4);
  // DIAG: arguments_typed.cu:[[@LINE+1]]:3: note: HC1030: 'cudaMallocPitch' mapped to the hipify-c runtime shim 'hipMallocPitch (C++ template overload)'
  cudaMallocPitch(&d, &pitch, n, 4);
  // CHECK: hipMallocPitch(&v, &pitch, n, 4);
  cudaMallocPitch(&v, &pitch, n, 4);
  // CHECK: hipHostGetDevicePointer(&d_A, host, 0);
  // NEVER: hipHostGetDevicePointer(&d_A, host, 0);
  // DIAG: arguments_typed.cu:[[@LINE+2]]:3: note: HC1030: 'cudaHostGetDevicePointer' mapped to the hipify-c runtime shim 'hipHostGetDevicePointer (C++ template overload)'
  // HIP63: arguments_typed.cu:[[@LINE+1]]:3: note: HC1030: 'cudaHostGetDevicePointer' mapped to the hipify-c runtime shim 'hipHostGetDevicePointer (C++ template overload)'
  cudaHostGetDevicePointer(&d_A, host, 0);
  // CHECK: hipHostGetDevicePointer(&v, host, 0);
  cudaHostGetDevicePointer(&v, host, 0);
  // CHECK: hipHostGetDevicePointer(NULL, host, 0);
  cudaHostGetDevicePointer(NULL, host, 0);
}
