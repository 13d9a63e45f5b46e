// Total with cooperative groups: 32-thread tiles reduce, tile rank 0 adds.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_sum(const int *in, int n, int *total)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    for (int o = tile.size() / 2; o > 0; o /= 2)
        v += tile.shfl_down(v, o);
    if (tile.thread_rank() == 0)
        atomicAdd(total, v);
}

int main()
{
    const int n = 2000;
    int *h = (int *)malloc(n * sizeof(int));
    int ref = 0, got = 0;
    for (int i = 0; i < n; ++i) { h[i] = i % 9; ref += h[i]; }
    int *d_in, *d_t;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_t, sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_t, 0, sizeof(int));
    tile_sum<<<(n + 127) / 128, 128>>>(d_in, n, d_t);
    cudaMemcpy(&got, d_t, sizeof(int), cudaMemcpyDeviceToHost);
    printf("%s: total %d, reference %d\n", got == ref ? "PASS" : "FAIL", got, ref);
    cudaFree(d_in); cudaFree(d_t); free(h);
    return got == ref ? 0 : 1;
}
