// min/max with a built-in index (threadIdx.x, blockDim.x ...): CUDA's is an unsigned int, HIP's a proxy
// object that converts to one, so min(unsigned, blockDim.x) matches HIP's int and unsigned overloads
// equally and hipcc reports an ambiguous call (cuda-samples eigenvalues: min(rem, blockDim.x)). The
// built-in gets a cast to unsigned int, CUDA's type (HC1111). A built-in already cast, a member of the
// user's own struct named x, and host code are left; a second translation adds nothing.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1111
// RUN: FileCheck %s --check-prefix=OUT --match-full-lines < %t.hip
// RUN: %hipify --hip-version 5.2 %t.hip -o %t2.hip 2>&1 | not grep HC1111
// RUN: cmp %t.hip %t2.hip
// RUN: %if hipcc %{ %hipcc %t.hip -o %t.o %}
#include <cuda_runtime.h>
struct pos { unsigned x; };
__global__ void k(unsigned int rem, float *out, pos p) {
  // CHECK: minmax_builtin.cu:[[@LINE+2]]:20: note: HC1111: 'min' on blockDim.x: cast to unsigned int, its type in CUDA; HIP's is an object that converts to it, which makes the call ambiguous [min-max-builtin]
  // OUT:   unsigned int a = min(rem, (unsigned int)blockDim.x);
  unsigned int a = min(rem, blockDim.x);
  // CHECK: minmax_builtin.cu:[[@LINE+2]]:20: note: HC1111: 'max' on threadIdx.y
  // OUT:   unsigned int b = max((unsigned int)threadIdx.y, 4u);
  unsigned int b = max(threadIdx.y, 4u);
  // CHECK: minmax_builtin.cu:[[@LINE+2]]:20: note: HC1111: 'min' on threadIdx.x
  // OUT:   unsigned int c = min((unsigned int)threadIdx.x, (unsigned int)gridDim.z);
  unsigned int c = min(threadIdx.x, gridDim.z);
  // OUT:   unsigned int d = min((unsigned)blockIdx.x, rem);
  unsigned int d = min((unsigned)blockIdx.x, rem);
  // OUT:   unsigned int e = min(p.x, rem);
  unsigned int e = min(p.x, rem);
  out[0] = a + b + c + d + e;
}
