// Arguments that are method calls, casts, calls with commas and template calls are carried over whole.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>
#include <vector>
#include <utility>

__global__ void k(const float *a, float *b, int n, int m) {}

struct Blob {
  float *gpu_data() const { return data; }
  float *mutable_gpu_data() { return data; }
  int count(int from, int to) const { return to - from; }
  float *data;
};

void run(Blob &in, Blob *out, std::vector<int> &shape) {
  // CHECK: hipLaunchKernelGGL(k, dim3(in.count(0, 2)), dim3(256), 0, 0, in.gpu_data(), out->mutable_gpu_data(), in.count(0, 4), static_cast<int>(shape.size()));
  k<<<in.count(0, 2), 256>>>(in.gpu_data(), out->mutable_gpu_data(), in.count(0, 4), static_cast<int>(shape.size()));
  // CHECK: hipLaunchKernelGGL(k, dim3(std::max(1, shape[0])), dim3(std::min<int>(shape[1], 1024)), 0, 0, in.gpu_data(), out->data, std::pair<int, int>(1, 2).first, (shape[0], shape[1]));
  k<<<std::max(1, shape[0]), std::min<int>(shape[1], 1024)>>>(in.gpu_data(), out->data, std::pair<int, int>(1, 2).first, (shape[0], shape[1]));
}
