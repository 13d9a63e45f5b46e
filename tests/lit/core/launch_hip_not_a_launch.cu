// Shift operators are not launches: a << b << c and templates closing with >>> are left alone, and a
// launch the tool cannot parse is kept and reported.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-kernel-execution-syntax %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
#include <cuda_runtime.h>
#include <vector>

__global__ void k(int *p) {}
typedef void (*launcher)(int *);

int shifts(int a) {
  // CHECK: return (a << 2) >> 1;
  return (a << 2) >> 1;
}
// CHECK: std::vector<std::vector<std::vector<int>>> nested;
std::vector<std::vector<std::vector<int>>> nested;

void run(int *p, launcher *table) {
  // DIAG: launch_hip_not_a_launch.cu:[[@LINE+2]]:{{[0-9]+}}: warning: HC1020: kernel launch not rewritten to hipLaunchKernelGGL: the launch configuration does not have 2 to 4 parts [launch-not-rewritten]
  // CHECK: k<<<1>>>(p);
  k<<<1>>>(p);
  // A preprocessor line between the kernel name and <<< (never rewritten into the directive).
  // DIAG: launch_hip_not_a_launch.cu:[[@LINE+6]]:{{[0-9]+}}: warning: HC1020: kernel launch not rewritten to hipLaunchKernelGGL: the kernel name is not a (qualified, templated) identifier [launch-not-rewritten]
  // CHECK: k
  // CHECK-NEXT: #if 1
  // CHECK-NEXT: <<<1, 1>>>(p);
  k
#if 1
  <<<1, 1>>>(p);
#endif
}
