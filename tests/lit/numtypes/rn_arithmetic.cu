// CUDA's _rn arithmetic on half and bf16 (one rounding, never fused into an fma by the compiler) has no HIP
// counterpart on any release: it becomes the runtime shim's own functions, for both types, and the port
// compiles for gfx90a with Debian's hipcc.
// RUN: %hipify %s -o %t.hip 2>%t.err
// RUN: FileCheck --match-full-lines %s < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %if hipcc %{ %hipcc %t.hip -o /dev/null %}
// CHECK: #include {{.}}hipify_shim.h{{.}}
// DIAG: rn_arithmetic.cu:[[@LINE+8]]:{{[0-9]+}}: note: HC1030: '__hmul_rn' mapped to the hipify-c runtime shim 'hipifyShimHmulRn' [shim-used]
// DIAG-NOT: HC1001
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void layer(__nv_bfloat16 *y, const __nv_bfloat16 *x, __half *h, __nv_bfloat162 *p, __half2 *q) {
  int i = threadIdx.x;
  // CHECK: y[i] = hipifyShimHaddRn(y[i], hipifyShimHmulRn(x[i], x[i]));
  y[i] = __hadd_rn(y[i], __hmul_rn(x[i], x[i]));
  // CHECK: h[i] = hipifyShimHsubRn(h[i], hipifyShimHmulRn(h[i], h[i]));
  h[i] = __hsub_rn(h[i], __hmul_rn(h[i], h[i]));
  // CHECK: p[i] = hipifyShimHadd2Rn(hipifyShimHmul2Rn(p[i], p[i]), hipifyShimHsub2Rn(p[i], p[i]));
  p[i] = __hadd2_rn(__hmul2_rn(p[i], p[i]), __hsub2_rn(p[i], p[i]));
  // CHECK: q[i] = hipifyShimHadd2Rn(hipifyShimHmul2Rn(q[i], q[i]), hipifyShimHsub2Rn(q[i], q[i]));
  q[i] = __hadd2_rn(__hmul2_rn(q[i], q[i]), __hsub2_rn(q[i], q[i]));
}
