// Texture references, removed in CUDA 12.0, are declared by hipify-c's own CUDA declarations for code
// that targets an older release, so the semantic pass parses such code without an error (no HC2001).
// RUN: %hipify --skip-excluded-preprocessor-conditional-blocks %s -o - 2>%t.err | FileCheck --match-full-lines %s
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// DIAG-NOT: HC2001
// DIAG: HC1003: 'texture' was removed in CUDA 12.0.0
#include <cuda_runtime.h>

#if CUDA_VERSION < 12000
// CHECK: texture<float, 1, hipReadModeElementType> tex;
texture<float, 1, cudaReadModeElementType> tex;
__global__ void k(float *o) { o[threadIdx.x] = tex1Dfetch(tex, threadIdx.x); }
// CHECK: void bind(float *d, size_t n) { hipBindTexture(0, tex, d, n * sizeof(float)); }
void bind(float *d, size_t n) { cudaBindTexture(0, tex, d, n * sizeof(float)); }
#endif
