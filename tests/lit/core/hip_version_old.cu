// An old HIP target (5.2, the Debian HIP) leaves APIs added in 5.3 and later, and reports each.
// RUN: %hipify --hip-version 5.2 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 5.2 %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %hipify --hip-version 5.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=V53
// RUN: not %hipify --hip-version five %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=BAD
#include <math_constants.h>
// CHECK: float inf() { return CUDART_INF_F; }
// V53: float inf() { return HIP_INF_F; }
float inf() { return CUDART_INF_F; }
// DIAG: hip_version_old.cu:[[@LINE-1]]:{{[0-9]+}}: warning: HC1002: 'CUDART_INF_F' maps to 'HIP_INF_F', added in HIP 5.3.0; target HIP is 5.2.0
// BAD: hipify-c: --hip-version: 'five' is not a version such as 6.2 or 5.2.3
