// nvcc takes a braced list as a launch's grid or block (NVIDIA's multi-gpu-programming-models:
// jacobi_kernel<32, 32><<<dim_grid, {dim_block_x, dim_block_y, 1}, 0, stream>>>). clang's <<<>>> takes
// only expressions ("expected expression"), so the kept launch gets dim3 before the brace; the
// hipLaunchKernelGGL form wraps it in dim3(...) like any other part. A second run changes nothing.
// RUN: %hipify %s -o %t.hip && FileCheck --match-full-lines %s < %t.hip
// RUN: %hipify %t.hip -o - | diff %t.hip -
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s --check-prefix=HIP
#include <cuda_runtime.h>

template <int BX, int BY> __global__ void jacobi(float *a) { a[threadIdx.y * BX + threadIdx.x] = 0.0f; }

void run(float *a, cudaStream_t stream) {
  constexpr int bx = 32, by = 8;
  dim3 grid(4, 4, 1);
  // CHECK: jacobi<bx, by><<<grid, dim3{bx, by, 1}, 0, stream>>>(a);
  // HIP: hipLaunchKernelGGL(HIP_KERNEL_NAME(jacobi<bx, by>), dim3(grid), dim3({bx, by, 1}), 0, stream, a);
  jacobi<bx, by><<<grid, {bx, by, 1}, 0, stream>>>(a);
  // CHECK: jacobi<bx, by><<<dim3{4, 4}, dim3{bx, by}>>>(a);
  jacobi<bx, by><<<{4, 4}, {bx, by}>>>(a);
  // CHECK: jacobi<bx, by><<<grid, dim3{bx, by}>>>(a);
  jacobi<bx, by><<<grid, dim3{bx, by}>>>(a);
}
