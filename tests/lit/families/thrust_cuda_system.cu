// Thrust's CUDA system (thrust::cuda::par, thrust::system::cuda, thrust::cuda_cub): the include map turns
// thrust/system/cuda/ into rocThrust's thrust/system/hip/, so the names become rocThrust's thrust::hip and
// thrust::hip_rocprim. Only after thrust:: (and thrust::system::): cuda:: alone is libcu++'s or the user's.
// RUN: %hipify --hip-path none %s -o - 2>/dev/null | FileCheck %s --match-full-lines
// CHECK: #include <thrust/system/hip/execution_policy.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/execution_policy.h>
namespace cuda { int mine; }
void f(int *p, int n, cudaStream_t s) {
  // CHECK:   thrust::sort(thrust::hip::par.on(s), p, p + n);
  thrust::sort(thrust::cuda::par.on(s), p, p + n);
  // CHECK:   thrust::sort(thrust::system::hip::par_nosync, p, p + n);
  thrust::sort(thrust::system::cuda::par_nosync, p, p + n);
  // CHECK:   auto pol = thrust::hip_rocprim::par;
  auto pol = thrust::cuda_cub::par;
  // CHECK:   int x = cuda::mine; const char *m = "cuda";
  int x = cuda::mine; const char *m = "cuda";
  (void)pol; (void)x; (void)m;
}
// CHECK: namespace tc = thrust::hip;
namespace tc = thrust::cuda;
