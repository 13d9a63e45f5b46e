// Library headers map to their HIP paths for the target HIP version: the hipblas/hipblas.h layout
// from HIP 5.2 on, the flat hipblas.h before it.
// RUN: %hipify --hip-version 6.0 %s -o - | FileCheck --match-full-lines %s --check-prefix=NEW
// RUN: %hipify --hip-version 5.1 %s -o - | FileCheck --match-full-lines %s --check-prefix=OLD
// NEW: #include <hipblas/hipblas.h>
// NEW-NEXT: #include <hiprand/hiprand.h>
// NEW-NEXT: #include <hipfft/hipfft.h>
// OLD: #include <hipblas.h>
// OLD-NEXT: #include <hiprand.h>
// OLD-NEXT: #include <hipfft.h>
#include <cublas_v2.h>
#include <curand.h>
#include <cufft.h>
