// shim_host_cxx11.cpp: hipify_shim.h as a port's host-only C++11 source reads it (g++ -std=c++11 with HIP's
// platform macro, as gpu-burn's Makefile builds its driver): the header must parse there. Nothing runs.
#include <hip/hip_runtime.h>
#include "hipify_shim.h"

int main() {
    const char *text = nullptr;
    return hipDrvGetErrorString(hipSuccess, &text) == hipSuccess && text ? 0 : 1;
}
