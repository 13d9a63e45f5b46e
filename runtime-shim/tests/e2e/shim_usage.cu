// shim_usage.cu: a CUDA program that uses APIs HIP 5.2 lacks (a deprecated limit query, a linear copy into
// an array, event flags, cudaDeviceProp members, a *_sync shuffle). shim_e2e.sh translates it with hipify-c,
// checks that the shim is used, builds the result for AMD and NVIDIA, and runs it where a GPU exists.
#include <cuda_runtime.h>
#include <stdio.h>

__global__ void warp_sums(const int *in, int *out) {
    int v = in[threadIdx.x];
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = v;
}

int main() {
    int failures = 0;
    size_t heap = 0;
    if (cudaThreadGetLimit(&heap, cudaLimitMallocHeapSize) != cudaSuccess || heap == 0) failures++;

    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    printf("unifiedAddressing %d, sharedMemPerMultiprocessor %zu\n", prop.unifiedAddressing,
           prop.sharedMemPerMultiprocessor);
    if (prop.sharedMemPerMultiprocessor < prop.sharedMemPerBlock) failures++;

    cudaChannelFormatDesc desc = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindUnsigned);
    cudaArray_t array;
    cudaMallocArray(&array, &desc, 16, 4, 0);
    unsigned char src[40], back[64];
    for (int i = 0; i < 40; i++) src[i] = (unsigned char)(i + 1);
    cudaMemcpyToArrayAsync(array, 5, 1, src, 40, cudaMemcpyHostToDevice, 0); // wraps over three rows
    cudaMemcpy2DFromArray(back, 16, array, 0, 0, 16, 4, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 40; i++)
        if (back[16 + 5 + i] != src[i]) failures++;
    cudaFreeArray(array);

    cudaEvent_t done;
    cudaEventCreate(&done);
    int host_in[64], host_out[2] = {0, 0}, *in, *out;
    for (int i = 0; i < 64; i++) host_in[i] = i;
    cudaMalloc(&in, sizeof host_in);
    cudaMalloc(&out, sizeof host_out);
    cudaMemcpy(in, host_in, sizeof host_in, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof host_out);
    warp_sums<<<1, 64>>>(in, out);
    if (cudaEventRecordWithFlags(done, 0, cudaEventRecordDefault) != cudaSuccess) failures++;
    cudaEventSynchronize(done);
    cudaMemcpy(host_out, out, sizeof host_out, cudaMemcpyDeviceToHost);
    int expected = prop.warpSize == 64 ? 64 * 63 / 2 : 32 * 31 / 2; // the first warp's sum
    if (host_out[0] != expected) failures++;
    cudaFree(in);
    cudaFree(out);
    printf("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
