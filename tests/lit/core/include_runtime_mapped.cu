// CUDA runtime headers are mapped to their HIP counterparts, in <> and "" forms, keeping the form;
// no second hip_runtime.h is inserted.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include "hip/hip_runtime_api.h"
// CHECK-NEXT: #include <hip/hip_fp16.h>
// CHECK-NEXT: #include <hip/hip_complex.h>
// CHECK-NEXT: #include <vector>
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include "cuda_runtime_api.h"
#include <cuda_fp16.h>
#include <cuComplex.h>
#include <vector>
__global__ void k(float *p) { p[threadIdx.x] = 0; }
