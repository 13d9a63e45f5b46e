// After 'using namespace mylib', an unqualified call can only be told apart by the semantic pass:
// the call that overload resolution sends to the user's function is left alone, the one that
// resolves to the CUDA API is renamed.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
#include <cuda_runtime.h>

namespace mylib {
// CHECK: int cudaMemset(int *p, int v) { *p = v; return 0; }
int cudaMemset(int *p, int v) { *p = v; return 0; }
}
using namespace mylib;

int g(int *p, void *q) {
  // DIAG: shadow_using_namespace.cu:[[@LINE+2]]:3: note: HC1021: 'cudaMemset' refers to a declaration in user code
  // CHECK: cudaMemset(p, 1);
  cudaMemset(p, 1);
  // CHECK: return hipMemset(q, 0, 4);
  return cudaMemset(q, 0, 4);
}
