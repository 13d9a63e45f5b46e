// Only an #include directive that names the runtime shim's header counts as including it: this comment
// says "hipify_shim.h" and a string below holds it, yet the file uses the shim and gets the include.
// A file whose directive names it (in either spelling) gets no second one.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: printf '#include <hipify_shim.h>\n__global__ void k(float *o) { o[0] = __fadd_rd(o[1], o[2]); }\n' > %t.cu
// RUN: %hipify %t.cu -o - | FileCheck --match-full-lines --check-prefix=HAS %s
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include {{.}}hipify_shim.h{{.}}
// CHECK: const char *shim_name = "hipify_shim.h";
// CHECK: __global__ void k(float *o) { o[0] = hipifyShimFaddRd(o[1], o[2]); }
// HAS: #include <hip/hip_runtime.h>
// HAS-NEXT: #include <hipify_shim.h>
// HAS-NOT: hipify_shim.h
// HAS: __global__ void k(float *o) { o[0] = hipifyShimFaddRd(o[1], o[2]); }
const char *shim_name = "hipify_shim.h";
__global__ void k(float *o) { o[0] = __fadd_rd(o[1], o[2]); }
