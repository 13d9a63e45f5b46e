// cuFFT -> hipFFT: plans, execution, directions, and cufft.h.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hipfft/hipfft.h>
#include <cufft.h>
// CHECK: int transform(hipfftComplex *data, int n) {
int transform(cufftComplex *data, int n) {
  // CHECK: hipfftHandle plan;
  cufftHandle plan;
  // CHECK: hipfftResult r = hipfftPlan1d(&plan, n, HIPFFT_C2C, 1);
  cufftResult r = cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  // CHECK: if (r != HIPFFT_SUCCESS) return 1;
  if (r != CUFFT_SUCCESS) return 1;
  // CHECK: hipfftExecC2C(plan, data, data, HIPFFT_FORWARD);
  cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  // CHECK: hipfftExecC2C(plan, data, data, HIPFFT_BACKWARD);
  cufftExecC2C(plan, data, data, CUFFT_INVERSE);
  // CHECK: hipfftHandle plan2;
  cufftHandle plan2;
  // CHECK: hipfftPlan2d(&plan2, n, n, HIPFFT_R2C);
  cufftPlan2d(&plan2, n, n, CUFFT_R2C);
  // CHECK: hipfftSetStream(plan2, 0);
  cufftSetStream(plan2, 0);
  // CHECK: hipfftDestroy(plan2);
  cufftDestroy(plan2);
  // CHECK: hipfftDestroy(plan);
  cufftDestroy(plan);
  return 0;
}
