// Device code is read from the unit's function and lambda bodies: a kernel whose #if branches each open a
// brace, a constructor with member initializers (its own body, named after it), a trailing return type, a
// device lambda inside a host function. Host code around them reports nothing. The #else of a
// `#if __CUDA_ARCH__ < 700` is device code (newer devices, and HIP, compile it).
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1100 --implicit-check-not=HC1102
#include <cuda_runtime.h>

__global__ void child(int *p) { p[0] = 1; }

__global__ void branches(int *p) {
#if NEW_PATH
  if (p[0]) {
#else
  if (p[1]) {
#endif
    // CHECK: device_bodies.cu:[[@LINE+1]]:10: warning: HC1100: kernel 'child' launched from device code
    child<<<1, 1>>>(p);
  }
}

void host_after(int *p) { child<<<1, 1>>>(p); }

struct Flag {
  __device__ Flag(int *p) : base(p), count{0} {
    // CHECK: device_bodies.cu:[[@LINE+1]]:5: warning: HC1102: inline PTX assembly in device function 'Flag'
    asm volatile("membar.gl;");
  }
  int *base;
  int count;
};

__device__ auto lane_of(int i) -> int {
  // CHECK: device_bodies.cu:[[@LINE+1]]:3: warning: HC1102: inline PTX assembly in device function 'lane_of'
  asm("mov.u32 %0, %%laneid;" : "=r"(i));
  return i;
}

void host_fn(int *d, int n) {
  // CHECK: device_bodies.cu:[[@LINE+1]]:37: warning: HC1102: inline PTX assembly in a device lambda
  auto f = [=] __device__ (int i) { asm("mov.u32 %0, %%laneid;" : "=r"(i)); d[i] = i; };
  auto g = [=] (int i) { asm("nop"); return d[i]; };
  (void)f, (void)g;
  child<<<1, 1>>>(d);
}

__device__ unsigned load_acquire(unsigned *p) {
  unsigned r;
#if __CUDA_ARCH__ < 700
  r = *(volatile unsigned *)p;
#else
  // CHECK: device_bodies.cu:[[@LINE+1]]:3: warning: HC1102: inline PTX assembly in device function 'load_acquire'
  asm volatile("ld.acquire.gpu.u32 %0, [%1];" : "=r"(r) : "l"(p));
#endif
  return r;
}
