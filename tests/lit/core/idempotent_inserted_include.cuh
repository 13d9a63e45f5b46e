// A header that got <hip/hip_runtime.h> inserted after its guard does not get a second one.
// RUN: %hipify %s -o %t.1.cuh
// RUN: %hipify %t.1.cuh -o %t.2.cuh
// RUN: diff %t.1.cuh %t.2.cuh
// RUN: grep -c "^#include <hip/hip_runtime.h>" %t.2.cuh | FileCheck %s --check-prefix=ONE
// ONE: 1
#ifndef IDEMPOTENT_CUH
#define IDEMPOTENT_CUH
__device__ inline int lane() { return threadIdx.x % warpSize; }
#endif
