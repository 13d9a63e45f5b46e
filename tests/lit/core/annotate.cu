// --annotate puts each warning as a comment above its line, indented like it; notes are not annotated.
// RUN: %hipify --annotate %s -o - 2>/dev/null | FileCheck --match-full-lines --strict-whitespace %s
#include <cuda_runtime.h>
void f(void **p) {
  if (p) {
    // CHECK:{{^}}      // hipify-c: warning: HC1001: 'cudaCtxResetPersistingL2Cache' has no HIP equivalent; left unchanged [unsupported-api]
    // CHECK-NEXT:{{^}}      cudaCtxResetPersistingL2Cache();
      cudaCtxResetPersistingL2Cache();
  }
  // CHECK-NOT: {{^ *}}// hipify-c: note
  // CHECK:{{^}}  hipMalloc(p, 1);
  cudaMalloc(p, 1);
}
