/* hipify_shim_bf16.h: bfloat16 for HIP releases before 6.2, which lack hip_bf16.h's API: the types
 * __hip_bfloat16[2][_raw], their conversions, arithmetic and comparisons, with CUDA's rounding, host and device.
 * It does not provide what HIP 6.2's hip_bf16.h lacks too (directed-rounding and integer conversions, math
 * functions such as hexp, atomics); from HIP 6.2 on it only includes HIP's own header. */

/* The names are HIP's (hip_bf16.h), so a port reads the same for every target and only this header knows
 * the HIP release: compiled with HIP >= 6.2 it includes <hip/hip_bf16.h> and defines nothing. The arithmetic
 * rounds as CUDA does: float -> bf16 is round-to-nearest-even with every NaN becoming 0x7FFF; double -> bf16
 * rounds once (through a round-to-odd float, which keeps the information the final rounding needs); sums,
 * products and quotients of two bf16 values are computed in float, where double rounding cannot change the
 * result (24 >= 2 * 8 + 2 bits), and fma in double. tests/numtypes compares every conversion with CUDA's
 * cuda_bf16.h on every bf16 value and a sweep of floats and doubles. */
#ifndef HIPIFY_SHIM_BF16_H
#define HIPIFY_SHIM_BF16_H

#ifdef __cplusplus
/* Set once here, read by hipify_shim_fp8.h too: HIP's NVIDIA platform, under nvcc or the host compiler. */
#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
#define HIPIFY_SHIM_ON_NVIDIA 1
#endif
#ifdef HIPIFY_SHIM_ON_NVIDIA
/* HIP on NVIDIA (nvcc, or the host compiler on a port's .cpp files): CUDA's own bf16 is what the port must
 * match, and CUDA's headers declare the functions below under the same names (cuBLAS's headers include
 * them), so HIP's type names become aliases of CUDA's, as HIP 6.2's NVIDIA headers make them. */
#include <hip/hip_runtime.h>
#include <cuda_bf16.h>
typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;
typedef __nv_bfloat16_raw __hip_bfloat16_raw;
typedef __nv_bfloat162_raw __hip_bfloat162_raw;
#define HIPIFY_SHIM_BF16_NATIVE 1
#define HIPIFY_SHIM_BF16_FN __host__ __device__ inline
#elif defined(__HIPCC__) || defined(__CUDACC__)
#include <hip/hip_runtime.h>
#if defined(HIP_VERSION) && HIP_VERSION >= 60200000
#include <hip/hip_bf16.h>
#define HIPIFY_SHIM_BF16_NATIVE 1
#endif
#define HIPIFY_SHIM_BF16_FN __host__ __device__ inline
#else /* plain C++ (the host test): the includer provides float2 */
#define HIPIFY_SHIM_BF16_FN inline
#endif

/* ---- bit-level conversions, the one place where rounding happens (own names: defined for every HIP,
 * hipify_shim_fp8.h uses them too) ---- */

/* float -> bf16 bits, round to nearest, ties to even; any NaN becomes CUDA's canonical 0x7FFF. */
HIPIFY_SHIM_BF16_FN unsigned short hipifyShimBf16FromFloatBits(unsigned int u) {
    if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fffu;
    u += 0x7fffu + ((u >> 16) & 1u);
    return (unsigned short)(u >> 16);
}
HIPIFY_SHIM_BF16_FN unsigned short hipifyShimBf16FromFloat(float f) {
    return hipifyShimBf16FromFloatBits(__builtin_bit_cast(unsigned int, f));
}
HIPIFY_SHIM_BF16_FN float hipifyShimBf16ToFloat(unsigned short b) {
    return __builtin_bit_cast(float, (unsigned int)b << 16);
}
/* double -> bf16 with one rounding: truncate to float, mark inexactness in the last bit (round to odd, 24 bits
 * >= 8 + 2), then round that float to nearest even. */
HIPIFY_SHIM_BF16_FN unsigned short hipifyShimBf16FromDouble(double d) {
    if (d != d) return 0x7fffu;
    float f = (float)d;
    unsigned int u = __builtin_bit_cast(unsigned int, f);
    double af = f < 0 ? -(double)f : (double)f, ad = d < 0 ? -d : d;
    if (af > ad) u -= 1u; /* one step toward zero (f is not zero here) */
    if ((double)__builtin_bit_cast(float, u) != d) u |= 1u;
    return hipifyShimBf16FromFloatBits(u);
}

#ifndef HIPIFY_SHIM_BF16_NATIVE

/* ---- types ---- */

typedef struct __hip_bfloat16_raw {
    unsigned short x;
} __hip_bfloat16_raw;
typedef struct __hip_bfloat162_raw {
    unsigned short x;
    unsigned short y;
} __hip_bfloat162_raw;

struct __attribute__((aligned(2))) __hip_bfloat16 {
    unsigned short __x;
    __hip_bfloat16() = default; /* trivial: usable in __shared__ arrays and unions */
    HIPIFY_SHIM_BF16_FN __hip_bfloat16(const __hip_bfloat16_raw &r) : __x(r.x) {}
    HIPIFY_SHIM_BF16_FN __hip_bfloat16(float f) : __x(hipifyShimBf16FromFloat(f)) {}
    HIPIFY_SHIM_BF16_FN __hip_bfloat16(double d) : __x(hipifyShimBf16FromDouble(d)) {}
    /* integers convert with one rounding: every 32-bit integer is exact in double */
    HIPIFY_SHIM_BF16_FN __hip_bfloat16(int v) : __x(hipifyShimBf16FromDouble((double)v)) {}
    HIPIFY_SHIM_BF16_FN __hip_bfloat16(unsigned int v) : __x(hipifyShimBf16FromDouble((double)v)) {}
    HIPIFY_SHIM_BF16_FN __hip_bfloat16(short v) : __x(hipifyShimBf16FromDouble((double)v)) {}
    HIPIFY_SHIM_BF16_FN __hip_bfloat16(unsigned short v) : __x(hipifyShimBf16FromDouble((double)v)) {}
    HIPIFY_SHIM_BF16_FN __hip_bfloat16(long long v) : __x(hipifyShimBf16FromDouble((double)v)) {}
    HIPIFY_SHIM_BF16_FN __hip_bfloat16(unsigned long long v) : __x(hipifyShimBf16FromDouble((double)v)) {}
    HIPIFY_SHIM_BF16_FN operator __hip_bfloat16_raw() const {
        __hip_bfloat16_raw r;
        r.x = __x;
        return r;
    }
    HIPIFY_SHIM_BF16_FN operator float() const { return hipifyShimBf16ToFloat(__x); }
    HIPIFY_SHIM_BF16_FN __hip_bfloat16 &operator=(const __hip_bfloat16_raw &r) {
        __x = r.x;
        return *this;
    }
};

struct __attribute__((aligned(4))) __hip_bfloat162 {
    __hip_bfloat16 x;
    __hip_bfloat16 y;
    __hip_bfloat162() = default;
    HIPIFY_SHIM_BF16_FN __hip_bfloat162(const __hip_bfloat16 &a, const __hip_bfloat16 &b) : x(a), y(b) {}
    HIPIFY_SHIM_BF16_FN __hip_bfloat162(const __hip_bfloat162_raw &r) {
        x.__x = r.x;
        y.__x = r.y;
    }
    HIPIFY_SHIM_BF16_FN operator __hip_bfloat162_raw() const {
        __hip_bfloat162_raw r;
        r.x = x.__x;
        r.y = y.__x;
        return r;
    }
    HIPIFY_SHIM_BF16_FN __hip_bfloat162 &operator=(const __hip_bfloat162_raw &r) {
        x.__x = r.x;
        y.__x = r.y;
        return *this;
    }
};

HIPIFY_SHIM_BF16_FN __hip_bfloat16 hipifyShimBf16Bits(unsigned short b) {
    __hip_bfloat16 h;
    h.__x = b;
    return h;
}

/* ---- conversions and data movement (CUDA's names, as hip_bf16.h spells them) ---- */

HIPIFY_SHIM_BF16_FN float __bfloat162float(const __hip_bfloat16 a) { return hipifyShimBf16ToFloat(a.__x); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __float2bfloat16(const float a) { return hipifyShimBf16Bits(hipifyShimBf16FromFloat(a)); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __double2bfloat16(const double a) {
    return hipifyShimBf16Bits(hipifyShimBf16FromDouble(a));
}
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __float22bfloat162_rn(const float2 a) {
    return __hip_bfloat162(__float2bfloat16(a.x), __float2bfloat16(a.y));
}
HIPIFY_SHIM_BF16_FN float2 __bfloat1622float2(const __hip_bfloat162 a) {
    float2 r;
    r.x = __bfloat162float(a.x);
    r.y = __bfloat162float(a.y);
    return r;
}
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __bfloat162bfloat162(const __hip_bfloat16 a) { return __hip_bfloat162(a, a); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __halves2bfloat162(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    return __hip_bfloat162(a, b);
}
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __high2bfloat16(const __hip_bfloat162 a) { return a.y; }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __low2bfloat16(const __hip_bfloat162 a) { return a.x; }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __high2bfloat162(const __hip_bfloat162 a) { return __hip_bfloat162(a.y, a.y); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __low2bfloat162(const __hip_bfloat162 a) { return __hip_bfloat162(a.x, a.x); }
HIPIFY_SHIM_BF16_FN float __high2float(const __hip_bfloat162 a) { return __bfloat162float(a.y); }
HIPIFY_SHIM_BF16_FN float __low2float(const __hip_bfloat162 a) { return __bfloat162float(a.x); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __highs2bfloat162(const __hip_bfloat162 a, const __hip_bfloat162 b) {
    return __hip_bfloat162(a.y, b.y);
}
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __lows2bfloat162(const __hip_bfloat162 a, const __hip_bfloat162 b) {
    return __hip_bfloat162(a.x, b.x);
}
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __lowhigh2highlow(const __hip_bfloat162 a) { return __hip_bfloat162(a.y, a.x); }
HIPIFY_SHIM_BF16_FN short int __bfloat16_as_short(const __hip_bfloat16 h) { return (short int)h.__x; }
HIPIFY_SHIM_BF16_FN unsigned short int __bfloat16_as_ushort(const __hip_bfloat16 h) { return h.__x; }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __short_as_bfloat16(const short int a) { return hipifyShimBf16Bits((unsigned short)a); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __ushort_as_bfloat16(const unsigned short int a) { return hipifyShimBf16Bits(a); }

/* ---- arithmetic: exact in float (or double for fma), rounded once to bf16 ---- */

HIPIFY_SHIM_BF16_FN bool __hisnan(const __hip_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }

HIPIFY_SHIM_BF16_FN int __hisinf(const __hip_bfloat16 a) {
    return a.__x == 0x7f80u ? 1 : a.__x == 0xff80u ? -1 : 0;
}
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __hadd(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    return __float2bfloat16(__bfloat162float(a) + __bfloat162float(b));
}
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __hsub(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    return __float2bfloat16(__bfloat162float(a) - __bfloat162float(b));
}
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __hmul(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    return __float2bfloat16(__bfloat162float(a) * __bfloat162float(b));
}
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __hdiv(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    return __float2bfloat16(__bfloat162float(a) / __bfloat162float(b));
}
/* a * b is exact in double; the sum is rounded to odd in double (TwoSum gives its exact error, and an
 * inexact sum with an even last bit steps one ulp toward the exact value), which keeps what the final
 * rounding to bf16 needs however far apart the addends are. */
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __hfma(const __hip_bfloat16 a, const __hip_bfloat16 b, const __hip_bfloat16 c) {
    double p = (double)__bfloat162float(a) * (double)__bfloat162float(b), q = (double)__bfloat162float(c);
    double s = p + q, bv = s - p, err = (p - (s - bv)) + (q - bv);
    if (err == err && err != 0 && s - s == 0) { /* inexact and finite */
        unsigned long long u = __builtin_bit_cast(unsigned long long, s);
        if (!(u & 1ull)) u += ((err > 0) == (s > 0)) ? 1ull : ~0ull;
        s = __builtin_bit_cast(double, u);
    }
    return __double2bfloat16(s);
}
/* sign operations; a NaN comes back as the canonical NaN, as CUDA's do */
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __hneg(const __hip_bfloat16 a) {
    return hipifyShimBf16Bits((a.__x & 0x7fffu) > 0x7f80u ? 0x7fffu : a.__x ^ 0x8000u);
}
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __habs(const __hip_bfloat16 a) {
    return hipifyShimBf16Bits((a.__x & 0x7fffu) > 0x7f80u ? 0x7fffu : a.__x & 0x7fffu);
}

/* CUDA's max/min: a NaN operand yields the other; two NaNs yield the canonical NaN; +0 is above -0. */
HIPIFY_SHIM_BF16_FN __hip_bfloat16 hipifyShimBf16MaxMin(const __hip_bfloat16 a, const __hip_bfloat16 b, bool max) {
    bool na = __hisnan(a), nb = __hisnan(b);
    if (na && nb) return hipifyShimBf16Bits(0x7fffu);
    if (na) return b;
    if (nb) return a;
    float fa = __bfloat162float(a), fb = __bfloat162float(b);
    if (fa != fb) return (fa > fb) == max ? a : b;
    bool a_negative = (a.__x & 0x8000u) != 0; /* equal values: only the zeros' signs differ */
    return a_negative == max ? b : a;
}
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __hmax(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    return hipifyShimBf16MaxMin(a, b, true);
}
HIPIFY_SHIM_BF16_FN __hip_bfloat16 __hmin(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    return hipifyShimBf16MaxMin(a, b, false);
}

/* ordered comparisons are false with a NaN operand; the ...u forms are true */
#define HIPIFY_SHIM_BF16_CMP(name, uname, op)                                                              \
    HIPIFY_SHIM_BF16_FN bool name(const __hip_bfloat16 a, const __hip_bfloat16 b) {                     \
        return __bfloat162float(a) op __bfloat162float(b);                                              \
    }                                                                                                   \
    HIPIFY_SHIM_BF16_FN bool uname(const __hip_bfloat16 a, const __hip_bfloat16 b) {                    \
        return __hisnan(a) || __hisnan(b) || __bfloat162float(a) op __bfloat162float(b);                \
    }
HIPIFY_SHIM_BF16_CMP(__heq, __hequ, ==)
HIPIFY_SHIM_BF16_CMP(__hge, __hgeu, >=)
HIPIFY_SHIM_BF16_CMP(__hgt, __hgtu, >)
HIPIFY_SHIM_BF16_CMP(__hle, __hleu, <=)
HIPIFY_SHIM_BF16_CMP(__hlt, __hltu, <)
#undef HIPIFY_SHIM_BF16_CMP
HIPIFY_SHIM_BF16_FN bool __hne(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    return !__hisnan(a) && !__hisnan(b) && __bfloat162float(a) != __bfloat162float(b);
}
HIPIFY_SHIM_BF16_FN bool __hneu(const __hip_bfloat16 a, const __hip_bfloat16 b) {
    return __bfloat162float(a) != __bfloat162float(b);
}

/* ---- two lanes ---- */

#define HIPIFY_SHIM_BF162_MAP2(name, one)                                                                  \
    HIPIFY_SHIM_BF16_FN __hip_bfloat162 name(const __hip_bfloat162 a, const __hip_bfloat162 b) {        \
        return __hip_bfloat162(one(a.x, b.x), one(a.y, b.y));                                           \
    }
HIPIFY_SHIM_BF162_MAP2(__hadd2, __hadd)
HIPIFY_SHIM_BF162_MAP2(__hsub2, __hsub)
HIPIFY_SHIM_BF162_MAP2(__hmul2, __hmul)
HIPIFY_SHIM_BF162_MAP2(__h2div, __hdiv)
HIPIFY_SHIM_BF162_MAP2(__hmax2, __hmax)
HIPIFY_SHIM_BF162_MAP2(__hmin2, __hmin)
#undef HIPIFY_SHIM_BF162_MAP2
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __hfma2(const __hip_bfloat162 a, const __hip_bfloat162 b, const __hip_bfloat162 c) {
    return __hip_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __hneg2(const __hip_bfloat162 a) { return __hip_bfloat162(__hneg(a.x), __hneg(a.y)); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __habs2(const __hip_bfloat162 a) { return __hip_bfloat162(__habs(a.x), __habs(a.y)); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 __hisnan2(const __hip_bfloat162 a) {
    return __hip_bfloat162(hipifyShimBf16Bits(__hisnan(a.x) ? 0x3f80u : 0u), hipifyShimBf16Bits(__hisnan(a.y) ? 0x3f80u : 0u));
}
/* __heq2...: 1.0 or 0.0 per lane; __hbeq2...: true when both lanes compare true */
#define HIPIFY_SHIM_BF162_CMP(name, bname, one)                                                            \
    HIPIFY_SHIM_BF16_FN __hip_bfloat162 name(const __hip_bfloat162 a, const __hip_bfloat162 b) {        \
        return __hip_bfloat162(hipifyShimBf16Bits(one(a.x, b.x) ? 0x3f80u : 0u),                        \
                               hipifyShimBf16Bits(one(a.y, b.y) ? 0x3f80u : 0u));                       \
    }                                                                                                   \
    HIPIFY_SHIM_BF16_FN bool bname(const __hip_bfloat162 a, const __hip_bfloat162 b) {                  \
        return one(a.x, b.x) && one(a.y, b.y);                                                          \
    }
HIPIFY_SHIM_BF162_CMP(__heq2, __hbeq2, __heq)
HIPIFY_SHIM_BF162_CMP(__hne2, __hbne2, __hne)
HIPIFY_SHIM_BF162_CMP(__hge2, __hbge2, __hge)
HIPIFY_SHIM_BF162_CMP(__hgt2, __hbgt2, __hgt)
HIPIFY_SHIM_BF162_CMP(__hle2, __hble2, __hle)
HIPIFY_SHIM_BF162_CMP(__hlt2, __hblt2, __hlt)
#undef HIPIFY_SHIM_BF162_CMP
#define HIPIFY_SHIM_BF162_BCMP(bname, one)                                                                 \
    HIPIFY_SHIM_BF16_FN bool bname(const __hip_bfloat162 a, const __hip_bfloat162 b) {                  \
        return one(a.x, b.x) && one(a.y, b.y);                                                          \
    }
HIPIFY_SHIM_BF162_BCMP(__hbequ2, __hequ)
HIPIFY_SHIM_BF162_BCMP(__hbneu2, __hneu)
HIPIFY_SHIM_BF162_BCMP(__hbgeu2, __hgeu)
HIPIFY_SHIM_BF162_BCMP(__hbgtu2, __hgtu)
HIPIFY_SHIM_BF162_BCMP(__hbleu2, __hleu)
HIPIFY_SHIM_BF162_BCMP(__hbltu2, __hltu)
#undef HIPIFY_SHIM_BF162_BCMP

/* ---- operators, as cuda_bf16.hpp defines them ---- */

HIPIFY_SHIM_BF16_FN __hip_bfloat16 operator+(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hadd(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 operator-(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hsub(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 operator*(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hmul(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 operator/(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hdiv(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 &operator+=(__hip_bfloat16 &a, const __hip_bfloat16 &b) { return a = __hadd(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 &operator-=(__hip_bfloat16 &a, const __hip_bfloat16 &b) { return a = __hsub(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 &operator*=(__hip_bfloat16 &a, const __hip_bfloat16 &b) { return a = __hmul(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 &operator/=(__hip_bfloat16 &a, const __hip_bfloat16 &b) { return a = __hdiv(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 operator+(const __hip_bfloat16 &a) { return a; }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 operator-(const __hip_bfloat16 &a) { return __hneg(a); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 &operator++(__hip_bfloat16 &a) { return a = __hadd(a, __hip_bfloat16(1.0f)); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 &operator--(__hip_bfloat16 &a) { return a = __hsub(a, __hip_bfloat16(1.0f)); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 operator++(__hip_bfloat16 &a, int) {
    __hip_bfloat16 old = a;
    ++a;
    return old;
}
HIPIFY_SHIM_BF16_FN __hip_bfloat16 operator--(__hip_bfloat16 &a, int) {
    __hip_bfloat16 old = a;
    --a;
    return old;
}
HIPIFY_SHIM_BF16_FN bool operator==(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __heq(a, b); }
HIPIFY_SHIM_BF16_FN bool operator!=(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hneu(a, b); }
HIPIFY_SHIM_BF16_FN bool operator>(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hgt(a, b); }
HIPIFY_SHIM_BF16_FN bool operator<(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hlt(a, b); }
HIPIFY_SHIM_BF16_FN bool operator>=(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hge(a, b); }
HIPIFY_SHIM_BF16_FN bool operator<=(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hle(a, b); }

HIPIFY_SHIM_BF16_FN __hip_bfloat162 operator+(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hadd2(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 operator-(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hsub2(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 operator*(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hmul2(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 operator/(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __h2div(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 &operator+=(__hip_bfloat162 &a, const __hip_bfloat162 &b) { return a = __hadd2(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 &operator-=(__hip_bfloat162 &a, const __hip_bfloat162 &b) { return a = __hsub2(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 &operator*=(__hip_bfloat162 &a, const __hip_bfloat162 &b) { return a = __hmul2(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 &operator/=(__hip_bfloat162 &a, const __hip_bfloat162 &b) { return a = __h2div(a, b); }
HIPIFY_SHIM_BF16_FN __hip_bfloat162 operator-(const __hip_bfloat162 &a) { return __hneg2(a); }
HIPIFY_SHIM_BF16_FN bool operator==(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hbeq2(a, b); }
HIPIFY_SHIM_BF16_FN bool operator!=(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hbneu2(a, b); }

#endif /* !HIPIFY_SHIM_BF16_NATIVE */

/* ---- CUDA functions that HIP's hip_bf16.h lacks too: the shim's own names (mappings/shim.tsv), defined
 * for every HIP release on HIP's or the shim's types alike ---- */

HIPIFY_SHIM_BF16_FN __hip_bfloat162 hipifyShimFloats2Bfloat162Rn(const float a, const float b) {
    return __halves2bfloat162(__float2bfloat16(a), __float2bfloat16(b));
}
HIPIFY_SHIM_BF16_FN __hip_bfloat162 hipifyShimFloat2Bfloat162Rn(const float a) {
    __hip_bfloat16 h = __float2bfloat16(a);
    return __halves2bfloat162(h, h);
}
HIPIFY_SHIM_BF16_FN __hip_bfloat162 hipifyShimMakeBfloat162(const __hip_bfloat16 x, const __hip_bfloat16 y) {
    return __halves2bfloat162(x, y);
}
/* Directed conversions: the upper half of the float's bits is the value rounded toward zero; a non-zero
 * lower half moves it one step away from zero where the direction asks (down for negatives, up for
 * positives). A NaN gives the canonical NaN. */
HIPIFY_SHIM_BF16_FN __hip_bfloat16 hipifyShimBf16Directed(const float f, const int away_if_negative) {
    unsigned int u = __builtin_bit_cast(unsigned int, f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return __ushort_as_bfloat16((unsigned short)0x7fffu);
    unsigned short r = (unsigned short)(u >> 16);
    bool negative = (u >> 31) != 0, inexact = (u & 0xffffu) != 0;
    if (inexact && away_if_negative >= 0 && negative == (away_if_negative == 1)) r++;
    return __ushort_as_bfloat16(r);
}
HIPIFY_SHIM_BF16_FN __hip_bfloat16 hipifyShimFloat2Bfloat16Rz(const float f) { return hipifyShimBf16Directed(f, -1); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 hipifyShimFloat2Bfloat16Rd(const float f) { return hipifyShimBf16Directed(f, 1); }
HIPIFY_SHIM_BF16_FN __hip_bfloat16 hipifyShimFloat2Bfloat16Ru(const float f) { return hipifyShimBf16Directed(f, 0); }
#endif /* __cplusplus */
#endif /* HIPIFY_SHIM_BF16_H */
