// Launches a macro writes, as hipify-clang rewrites them: a use of a macro whose whole body is a
// launch of the kernel it is given becomes the launch it expands to (renames inside the use's
// arguments included), and the definition is rewritten too; a use of an object-like macro ending in
// <<<...>>> gets the launch completed with the use's arguments; a launch wholly inside a body is
// rewritten there and its uses are left; a kernel name pasted with ## is rewritten whole.
// RUN: %hipify --hip-kernel-execution-syntax %s -o - 2>%t.err | FileCheck --match-full-lines %s
// RUN: not grep HC1020 %t.err
#include <cuda_runtime.h>

template <typename T> __global__ void axpy(T a, T *x, T *y) {}
__global__ void inc(float *a, float *b) {}
__global__ void scale_kernel(float *p) {}

// CHECK: #define CUDA_LAUNCH(cuda_call,dimGrid,dimBlock, ...) \
// CHECK-NEXT:     hipLaunchKernelGGL(cuda_call, dim3(dimGrid), dim3(dimBlock), 0, 0, __VA_ARGS__);
#define CUDA_LAUNCH(cuda_call,dimGrid,dimBlock, ...) \
    cuda_call<<<dimGrid,dimBlock>>>(__VA_ARGS__);
// CHECK: #define LAUNCH_ON(kernel, stream) hipLaunchKernelGGL(kernel, dim3(1), dim3(32), 0, stream)
#define LAUNCH_ON(kernel, stream) kernel<<<1, 32, 0, stream>>>()
// CHECK: #define CALL_AXPY axpy<float><<<1, n>>>
#define CALL_AXPY axpy<float><<<1, n>>>
// CHECK: #define COMPLETE hipLaunchKernelGGL(HIP_KERNEL_NAME(axpy), dim3(1), dim3(n), 0, 0, 2.0f, x, y)
#define COMPLETE axpy<<<1, n>>>(2.0f, x, y)
// CHECK: #define DEFINE_RUN(name, T) void run_##name(T *p) { hipLaunchKernelGGL(HIP_KERNEL_NAME(name##_kernel<T>), dim3(1), dim3(1), 0, 0, p); }
#define DEFINE_RUN(name, T) void run_##name(T *p) { name##_kernel<T><<<1, 1>>>(p); }
// Uses that would need their arguments retyped (reordered, or stringized) are left to the rewritten
// definition, so renames inside them still apply.
// CHECK: #define REORDER(args, kernel) hipLaunchKernelGGL(kernel, dim3(1), dim3(1), 0, 0, args)
#define REORDER(args, kernel) kernel<<<1, 1>>>(args)
// CHECK: #define NAMED(kernel) hipLaunchKernelGGL(kernel, dim3(1), dim3(1), 0, 0, #kernel)
#define NAMED(kernel) kernel<<<1, 1>>>(#kernel)

void run(float *x, float *y, int n, cudaStream_t s) {
  dim3 g(1), b(n);
  // CHECK: hipLaunchKernelGGL(inc, dim3(g), dim3(b), 0, 0, x, y);
  CUDA_LAUNCH(inc, g, b, x, y);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(axpy<float>), dim3(2, 2), dim3(b), 0, 0, 1.0f, (float *)hipGetErrorString(hipSuccess), y);
  CUDA_LAUNCH(axpy<float>, dim3(2, 2), b, 1.0f, (float *)cudaGetErrorString(cudaSuccess), y);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(axpy), dim3(1), dim3(32), 0, s);
  LAUNCH_ON(axpy, s);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(axpy<float>), dim3(1), dim3(n), 0, 0, 3.0f, x, y);
  CALL_AXPY(3.0f, x, y);
  // CHECK: COMPLETE;
  COMPLETE;
  // CHECK: REORDER((float *)hipGetErrorString(hipSuccess), scale_kernel);
  REORDER((float *)cudaGetErrorString(cudaSuccess), scale_kernel);
  // CHECK: NAMED(scale_kernel);
  NAMED(scale_kernel);
}
