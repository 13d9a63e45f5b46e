// Includes in different #if branches are mapped independently; the same HIP header in two exclusive
// branches is not a duplicate.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#ifdef USE_DRIVER
// CHECK: #include <hip/hip_runtime.h>
#include <cuda.h>
#else
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#endif
// CHECK: #include <hip/hip_runtime_api.h>
#include <cuda_profiler_api.h>
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
void f() { cudaDeviceSynchronize(); }
