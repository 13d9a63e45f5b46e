// HIP's cooperative-groups header needs the HIP runtime declared first (HIP 5.2's
// hip_cooperative_groups.h uses hipBlockDim_x and friends without including hip_runtime.h), while CUDA
// code may include cooperative_groups.h before cuda_runtime.h (nvcc includes the runtime implicitly).
// The translation must leave <hip/hip_runtime.h> ahead of <hip/hip_cooperative_groups.h>.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.1.cpp
// RUN: %hipify %t.1.cpp -o %t.2.cpp
// RUN: diff %t.1.cpp %t.2.cpp
// CHECK-NOT: {{^}}#include <hip/hip_cooperative_groups.h>
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hip/hip_cooperative_groups.h>
// CHECK-NEXT: namespace cg = cooperative_groups;
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;
__global__ void k(int *o) { o[cg::this_thread_block().thread_rank()] = 1; }
