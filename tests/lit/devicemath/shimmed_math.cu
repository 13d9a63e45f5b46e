// Device functions HIP lacks but can compute exactly: umin/umax and directed-rounding add, sub, mul, div,
// rcp and sqrt map to the runtime shim's own names (hipify_shim_math.h), and the shim header is included.
// The directed fma has no exact shim: it stays and is reported at its line (HC1104). The port compiles.
// RUN: %hipify %s -o %t.hip 2>%t.err
// RUN: FileCheck --match-full-lines %s < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %if hipcc %{ %hipcc -DNO_FMA %t.hip -o /dev/null %}
// CHECK: #include {{.}}hipify_shim.h{{.}}
// DIAG: shimmed_math.cu:[[@LINE+9]]:{{[0-9]+}}: warning: HC1104: '__fmaf_rd' rounds toward -infinity
// DIAG-NOT: HC1001
// DIAG-NOT: HC1104
__global__ void k(float *o, double *d, unsigned a, unsigned b, unsigned long long c) {
  // CHECK: o[0] = hipifyShimFaddRd(o[1], o[2]) + hipifyShimFsubRu(o[1], o[2]) + hipifyShimFmulRz(o[1], o[2]);
  o[0] = __fadd_rd(o[1], o[2]) + __fsub_ru(o[1], o[2]) + __fmul_rz(o[1], o[2]);
  // CHECK: d[0] = hipifyShimDdivRd(d[1], d[2]) + hipifyShimDsqrtRu(d[3]) + hipifyShimDrcpRz(d[4]);
  d[0] = __ddiv_rd(d[1], d[2]) + __dsqrt_ru(d[3]) + __drcp_rz(d[4]);
#ifndef NO_FMA
  o[1] = __fmaf_rd(o[1], o[2], o[3]);
#endif
  // CHECK: o[2] = hipifyShimUmin(a, b) + hipifyShimUmax(a, b) + hipifyShimUllmin(c, 1ull);
  o[2] = umin(a, b) + umax(a, b) + ullmin(c, 1ull);
}
