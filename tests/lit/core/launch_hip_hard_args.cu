// Arguments and configurations that trip token-level rewriters: lambdas with captures and commas,
// braced initializers, string and character literals holding <<< >>> and commas, shifts inside the
// configuration, a launch as the body of an unbraced if, and a trailing comment.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

struct Pair { int a, b; };
template <typename F> __global__ void apply(F f, Pair p, const char *tag, char c) { f(p.a, p.b); }

void run(int n, bool go, cudaStream_t s) {
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(apply), dim3(n >> 5), dim3(32), 0, 0, [=] __device__(int x, int y) { return x + y + n; }, Pair{1, 2}, "<<<a, b>>>", ',');
  apply<<<n >> 5, 32>>>([=] __device__(int x, int y) { return x + y + n; }, Pair{1, 2}, "<<<a, b>>>", ',');
  // CHECK: if (go) hipLaunchKernelGGL(HIP_KERNEL_NAME(apply), dim3((n << 1) + 1), dim3(64), 0, s, [](int, int) {}, Pair{n, n}, ">>>", '>'); // trailing <<<comment>>>
  if (go) apply<<<(n << 1) + 1, 64, 0, s>>>([](int, int) {}, Pair{n, n}, ">>>", '>'); // trailing <<<comment>>>
}
