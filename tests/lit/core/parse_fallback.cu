// A file the semantic pass cannot parse is still translated by the token pass, with one warning that
// names file:line of the first parse error; the exit status stays 0.
// RUN: %hipify --semantic always %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --semantic always %s -o %t.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// DIAG: parse_fallback.cu:[[@LINE+6]]:{{[0-9]+}}: warning: HC2001: the semantic pass could not parse the file (first error at line [[@LINE+6]]: {{.*}}); translated by the token pass [parse-error]
// DIAG-NOT: HC2001
#include <cuda_runtime.h>

void f(void **p) {
  // CHECK: hipMalloc(p, 1)
  cudaMalloc(p, 1)
  int x = ;
}
// CHECK: void g() { hipFree(0); }
void g() { cudaFree(0); }
