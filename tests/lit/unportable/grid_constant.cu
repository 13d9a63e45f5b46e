// __grid_constant__ has no HIP spelling; dropping it keeps the parameter const and by value, so it is
// removed with a note (HC1103), and the result compiles for gfx90a.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1103
// RUN: FileCheck %s --check-prefix=OUT --match-full-lines < %t.hip
// RUN: %if hipcc %{ %hipcc %t.hip -o %t.o %}
#include <cuda_runtime.h>

struct Params { float scale; int n; };

// CHECK: grid_constant.cu:[[@LINE+2]]:29: note: HC1103: '__grid_constant__' removed: HIP has no such qualifier; the const parameter is still passed by value [grid-constant]
// OUT: __global__ void scale(const Params p, float *x) {
__global__ void scale(const __grid_constant__ Params p, float *x) {
  const Params *address = &p;
  if (threadIdx.x < address->n) x[threadIdx.x] *= address->scale;
}

// CHECK: grid_constant.cu:[[@LINE+2]]:20: note: HC1103
// OUT: #define GRID_CONST 
#define GRID_CONST __grid_constant__
