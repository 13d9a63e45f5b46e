// main.cu: scales a vector through the vecops library and prints its sum.
#include <cstdio>
#include <cuda_runtime.h>
#include "vecops.h"

int main() {
    float v[1000];
    for (int i = 0; i < 1000; i++) v[i] = 0.5f * i;
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0 || vecops_scale(v, 1000, 3.0f) != 0) {
        std::printf("no GPU\n");
        return 0;
    }
    double sum = 0;
    for (int i = 0; i < 1000; i++) sum += v[i];
    std::printf("sum %.1f\n", sum);
    return 0;
}
