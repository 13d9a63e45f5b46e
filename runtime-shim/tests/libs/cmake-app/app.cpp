// app.cpp: host code calling hipBLAS and hipRAND, compiled by the host compiler against the HIP-on-NVIDIA
// packages; it must link cuBLAS, cuRAND and the CUDA runtime. Built, not run (no GPU needed).
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hiprand/hiprand.h>
#include <cstdio>

int main() {
    hipblasHandle_t blas;
    hiprandGenerator_t gen;
    float *x = nullptr;
    if (hipMalloc(&x, 16 * sizeof(float)) != hipSuccess) return 1;
    if (hipblasCreate(&blas) != HIPBLAS_STATUS_SUCCESS) return 2;
    if (hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT) != HIPRAND_STATUS_SUCCESS) return 3;
    hiprandGenerateUniform(gen, x, 16);
    float sum = 0.0f;
    hipblasSasum(blas, 16, x, 1, &sum);
    std::printf("sum of 16 uniform numbers: %f\n", sum);
    hiprandDestroyGenerator(gen);
    hipblasDestroy(blas);
    return hipFree(x) == hipSuccess ? 0 : 4;
}
