// shim_math_device.cpp: every function of hipify_shim_math.h called from a kernel, so that the header is
// checked to compile and link as device code for AMD targets. It checks no values (shim_math_test.cpp does).
#include <hip/hip_runtime.h>

#include "hipify_shim_math.h"

__global__ void every_function(float *f, double *d, unsigned *u, long long *l, unsigned long long *ul) {
    int i = threadIdx.x;
    f[i] = hipifyShimFaddRd(f[i], 1.f) + hipifyShimFaddRu(f[i], 1.f) + hipifyShimFaddRz(f[i], 1.f) +
           hipifyShimFsubRd(f[i], 1.f) + hipifyShimFsubRu(f[i], 1.f) + hipifyShimFsubRz(f[i], 1.f) +
           hipifyShimFmulRd(f[i], 3.f) + hipifyShimFmulRu(f[i], 3.f) + hipifyShimFmulRz(f[i], 3.f) +
           hipifyShimFdivRd(f[i], 3.f) + hipifyShimFdivRu(f[i], 3.f) + hipifyShimFdivRz(f[i], 3.f) +
           hipifyShimFrcpRd(f[i]) + hipifyShimFrcpRu(f[i]) + hipifyShimFrcpRz(f[i]) + hipifyShimFsqrtRd(f[i]) +
           hipifyShimFsqrtRu(f[i]) + hipifyShimFsqrtRz(f[i]);
    d[i] = hipifyShimDaddRd(d[i], 1.) + hipifyShimDaddRu(d[i], 1.) + hipifyShimDaddRz(d[i], 1.) +
           hipifyShimDsubRd(d[i], 1.) + hipifyShimDsubRu(d[i], 1.) + hipifyShimDsubRz(d[i], 1.) +
           hipifyShimDmulRd(d[i], 3.) + hipifyShimDmulRu(d[i], 3.) + hipifyShimDmulRz(d[i], 3.) +
           hipifyShimDdivRd(d[i], 3.) + hipifyShimDdivRu(d[i], 3.) + hipifyShimDdivRz(d[i], 3.) +
           hipifyShimDrcpRd(d[i]) + hipifyShimDrcpRu(d[i]) + hipifyShimDrcpRz(d[i]) + hipifyShimDsqrtRd(d[i]) +
           hipifyShimDsqrtRu(d[i]) + hipifyShimDsqrtRz(d[i]);
    u[i] = hipifyShimUmin(u[i], 7u) + hipifyShimUmax(u[i], 7u);
    l[i] = hipifyShimLlmin(l[i], 7) + hipifyShimLlmax(l[i], 7);
    ul[i] = hipifyShimUllmin(ul[i], 7) + hipifyShimUllmax(ul[i], 7);
}

int main() { return 0; }
