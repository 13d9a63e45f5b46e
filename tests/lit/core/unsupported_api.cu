// APIs without a HIP counterpart are left in place, counted as unconverted and reported with
// file:line:col; the rest of the file is still translated.
// RUN: %hipify --hip-version 6.2 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.2 %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %hipify --hip-version 6.2 --print-stats %s -o %t.discard 2>/dev/null | FileCheck %s --check-prefix=STATS
#include <cuda_runtime.h>

void f(void **p) {
  // CHECK: hipMalloc(p, 16);
  cudaMalloc(p, 16);
  // DIAG: unsupported_api.cu:[[@LINE+2]]:3: warning: HC1001: 'cudaCtxResetPersistingL2Cache' has no HIP equivalent; left unchanged [unsupported-api]
  // CHECK: cudaCtxResetPersistingL2Cache();
  cudaCtxResetPersistingL2Cache();
  // DIAG: unsupported_api.cu:[[@LINE+2]]:23: warning: HC1001: 'cudaStreamGetId' has no HIP equivalent; left unchanged [unsupported-api]
  // CHECK: (void)hipFree(*p); cudaStreamGetId(hipStreamPerThread, (unsigned long long *)*p);
  (void)cudaFree(*p); cudaStreamGetId(cudaStreamPerThread, (unsigned long long *)*p);
}
// STATS: UNCONVERTED refs count: 2
// STATS: [HIPIFY] info: UNCONVERTED refs by names:
// STATS-NEXT: cudaCtxResetPersistingL2Cache: 1
// STATS-NEXT: cudaStreamGetId: 1
