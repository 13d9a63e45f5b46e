// Every thread records how many threads of its warp run with it (full blocks: the warp size).
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void active_count(int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned active = __activemask();
    out[i] = __popc(active);
}

int main()
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const int W = prop.warpSize, n = 512;
    int *res = (int *)malloc(n * sizeof(int)), *d_out;
    cudaMalloc(&d_out, n * sizeof(int));
    active_count<<<n / 128, 128>>>(d_out);
    cudaMemcpy(res, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; ++i) bad += res[i] != W;
    printf("%s: %d of %d threads saw %d, warp size %d\n", bad ? "FAIL" : "PASS", bad, n, res[0], W);
    cudaFree(d_out); free(res);
    return bad ? 1 : 0;
}
