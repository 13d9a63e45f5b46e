/* hipify_shim_fp8.h: the OCP fp8 formats (E4M3, E5M2) as CUDA's cuda_fp8.h defines them, for HIP releases
 * before 6.3, which lack hip_fp8.h's OCP API: storage types, conversions with saturation, the fp8 classes.
 * It does not provide the FNUZ formats (AMD MI300's native fp8) nor CUDA 12.8's e8m0, fp6 and fp4 types. */

/* The names are HIP 6.3's (__hip_fp8_e4m3, __hip_cvt_float_to_fp8, __HIP_SATFINITE...); compiled with
 * HIP >= 6.3 this header only includes <hip/hip_fp8.h>. Formats (OCP 8-bit floating point, as CUDA uses):
 *   E4M3: bias 7, no infinity, NaN = S.1111.111, largest 448 (0x7E);
 *   E5M2: bias 15, IEEE-like, infinity = S.11111.00, NaN = S.11111.{01,10,11}, largest 57344 (0x7B).
 * Every source value (float, double, half, bf16) is exact in double, so one routine rounds a double to
 * nearest even once; out-of-range values become the largest finite value (__HIP_SATFINITE) or, without
 * saturation, NaN (E4M3) or infinity (E5M2). tests/numtypes checks each conversion against CUDA's. */
#ifndef HIPIFY_SHIM_FP8_H
#define HIPIFY_SHIM_FP8_H

#ifdef __cplusplus
#include "hipify_shim_bf16.h"
/* A port's .cpp files reach this header through the host compiler with only a platform macro defined: HIP's
 * headers then still provide __half_raw and the vector types this header uses. */
#if defined(__HIPCC__) || defined(__CUDACC__) || defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_HCC__) || \
    defined(HIPIFY_SHIM_ON_NVIDIA)
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
/* HIP's own hip_fp8.h from 6.3 on; on NVIDIA also wherever one is found (HIP's, or the one the HIP-on-NVIDIA
 * overlay writes over CUDA's cuda_fp8.h for an older HIP): a port for a newer HIP includes it itself, and its
 * names must not be declared twice. */
#if (defined(HIP_VERSION) && HIP_VERSION >= 60300000) ||                                                  \
    (defined(HIPIFY_SHIM_ON_NVIDIA) && defined(__has_include) && __has_include(<hip/hip_fp8.h>))
#include <hip/hip_fp8.h>
#define HIPIFY_SHIM_FP8_NATIVE 1
#endif
#define HIPIFY_SHIM_FP8_FN __host__ __device__ inline
#else /* plain C++ (the host test): the includer provides float2, double2, __half, __half_raw, __half2_raw */
#define HIPIFY_SHIM_FP8_FN inline
#endif

#ifndef HIPIFY_SHIM_FP8_NATIVE

typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;
typedef enum __hip_fp8_interpretation_t { __HIP_E4M3 = 0, __HIP_E5M2 = 1 } __hip_fp8_interpretation_t;
typedef enum __hip_saturation_t { __HIP_NOSAT = 0, __HIP_SATFINITE = 1 } __hip_saturation_t;

/* double -> fp8, round to nearest even. A value is n quanta of 2^(e - m) where e is its exponent, at
 * least the smallest normal one (emin), and m the mantissa width: n < 2^m below emin gives subnormals, and
 * ((e - emin) << m) + n is then the code itself, carries into the exponent included. */
HIPIFY_SHIM_FP8_FN __hip_fp8_storage_t hipifyShimFp8FromDouble(double x, __hip_saturation_t sat,
                                                               __hip_fp8_interpretation_t interp) {
    const bool e4m3 = interp == __HIP_E4M3;
    const int m = e4m3 ? 3 : 2, emin = e4m3 ? -6 : -14;
    const unsigned max_code = e4m3 ? 0x7eu : 0x7bu;
    const unsigned overflow = sat == __HIP_SATFINITE ? max_code : e4m3 ? 0x7fu : 0x7cu;
    unsigned long long bits = __builtin_bit_cast(unsigned long long, x);
    unsigned sign = (unsigned)(bits >> 56) & 0x80u;
    int biased = (int)((bits >> 52) & 0x7ffu);
    unsigned long long frac = bits & 0xfffffffffffffull;
    if (biased == 0x7ff) { /* NaN stays NaN; infinity saturates or overflows */
        if (frac) return (__hip_fp8_storage_t)0x7fu;
        return (__hip_fp8_storage_t)(sign | overflow);
    }
    if (biased == 0) return (__hip_fp8_storage_t)sign; /* double subnormals are far below half the smallest fp8 */
    unsigned long long mant = frac | (1ull << 52);
    int e = biased - 1023;
    int q = (e < emin ? emin : e) - m; /* exponent of one quantum */
    int shift = q - (e - 52);          /* > 0: mant * 2^(e - 52) / 2^q = mant >> shift */
    if (shift > 62) return (__hip_fp8_storage_t)sign;
    unsigned long long n = mant >> shift, rest = mant & ((1ull << shift) - 1), half = 1ull << (shift - 1);
    if (rest > half || (rest == half && (n & 1))) n++;
    long long code = ((long long)((e < emin ? emin : e) - emin) << m) + (long long)n;
    if (code > (long long)max_code) return (__hip_fp8_storage_t)(sign | overflow);
    return (__hip_fp8_storage_t)(sign | (unsigned)code);
}

/* fp8 -> half bits, exact: E5M2 is half with the low byte cut off; E4M3 values are all normal halves. Every
 * NaN becomes the canonical half NaN 0x7FFF, as in CUDA. */
HIPIFY_SHIM_FP8_FN unsigned short hipifyShimFp8ToHalfBits(__hip_fp8_storage_t v, __hip_fp8_interpretation_t interp) {
    unsigned sign = (unsigned)(v & 0x80u) << 8, mag = v & 0x7fu;
    if (interp == __HIP_E5M2) return mag > 0x7cu ? (unsigned short)0x7fffu : (unsigned short)((unsigned)v << 8);
    if (mag == 0x7fu) return (unsigned short)0x7fffu;
    if (mag == 0) return (unsigned short)sign;
    unsigned exp = mag >> 3, man = mag & 7u;
    if (exp == 0) { /* subnormal E4M3 (man * 2^-9): normalise */
        exp = 1;
        while (!(man & 8u)) {
            man <<= 1;
            exp--;
        }
        man &= 7u;
    }
    return (unsigned short)(sign | ((exp + 8u) << 10) | (man << 7)); /* rebias 7 -> 15 */
}

/* half bits -> double, exact (built from bits: the device library has no ldexp to link) */
HIPIFY_SHIM_FP8_FN double hipifyShimHalfBitsToDouble(unsigned short h) {
    unsigned long long sign = (unsigned long long)(h & 0x8000u) << 48;
    unsigned exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
    if (exp == 0x1fu) return __builtin_bit_cast(double, sign | 0x7ff0000000000000ull | ((unsigned long long)man << 42));
    if (exp == 0) return (sign ? -1.0 : 1.0) * (double)man * 5.9604644775390625e-08; /* 2^-24, exactly (hex floats are C++17) */
    return __builtin_bit_cast(double, sign | (unsigned long long)(exp - 15u + 1023u) << 52 | (unsigned long long)man << 42);
}
HIPIFY_SHIM_FP8_FN float hipifyShimFp8ToFloat(__hip_fp8_storage_t v, __hip_fp8_interpretation_t interp) {
    unsigned short h = hipifyShimFp8ToHalfBits(v, interp);
    if (h == 0x7fffu) return __builtin_bit_cast(float, 0x7fffffffu); /* CUDA's NaN for an fp8 NaN */
    return (float)hipifyShimHalfBitsToDouble(h);
}
HIPIFY_SHIM_FP8_FN __half_raw hipifyShimHalfRaw(unsigned short bits) {
    __half_raw r;
    r.x = bits;
    return r;
}

/* ---- conversions (CUDA's __nv_cvt_*, spelled as HIP 6.3 spells them) ---- */

HIPIFY_SHIM_FP8_FN __hip_fp8_storage_t __hip_cvt_double_to_fp8(const double x, const __hip_saturation_t sat,
                                                               const __hip_fp8_interpretation_t interp) {
    if (x != x) { /* CUDA keeps a double NaN's sign, and its E5M2 NaN from a double is S.11111.10 */
        unsigned sign = (unsigned)(__builtin_bit_cast(unsigned long long, x) >> 56) & 0x80u;
        return (__hip_fp8_storage_t)(sign | (interp == __HIP_E4M3 ? 0x7fu : 0x7eu));
    }
    return hipifyShimFp8FromDouble(x, sat, interp);
}
HIPIFY_SHIM_FP8_FN __hip_fp8_storage_t __hip_cvt_float_to_fp8(const float x, const __hip_saturation_t sat,
                                                              const __hip_fp8_interpretation_t interp) {
    return hipifyShimFp8FromDouble((double)x, sat, interp);
}
HIPIFY_SHIM_FP8_FN __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(const __half_raw x, const __hip_saturation_t sat,
                                                                const __hip_fp8_interpretation_t interp) {
    return hipifyShimFp8FromDouble(hipifyShimHalfBitsToDouble(x.x), sat, interp);
}
HIPIFY_SHIM_FP8_FN __hip_fp8_storage_t __hip_cvt_bfloat16raw_to_fp8(const __hip_bfloat16_raw x,
                                                                    const __hip_saturation_t sat,
                                                                    const __hip_fp8_interpretation_t interp) {
    return hipifyShimFp8FromDouble((double)hipifyShimBf16ToFloat(x.x), sat, interp);
}
HIPIFY_SHIM_FP8_FN __hip_fp8x2_storage_t hipifyShimFp8Pair(__hip_fp8_storage_t lo, __hip_fp8_storage_t hi) {
    return (__hip_fp8x2_storage_t)(((unsigned)hi << 8) | lo);
}
HIPIFY_SHIM_FP8_FN __hip_fp8x2_storage_t __hip_cvt_double2_to_fp8x2(const double2 x, const __hip_saturation_t sat,
                                                                    const __hip_fp8_interpretation_t interp) {
    return hipifyShimFp8Pair(__hip_cvt_double_to_fp8(x.x, sat, interp), __hip_cvt_double_to_fp8(x.y, sat, interp));
}
HIPIFY_SHIM_FP8_FN __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(const float2 x, const __hip_saturation_t sat,
                                                                   const __hip_fp8_interpretation_t interp) {
    return hipifyShimFp8Pair(__hip_cvt_float_to_fp8(x.x, sat, interp), __hip_cvt_float_to_fp8(x.y, sat, interp));
}
HIPIFY_SHIM_FP8_FN __hip_fp8x2_storage_t __hip_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __hip_saturation_t sat,
                                                                     const __hip_fp8_interpretation_t interp) {
    return hipifyShimFp8Pair(__hip_cvt_halfraw_to_fp8(hipifyShimHalfRaw(x.x), sat, interp),
                             __hip_cvt_halfraw_to_fp8(hipifyShimHalfRaw(x.y), sat, interp));
}
HIPIFY_SHIM_FP8_FN __hip_fp8x2_storage_t __hip_cvt_bfloat16raw2_to_fp8x2(const __hip_bfloat162_raw x,
                                                                         const __hip_saturation_t sat,
                                                                         const __hip_fp8_interpretation_t interp) {
    __hip_bfloat16_raw lo, hi;
    lo.x = x.x;
    hi.x = x.y;
    return hipifyShimFp8Pair(__hip_cvt_bfloat16raw_to_fp8(lo, sat, interp), __hip_cvt_bfloat16raw_to_fp8(hi, sat, interp));
}
HIPIFY_SHIM_FP8_FN __half_raw __hip_cvt_fp8_to_halfraw(const __hip_fp8_storage_t x, const __hip_fp8_interpretation_t interp) {
    return hipifyShimHalfRaw(hipifyShimFp8ToHalfBits(x, interp));
}
HIPIFY_SHIM_FP8_FN __half2_raw __hip_cvt_fp8x2_to_halfraw2(const __hip_fp8x2_storage_t x,
                                                           const __hip_fp8_interpretation_t interp) {
    __half2_raw r;
    r.x = hipifyShimFp8ToHalfBits((__hip_fp8_storage_t)(x & 0xffu), interp);
    r.y = hipifyShimFp8ToHalfBits((__hip_fp8_storage_t)(x >> 8), interp);
    return r;
}

/* ---- the classes: explicit conversions in and out, saturating to finite as CUDA's constructors do ---- */

#define HIPIFY_SHIM_FP8_CLASS(T, INTERP)                                                                    \
    struct __attribute__((aligned(1))) T {                                                              \
        __hip_fp8_storage_t __x;                                                                        \
        T() = default;                                                                                  \
        HIPIFY_SHIM_FP8_FN explicit T(const float f) : __x(__hip_cvt_float_to_fp8(f, __HIP_SATFINITE, INTERP)) {} \
        HIPIFY_SHIM_FP8_FN explicit T(const double d) : __x(__hip_cvt_double_to_fp8(d, __HIP_SATFINITE, INTERP)) {} \
        HIPIFY_SHIM_FP8_FN explicit T(const __half_raw h)                                               \
            : __x(__hip_cvt_halfraw_to_fp8(h, __HIP_SATFINITE, INTERP)) {}                              \
        HIPIFY_SHIM_FP8_FN explicit T(const __hip_bfloat16 b)                                           \
            : __x(__hip_cvt_bfloat16raw_to_fp8((__hip_bfloat16_raw)b, __HIP_SATFINITE, INTERP)) {}      \
        HIPIFY_SHIM_FP8_FN explicit T(const int v) : __x(__hip_cvt_double_to_fp8((double)v, __HIP_SATFINITE, INTERP)) {} \
        HIPIFY_SHIM_FP8_FN explicit T(const unsigned int v)                                             \
            : __x(__hip_cvt_double_to_fp8((double)v, __HIP_SATFINITE, INTERP)) {}                       \
        HIPIFY_SHIM_FP8_FN explicit T(const long long v)                                                \
            : __x(__hip_cvt_double_to_fp8((double)v, __HIP_SATFINITE, INTERP)) {}                       \
        HIPIFY_SHIM_FP8_FN explicit operator float() const { return hipifyShimFp8ToFloat(__x, INTERP); } \
        HIPIFY_SHIM_FP8_FN explicit operator double() const { return (double)hipifyShimFp8ToFloat(__x, INTERP); } \
        HIPIFY_SHIM_FP8_FN explicit operator __half_raw() const { return __hip_cvt_fp8_to_halfraw(__x, INTERP); } \
        HIPIFY_SHIM_FP8_FN explicit operator __hip_bfloat16() const {                                   \
            return __float2bfloat16(hipifyShimFp8ToFloat(__x, INTERP));                                 \
        }                                                                                               \
        HIPIFY_SHIM_FP8_FN explicit operator bool() const { return (__x & 0x7fu) != 0; }                \
    };
HIPIFY_SHIM_FP8_CLASS(__hip_fp8_e4m3, __HIP_E4M3)
HIPIFY_SHIM_FP8_CLASS(__hip_fp8_e5m2, __HIP_E5M2)
#undef HIPIFY_SHIM_FP8_CLASS

#define HIPIFY_SHIM_FP8X2_CLASS(T, INTERP)                                                                  \
    struct __attribute__((aligned(2))) T {                                                              \
        __hip_fp8x2_storage_t __x;                                                                      \
        T() = default;                                                                                  \
        HIPIFY_SHIM_FP8_FN explicit T(const float2 f) : __x(__hip_cvt_float2_to_fp8x2(f, __HIP_SATFINITE, INTERP)) {} \
        HIPIFY_SHIM_FP8_FN explicit T(const double2 d)                                                  \
            : __x(__hip_cvt_double2_to_fp8x2(d, __HIP_SATFINITE, INTERP)) {}                            \
        HIPIFY_SHIM_FP8_FN explicit T(const __half2_raw h)                                              \
            : __x(__hip_cvt_halfraw2_to_fp8x2(h, __HIP_SATFINITE, INTERP)) {}                           \
        HIPIFY_SHIM_FP8_FN explicit operator __half2_raw() const { return __hip_cvt_fp8x2_to_halfraw2(__x, INTERP); } \
        HIPIFY_SHIM_FP8_FN explicit operator float2() const {                                           \
            float2 r;                                                                                   \
            r.x = hipifyShimFp8ToFloat((__hip_fp8_storage_t)(__x & 0xffu), INTERP);                     \
            r.y = hipifyShimFp8ToFloat((__hip_fp8_storage_t)(__x >> 8), INTERP);                        \
            return r;                                                                                   \
        }                                                                                               \
    };
HIPIFY_SHIM_FP8X2_CLASS(__hip_fp8x2_e4m3, __HIP_E4M3)
HIPIFY_SHIM_FP8X2_CLASS(__hip_fp8x2_e5m2, __HIP_E5M2)
#undef HIPIFY_SHIM_FP8X2_CLASS

#define HIPIFY_SHIM_FP8X4_CLASS(T, INTERP)                                                                  \
    struct __attribute__((aligned(4))) T {                                                              \
        __hip_fp8x4_storage_t __x;                                                                      \
        T() = default;                                                                                  \
        HIPIFY_SHIM_FP8_FN explicit T(const float4 f)                                                   \
            : __x((__hip_fp8x4_storage_t)__hip_cvt_float_to_fp8(f.x, __HIP_SATFINITE, INTERP) |         \
                  (__hip_fp8x4_storage_t)__hip_cvt_float_to_fp8(f.y, __HIP_SATFINITE, INTERP) << 8 |    \
                  (__hip_fp8x4_storage_t)__hip_cvt_float_to_fp8(f.z, __HIP_SATFINITE, INTERP) << 16 |   \
                  (__hip_fp8x4_storage_t)__hip_cvt_float_to_fp8(f.w, __HIP_SATFINITE, INTERP) << 24) {} \
        HIPIFY_SHIM_FP8_FN explicit operator float4() const {                                           \
            float4 r;                                                                                   \
            r.x = hipifyShimFp8ToFloat((__hip_fp8_storage_t)(__x & 0xffu), INTERP);                     \
            r.y = hipifyShimFp8ToFloat((__hip_fp8_storage_t)((__x >> 8) & 0xffu), INTERP);              \
            r.z = hipifyShimFp8ToFloat((__hip_fp8_storage_t)((__x >> 16) & 0xffu), INTERP);             \
            r.w = hipifyShimFp8ToFloat((__hip_fp8_storage_t)(__x >> 24), INTERP);                       \
            return r;                                                                                   \
        }                                                                                               \
    };
HIPIFY_SHIM_FP8X4_CLASS(__hip_fp8x4_e4m3, __HIP_E4M3)
HIPIFY_SHIM_FP8X4_CLASS(__hip_fp8x4_e5m2, __HIP_E5M2)
#undef HIPIFY_SHIM_FP8X4_CLASS

#endif /* !HIPIFY_SHIM_FP8_NATIVE */

#endif /* __cplusplus */
#endif /* HIPIFY_SHIM_FP8_H */
