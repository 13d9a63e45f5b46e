// An API whose HIP counterpart the tables mark experimental is left and reported (HC1070) unless
// --experimental is given, as hipify-clang does; with it the rename is done and HC1006 notes it.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=LEFT
// RUN: %hipify --hip-version 6.3 %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=LEFTDIAG
// RUN: %hipify --hip-version 6.3 --experimental %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=EXP
// RUN: %hipify --hip-version 6.3 -experimental %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=EXPDIAG
// LEFTDIAG-NOT: HC1006
// LEFTDIAG: experimental.cu:[[@LINE+8]]:3: warning: HC1070: 'cudaGraphExecGetFlags' maps to 'hipGraphExecGetFlags', experimental in HIP 6.3.0: left unchanged (translate it with --experimental) [experimental-left]
// EXPDIAG-NOT: HC1070
// EXPDIAG: experimental.cu:[[@LINE+6]]:3: note: HC1006: 'hipGraphExecGetFlags' is experimental in HIP 6.3.0 [experimental-hip-api]
#include <cuda_runtime.h>

void f(cudaGraphExec_t exec, unsigned long long *flags) {
  // LEFT: cudaGraphExecGetFlags(exec, flags);
  // EXP: hipGraphExecGetFlags(exec, flags);
  cudaGraphExecGetFlags(exec, flags);
  // the other names of the file are translated either way
  // LEFT: hipGraphExecDestroy(exec);
  // EXP: hipGraphExecDestroy(exec);
  cudaGraphExecDestroy(exec);
}
