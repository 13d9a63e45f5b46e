// --hip-version: an API whose HIP counterpart appeared after the target is left and reported (HC1002);
// with a target that has it, it is renamed (--experimental: its HIP counterpart is experimental, see
// experimental.cu). X.Y, X.Y.Z, --opt=value and single-dash spellings work.
// RUN: %hipify --hip-version 6.2 %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=OLD
// RUN: %hipify --hip-version 6.2 %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %hipify --experimental --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=NEW
// RUN: %hipify --experimental --hip-version=6.3.0 %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=NEW
// RUN: %hipify -experimental -hip-version=6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=NEW
// RUN: %hipify --experimental --hip-version 6.3 %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=NEWDIAG
// NEWDIAG-NOT: HC1002
// NEWDIAG: hip_version_target.cu:18:3: note: HC1006: 'hipGraphExecGetFlags' is experimental in HIP 6.3.0 [experimental-hip-api]
#include <cuda_runtime.h>

void f(cudaGraphExec_t exec, unsigned long long *flags) {
  // DIAG: hip_version_target.cu:[[@LINE+3]]:3: warning: HC1002: 'cudaGraphExecGetFlags' maps to 'hipGraphExecGetFlags', added in HIP 6.3.0; target HIP is 6.2.0: left unchanged [hip-version]
  // OLD: cudaGraphExecGetFlags(exec, flags);
  // NEW: hipGraphExecGetFlags(exec, flags);
  cudaGraphExecGetFlags(exec, flags);
}
// OLD: float pi() { return HIP_PI_F; }
// NEW: float pi() { return HIP_PI_F; }
float pi() { return CUDART_PI_F; }
