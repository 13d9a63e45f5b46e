// cuComplex: types, constructors and arithmetic, and cuComplex.h.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hip/hip_complex.h>
#include <cuComplex.h>
// CHECK: hipDoubleComplex twice(hipDoubleComplex z) {
cuDoubleComplex twice(cuDoubleComplex z) {
  // CHECK: hipFloatComplex f = make_hipFloatComplex(1.0f, 2.0f);
  cuFloatComplex f = make_cuFloatComplex(1.0f, 2.0f);
  // CHECK: float re = hipCrealf(f) + hipCimagf(f) + hipCabsf(f);
  float re = cuCrealf(f) + cuCimagf(f) + cuCabsf(f);
  // CHECK: hipDoubleComplex w = make_hipDoubleComplex(re, 0.0);
  cuDoubleComplex w = make_cuDoubleComplex(re, 0.0);
  // CHECK: w = hipCadd(w, hipCmul(z, hipConj(z)));
  w = cuCadd(w, cuCmul(z, cuConj(z)));
  // CHECK: return hipCdiv(w, make_hipDoubleComplex(hipCreal(z), hipCimag(z)));
  return cuCdiv(w, make_cuDoubleComplex(cuCreal(z), cuCimag(z)));
}
