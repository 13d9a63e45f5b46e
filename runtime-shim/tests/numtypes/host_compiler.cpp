// host_compiler.cpp: what a port's .cpp file compiled by the host compiler sees of the shim; it uses the bf16
// and fp8 types on the host. It is compiled, not run (numtypes_test.cpp checks the values).
#include <hip/hip_runtime.h>
#include "hipify_shim.h"
#ifdef HIPIFY_TEST_CUDA_BF16
#include <cuda_bf16.h> // cuBLAS's headers include it; it declares the bf16 functions under the same names
#endif

float round_trip(float x) {
    __hip_bfloat16 b = __float2bfloat16(x);
    __hip_fp8_e4m3 e(x);
    __hip_bfloat162 pair = hipifyShimFloats2Bfloat162Rn(x, -x); // the shim's own names sit on CUDA's types there
    __hip_bfloat16 down = hipifyShimFloat2Bfloat16Rd(x);
    return __bfloat162float(b) + (float)e + __low2float(pair) + __bfloat162float(down);
}
