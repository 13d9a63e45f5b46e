// Thrust: namespace and headers stay (rocThrust provides the same paths).
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <thrust/device_vector.h>
// CHECK: #include <thrust/host_vector.h>
// CHECK: #include <thrust/sort.h>
// CHECK: #include <thrust/reduce.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
int sorted_sum(const thrust::host_vector<int> &h) {
  thrust::device_vector<int> d = h;
  thrust::sort(d.begin(), d.end());
  return thrust::reduce(d.begin(), d.end(), 0, thrust::plus<int>());
}
