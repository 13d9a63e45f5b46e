// cuRAND host API and device API (curand_kernel.h), with the --roc (rocRAND) variant.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// RUN: %hipify --hip-version 6.3 --roc %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=ROC %s
// CHECK: #include <hiprand/hiprand.h>
// CHECK: #include <hiprand/hiprand_kernel.h>
// CHECK: #include <hip/hip_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
#include <cuda_runtime.h>
// CHECK: __global__ void draw(hiprandState *states, float *out, unsigned long long seed) {
// ROC: __global__ void draw(rocrand_state_xorwow *states, float *out, unsigned long long seed) {
__global__ void draw(curandState *states, float *out, unsigned long long seed) {
  int i = threadIdx.x;
  // CHECK: hiprand_init(seed, i, 0, &states[i]);
  // ROC: rocrand_init(seed, i, 0, &states[i]);
  curand_init(seed, i, 0, &states[i]);
  // CHECK: hiprandState local = states[i];
  // ROC: rocrand_state_xorwow local = states[i];
  curandState local = states[i];
  // CHECK: out[i] = hiprand_uniform(&local) + hiprand_normal(&local);
  // ROC: out[i] = rocrand_uniform(&local) + rocrand_normal(&local);
  out[i] = curand_uniform(&local) + curand_normal(&local);
  // CHECK: unsigned int r = hiprand(&local);
  // ROC: unsigned int r = rocrand(&local);
  unsigned int r = curand(&local);
  // CHECK: out[i] += (float)hiprand_poisson(&local, 4.0) + (float)(r & 1u);
  // ROC: out[i] += (float)rocrand_poisson(&local, 4.0) + (float)(r & 1u);
  out[i] += (float)curand_poisson(&local, 4.0) + (float)(r & 1u);
  states[i] = local;
}
int host(float *dev, size_t n) {
  // CHECK: hiprandGenerator_t gen;
  // ROC: rocrand_generator gen;
  curandGenerator_t gen;
  // CHECK: hiprandStatus_t st = hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT);
  // ROC: rocrand_status st = rocrand_create_generator(&gen, ROCRAND_RNG_PSEUDO_DEFAULT);
  curandStatus_t st = curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  // CHECK: if (st != HIPRAND_STATUS_SUCCESS) return 1;
  // ROC: if (st != ROCRAND_STATUS_SUCCESS) return 1;
  if (st != CURAND_STATUS_SUCCESS) return 1;
  // CHECK: hiprandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  // ROC: rocrand_set_seed(gen, 1234ULL);
  curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  // CHECK: hiprandGenerateUniform(gen, dev, n);
  // ROC: rocrand_generate_uniform(gen, dev, n);
  curandGenerateUniform(gen, dev, n);
  // CHECK: hiprandGenerateNormal(gen, dev, n, 0.0f, 1.0f);
  // ROC: rocrand_generate_normal(gen, dev, n, 0.0f, 1.0f);
  curandGenerateNormal(gen, dev, n, 0.0f, 1.0f);
  // CHECK: hiprandDestroyGenerator(gen);
  // ROC: rocrand_destroy_generator(gen);
  curandDestroyGenerator(gen);
  return 0;
}
