// nvcc reads a launch written with spaced chevrons (`<< <` ... `>> >`, as rodinia's particlefilter does);
// clang does not, so the port failed with "expected expression" and no diagnostic. The chevrons are
// joined (note HC1120); `>> >` closing nested templates, with no spaced opener before it, stays.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=COUNT
#include <vector>
__global__ void kernel(int *p, int n) { p[threadIdx.x] = n; }
template <typename T> __global__ void tkernel(T *p) { p[0] = T(); }
// CHECK: #define LAUNCH(p) kernel <<< 1, 32 >>> (p, 1)
#define LAUNCH(p) kernel << < 1, 32 >> > (p, 1)

void run(int *p, float *f, int n) {
  // CHECK: kernel <<< 1, 32 >>> (p, n);
  // DIAG: spaced_launch.cu:[[#@LINE+1]]:10: note: HC1120: kernel launch written '<< <': joined to '<<<', the only spelling clang reads as a launch [launch-chevrons]
  kernel << < 1, 32 >> > (p, n);
  // CHECK: kernel<<<dim3((n + 31) / 32), 32>>>(p, n >> 1);
  kernel<< <dim3((n + 31) / 32), 32>> >(p, n >> 1);
  // CHECK: tkernel<float> <<< 1, 1 >>> (f);
  tkernel<float> < << 1, 1 >>> (f);
  // CHECK: LAUNCH(p);
  LAUNCH(p);
  // CHECK: std::vector<std::vector<std::vector<int>> > nested;
  std::vector<std::vector<std::vector<int>> > nested;
  // CHECK: int shifted = n << 2 < 9;
  int shifted = n << 2 < 9;
  (void)shifted;
}
// The macro body, and the three launches in run(); nothing else.
// COUNT-COUNT-4: note: HC1120
// COUNT-NOT: HC1120
