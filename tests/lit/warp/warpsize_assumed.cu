// Code that tests warpSize against 32 states an assumption no rewrite can keep: reported, never changed.
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s
// RUN: %hipify --fix-warp-size %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s

__global__ void assumes(int *out) {
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3008: 'warpSize == 32' assumes warpSize == 32 [warp-size]
  // CHECK: {{^ *}}if (warpSize == 32) out[0] = 1;
  if (warpSize == 32) out[0] = 1;
  // DIAG: {{.*}}:[[@LINE+2]]:{{[0-9]+}}: warning: HC3008: '32 != warpSize' assumes
  // CHECK: {{^ *}}out[1] = 32 != warpSize;
  out[1] = 32 != warpSize;
}
// DIAG-NOT: HC3009
