// CUDA Runtime API: common calls, types and enum constants, and the runtime headers.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hip/hip_runtime_api.h>
#include <cuda_runtime_api.h>
// CHECK: #include <hip/driver_types.h>
#include <driver_types.h>
// CHECK: #include <hip/hip_vector_types.h>
#include <vector_types.h>
// CHECK: #include <hip/channel_descriptor.h>
#include <channel_descriptor.h>
// CHECK: #include <hip/library_types.h>
#include <library_types.h>
// CHECK: #include <hip/hip_math_constants.h>
#include <math_constants.h>
// CHECK-NOT: {{.*}}device_launch{{_}}parameters{{.*}}
#include <device_launch_parameters.h>

__global__ void scale(float *x, float s) { x[threadIdx.x] *= s; }

// CHECK-LABEL: int run(float *host, int n) {
int run(float *host, int n) {
  float *dev = nullptr;
  // CHECK: hipError_t err = hipMalloc(&dev, n * sizeof(float));
  cudaError_t err = cudaMalloc(&dev, n * sizeof(float));
  // CHECK: if (err != hipSuccess) return 1;
  if (err != cudaSuccess) return 1;
  // CHECK: hipStream_t stream;
  cudaStream_t stream;
  // CHECK: hipStreamCreateWithFlags(&stream, hipStreamNonBlocking);
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  // CHECK: hipMemcpyAsync(dev, host, n * sizeof(float), hipMemcpyHostToDevice, stream);
  cudaMemcpyAsync(dev, host, n * sizeof(float), cudaMemcpyHostToDevice, stream);
  // CHECK: hipMemset(dev, 0, 4);
  cudaMemset(dev, 0, 4);
  // CHECK: hipEvent_t start;
  cudaEvent_t start;
  // CHECK: hipEventCreate(&start);
  cudaEventCreate(&start);
  // CHECK: hipEventRecord(start, stream);
  cudaEventRecord(start, stream);
  // CHECK: hipStreamSynchronize(stream);
  cudaStreamSynchronize(stream);
  // CHECK: hipDeviceProp_t prop;
  cudaDeviceProp prop;
  // CHECK: hipGetDeviceProperties(&prop, 0);
  cudaGetDeviceProperties(&prop, 0);
  int count = 0;
  // CHECK: hipGetDeviceCount(&count);
  cudaGetDeviceCount(&count);
  // CHECK: hipSetDevice(0);
  cudaSetDevice(0);
  // CHECK: hipMemcpy(host, dev, n * sizeof(float), hipMemcpyDeviceToHost);
  cudaMemcpy(host, dev, n * sizeof(float), cudaMemcpyDeviceToHost);
  // CHECK: const char *msg = hipGetErrorString(hipGetLastError());
  const char *msg = cudaGetErrorString(cudaGetLastError());
  (void)msg;
  // CHECK: hipFree(dev);
  cudaFree(dev);
  // CHECK: hipStreamDestroy(stream);
  cudaStreamDestroy(stream);
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
  // deprecated in CUDA, still translated
  // CHECK: hipDeviceSynchronize();
  cudaThreadSynchronize();
  // CHECK: return hipDeviceReset() == hipSuccess ? 0 : 1;
  return cudaDeviceReset() == cudaSuccess ? 0 : 1;
}
// EXAMINE: UNCONVERTED refs count: 0
