// The legacy warp votes __ballot, __any and __all (no mask) are deprecated since CUDA 9.0, as __shfl is: HIP keeps
// them, so the port keeps them, and reports each as __shfl is reported (nvcc has no such vote for sm_70 and later).
// RUN: %hipify --hip-path none %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s < %t.hip
__global__ void votes(const int *in, unsigned *out) {
  int v = in[threadIdx.x];
  // CHECK: unsigned b = __ballot(v > 0);
  // DIAG-DAG: legacy_warp_vote.cu:[[@LINE+1]]:16: note: HC1004: '__ballot' is deprecated since CUDA 9.0.0 [deprecated-cuda-api]
  unsigned b = __ballot(v > 0);
  // DIAG-DAG: legacy_warp_vote.cu:[[@LINE+1]]:11: note: HC1004: '__any' is deprecated since CUDA 9.0.0 [deprecated-cuda-api]
  int a = __any(v < 0) + __all(v != 0);
  // DIAG-DAG: legacy_warp_vote.cu:[[@LINE-1]]:26: note: HC1004: '__all' is deprecated since CUDA 9.0.0 [deprecated-cuda-api]
  // DIAG-DAG: legacy_warp_vote.cu:[[@LINE+1]]:11: note: HC1004: '__shfl' is deprecated since CUDA 9.0.0 [deprecated-cuda-api]
  int s = __shfl(v, 0);
  out[threadIdx.x] = b + a + s;
}
