// Right on any warp width: a block reduction written with warpSize throughout.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__device__ double warp_reduce(double v)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}

__global__ void block_sums(const double *in, double *out, int n)
{
    static __shared__ double partial[32];
    int lane = threadIdx.x % warpSize;
    int wid = threadIdx.x / warpSize;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    double v = warp_reduce(i < n ? in[i] : 0.0);
    if (lane == 0) partial[wid] = v;
    __syncthreads();
    v = (threadIdx.x < (blockDim.x + warpSize - 1) / warpSize) ? partial[lane] : 0.0;
    if (wid == 0) v = warp_reduce(v);
    if (threadIdx.x == 0) out[blockIdx.x] = v;
}

int main()
{
    const int threads = 512, blocks = 4, n = threads * blocks - 100;
    double *h = (double *)malloc(n * sizeof(double)), *res = (double *)malloc(blocks * sizeof(double));
    for (int i = 0; i < n; ++i) h[i] = (double)(i % 101);
    double *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(double));
    cudaMalloc(&d_out, blocks * sizeof(double));
    cudaMemcpy(d_in, h, n * sizeof(double), cudaMemcpyHostToDevice);
    block_sums<<<blocks, threads>>>(d_in, d_out, n);
    cudaMemcpy(res, d_out, blocks * sizeof(double), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < blocks; ++b) {
        double ref = 0;
        for (int i = b * threads; i < (b + 1) * threads && i < n; ++i) ref += h[i];
        if (res[b] != ref) { if (!bad) printf("block %d: %f, reference %f\n", b, res[b], ref); ++bad; }
    }
    printf("%s: %d of %d blocks wrong\n", bad ? "FAIL" : "PASS", bad, blocks);
    return bad ? 1 : 0;
}
