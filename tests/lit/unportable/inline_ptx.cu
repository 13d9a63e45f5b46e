// Inline PTX: an asm statement in device code is reported (HC1102) and left unchanged; an asm statement whose
// strings are PTX is reported in a macro or host function too. Host assembly (x86, no PTX) is not reported.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1102
// RUN: FileCheck %s --check-prefix=OUT < %t.hip
#include <cuda_runtime.h>

// CHECK: inline_ptx.cu:[[@LINE+1]]:23: warning: HC1102: inline PTX assembly in a macro: AMD GPUs cannot run it; left unchanged [inline-ptx]
#define LANE_ID(lane) asm("mov.u32 %0, %%laneid;" : "=r"(lane))

__device__ unsigned lane_id() {
  unsigned lane;
  // CHECK: inline_ptx.cu:[[@LINE+2]]:3: warning: HC1102: inline PTX assembly in device function 'lane_id': AMD GPUs cannot run it; left unchanged [inline-ptx]
  // OUT: asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__global__ void k(float *out, float x) {
  float y;
  // CHECK: inline_ptx.cu:[[@LINE+1]]:3: warning: HC1102: inline PTX assembly in device function 'k'
  __asm__("add.f32 %0, %1, %1;" : "=f"(y) : "f"(x));
  out[0] = y;
}

// Host assembly is the host compiler's business: not reported.
static unsigned long long host_ticks() {
  unsigned lo, hi;
  __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
  return ((unsigned long long)hi << 32) | lo;
}

int main() {
  asm("nop");
  return (int)(host_ticks() & 1);
}
