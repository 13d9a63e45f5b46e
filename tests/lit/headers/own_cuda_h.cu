// darknet's kernels include their own "cuda.h" (BLOCK, check_error, cuda_gridsize) inside extern "C".
// A quoted include of that name beside the including file is the project's header: it stays, so the
// port still sees BLOCK. Without such a file, "cuda.h" is CUDA's driver header and becomes HIP's.
// RUN: mkdir -p %t.dir && cp %s %t.dir/test.cu && cp %S/Inputs/cuda.h %t.dir/
// RUN: %hipify %t.dir/test.cu -o - | FileCheck --match-full-lines %s
// RUN: cp %s %t.cu && %hipify %t.cu -o - | FileCheck --match-full-lines %s --check-prefix=ALONE
// CHECK: #include "hip/hip_runtime.h"
// CHECK: extern "C" {
// CHECK-NEXT: #include "cuda.h"
// CHECK-NEXT: }
// ALONE: #include "hip/hip_runtime.h"
// ALONE-NOT: #include "cuda.h"
#include "cuda_runtime.h"

extern "C" {
#include "cuda.h"
}
__global__ void scale(float *x) { x[threadIdx.x] *= 2.0f; }
void run(float *x) { scale<<<1, BLOCK>>>(x); check_error((int)cudaPeekAtLastError()); }
