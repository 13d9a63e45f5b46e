// nvcc includes cuda_runtime.h into every .cu file, so a translated .cu file gets <hip/hip_runtime.h>
// even when it uses nothing from CUDA (as hipify-clang does): before the first #include, with note HC1050.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIAG
// CHECK: #define BUFFER_SIZE 64
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <stdio.h>
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
// DIAG: cu_always_gets_runtime.cu:[[#@LINE+2]]:1: note: HC1050: inserted '#include <hip/hip_runtime.h>': nvcc includes cuda_runtime.h into every .cu file implicitly
#define BUFFER_SIZE 64
#include <stdio.h>
#include <stdlib.h>

int main() { char b[BUFFER_SIZE]; return snprintf(b, sizeof b, "%d", 1) > 0 ? 0 : 1; }
