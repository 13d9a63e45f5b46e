// A quoted include of a generic name (math_functions.h) that names a file beside the including file is
// the project's own header, which the compiler finds first: it stays. The angle-bracket include of the
// same name is CUDA's and becomes HIP's header.
// RUN: cp %s %t.cu && mkdir -p %t.dir && cp %s %t.dir/test.cu && cp %S/Inputs/math_functions.h %t.dir/
// RUN: %hipify %t.dir/test.cu -o - | FileCheck --match-full-lines %s
// RUN: %hipify %t.cu -o - | FileCheck --match-full-lines %s --check-prefix=ALONE
// CHECK: #include "math_functions.h"
// CHECK-NEXT: #include <hip/math_functions.h>
// ALONE: #include "hip/math_functions.h"
// ALONE-NOT: #include <hip/math_functions.h>
#include "math_functions.h"
#include <math_functions.h>
__global__ void k(float *x) { x[0] = __expf(x[0]); }
