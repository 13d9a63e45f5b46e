// --print-stats prints hipify-clang's summary fields and the refs by API and by name. With -o FILE the
// statistics go to stdout; with output on stdout they go to stderr. Names sort bytewise (strcmp).
// Replaced: cuda_runtime.h 14 + cudaMalloc 2*10 + cudaSuccess 11 + cudaFree 8 = 53 bytes on 3 lines.
// RUN: %hipify --print-stats %s -o %t.cpp | FileCheck %s
// RUN: %hipify -print-stats %s -o %t.cpp | FileCheck %s
// RUN: %hipify --print-stats %s 2>&1 >/dev/null | FileCheck %s
// CHECK: [HIPIFY] info: file statistics:
// CHECK-NEXT:   CONVERTED refs count: 5
// CHECK-NEXT:   UNCONVERTED refs count: 1
// CHECK-NEXT:   CONVERSION %: 83.3
// CHECK-NEXT:   REPLACED bytes: 53
// CHECK-NEXT:   TOTAL bytes: {{[0-9]+}}
// CHECK-NEXT:   CHANGED lines of code: 3
// CHECK-NEXT:   TOTAL lines of code: 35
// CHECK-NEXT:   CODE CHANGED (in bytes) %: {{[0-9.]+}}
// CHECK-NEXT:   CODE CHANGED (in lines) %: 8.6
// CHECK-NEXT:   TIME ELAPSED s: {{[0-9.]+}}
// CHECK-NEXT: [HIPIFY] info: CONVERTED refs by API:
// CHECK-NEXT:   CUDA Runtime API: 5
// CHECK-NEXT: [HIPIFY] info: CONVERTED refs by names:
// CHECK-NEXT:   cudaFree: 1
// CHECK-NEXT:   cudaMalloc: 2
// CHECK-NEXT:   cudaSuccess: 1
// CHECK-NEXT:   cuda_runtime.h: 1
// CHECK-NEXT: [HIPIFY] info: UNCONVERTED refs by API:
// CHECK-NEXT:   CUDA Runtime API: 1
// CHECK-NEXT: [HIPIFY] info: UNCONVERTED refs by names:
// CHECK-NEXT:   cudaCtxResetPersistingL2Cache: 1
#include <cuda_runtime.h>
int f(void **a, void **b) {
  cudaCtxResetPersistingL2Cache();
  if (cudaMalloc(a, 1) != cudaSuccess || cudaMalloc(b, 1)) return 1;
  cudaFree(*a);
  return 0;
}
