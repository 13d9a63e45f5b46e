// fp16/bf16 types and intrinsics, and cuda_fp16.h / cuda_bf16.h.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hip/hip_fp16.h>
// CHECK: #include <hip/hip_bf16.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
// CHECK: __global__ void h(__half *a, half2 *b, __hip_bfloat16 *c, float *out) {
__global__ void h(__half *a, half2 *b, __nv_bfloat16 *c, float *out) {
  __half x = __float2half(1.5f);
  half y = __hadd(a[0], x);
  __half2 p = __halves2half2(x, y);
  b[0] = __hmul2(b[0], p);
  out[0] = __half2float(y) + __low2float(b[0]);
  // CHECK: __hip_bfloat16 z = c[0];
  nv_bfloat16 z = c[0];
  (void)z;
}
