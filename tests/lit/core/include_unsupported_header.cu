// A CUDA header without a HIP counterpart is kept and reported with its file:line.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
// CHECK: #include <cooperative_groups/reduce.h>
// (cooperative-groups extension headers get the more specific HC1106, tests/lit/unportable/cg_extensions.cu)
// DIAG: include_unsupported_header.cu:[[@LINE+1]]:10: warning: HC1106: 'cooperative_groups/reduce.h' is a cooperative-groups extension HIP does not provide: left unchanged [cg-extension]
#include <cooperative_groups/reduce.h>
// CHECK: #include <cufftw.h>
// DIAG: include_unsupported_header.cu:[[@LINE+1]]:10: warning: HC1010: header 'cufftw.h' has no HIP equivalent; left unchanged [unsupported-header]
#include <cufftw.h>
