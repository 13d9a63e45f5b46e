// A project's own __shfl_down/__shfl_up (a template over its own types, a wrapper kept from CUDA 8) is
// reported where it is defined: HIP's headers for NVIDIA define these names as function-like macros, so
// there the definition and its calls expand to CUDA's intrinsic. Calls and other uses are not reported.
// RUN: %hipify %s -o - 2>%t.err | FileCheck --match-full-lines %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %hipify %s -o %t.again.cu 2>/dev/null && %hipify %t.again.cu -o - 2>/dev/null | FileCheck --match-full-lines %s

// CHECK: template <typename T>
// CHECK-NEXT: __device__ T __shfl_down(T v, unsigned d) { return __shfl_down_sync(0xffffffff, v, d); }
template <typename T>
__device__ T __shfl_down(T v, unsigned d) { return __shfl_down_sync(0xffffffff, v, d); }
// DIAG: nvidia_macro_collision.cu:[[@LINE-1]]:14: warning: HC1162: '__shfl_down' is defined here, and HIP's headers for NVIDIA define '__shfl_down' as a macro (__shfl_down_sync(0xffffffff, ...)): there this definition and every call of it expand to CUDA's intrinsic; give the function a name of its own [nvidia-macro-collision]
__device__ __forceinline__ float __shfl_up(float v, unsigned d);
// DIAG: nvidia_macro_collision.cu:[[@LINE-1]]:34: warning: HC1162: '__shfl_up' is defined here
// CHECK: __global__ void k(float *p) { p[0] = __shfl_down(p[0], 1) + 2 * __shfl_up(p[1], 1); }
__global__ void k(float *p) { p[0] = __shfl_down(p[0], 1) + 2 * __shfl_up(p[1], 1); }
// DIAG-NOT: HC1162
