// Function bodies are the unit's: a function that __host__ qualifies too is left as written (the pass
// rewrites device-only code), and a body whose #if branches each open a brace is still device code and ends
// at its own '}'. Specifiers are read across #if lines; a trailing return type still makes a body.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s

// CHECK: {{^}}__host__ __device__ int both() { return threadIdx.x % 32; }
__host__ __device__ int both() { return threadIdx.x % 32; }
// CHECK: {{^}}__device__ __host__ int both_reversed() { return threadIdx.x % 32; }
__device__ __host__ int both_reversed() { return threadIdx.x % 32; }

__global__
#if USE_BOUNDS
__launch_bounds__(256)
#endif
// CHECK: {{^}}void bounded(int *o) { o[0] = threadIdx.x % warpSize; }
void bounded(int *o) { o[0] = threadIdx.x % 32; }

// CHECK: {{^}}__device__ auto trailing(int i) -> int { return threadIdx.x % warpSize + i; }
__device__ auto trailing(int i) -> int { return threadIdx.x % 32 + i; }

__device__ void branches(int *o) {
#if A
  if (o[0]) {
#else
  if (o[1]) {
#endif
    // CHECK: {{^ *}}o[2] = threadIdx.x % warpSize;
    o[2] = threadIdx.x % 32;
  }
}

// CHECK: {{^}}__host__ __device__ int after_branches() { return threadIdx.x % 32; }
__host__ __device__ int after_branches() { return threadIdx.x % 32; }
