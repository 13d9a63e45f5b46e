// A user's atomicAdd(double *, double), the fallback CUDA code defines for devices before compute capability
// 6.0, collides with HIP's own overload wherever hipcc compiles it (__CUDA_ARCH__ < 600 is true under
// hipcc): reported at the definition (HC1127, instead of the user-entity note), left as written. Calls,
// declarations without a body and other atomicAdd overloads are not reported.
// RUN: %hipify %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1127
// RUN: FileCheck --match-full-lines %s --check-prefix=OUT < %t.hip
// CHECK: atomic_add_double_fallback.cu:[[@LINE+3]]:5: warning: HC1080: '#if __CUDA_ARCH__ < 600' is always true under HIP
// CHECK: atomic_add_double_fallback.cu:[[@LINE+3]]:19: warning: HC1127: 'atomicAdd(double *, double)' is defined here
// OUT: __device__ double atomicAdd(double *address, double val) {
#if __CUDA_ARCH__ < 600
__device__ double atomicAdd(double *address, double val) {
  unsigned long long *a = (unsigned long long *)address;
  return val + (double)*a;
}
#endif
__device__ float atomicAdd(float *address, float val, int hint);
__global__ void k(double *d) { atomicAdd(d, 1.0); }
