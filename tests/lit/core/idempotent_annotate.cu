// --annotate comments are not added a second time when the output is translated again.
// RUN: %hipify --annotate %s -o %t.1.cpp 2>/dev/null
// RUN: %hipify --annotate %t.1.cpp -o %t.2.cpp 2>/dev/null
// RUN: diff %t.1.cpp %t.2.cpp
// RUN: FileCheck --match-full-lines %s < %t.2.cpp
#include <cuda_runtime.h>
void f() {
  // CHECK: // hipify-c: warning: HC1001: 'cudaCtxResetPersistingL2Cache' has no HIP equivalent; left unchanged [unsupported-api]
  // CHECK-NEXT: cudaCtxResetPersistingL2Cache();
  cudaCtxResetPersistingL2Cache();
}
