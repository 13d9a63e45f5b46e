// A CUDA header without a HIP counterpart is kept and reported with its file:line.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
// CHECK: #include <cooperative_groups/reduce.h>
// DIAG: include_unsupported_header.cu:[[@LINE+1]]:10: warning: HC1010: header 'cooperative_groups/reduce.h' has no HIP equivalent; left unchanged [unsupported-header]
#include <cooperative_groups/reduce.h>
