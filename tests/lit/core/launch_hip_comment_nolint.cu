// A comment between the kernel name and <<< (Caffe's NOLINT_NEXT_LINE style, the launch on the next
// line) is kept after the kernel name, so the rewritten call continues on the next line; the result is
// valid C++. ReLUForward is a template: its name goes in HIP_KERNEL_NAME, as hipify-clang writes it.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

template <typename Dtype> __global__ void ReLUForward(const int n, const Dtype *in, Dtype *out) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = in[i] > 0 ? in[i] : 0;
}

template <typename Dtype> void Forward_gpu(const int count, const Dtype *bottom, Dtype *top) {
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(ReLUForward<Dtype>) // NOLINT_NEXT_LINE(whitespace/operators)
  // CHECK-NEXT: , dim3((count + 511) / 512), dim3(512), 0, 0, count, bottom, top);
  ReLUForward<Dtype>  // NOLINT_NEXT_LINE(whitespace/operators)
      <<<(count + 511) / 512, 512>>>(count, bottom, top);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(ReLUForward<Dtype>) /* block comment */, dim3(1), dim3(1), 0, 0, count, bottom, top);
  ReLUForward<Dtype> /* block comment */ <<<1, 1>>>(count, bottom, top);
}
template void Forward_gpu<float>(int, const float *, float *);
