// warp_no_cost.cpp: two kernels, one reducing with the shim's __shfl_down_sync / __ballot_sync and one with
// HIP's own __shfl_down / __ballot; warp_no_cost.sh checks that the compiler emits identical ISA for both.
#include "hipify_shim_warp.h"

__global__ void reduce_with_shim(const float *in, float *out, unsigned long long *votes) {
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(~0ull, v, offset);
    unsigned long long vote = __ballot_sync(~0ull, v > 0.0f);
    if (threadIdx.x % warpSize == 0) {
        out[(blockIdx.x * blockDim.x + threadIdx.x) / warpSize] = v;
        votes[(blockIdx.x * blockDim.x + threadIdx.x) / warpSize] = vote;
    }
}

__global__ void reduce_with_hip(const float *in, float *out, unsigned long long *votes) {
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down(v, offset);
    unsigned long long vote = __ballot(v > 0.0f);
    if (threadIdx.x % warpSize == 0) {
        out[(blockIdx.x * blockDim.x + threadIdx.x) / warpSize] = v;
        votes[(blockIdx.x * blockDim.x + threadIdx.x) / warpSize] = vote;
    }
}
