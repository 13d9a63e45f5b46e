// make_half2 is CUDA 12.2's spelling, and HIP has had the same host/device function in hip_fp16.h since
// ROCm 3.3 at least (amd_hip_fp16.h; HIPIFY's table says unsupported). ggml-cuda calls it 49 times: it
// stays as it is, with no HC1001, and the port compiles for gfx90a with HIP 5.2.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>%t.err
// RUN: FileCheck --match-full-lines %s < %t.hip
// RUN: not grep -q HC1001 %t.err
// RUN: %hipify --hip-version 5.2 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=STATS %s
// STATS: UNCONVERTED refs count: 0
#include <cuda_fp16.h>
// CHECK: __global__ void pair(__half2 *o, const __half *a) { o[0] = make_half2(a[0], a[1]); }
__global__ void pair(__half2 *o, const __half *a) { o[0] = make_half2(a[0], a[1]); }
