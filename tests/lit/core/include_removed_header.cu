// device_launch_parameters.h has no HIP counterpart and is not needed: its include line goes away.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NOT: {{^}}#include "device_launch_parameters.h"
// CHECK: __global__ void k(int *p) { p[threadIdx.x] = blockIdx.x; }
#include <cuda_runtime.h>
#include "device_launch_parameters.h"
__global__ void k(int *p) { p[threadIdx.x] = blockIdx.x; }
