// Prose in a group no compiler lexes (#if 0, #elif 0) and the text of #error/#warning may hold a lone
// apostrophe; gcc and nvcc accept the file, so the translation succeeds with no HC2008, and the CUDA
// names around the apostrophe are translated like every name in an inactive branch.
// RUN: %hipify %s -o %t.cpp 2>%t.err
// RUN: FileCheck --input-file=%t.cpp %s
// RUN: FileCheck --check-prefix=DIAG --allow-empty --input-file=%t.err %s
// DIAG-NOT: HC2008
// A lone apostrophe in live code is still an error naming its line.
// RUN: printf 'int main() { return 0; }\nit'"'"'s live\n' >%t.live.cu
// RUN: not %hipify %t.live.cu -o %t.live.cpp 2>&1 | FileCheck --check-prefix=LIVE %s
// LIVE: live.cu:2:1: error: HC2008: unterminated string or character literal at line 2
#include <cuda_runtime.h>

#if 0
// CHECK: We don't call hipMalloc here, it's done elsewhere.
We don't call cudaMalloc here, it's done elsewhere.
#endif

#ifdef USE_OLD
#error This path isn't supported with cudaMallocManaged
// CHECK: #elif 0
#elif 0
// CHECK: Won't work: hipFree
Won't work: cudaFree
#else
// CHECK: void f(float **p) { hipMalloc(p, 4); }
void f(float **p) { cudaMalloc(p, 4); }
#endif
