// A file that uses CUDA runtime features but includes no CUDA header gets <hip/hip_runtime.h>
// inserted once, after the leading comments and before the first line of code, with a note.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
// CHECK: // last leading comment line
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <cstdio>
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
// DIAG: include_insert_plain.cu:{{[0-9]+}}:{{[0-9]+}}: note: HC1011: inserted '#include <hip/hip_runtime.h>'
// last leading comment line
#include <cstdio>

__global__ void fill(int *p) { p[threadIdx.x] = 1; }
