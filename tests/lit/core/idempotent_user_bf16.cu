// A port of a port is the port: functions of the user's own named like CUDA's bf16 helpers (here in a
// namespace, called through a using-directive) stay the user's on the second run, whose declarations
// spell HIP's types (__hip_bfloat162), and are not rewritten to the runtime shim's.
// RUN: %hipify %s -o %t.1.cu 2>/dev/null
// RUN: %hipify %t.1.cu -o %t.2.cu 2>/dev/null
// RUN: diff %t.1.cu %t.2.cu
// RUN: FileCheck --match-full-lines %s < %t.2.cu
#include <cuda_bf16.h>
namespace my {
// CHECK: static __device__ __forceinline__ __hip_bfloat162 make_bfloat162(const __hip_bfloat16 x, const __hip_bfloat16 y) {
static __device__ __forceinline__ __nv_bfloat162 make_bfloat162(const __nv_bfloat16 x, const __nv_bfloat16 y) {
  __nv_bfloat162 t;
  t.x = x;
  t.y = y;
  return t;
}
}
using namespace my;
// CHECK: __device__ inline __hip_bfloat162 __floats2bfloat162_rn(float a, float b) { return make_bfloat162(__float2bfloat16(a), __float2bfloat16(b)); }
__device__ inline nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return make_bfloat162(__float2bfloat16(a), __float2bfloat16(b)); }
// CHECK: __global__ void k(__hip_bfloat162 *o, float a) { o[0] = __floats2bfloat162_rn(a, a); }
__global__ void k(nv_bfloat162 *o, float a) { o[0] = __floats2bfloat162_rn(a, a); }
