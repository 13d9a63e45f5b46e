#pragma once
#include <cuda_runtime.h>
// device buffers of n floats
static inline float *demo_alloc(int n) { float *p = 0; cudaMalloc(&p, n * sizeof(float)); return p; }
static inline void demo_free(float *p) { cudaFree(p); }
