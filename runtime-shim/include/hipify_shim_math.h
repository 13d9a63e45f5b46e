/* hipify_shim_math.h: CUDA device math functions HIP 5.2 lacks but can compute exactly: the unsigned and
 * 64-bit min/max (umin, ullmax...) and directed-rounding add, sub, mul, div, sqrt and rcp (float, double).
 * It does not provide fma with directed rounding (its exact error needs more than one fma) nor fast paths. */

/* Why these are exact: IEEE round-to-nearest gives r = RN(x) for the exact result x, and the rounding error
 * x - r is itself computable without error (TwoSum for sums, fma(a, b, -r) for products, fma(-r, b, a) for
 * quotients, fma(-r, r, a) for square roots; a float product is exact in double). The result rounded down is
 * r when x >= r, else the float just below r; up and toward zero likewise. Only the error's sign is used, so
 * where the error itself would underflow the operands are first scaled by a power of two (exact). Overflow
 * follows IEEE: rounding down a positive overflow gives the largest finite value, up gives infinity.
 * CUDA documents these functions as IEEE-754 directed rounding; tests/shim_math_test.cpp compares every one
 * with the host FPU under fesetround. The names are the shim's own (hipifyShimFaddRd...), so a HIP release
 * that gains the CUDA names never collides with them. */
#ifndef HIPIFY_SHIM_MATH_H
#define HIPIFY_SHIM_MATH_H

/* 2^600 and 2^-900 as decimal literals that round to them exactly: hexadecimal floating literals (HIPIFY_SHIM_2P600)
 * are C++17, and a host C++11 file of the port includes this header too */
#define HIPIFY_SHIM_2P600 4.149515568880993e+180
#define HIPIFY_SHIM_2M900 1.1830521861667747e-271
#ifdef __cplusplus
#if defined(__HIPCC__) || defined(__CUDACC__)
#include <hip/hip_runtime.h>
#define HIPIFY_SHIM_MATH_FN __host__ __device__ inline
#else /* plain C++ (the host test): the same code, no HIP */
#include <math.h>
#define HIPIFY_SHIM_MATH_FN inline
#endif

/* ---- min/max of unsigned and 64-bit integers (CUDA declares them; HIP 5.2 has only min/max) ---- */
HIPIFY_SHIM_MATH_FN unsigned int hipifyShimUmin(unsigned int a, unsigned int b) { return a < b ? a : b; }
HIPIFY_SHIM_MATH_FN unsigned int hipifyShimUmax(unsigned int a, unsigned int b) { return a > b ? a : b; }
HIPIFY_SHIM_MATH_FN long long int hipifyShimLlmin(long long int a, long long int b) { return a < b ? a : b; }
HIPIFY_SHIM_MATH_FN long long int hipifyShimLlmax(long long int a, long long int b) { return a > b ? a : b; }
HIPIFY_SHIM_MATH_FN unsigned long long int hipifyShimUllmin(unsigned long long int a, unsigned long long int b) {
    return a < b ? a : b;
}
HIPIFY_SHIM_MATH_FN unsigned long long int hipifyShimUllmax(unsigned long long int a, unsigned long long int b) {
    return a > b ? a : b;
}

/* ---- directed rounding ---- */

enum { HIPIFY_SHIM_RD = 0, HIPIFY_SHIM_RU = 1, HIPIFY_SHIM_RZ = 2 };

/* The neighbour of a finite or infinite value toward +infinity (up) or -infinity; NaN stays NaN. */
HIPIFY_SHIM_MATH_FN float hipifyShimStepF(float r, bool up) {
    if (r != r) return r;
    if (r == 0.0f) return up ? 1.40129846e-45f : -1.40129846e-45f;
    unsigned int bits = __builtin_bit_cast(unsigned int, r);
    bits += ((r > 0.0f) == up) ? 1u : 0xffffffffu; /* away from zero: +1 ulp of the magnitude, else -1 */
    return __builtin_bit_cast(float, bits);
}
HIPIFY_SHIM_MATH_FN double hipifyShimStepD(double r, bool up) {
    if (r != r) return r;
    if (r == 0.0) return up ? 4.9406564584124654e-324 : -4.9406564584124654e-324;
    unsigned long long bits = __builtin_bit_cast(unsigned long long, r);
    bits += ((r > 0.0) == up) ? 1ull : ~0ull;
    return __builtin_bit_cast(double, bits);
}

/* r = RN(x); sign = the sign of x - r (-1, 0, 1). The result rounded in direction mode. */
HIPIFY_SHIM_MATH_FN float hipifyShimDirectF(float r, int sign, int mode) {
    if (sign == 0) return r;
    bool up = mode == HIPIFY_SHIM_RU || (mode == HIPIFY_SHIM_RZ && (r < 0.0f || (r == 0.0f && sign < 0)));
    if (up) return sign > 0 ? hipifyShimStepF(r, true) : r;
    return sign < 0 ? hipifyShimStepF(r, false) : r;
}
HIPIFY_SHIM_MATH_FN double hipifyShimDirectD(double r, int sign, int mode) {
    if (sign == 0) return r;
    bool up = mode == HIPIFY_SHIM_RU || (mode == HIPIFY_SHIM_RZ && (r < 0.0 || (r == 0.0 && sign < 0)));
    if (up) return sign > 0 ? hipifyShimStepD(r, true) : r;
    return sign < 0 ? hipifyShimStepD(r, false) : r;
}

/* A finite exact result that rounded to nearest overflowed to infinity: the largest finite value of that
 * sign when the direction points back toward zero, infinity otherwise. */
HIPIFY_SHIM_MATH_FN float hipifyShimOverflowF(float r, int mode) {
    bool keep_inf = (r > 0.0f) ? mode == HIPIFY_SHIM_RU : mode == HIPIFY_SHIM_RD;
    return keep_inf ? r : (r > 0.0f ? 3.40282347e+38f : -3.40282347e+38f);
}
HIPIFY_SHIM_MATH_FN double hipifyShimOverflowD(double r, int mode) {
    bool keep_inf = (r > 0.0) ? mode == HIPIFY_SHIM_RU : mode == HIPIFY_SHIM_RD;
    return keep_inf ? r : (r > 0.0 ? 1.7976931348623157e+308 : -1.7976931348623157e+308);
}

HIPIFY_SHIM_MATH_FN int hipifyShimSignF(float e) { return (e > 0.0f) - (e < 0.0f); }
HIPIFY_SHIM_MATH_FN int hipifyShimSignD(double e) { return (e > 0.0) - (e < 0.0); }
HIPIFY_SHIM_MATH_FN bool hipifyShimFiniteF(float x) { return x - x == 0.0f; }
HIPIFY_SHIM_MATH_FN bool hipifyShimFiniteD(double x) { return x - x == 0.0; }

/* float: sums by TwoSum; products and quotients in double, where a float product is exact. */
HIPIFY_SHIM_MATH_FN float hipifyShimAddF(float a, float b, int mode) {
    float r = a + b;
    if (!hipifyShimFiniteF(r)) return hipifyShimFiniteF(a) && hipifyShimFiniteF(b) ? hipifyShimOverflowF(r, mode) : r;
    if (r == 0.0f) { /* an exact zero: -0 only from two -0 operands, or when rounding down (IEEE 754 6.3) */
        if (a == 0.0f && b == 0.0f && __builtin_signbit(a) == __builtin_signbit(b)) return a;
        return mode == HIPIFY_SHIM_RD ? -0.0f : 0.0f;
    }
    float bb = r - a;
    float e = (a - (r - bb)) + (b - bb);
    return hipifyShimDirectF(r, hipifyShimSignF(e), mode);
}
HIPIFY_SHIM_MATH_FN float hipifyShimMulF(float a, float b, int mode) {
    float r = a * b;
    if (!hipifyShimFiniteF(r)) return hipifyShimFiniteF(a) && hipifyShimFiniteF(b) ? hipifyShimOverflowF(r, mode) : r;
    double x = (double)a * (double)b; /* exact: 24 + 24 bits */
    return hipifyShimDirectF(r, hipifyShimSignD(x - (double)r), mode);
}
HIPIFY_SHIM_MATH_FN float hipifyShimDivF(float a, float b, int mode) {
    float r = a / b;
    if (!hipifyShimFiniteF(r) || r == 0.0f) {
        if (hipifyShimFiniteF(a) && b != 0.0f && hipifyShimFiniteF(b) && a != 0.0f) {
            if (r != 0.0f) return hipifyShimOverflowF(r, mode);
            /* underflow to zero: the exact quotient is a tiny non-zero of r's sign */
            bool neg = (a < 0.0f) != (b < 0.0f);
            return hipifyShimDirectF(neg ? -0.0f : 0.0f, neg ? -1 : 1, mode);
        }
        return r;
    }
    /* a - r*b exactly: r*b is exact in double and within a factor 2 of a, so the difference is too */
    double rem = (double)a - (double)r * (double)b;
    return hipifyShimDirectF(r, hipifyShimSignD(rem) * (b > 0.0f ? 1 : -1), mode);
}
HIPIFY_SHIM_MATH_FN float hipifyShimSqrtF(float a, int mode) {
    float r = __builtin_sqrtf(a);
    if (!hipifyShimFiniteF(r) || r == 0.0f || a < 0.0f) return r;
    double rem = (double)a - (double)r * (double)r; /* exact in double */
    return hipifyShimDirectF(r, hipifyShimSignD(rem), mode);
}

/* double: TwoSum for sums; fma gives the exact error of products, quotients and square roots. Where the
 * error would underflow, both sides are scaled by 2^k first: only its sign is needed. */
HIPIFY_SHIM_MATH_FN double hipifyShimAddD(double a, double b, int mode) {
    double r = a + b;
    if (!hipifyShimFiniteD(r)) return hipifyShimFiniteD(a) && hipifyShimFiniteD(b) ? hipifyShimOverflowD(r, mode) : r;
    if (r == 0.0) {
        if (a == 0.0 && b == 0.0 && __builtin_signbit(a) == __builtin_signbit(b)) return a;
        return mode == HIPIFY_SHIM_RD ? -0.0 : 0.0;
    }
    double bb = r - a;
    double e = (a - (r - bb)) + (b - bb);
    return hipifyShimDirectD(r, hipifyShimSignD(e), mode);
}
HIPIFY_SHIM_MATH_FN double hipifyShimMulD(double a, double b, int mode) {
    double r = a * b;
    if (!hipifyShimFiniteD(r)) return hipifyShimFiniteD(a) && hipifyShimFiniteD(b) ? hipifyShimOverflowD(r, mode) : r;
    if (a == 0.0 || b == 0.0) return r;
    if (__builtin_fabs(r) < HIPIFY_SHIM_2M900) { /* the error would underflow: scale the smaller operand (exact) */
        bool neg = (a < 0.0) != (b < 0.0);
        if (r == 0.0) return hipifyShimDirectD(neg ? -0.0 : 0.0, neg ? -1 : 1, mode);
        double e = __builtin_fabs(a) < __builtin_fabs(b) ? __builtin_fma(a * HIPIFY_SHIM_2P600, b, -(r * HIPIFY_SHIM_2P600))
                                                          : __builtin_fma(a, b * HIPIFY_SHIM_2P600, -(r * HIPIFY_SHIM_2P600));
        return hipifyShimDirectD(r, hipifyShimSignD(e), mode);
    }
    return hipifyShimDirectD(r, hipifyShimSignD(__builtin_fma(a, b, -r)), mode);
}
HIPIFY_SHIM_MATH_FN double hipifyShimDivD(double a, double b, int mode) {
    double r = a / b;
    if (!hipifyShimFiniteD(r) || r == 0.0) {
        if (hipifyShimFiniteD(a) && b != 0.0 && hipifyShimFiniteD(b) && a != 0.0) {
            if (r != 0.0) return hipifyShimOverflowD(r, mode);
            bool neg = (a < 0.0) != (b < 0.0);
            return hipifyShimDirectD(neg ? -0.0 : 0.0, neg ? -1 : 1, mode);
        }
        return r;
    }
    /* a - r*b, scaled by 2^600 where it would underflow (a and r*2^600 then stay in range) */
    double s = (__builtin_fabs(a) < HIPIFY_SHIM_2M900 || __builtin_fabs(r) < HIPIFY_SHIM_2M900) ? HIPIFY_SHIM_2P600 : 1.0;
    double rem = __builtin_fma(-(r * s), b, a * s);
    return hipifyShimDirectD(r, hipifyShimSignD(rem) * (b > 0.0 ? 1 : -1), mode);
}
HIPIFY_SHIM_MATH_FN double hipifyShimSqrtD(double a, int mode) {
    double r = __builtin_sqrt(a);
    if (!hipifyShimFiniteD(r) || r == 0.0 || a < 0.0) return r;
    double s = a < HIPIFY_SHIM_2M900 ? HIPIFY_SHIM_2P600 : 1.0; /* a - r*r would underflow: scaled by 2^600 */
    double rem = __builtin_fma(-(r * s), r, a * s);
    return hipifyShimDirectD(r, hipifyShimSignD(rem), mode);
}

/* CUDA's names: one operation a line, in its three directions (_rd toward -infinity, _ru toward +infinity,
 * _rz toward zero): HIPIFY_SHIM_DIRECTED(Fadd, ...) defines hipifyShimFaddRd, hipifyShimFaddRu and
 * hipifyShimFaddRz, each calling fn(args..., mode). check_shim_tsv.py reads these lines as those names. */
#define HIPIFY_SHIM_DIRECTED(Name, T, params, fn, ...)                                                         \
    HIPIFY_SHIM_MATH_FN T hipifyShim##Name##Rd params { return fn(__VA_ARGS__, HIPIFY_SHIM_RD); }               \
    HIPIFY_SHIM_MATH_FN T hipifyShim##Name##Ru params { return fn(__VA_ARGS__, HIPIFY_SHIM_RU); }               \
    HIPIFY_SHIM_MATH_FN T hipifyShim##Name##Rz params { return fn(__VA_ARGS__, HIPIFY_SHIM_RZ); }
HIPIFY_SHIM_DIRECTED(Fadd, float, (float a, float b), hipifyShimAddF, a, b)
HIPIFY_SHIM_DIRECTED(Fsub, float, (float a, float b), hipifyShimAddF, a, -b)
HIPIFY_SHIM_DIRECTED(Fmul, float, (float a, float b), hipifyShimMulF, a, b)
HIPIFY_SHIM_DIRECTED(Fdiv, float, (float a, float b), hipifyShimDivF, a, b)
HIPIFY_SHIM_DIRECTED(Frcp, float, (float a), hipifyShimDivF, 1.0f, a)
HIPIFY_SHIM_DIRECTED(Fsqrt, float, (float a), hipifyShimSqrtF, a)
HIPIFY_SHIM_DIRECTED(Dadd, double, (double a, double b), hipifyShimAddD, a, b)
HIPIFY_SHIM_DIRECTED(Dsub, double, (double a, double b), hipifyShimAddD, a, -b)
HIPIFY_SHIM_DIRECTED(Dmul, double, (double a, double b), hipifyShimMulD, a, b)
HIPIFY_SHIM_DIRECTED(Ddiv, double, (double a, double b), hipifyShimDivD, a, b)
HIPIFY_SHIM_DIRECTED(Drcp, double, (double a), hipifyShimDivD, 1.0, a)
HIPIFY_SHIM_DIRECTED(Dsqrt, double, (double a), hipifyShimSqrtD, a)
#undef HIPIFY_SHIM_DIRECTED

#endif /* __cplusplus */
#endif /* HIPIFY_SHIM_MATH_H */
