// The rewritten launch is spelled the way hipify-clang spells it, whatever the source's spacing:
// ", " between the parts, each configuration part and the argument list trimmed, nothing between the
// kernel name and hipLaunchKernelGGL's first comma. A comment between >>> and ( is kept, not deleted.
// No rewritten line ends in a blank.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines --strict-whitespace %s
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | not grep -n '[[:space:]]$'
#include <cuda_runtime.h>

__global__ void k(int *p, int n) {}

void run(int *p, int n, cudaStream_t s) {
  dim3 Grid(1), Block(n);
// CHECK:{{^}}  hipLaunchKernelGGL(k, dim3(1), dim3(n), 0, 0, p, n);
  k <<< 1, n >>>(p, n);
// CHECK:{{^}}  hipLaunchKernelGGL(k, dim3(Grid), dim3(Block), 0, 0, p, n);
  k<<< Grid, Block >>>(p, n);
// CHECK:{{^}}  hipLaunchKernelGGL(k, dim3(1), dim3(n), n*sizeof(int), 0, p, n);
  k<<<1,n,n*sizeof(int)>>>(p, n);
// CHECK:{{^}}  hipLaunchKernelGGL(k, dim3(1), dim3(n), 0, s, p, n);
  k	<<<	1 ,	n , 0 , s	>>>	(	p, n	);
// CHECK:{{^}}  hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, 0 /* KEEP */, 0, 0);
  k<<<1,1>>> /* KEEP */ (0, 0);
// CHECK:{{^}}  hipLaunchKernelGGL(k, dim3(1) /* grid */, dim3(1), 0, 0 /* block */, p, n);
  k<<<1 /* grid */, 1 /* block */>>>(p, n);
// CHECK:{{^}}  hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, 0, p,
// CHECK-NEXT:{{^}}             n);
  k<<<1, 1>>>(p,
             n);
}
