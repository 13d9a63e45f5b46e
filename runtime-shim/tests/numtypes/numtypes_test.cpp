/* numtypes_test.cpp: every conversion of hipify_shim_bf16.h and hipify_shim_fp8.h against CUDA's own
 * cuda_bf16.h / cuda_fp8.h on the host: exhaustive where the input has 8 or 16 bits, dense sweeps and
 * rounding edges (midpoints and their neighbours) for float and double inputs. Not a device test. */
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace shim {
#include "hipify_shim_bf16.h"
#include "hipify_shim_fp8.h"
#include "hipify_shim_rn.h"
} // namespace shim

static long checks, failures;
static std::map<std::string, long> failures_of; /* the first three of each check are printed */

static void expect(const char *what, uint64_t input, uint64_t cuda, uint64_t ours) {
    checks++;
    if (cuda == ours) return;
    failures++;
    if (failures_of[what]++ < 3)
        printf("MISMATCH %s: input 0x%llx: CUDA 0x%llx, shim 0x%llx\n", what, (unsigned long long)input,
               (unsigned long long)cuda, (unsigned long long)ours);
}

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float bitsf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static uint16_t nv_bits(__nv_bfloat16 b) { return __bfloat16_as_ushort(b); }
static __nv_bfloat16 nv_bf(uint16_t u) { return __ushort_as_bfloat16(u); }
static shim::__hip_bfloat16 sh_bf(uint16_t u) { return shim::__ushort_as_bfloat16(u); }

static const __nv_saturation_t nv_sat[2] = {__NV_NOSAT, __NV_SATFINITE};
static const shim::__hip_saturation_t sh_sat[2] = {shim::__HIP_NOSAT, shim::__HIP_SATFINITE};
static const __nv_fp8_interpretation_t nv_int[2] = {__NV_E4M3, __NV_E5M2};
static const shim::__hip_fp8_interpretation_t sh_int[2] = {shim::__HIP_E4M3, shim::__HIP_E5M2};

/* float inputs that decide roundings: every bf16 value with low halves at and around the midpoint, and
 * random floats of every exponent */
static std::vector<float> float_sweep(std::mt19937_64 &rng) {
    std::vector<float> v;
    const uint32_t lows[] = {0, 1, 0x7fff, 0x8000, 0x8001, 0xffff, 0x4000, 0xc000};
    for (uint32_t hi = 0; hi < 0x10000; hi++)
        for (uint32_t lo : lows) v.push_back(bitsf(hi << 16 | lo));
    for (int i = 0; i < 2000000; i++) v.push_back(bitsf((uint32_t)rng()));
    return v;
}

/* every midpoint between neighbouring fp8 values of one format, with the nearest floats around it */
static std::vector<double> fp8_edges(int interp) {
    std::vector<double> v;
    for (int code = 0; code < 0x80; code++) {
        __half_raw h = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)code, nv_int[interp]);
        float a = __half2float(__half(h));
        h = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(code + 1), nv_int[interp]);
        float b = __half2float(__half(h));
        if (!isfinite(a)) continue;
        double mid = isfinite(b) ? ((double)a + b) / 2 : (double)a * 1.0625; /* past the largest value */
        const double pts[] = {a, mid, nextafter(mid, 0.0), nextafter(mid, INFINITY), (double)nextafterf((float)mid, 0.f),
                              (double)nextafterf((float)mid, INFINITY), mid * 1.5, mid * 0.75};
        for (double p : pts) { v.push_back(p); v.push_back(-p); }
    }
    const double extra[] = {0.0, 1e-30, 1e30, 448.0, 464.0, 480.0, 57344.0, 61440.0, 65536.0, 1e300, INFINITY, NAN};
    for (double p : extra) { v.push_back(p); v.push_back(-p); }
    return v;
}

/* CUDA 13 declares the bf16 fma for the device only, so the shim's is checked against the exact a * b + c:
 * the result must be a nearest bf16 value, the even one on a tie, and NaN/infinity where IEEE says. The sum
 * is exact in __float128 (113 bits) once an addend more than 2^-100 times smaller than the other is
 * replaced by one of the same sign at 2^-100 times: below the other's last bit, only its sign can matter. */
static __float128 bf16_value(uint16_t r) { /* infinity counts as 2^128, where IEEE rounding puts it */
    if ((r & 0x7fff) == 0x7f80) return (r & 0x8000) ? -(__float128)0x1p128 : (__float128)0x1p128;
    return (__float128)shim::__bfloat162float(shim::__ushort_as_bfloat16(r));
}
static bool fma_is_nearest(shim::__hip_bfloat16 a, shim::__hip_bfloat16 b, shim::__hip_bfloat16 c) {
    float fa = shim::__bfloat162float(a), fb = shim::__bfloat162float(b), fc = shim::__bfloat162float(c);
    uint16_t r = shim::__hfma(a, b, c).__x;
    if (isinf(fa) || isinf(fb) || isinf(fc) || isnan(fa) || isnan(fb) || isnan(fc)) {
        double e = (double)fa * fb + fc; /* infinities and NaN propagate as in IEEE */
        return isnan(e) ? r == 0x7fff : shim::__bfloat162float(shim::__ushort_as_bfloat16(r)) == e;
    }
    __float128 p = (__float128)fa * fb, q = fc, ap = p < 0 ? -p : p, ac = q < 0 ? -q : q;
    if (ap > 0 && ac > 0 && ac < ap * (__float128)0x1p-100) q = (q < 0 ? -ap : ap) * (__float128)0x1p-100;
    if (ap > 0 && ac > 0 && ap < ac * (__float128)0x1p-100) p = (p < 0 ? -ac : ac) * (__float128)0x1p-100;
    __float128 x = p + q;
    if (x == 0) return (r & 0x7fff) == 0;
    if ((r & 0x7fff) > 0x7f80) return false;
    __float128 d0 = x - bf16_value(r);
    if (d0 < 0) d0 = -d0;
    for (uint16_t n : {(uint16_t)(r + 1), (uint16_t)(r - 1)}) {
        if ((n & 0x7fff) > 0x7f80 || (n ^ r) & 0x8000) continue; /* past infinity or across zero */
        __float128 d = x - bf16_value(n);
        if (d < 0) d = -d;
        if (d < d0 || (d == d0 && (r & 1))) return false;
    }
    return true;
}

int main(void) {
    std::mt19937_64 rng(20261126);

    /* bf16 -> float, all 65536 */
    for (uint32_t u = 0; u < 0x10000; u++) {
        expect("__bfloat162float", u, fbits(__bfloat162float(nv_bf(u))), fbits(shim::__bfloat162float(sh_bf(u))));
        __nv_bfloat162 n2 = __halves2bfloat162(nv_bf(u), nv_bf(u ^ 0x8000));
        float2 nf = __bfloat1622float2(n2);
        float2 sf = shim::__bfloat1622float2(shim::__halves2bfloat162(sh_bf(u), sh_bf(u ^ 0x8000)));
        expect("__bfloat1622float2", u, (uint64_t)fbits(nf.x) << 32 | fbits(nf.y), (uint64_t)fbits(sf.x) << 32 | fbits(sf.y));
    }

    /* float -> bf16 */
    std::vector<float> fs = float_sweep(rng);
    for (size_t i = 0; i < fs.size(); i++) {
        float f = fs[i];
        expect("__float2bfloat16", fbits(f), nv_bits(__float2bfloat16(f)), shim::__bfloat16_as_ushort(shim::__float2bfloat16(f)));
        if (i % 4 == 0) {
            float g = fs[(i * 7919) % fs.size()];
            float2 p; p.x = f; p.y = g;
            __nv_bfloat162 n = __float22bfloat162_rn(p);
            shim::__hip_bfloat162 s = shim::__float22bfloat162_rn(p);
            expect("__float22bfloat162_rn", fbits(f), (uint32_t)nv_bits(n.x) << 16 | nv_bits(n.y),
                   (uint32_t)s.x.__x << 16 | s.y.__x);
            expect("__float2bfloat16_rn", fbits(f), nv_bits(__float2bfloat16_rn(f)), shim::__float2bfloat16(f).__x);
            __nv_bfloat162 n2 = __floats2bfloat162_rn(f, g), m2 = __float2bfloat162_rn(f);
            shim::__hip_bfloat162 s2 = shim::hipifyShimFloats2Bfloat162Rn(f, g), t2 = shim::hipifyShimFloat2Bfloat162Rn(f);
            expect("__floats2bfloat162_rn", fbits(f), (uint32_t)nv_bits(n2.x) << 16 | nv_bits(n2.y), (uint32_t)s2.x.__x << 16 | s2.y.__x);
            expect("__float2bfloat162_rn", fbits(f), (uint32_t)nv_bits(m2.x) << 16 | nv_bits(m2.y), (uint32_t)t2.x.__x << 16 | t2.y.__x);
            __nv_bfloat162 k2 = make_bfloat162(n2.y, n2.x);
            shim::__hip_bfloat162 l2 = shim::hipifyShimMakeBfloat162(s2.y, s2.x);
            expect("make_bfloat162", fbits(f), (uint32_t)nv_bits(k2.x) << 16 | nv_bits(k2.y), (uint32_t)l2.x.__x << 16 | l2.y.__x);
        }
        {
            expect("__float2bfloat16_rz", fbits(f), nv_bits(__float2bfloat16_rz(f)), shim::hipifyShimFloat2Bfloat16Rz(f).__x);
            expect("__float2bfloat16_rd", fbits(f), nv_bits(__float2bfloat16_rd(f)), shim::hipifyShimFloat2Bfloat16Rd(f).__x);
            expect("__float2bfloat16_ru", fbits(f), nv_bits(__float2bfloat16_ru(f)), shim::hipifyShimFloat2Bfloat16Ru(f).__x);
        }
    }

    /* double -> bf16: every bf16 midpoint, its double neighbours, the doubles that round to that midpoint as
     * a float (a double rounding would go wrong there), and random doubles */
    for (uint32_t u = 0; u < 0x7f80; u++) {
        double a = __bfloat162float(nv_bf(u)), b = __bfloat162float(nv_bf(u + 1)), mid = (a + b) / 2;
        double ulpf = (double)nextafterf((float)mid, INFINITY) - mid;
        const double pts[] = {mid, nextafter(mid, 0.0), nextafter(mid, INFINITY), mid + ulpf / 4, mid - ulpf / 4,
                              mid + ulpf / 2, mid - ulpf / 2, a};
        for (double p : pts)
            for (double q : {p, -p})
                expect("__double2bfloat16", dbits(q), nv_bits(__double2bfloat16(q)), shim::__double2bfloat16(q).__x);
    }
    for (int i = 0; i < 1000000; i++) {
        double d;
        uint64_t r = rng();
        memcpy(&d, &r, 8);
        if (i & 1) d = ldexp((double)(int64_t)rng(), (int)(rng() % 300) - 200);
        expect("__double2bfloat16", dbits(d), nv_bits(__double2bfloat16(d)), shim::__double2bfloat16(d).__x);
    }

    /* bf16 arithmetic and comparisons on random pairs of bf16 values (every class: NaN, inf, zero, subnormal) */
    for (int i = 0; i < 3000000; i++) {
        uint16_t x = (uint16_t)rng(), y = (uint16_t)rng(), z = (uint16_t)rng();
        if (i % 8 == 0) y = x ^ 0x8000;
        if (i % 8 == 1) y = x;
        __nv_bfloat16 a = nv_bf(x), b = nv_bf(y), c = nv_bf(z);
        shim::__hip_bfloat16 sa = sh_bf(x), sb = sh_bf(y), sc = sh_bf(z);
        uint64_t in = (uint64_t)x << 32 | (uint64_t)y << 16 | z;
        expect("__hadd", in, nv_bits(__hadd(a, b)), shim::__hadd(sa, sb).__x);
        expect("__hsub", in, nv_bits(__hsub(a, b)), shim::__hsub(sa, sb).__x);
        expect("__hmul", in, nv_bits(__hmul(a, b)), shim::__hmul(sa, sb).__x);
        expect("__hdiv", in, nv_bits(__hdiv(a, b)), shim::__hdiv(sa, sb).__x);
        expect("__hadd_rn", in, nv_bits(__hadd_rn(a, b)), shim::hipifyShimHaddRn(sa, sb).__x);
        expect("__hsub_rn", in, nv_bits(__hsub_rn(a, b)), shim::hipifyShimHsubRn(sa, sb).__x);
        expect("__hmul_rn", in, nv_bits(__hmul_rn(a, b)), shim::hipifyShimHmulRn(sa, sb).__x);
        {
            __nv_bfloat162 np = __halves2bfloat162(a, c), nq = __halves2bfloat162(b, a);
            shim::__hip_bfloat162 sp = shim::__halves2bfloat162(sa, sc), sq = shim::__halves2bfloat162(sb, sa);
            __nv_bfloat162 nm = __hmul2_rn(np, nq), ns = __hadd2_rn(np, nq), nd = __hsub2_rn(np, nq);
            shim::__hip_bfloat162 sm = shim::hipifyShimHmul2Rn(sp, sq), ss = shim::hipifyShimHadd2Rn(sp, sq),
                                  sd = shim::hipifyShimHsub2Rn(sp, sq);
            expect("__hmul2_rn", in, (uint32_t)nv_bits(__low2bfloat16(nm)) << 16 | nv_bits(__high2bfloat16(nm)),
                   (uint32_t)sm.x.__x << 16 | sm.y.__x);
            expect("__hadd2_rn", in, (uint32_t)nv_bits(__low2bfloat16(ns)) << 16 | nv_bits(__high2bfloat16(ns)),
                   (uint32_t)ss.x.__x << 16 | ss.y.__x);
            expect("__hsub2_rn", in, (uint32_t)nv_bits(__low2bfloat16(nd)) << 16 | nv_bits(__high2bfloat16(nd)),
                   (uint32_t)sd.x.__x << 16 | sd.y.__x);
            /* the half overloads: the same bits read as binary16 */
            __half ha = __ushort_as_half(x), hb = __ushort_as_half(y);
            expect("__hadd_rn (half)", in, __half_as_ushort(__hadd_rn(ha, hb)),
                   __half_as_ushort(shim::hipifyShimHaddRn(ha, hb)));
            expect("__hsub_rn (half)", in, __half_as_ushort(__hsub_rn(ha, hb)),
                   __half_as_ushort(shim::hipifyShimHsubRn(ha, hb)));
            expect("__hmul_rn (half)", in, __half_as_ushort(__hmul_rn(ha, hb)),
                   __half_as_ushort(shim::hipifyShimHmulRn(ha, hb)));
            __half2 h2a = __halves2half2(ha, hb), h2b = __halves2half2(hb, ha);
            __half2 nh = __hmul2_rn(h2a, h2b), sh = shim::hipifyShimHmul2Rn(h2a, h2b);
            expect("__hmul2_rn (half)", in,
                   (uint32_t)__half_as_ushort(__low2half(nh)) << 16 | __half_as_ushort(__high2half(nh)),
                   (uint32_t)__half_as_ushort(__low2half(sh)) << 16 | __half_as_ushort(__high2half(sh)));
        }
        expect("__hfma (device-only in CUDA: against the exact result)", in, 1, fma_is_nearest(sa, sb, sc));
        expect("__hmax", in, nv_bits(__hmax(a, b)), shim::__hmax(sa, sb).__x);
        expect("__hmin", in, nv_bits(__hmin(a, b)), shim::__hmin(sa, sb).__x);
        expect("__hneg", in, nv_bits(__hneg(a)), shim::__hneg(sa).__x);
        expect("__habs", in, nv_bits(__habs(a)), shim::__habs(sa).__x);
        expect("__hisnan", in, __hisnan(a), shim::__hisnan(sa));
        expect("__hisinf", in, (uint64_t)__hisinf(a), (uint64_t)shim::__hisinf(sa));
        unsigned nc = __heq(a, b) | __hne(a, b) << 1 | __hge(a, b) << 2 | __hgt(a, b) << 3 | __hle(a, b) << 4 |
                      __hlt(a, b) << 5 | __hequ(a, b) << 6 | __hneu(a, b) << 7 | __hgeu(a, b) << 8 |
                      __hgtu(a, b) << 9 | __hleu(a, b) << 10 | __hltu(a, b) << 11;
        unsigned sc2 = shim::__heq(sa, sb) | shim::__hne(sa, sb) << 1 | shim::__hge(sa, sb) << 2 |
                       shim::__hgt(sa, sb) << 3 | shim::__hle(sa, sb) << 4 | shim::__hlt(sa, sb) << 5 |
                       shim::__hequ(sa, sb) << 6 | shim::__hneu(sa, sb) << 7 | shim::__hgeu(sa, sb) << 8 |
                       shim::__hgtu(sa, sb) << 9 | shim::__hleu(sa, sb) << 10 | shim::__hltu(sa, sb) << 11;
        expect("comparisons", in, nc, sc2);
        unsigned no = (a + b == b) | (a * b < c) << 1 | (a != c) << 2 | (-a >= b / c) << 3;
        unsigned so = (sa + sb == sb) | (sa * sb < sc) << 1 | (sa != sc) << 2 | (-sa >= sb / sc) << 3;
        expect("operators", in, no, so);
        shim::__hip_bfloat162 s2 = shim::__hfma2(shim::__halves2bfloat162(sa, sb), shim::__halves2bfloat162(sb, sc),
                                                 shim::__halves2bfloat162(sc, sa));
        expect("__hfma2", in, (uint32_t)shim::__hfma(sa, sb, sc).__x << 16 | shim::__hfma(sb, sc, sa).__x,
               (uint32_t)s2.x.__x << 16 | s2.y.__x);
        __nv_bfloat162 nl = __halves2bfloat162(a, b), nr = __halves2bfloat162(c, b);
        shim::__hip_bfloat162 sl = shim::__halves2bfloat162(sa, sb), sr = shim::__halves2bfloat162(sc, sb);
        unsigned nb = __hbeq2(nl, nr) | __hbne2(nl, nr) << 1 | __hbge2(nl, nr) << 2 | __hbltu2(nl, nr) << 3 |
                      (nv_bits(__hlt2(nl, nr).x) == 0x3f80) << 4 | (nv_bits(__hmax2(nl, nr).y) << 8);
        unsigned sb2 = shim::__hbeq2(sl, sr) | shim::__hbne2(sl, sr) << 1 | shim::__hbge2(sl, sr) << 2 |
                       shim::__hbltu2(sl, sr) << 3 | (shim::__hlt2(sl, sr).x.__x == 0x3f80) << 4 |
                       (shim::__hmax2(sl, sr).y.__x << 8);
        expect("bfloat162 comparisons", in, nb, sb2);
    }

    /* fp8 -> half, all 256 codes of both formats */
    for (int f = 0; f < 2; f++)
        for (int code = 0; code < 256; code++) {
            __half_raw n = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)code, nv_int[f]);
            __half_raw s = shim::__hip_cvt_fp8_to_halfraw((shim::__hip_fp8_storage_t)code, sh_int[f]);
            expect(f ? "__nv_cvt_fp8_to_halfraw E5M2" : "__nv_cvt_fp8_to_halfraw E4M3", code, n.x, s.x);
            __half2_raw n2 = __nv_cvt_fp8x2_to_halfraw2((__nv_fp8x2_storage_t)(code | (255 - code) << 8), nv_int[f]);
            __half2_raw s2 = shim::__hip_cvt_fp8x2_to_halfraw2((shim::__hip_fp8x2_storage_t)(code | (255 - code) << 8), sh_int[f]);
            expect("__nv_cvt_fp8x2_to_halfraw2", code, (uint32_t)n2.x << 16 | n2.y, (uint32_t)s2.x << 16 | s2.y);
            __nv_fp8_e4m3 n4; n4.__x = (__nv_fp8_storage_t)code;
            __nv_fp8_e5m2 n5; n5.__x = (__nv_fp8_storage_t)code;
            shim::__hip_fp8_e4m3 s4; s4.__x = (shim::__hip_fp8_storage_t)code;
            shim::__hip_fp8_e5m2 s5; s5.__x = (shim::__hip_fp8_storage_t)code;
            expect("fp8 class -> float", code, fbits(f ? (float)n5 : (float)n4), fbits(f ? (float)s5 : (float)s4));
        }

    /* to fp8: both formats, both saturation modes */
    for (int f = 0; f < 2; f++)
        for (int s = 0; s < 2; s++) {
            char what[64];
            for (size_t i = 0; i < fs.size(); i += (i < 524288 ? 1 : 7)) {
                snprintf(what, sizeof what, "__nv_cvt_float_to_fp8 %s %s", f ? "E5M2" : "E4M3", s ? "SATFINITE" : "NOSAT");
                expect(what, fbits(fs[i]), __nv_cvt_float_to_fp8(fs[i], nv_sat[s], nv_int[f]),
                       shim::__hip_cvt_float_to_fp8(fs[i], sh_sat[s], sh_int[f]));
            }
            for (double d : fp8_edges(f)) {
                snprintf(what, sizeof what, "__nv_cvt_double_to_fp8 %s %s", f ? "E5M2" : "E4M3", s ? "SATFINITE" : "NOSAT");
                expect(what, dbits(d), __nv_cvt_double_to_fp8(d, nv_sat[s], nv_int[f]),
                       shim::__hip_cvt_double_to_fp8(d, sh_sat[s], sh_int[f]));
                snprintf(what, sizeof what, "__nv_cvt_float_to_fp8 edges %s %s", f ? "E5M2" : "E4M3", s ? "SATFINITE" : "NOSAT");
                expect(what, dbits(d), __nv_cvt_float_to_fp8((float)d, nv_sat[s], nv_int[f]),
                       shim::__hip_cvt_float_to_fp8((float)d, sh_sat[s], sh_int[f]));
                double2 d2; d2.x = d; d2.y = -d / 3;
                expect("__nv_cvt_double2_to_fp8x2", dbits(d), __nv_cvt_double2_to_fp8x2(d2, nv_sat[s], nv_int[f]),
                       shim::__hip_cvt_double2_to_fp8x2(d2, sh_sat[s], sh_int[f]));
            }
            for (size_t i = 0; i < fs.size(); i += 97) {
                float2 p; p.x = fs[i]; p.y = fs[(i * 31) % fs.size()];
                expect("__nv_cvt_float2_to_fp8x2", fbits(fs[i]), __nv_cvt_float2_to_fp8x2(p, nv_sat[s], nv_int[f]),
                       shim::__hip_cvt_float2_to_fp8x2(p, sh_sat[s], sh_int[f]));
            }
            for (uint32_t u = 0; u < 0x10000; u++) {
                __half_raw h; h.x = (unsigned short)u;
                snprintf(what, sizeof what, "__nv_cvt_halfraw_to_fp8 %s %s", f ? "E5M2" : "E4M3", s ? "SATFINITE" : "NOSAT");
                expect(what, u, __nv_cvt_halfraw_to_fp8(h, nv_sat[s], nv_int[f]),
                       shim::__hip_cvt_halfraw_to_fp8(h, sh_sat[s], sh_int[f]));
                __nv_bfloat16_raw nb; nb.x = (unsigned short)u;
                shim::__hip_bfloat16_raw sb; sb.x = (unsigned short)u;
                snprintf(what, sizeof what, "__nv_cvt_bfloat16raw_to_fp8 %s %s", f ? "E5M2" : "E4M3", s ? "SATFINITE" : "NOSAT");
                expect(what, u, __nv_cvt_bfloat16raw_to_fp8(nb, nv_sat[s], nv_int[f]),
                       shim::__hip_cvt_bfloat16raw_to_fp8(sb, sh_sat[s], sh_int[f]));
                __half2_raw h2; h2.x = (unsigned short)u; h2.y = (unsigned short)(u * 40503u);
                expect("__nv_cvt_halfraw2_to_fp8x2", u, __nv_cvt_halfraw2_to_fp8x2(h2, nv_sat[s], nv_int[f]),
                       shim::__hip_cvt_halfraw2_to_fp8x2(h2, sh_sat[s], sh_int[f]));
                __nv_bfloat162_raw nb2; nb2.x = (unsigned short)u; nb2.y = (unsigned short)(u * 40503u);
                shim::__hip_bfloat162_raw sb2; sb2.x = nb2.x; sb2.y = nb2.y;
                expect("__nv_cvt_bfloat16raw2_to_fp8x2", u, __nv_cvt_bfloat16raw2_to_fp8x2(nb2, nv_sat[s], nv_int[f]),
                       shim::__hip_cvt_bfloat16raw2_to_fp8x2(sb2, sh_sat[s], sh_int[f]));
            }
        }
    /* the classes' constructors (saturating) */
    for (size_t i = 0; i < fs.size(); i += 3) {
        expect("__nv_fp8_e4m3(float)", fbits(fs[i]), __nv_fp8_e4m3(fs[i]).__x, shim::__hip_fp8_e4m3(fs[i]).__x);
        expect("__nv_fp8_e5m2(float)", fbits(fs[i]), __nv_fp8_e5m2(fs[i]).__x, shim::__hip_fp8_e5m2(fs[i]).__x);
    }

    for (const auto &f : failures_of) printf("%s: %ld mismatches\n", f.first.c_str(), f.second);
    printf("%ld checks, %ld mismatches\n", checks, failures);
    return failures ? 1 : 0;
}
