// The constructs a person must port count as manual effort in the reports (--examine, --stats-json): three
// here (a device launch, inline PTX, a directed-rounding fma); the removed __grid_constant__ is no work.
// RUN: %hipify --hip-version 5.2 --examine --stats-json %t.json %s 2>/dev/null
// RUN: FileCheck %s < %t.json
// CHECK: "manual_lines": 3,
#include <cuda_runtime.h>

__global__ void child(float *p) { p[0] = 1.0f; }

__global__ void parent(const __grid_constant__ int n, float *p, float a) {
  child<<<1, 1>>>(p);
  asm volatile("membar.gl;");
  p[n] = __fmaf_rd(a, a, a);
}
