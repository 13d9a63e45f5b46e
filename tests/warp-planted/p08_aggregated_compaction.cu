// Stream compaction with warp-aggregated atomics: one atomicAdd per warp, ranks from a lane mask.
// Planted for tests/warp-planted/judge.sh: checks itself on the CPU and exits 1 on a mismatch; times nothing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__device__ int aggregated_inc(int *counter, bool keep)
{
    unsigned mask = __ballot_sync(0xffffffff, keep);
    int lane = threadIdx.x % 32;
    int leader = __ffs(mask) - 1;
    int base = 0;
    if (lane == leader)
        base = atomicAdd(counter, __popc(mask));
    base = __shfl_sync(0xffffffff, base, leader);
    return base + __popc(mask & ((1u << lane) - 1));
}

__global__ void compact(const int *in, int n, int *out, int *counter)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : -1;
    bool keep = v >= 0 && v % 3 == 0;
    int pos = aggregated_inc(counter, keep);
    if (keep)
        out[pos] = v;
}

int main()
{
    const int n = 3000;
    int *h = (int *)malloc(n * sizeof(int)), *res = (int *)malloc(n * sizeof(int));
    int ref = 0, got = 0;
    for (int i = 0; i < n; ++i) { h[i] = i; ref += i % 3 == 0; }
    int *d_in, *d_out, *d_c;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMalloc(&d_c, sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_c, 0, sizeof(int));
    cudaMemset(d_out, 0xff, n * sizeof(int));
    compact<<<(n + 255) / 256, 256>>>(d_in, n, d_out, d_c);
    cudaMemcpy(&got, d_c, sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(res, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = got != ref;
    if (!bad) {
        char *seen = (char *)calloc(n, 1);
        for (int k = 0; k < got; ++k) {
            int v = res[k];
            if (v < 0 || v >= n || v % 3 || seen[v]) { bad = 1; break; }
            seen[v] = 1;
        }
        free(seen);
    }
    printf("%s: %d kept, reference %d\n", bad ? "FAIL" : "PASS", got, ref);
    cudaFree(d_in); cudaFree(d_out); cudaFree(d_c); free(h); free(res);
    return bad ? 1 : 0;
}
