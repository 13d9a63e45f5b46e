// A member x or y of a half2 object is a half in CUDA but HIP's raw storage type: as hipify-clang does, the
// access is read as a half, reinterpret_cast<half&>(...), whatever the object expression (a variable, an
// element, a member). The semantic pass knows the object's type, so a __half2 spelled so, a float2, or a
// user's struct is left; a second run changes nothing. The port compiles.
// RUN: %hipify %s -o %t.hip 2>/dev/null
// RUN: FileCheck --match-full-lines %s < %t.hip
// RUN: %hipify %t.hip -o %t.again.hip 2>/dev/null
// RUN: diff %t.hip %t.again.hip
// RUN: %if hipcc %{ %hipcc %t.hip -o /dev/null %}
#include <cuda_fp16.h>

struct Pair { half2 h; };
struct Mine { float x; };

__global__ void k(half2 h2, half2 *arr, Pair p, float *o, __half2 raw, Mine m) {
  // CHECK: o[0] = (float)reinterpret_cast<half&>(h2.x);
  o[0] = (float)h2.x;
  // CHECK: o[1] = (float)reinterpret_cast<half&>(arr[1].y) + (float)reinterpret_cast<half&>(p.h.x);
  o[1] = (float)arr[1].y + (float)p.h.x;
  // CHECK: o[2] = __half2float(reinterpret_cast<half&>(h2.y));
  o[2] = __half2float(h2.y);
  // CHECK: o[3] = (float)raw.x + m.x;
  o[3] = (float)raw.x + m.x;
}
