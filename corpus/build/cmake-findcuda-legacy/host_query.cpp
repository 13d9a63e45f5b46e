// host_query.cpp: a program of C++ sources alone (cuda_add_executable) that calls the CUDA runtime and the
// vecops library; FindCUDA gave it CUDA's headers and runtime, as the port's target must get HIP's.
#include <cstdio>
#include <cuda_runtime_api.h>
#include "vecops.h"

int main() {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        std::printf("no GPU\n");
        return 0;
    }
    float v[4] = {1, 2, 3, 4};
    std::printf("%s\n", vecops_scale(v, 4, 2.0f) == 0 && v[3] == 8.0f ? "scaled" : "failed");
    return 0;
}
