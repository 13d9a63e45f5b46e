// transform.cuh: a header-only library of one kernel template that runs a device lambda per index.
#pragma once
#include <cuda_runtime.h>

#ifndef TRANSFORM_LIB_OPTIONS
#error "the library's interface compile options did not reach this source"
#endif

template <typename F>
__global__ void transform_kernel(int n, F f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) f(i);
}

template <typename F>
cudaError_t transform(int n, F f) {
    transform_kernel<<<(n + 127) / 128, 128>>>(n, f);
    return cudaGetLastError();
}
