/* hipify_shim_rn.h: CUDA's _rn arithmetic on half and bf16 (__hadd_rn, __hsub_rn, __hmul_rn and the pair
 * forms), which no HIP release has: one rounding to nearest even that the compiler may not fuse with a
 * neighbouring operation. It does not provide the types themselves (HIP's fp16, hipify_shim_bf16.h) nor fma. */

/* CUDA's plain __hmul and __hadd compile to PTX that ptxas may contract into one fma, so only the _rn forms
 * have a defined result. tests/numtypes checks each against CUDA's own on the host. */
#ifndef HIPIFY_SHIM_RN_H
#define HIPIFY_SHIM_RN_H

#ifdef __cplusplus
#include "hipify_shim_bf16.h"
/* As hipify_shim_fp8.h: a port's .cpp files reach this header through the host compiler with only a
 * platform macro defined, and HIP's headers then still provide __half and its conversions. */
#if defined(__HIPCC__) || defined(__CUDACC__) || defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_HCC__) || \
    defined(HIPIFY_SHIM_ON_NVIDIA)
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#define HIPIFY_SHIM_RN_FN __host__ __device__ inline
#else /* plain C++ (the host test): the includer provides __half, __half2 and their conversions */
#define HIPIFY_SHIM_RN_FN inline
#endif

/* On NVIDIA they are CUDA's own; elsewhere the operation is done in float (exact for a product, and a sum
 * rounded twice rounds as once, since 24 >= 2 * 11 + 2) and rounded by a conversion, which no contraction
 * crosses. */
#ifdef HIPIFY_SHIM_ON_NVIDIA
#define HIPIFY_SHIM_RN(CUDA_NAME, OP, TOF, FROMF) return CUDA_NAME(a, b)
#define HIPIFY_SHIM_RN2_(CUDA_NAME, OP, LO, HI, PAIR, TOF, FROMF) return CUDA_NAME(a, b)
#else
#define HIPIFY_SHIM_RN(CUDA_NAME, OP, TOF, FROMF) return FROMF(TOF(a) OP TOF(b))
#define HIPIFY_SHIM_RN2_(CUDA_NAME, OP, LO, HI, PAIR, TOF, FROMF) \
    return PAIR(FROMF(TOF(LO(a)) OP TOF(LO(b))), FROMF(TOF(HI(a)) OP TOF(HI(b))))
#endif
#define HIPIFY_SHIM_RN2(...) HIPIFY_SHIM_RN2_(__VA_ARGS__) /* expands the type lists below first */
#define HIPIFY_SHIM_RN_HALF __low2half, __high2half, __halves2half2, __half2float, __float2half
#define HIPIFY_SHIM_RN_BF16 __low2bfloat16, __high2bfloat16, __halves2bfloat162, __bfloat162float, __float2bfloat16
/* The host compiler on AMD sees HIP's __half type without its functions. */
#if defined(__HIPCC__) || defined(__CUDACC__) || !(defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_HCC__))
HIPIFY_SHIM_RN_FN __half hipifyShimHaddRn(const __half a, const __half b) { HIPIFY_SHIM_RN(__hadd_rn, +, __half2float, __float2half); }
HIPIFY_SHIM_RN_FN __half hipifyShimHsubRn(const __half a, const __half b) { HIPIFY_SHIM_RN(__hsub_rn, -, __half2float, __float2half); }
HIPIFY_SHIM_RN_FN __half hipifyShimHmulRn(const __half a, const __half b) { HIPIFY_SHIM_RN(__hmul_rn, *, __half2float, __float2half); }
HIPIFY_SHIM_RN_FN __half2 hipifyShimHadd2Rn(const __half2 a, const __half2 b) { HIPIFY_SHIM_RN2(__hadd2_rn, +, HIPIFY_SHIM_RN_HALF); }
HIPIFY_SHIM_RN_FN __half2 hipifyShimHsub2Rn(const __half2 a, const __half2 b) { HIPIFY_SHIM_RN2(__hsub2_rn, -, HIPIFY_SHIM_RN_HALF); }
HIPIFY_SHIM_RN_FN __half2 hipifyShimHmul2Rn(const __half2 a, const __half2 b) { HIPIFY_SHIM_RN2(__hmul2_rn, *, HIPIFY_SHIM_RN_HALF); }
#endif
HIPIFY_SHIM_RN_FN __hip_bfloat16 hipifyShimHaddRn(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    HIPIFY_SHIM_RN(__hadd_rn, +, __bfloat162float, __float2bfloat16);
}
HIPIFY_SHIM_RN_FN __hip_bfloat16 hipifyShimHsubRn(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    HIPIFY_SHIM_RN(__hsub_rn, -, __bfloat162float, __float2bfloat16);
}
HIPIFY_SHIM_RN_FN __hip_bfloat16 hipifyShimHmulRn(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    HIPIFY_SHIM_RN(__hmul_rn, *, __bfloat162float, __float2bfloat16);
}
HIPIFY_SHIM_RN_FN __hip_bfloat162 hipifyShimHadd2Rn(const __hip_bfloat162 a, const __hip_bfloat162 b) {
    HIPIFY_SHIM_RN2(__hadd2_rn, +, HIPIFY_SHIM_RN_BF16);
}
HIPIFY_SHIM_RN_FN __hip_bfloat162 hipifyShimHsub2Rn(const __hip_bfloat162 a, const __hip_bfloat162 b) {
    HIPIFY_SHIM_RN2(__hsub2_rn, -, HIPIFY_SHIM_RN_BF16);
}
HIPIFY_SHIM_RN_FN __hip_bfloat162 hipifyShimHmul2Rn(const __hip_bfloat162 a, const __hip_bfloat162 b) {
    HIPIFY_SHIM_RN2(__hmul2_rn, *, HIPIFY_SHIM_RN_BF16);
}
#undef HIPIFY_SHIM_RN_BF16
#undef HIPIFY_SHIM_RN_HALF
#undef HIPIFY_SHIM_RN2
#undef HIPIFY_SHIM_RN2_
#undef HIPIFY_SHIM_RN
#undef HIPIFY_SHIM_RN_FN
#endif /* __cplusplus */
#endif /* HIPIFY_SHIM_RN_H */
