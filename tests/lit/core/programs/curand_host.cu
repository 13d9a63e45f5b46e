// Complete program: cuRAND host API generator (hiprand from HIP 5.2's hiprand/hiprand.h layout).
// RUN: %hipify --hip-version 5.2 %s -o - | FileCheck --match-full-lines %s
// CHECK: #include <hiprand/hiprand.h>
#include <curand.h>
#include <cuda_runtime.h>

int main() {
  float *d;
  cudaMalloc(&d, 1024 * sizeof(float));
  // CHECK: hiprandGenerator_t gen;
  curandGenerator_t gen;
  // CHECK: hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT);
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  // CHECK: hiprandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  // CHECK: hiprandGenerateUniform(gen, d, 1024);
  curandGenerateUniform(gen, d, 1024);
  curandDestroyGenerator(gen);
  cudaFree(d);
  return 0;
}
