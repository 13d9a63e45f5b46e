// CUB -> hipCUB: the namespace, block and device algorithms, macros and headers; CubDebugExit, which
// hipCUB lacks, maps to the runtime shim.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hipcub/hipcub.hpp>
#include <cub/cub.cuh>
#include <cub/block/block_reduce.cuh>
__global__ void sum(const int *in, int *out) {
  // CHECK: typedef hipcub::BlockReduce<int, 128> BlockReduce;
  typedef cub::BlockReduce<int, 128> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  int total = BlockReduce(temp).Sum(in[threadIdx.x]);
  if (threadIdx.x == 0) *out = total;
}
void device_sum(const int *in, int *out, int n, void *tmp, size_t bytes) {
  // CHECK: hipcub::DeviceReduce::Sum(tmp, bytes, in, out, n);
  cub::DeviceReduce::Sum(tmp, bytes, in, out, n);
  int m = CUB_MAX(n, 4) + CUB_MIN(n, 2);
  (void)m;
}
void checked_sum(const int *in, int *out, int n, void *tmp, size_t bytes) {
  // CHECK: hipifyShimCubDebugExit(hipcub::DeviceReduce::Sum(tmp, bytes, in, out, n));
  CubDebugExit(cub::DeviceReduce::Sum(tmp, bytes, in, out, n));
}
