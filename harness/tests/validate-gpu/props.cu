/* props.cu: a small unmodified CUDA program for the validate GPU check: prints device properties a program
 * typically checks before running (the managedMemory field differs under Debian's HIP 5.2 NVIDIA headers)
 * and stops like such a program would when unified memory is missing. */
#include <cstdio>
#include <cuda_runtime.h>

int main()
{
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
        fprintf(stderr, "no device\n");
        return 2;
    }
    printf("multiProcessorCount %d\n", prop.multiProcessorCount);
    printf("warpSize %d\n", prop.warpSize);
    printf("major %d minor %d\n", prop.major, prop.minor);
    printf("totalGlobalMem %zu\n", prop.totalGlobalMem);
    printf("sharedMemPerBlock %zu\n", prop.sharedMemPerBlock);
    printf("maxThreadsPerBlock %d\n", prop.maxThreadsPerBlock);
    printf("concurrentKernels %d\n", prop.concurrentKernels);
    printf("managedMemory %d\n", prop.managedMemory);
    if (!prop.managedMemory) {
        printf("Unified Memory not supported\n");
        return 1;
    }
    int *p = nullptr;
    if (cudaMallocManaged(&p, 16 * sizeof(int)) != cudaSuccess)
        return 3;
    for (int i = 0; i < 16; i++)
        p[i] = i * i;
    printf("managed p[15] = %d\n", p[15]);
    cudaFree(p);
    return 0;
}
