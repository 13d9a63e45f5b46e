// A function is device code when __global__ or __device__ qualifies it, wherever an #if line falls among
// its specifiers; one that __host__ qualifies too is left as written (the pass rewrites device-only code).
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s

// CHECK: {{^}}int after_if_line() { return threadIdx.x % warpSize; }
__device__
#ifdef FAST
__forceinline__
#endif
int after_if_line() { return threadIdx.x % 32; }

// CHECK: {{^}}__host__ __device__ int both() { return threadIdx.x % 32; }
__host__ __device__ int both() { return threadIdx.x % 32; }
// CHECK: {{^}}__device__ __host__ int both_reversed() { return threadIdx.x % 32; }
__device__ __host__ int both_reversed() { return threadIdx.x % 32; }
