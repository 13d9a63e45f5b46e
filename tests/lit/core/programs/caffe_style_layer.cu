// Complete program in Caffe's style: CUDA_KERNEL_LOOP, NOLINT_NEXT_LINE launches, templates,
// explicit instantiation; the rewritten launches compile.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <algorithm>

#define CUDA_KERNEL_LOOP(i, n) \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += blockDim.x * gridDim.x)
#define CAFFE_CUDA_NUM_THREADS 512
inline int CAFFE_GET_BLOCKS(const int N) { return (N + CAFFE_CUDA_NUM_THREADS - 1) / CAFFE_CUDA_NUM_THREADS; }

template <typename Dtype>
__global__ void SigmoidForward(const int n, const Dtype *in, Dtype *out) {
  CUDA_KERNEL_LOOP(index, n) { out[index] = 1. / (1. + exp(-in[index])); }
}

template <typename Dtype>
__global__ void ClipForward(const int n, const Dtype *in, Dtype lo, Dtype hi, Dtype *out) {
  CUDA_KERNEL_LOOP(index, n) { out[index] = max(lo, min(in[index], hi)); }
}

template <typename Dtype> void Forward_gpu(const Dtype *bottom, Dtype *top, int count) {
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(SigmoidForward<Dtype>), dim3(CAFFE_GET_BLOCKS(count)), dim3(CAFFE_CUDA_NUM_THREADS), 0, 0, count, bottom, top);
  // NOLINT_NEXT_LINE(whitespace/operators)
  SigmoidForward<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, bottom, top);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(ClipForward<Dtype>)  // NOLINT_NEXT_LINE(whitespace/operators)
  ClipForward<Dtype>  // NOLINT_NEXT_LINE(whitespace/operators)
      <<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, bottom, Dtype(0), Dtype(1), top);
  // CHECK: hipError_t err = hipGetLastError();
  cudaError_t err = cudaGetLastError();
  (void)err;
}
template void Forward_gpu<float>(const float *, float *, int);
template void Forward_gpu<double>(const double *, double *, int);

int main() {
  float *p;
  cudaMalloc(&p, 1024 * sizeof(float));
  Forward_gpu<float>(p, p, 1024);
  cudaFree(p);
  return 0;
}
