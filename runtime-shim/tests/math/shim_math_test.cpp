// shim_math_test.cpp: checks every function of hipify_shim_math.h on the host against IEEE 754 directed
// rounding as the host FPU computes it under fesetround (what CUDA documents for __fadd_rd and the rest),
// and the integer min/max against the obvious. It does not run device code (amd_compile.sh compiles it).
#include "hipify_shim_math.h"

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>


namespace {

const int kModes[3] = {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
const char *const kModeNames[3] = {"rd", "ru", "rz"};

uint64_t state = 0x9e3779b97f4a7c15ull;
uint64_t next_random() { /* xorshift64*: reproducible inputs */
    state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
    return state * 0x2545f4914f6cdd1dull;
}

template <class T> bool same(T x, T y) { return (x != x && y != y) || std::memcmp(&x, &y, sizeof x) == 0; }

/* Random values of every kind: any bit pattern (subnormals, infinities, NaN), values near 1, and pairs
 * close to each other (cancellation). */
float random_float(int k) {
    uint32_t bits = (uint32_t)next_random();
    float f;
    std::memcpy(&f, &bits, sizeof f);
    if (k % 4 == 1) f = std::ldexp((float)(next_random() % 16777216u) / 16777216.0f + 1.0f, (int)(next_random() % 40) - 20);
    if (k % 8 == 3) f = -f;
    return f;
}
double random_double(int k) {
    uint64_t bits = next_random();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (k % 4 == 1) d = std::ldexp((double)(next_random() >> 11) / 9007199254740992.0 + 1.0, (int)(next_random() % 80) - 40);
    if (k % 8 == 3) d = -d;
    return d;
}

const float kFloatEdges[] = {0.0f, -0.0f, 1.0f, -1.0f, 3.0f, 0.1f, 1.40129846e-45f, -1.40129846e-45f, 1.17549435e-38f,
                             3.40282347e+38f, -3.40282347e+38f, INFINITY, -INFINITY, NAN, 16777216.0f, 1e-30f, 7.0f};
const double kDoubleEdges[] = {0.0, -0.0, 1.0, -1.0, 3.0, 0.1, 4.9406564584124654e-324, -4.9406564584124654e-324,
                               2.2250738585072014e-308, 1.7976931348623157e+308, -1.7976931348623157e+308, INFINITY,
                               -INFINITY, NAN, 9007199254740992.0, 1e-300, 7.0, 0x1p-1000, 0x1p-537};

int failures = 0;
long checks = 0;

template <class T> void report(const char *name, int m, T a, T b, T got, T want) {
    if (++failures <= 20)
        std::printf("FAIL: %s_%s(%a, %a) = %a, IEEE rounding gives %a\n", name, kModeNames[m], (double)a, (double)b,
                    (double)got, (double)want);
}

/* One binary operation in every mode: the shim against the FPU in that mode. */
template <class T, class Shim, class Ref> void check2(const char *name, T a, T b, Shim shim, Ref ref) {
    for (int m = 0; m < 3; m++) {
        std::fesetround(kModes[m]);
        volatile T va = a, vb = b;
        T want = ref(va, vb);
        std::fesetround(FE_TONEAREST);
        T got = shim(a, b, m);
        checks++;
        if (!same(got, want)) report(name, m, a, b, got, want);
    }
}

template <class T> void check_all(T a, T b) {
    check2<T>("add", a, b, [](T x, T y, int m) { return sizeof(T) == 4 ? (T)hipifyShimAddF((float)x, (float)y, m) : (T)hipifyShimAddD(x, y, m); },
              [](volatile T &x, volatile T &y) { return (T)(x + y); });
    check2<T>("sub", a, b, [](T x, T y, int m) { return sizeof(T) == 4 ? (T)hipifyShimAddF((float)x, -(float)y, m) : (T)hipifyShimAddD(x, -y, m); },
              [](volatile T &x, volatile T &y) { return (T)(x - y); });
    check2<T>("mul", a, b, [](T x, T y, int m) { return sizeof(T) == 4 ? (T)hipifyShimMulF((float)x, (float)y, m) : (T)hipifyShimMulD(x, y, m); },
              [](volatile T &x, volatile T &y) { return (T)(x * y); });
    check2<T>("div", a, b, [](T x, T y, int m) { return sizeof(T) == 4 ? (T)hipifyShimDivF((float)x, (float)y, m) : (T)hipifyShimDivD(x, y, m); },
              [](volatile T &x, volatile T &y) { return (T)(x / y); });
    check2<T>("sqrt", a, a, [](T x, T, int m) { return sizeof(T) == 4 ? (T)hipifyShimSqrtF((float)x, m) : (T)hipifyShimSqrtD(x, m); },
              [](volatile T &x, volatile T &) { return sizeof(T) == 4 ? (T)std::sqrt((float)x) : (T)std::sqrt((double)x); });
}

/* The CUDA-named wrappers call the right core in the right mode. */
void check_wrappers() {
    const float a = 1.0f, b = 3.0f;
    std::fesetround(FE_DOWNWARD);
    volatile float d = a, e = b;
    float q_dn = d / e, s_dn = std::sqrt(e);
    std::fesetround(FE_UPWARD);
    float q_up = d / e, s_up = std::sqrt(e);
    std::fesetround(FE_TONEAREST);
    struct { const char *name; float got, want; } f[] = {
        {"hipifyShimFdivRd", hipifyShimFdivRd(a, b), q_dn}, {"hipifyShimFdivRu", hipifyShimFdivRu(a, b), q_up},
        {"hipifyShimFdivRz", hipifyShimFdivRz(a, b), q_dn}, {"hipifyShimFrcpRd", hipifyShimFrcpRd(b), q_dn},
        {"hipifyShimFrcpRu", hipifyShimFrcpRu(b), q_up},     {"hipifyShimFrcpRz", hipifyShimFrcpRz(b), q_dn},
        {"hipifyShimFsqrtRd", hipifyShimFsqrtRd(b), s_dn},   {"hipifyShimFsqrtRu", hipifyShimFsqrtRu(b), s_up},
        {"hipifyShimFsqrtRz", hipifyShimFsqrtRz(b), s_dn},
        {"hipifyShimFaddRd", hipifyShimFaddRd(0.1f, 0.2f), hipifyShimAddF(0.1f, 0.2f, HIPIFY_SHIM_RD)},
        {"hipifyShimFaddRu", hipifyShimFaddRu(0.1f, 0.2f), hipifyShimAddF(0.1f, 0.2f, HIPIFY_SHIM_RU)},
        {"hipifyShimFaddRz", hipifyShimFaddRz(0.1f, 0.2f), hipifyShimAddF(0.1f, 0.2f, HIPIFY_SHIM_RZ)},
        {"hipifyShimFsubRd", hipifyShimFsubRd(0.1f, 0.2f), hipifyShimAddF(0.1f, -0.2f, HIPIFY_SHIM_RD)},
        {"hipifyShimFsubRu", hipifyShimFsubRu(0.1f, 0.2f), hipifyShimAddF(0.1f, -0.2f, HIPIFY_SHIM_RU)},
        {"hipifyShimFsubRz", hipifyShimFsubRz(0.1f, 0.2f), hipifyShimAddF(0.1f, -0.2f, HIPIFY_SHIM_RZ)},
        {"hipifyShimFmulRd", hipifyShimFmulRd(0.1f, 0.2f), hipifyShimMulF(0.1f, 0.2f, HIPIFY_SHIM_RD)},
        {"hipifyShimFmulRu", hipifyShimFmulRu(0.1f, 0.2f), hipifyShimMulF(0.1f, 0.2f, HIPIFY_SHIM_RU)},
        {"hipifyShimFmulRz", hipifyShimFmulRz(0.1f, 0.2f), hipifyShimMulF(0.1f, 0.2f, HIPIFY_SHIM_RZ)},
    };
    for (const auto &c : f) {
        checks++;
        if (!same(c.got, c.want) && ++failures <= 20) std::printf("FAIL: %s gives %a, want %a\n", c.name, c.got, c.want);
    }
    struct { const char *name; double got, want; } g[] = {
        {"hipifyShimDaddRd", hipifyShimDaddRd(0.1, 0.2), hipifyShimAddD(0.1, 0.2, HIPIFY_SHIM_RD)},
        {"hipifyShimDaddRu", hipifyShimDaddRu(0.1, 0.2), hipifyShimAddD(0.1, 0.2, HIPIFY_SHIM_RU)},
        {"hipifyShimDaddRz", hipifyShimDaddRz(0.1, 0.2), hipifyShimAddD(0.1, 0.2, HIPIFY_SHIM_RZ)},
        {"hipifyShimDsubRd", hipifyShimDsubRd(0.1, 0.2), hipifyShimAddD(0.1, -0.2, HIPIFY_SHIM_RD)},
        {"hipifyShimDsubRu", hipifyShimDsubRu(0.1, 0.2), hipifyShimAddD(0.1, -0.2, HIPIFY_SHIM_RU)},
        {"hipifyShimDsubRz", hipifyShimDsubRz(0.1, 0.2), hipifyShimAddD(0.1, -0.2, HIPIFY_SHIM_RZ)},
        {"hipifyShimDmulRd", hipifyShimDmulRd(0.1, 0.2), hipifyShimMulD(0.1, 0.2, HIPIFY_SHIM_RD)},
        {"hipifyShimDmulRu", hipifyShimDmulRu(0.1, 0.2), hipifyShimMulD(0.1, 0.2, HIPIFY_SHIM_RU)},
        {"hipifyShimDmulRz", hipifyShimDmulRz(0.1, 0.2), hipifyShimMulD(0.1, 0.2, HIPIFY_SHIM_RZ)},
        {"hipifyShimDdivRd", hipifyShimDdivRd(1.0, 3.0), hipifyShimDivD(1.0, 3.0, HIPIFY_SHIM_RD)},
        {"hipifyShimDdivRu", hipifyShimDdivRu(1.0, 3.0), hipifyShimDivD(1.0, 3.0, HIPIFY_SHIM_RU)},
        {"hipifyShimDdivRz", hipifyShimDdivRz(1.0, 3.0), hipifyShimDivD(1.0, 3.0, HIPIFY_SHIM_RZ)},
        {"hipifyShimDrcpRd", hipifyShimDrcpRd(3.0), hipifyShimDivD(1.0, 3.0, HIPIFY_SHIM_RD)},
        {"hipifyShimDrcpRu", hipifyShimDrcpRu(3.0), hipifyShimDivD(1.0, 3.0, HIPIFY_SHIM_RU)},
        {"hipifyShimDrcpRz", hipifyShimDrcpRz(3.0), hipifyShimDivD(1.0, 3.0, HIPIFY_SHIM_RZ)},
        {"hipifyShimDsqrtRd", hipifyShimDsqrtRd(3.0), hipifyShimSqrtD(3.0, HIPIFY_SHIM_RD)},
        {"hipifyShimDsqrtRu", hipifyShimDsqrtRu(3.0), hipifyShimSqrtD(3.0, HIPIFY_SHIM_RU)},
        {"hipifyShimDsqrtRz", hipifyShimDsqrtRz(3.0), hipifyShimSqrtD(3.0, HIPIFY_SHIM_RZ)},
    };
    for (const auto &c : g) {
        checks++;
        if (!same(c.got, c.want) && ++failures <= 20) std::printf("FAIL: %s gives %a, want %a\n", c.name, c.got, c.want);
    }
    /* the rounding directions really differ where the result is inexact */
    checks++;
    if (!(hipifyShimFdivRd(1.0f, 3.0f) < hipifyShimFdivRu(1.0f, 3.0f)) && ++failures)
        std::printf("FAIL: 1/3 rounded down is not below 1/3 rounded up\n");
}

void check_minmax() {
    struct { unsigned got, want; } u[] = {{hipifyShimUmin(3u, 0xffffffffu), 3u}, {hipifyShimUmax(3u, 0xffffffffu), 0xffffffffu}};
    struct { long long got, want; } l[] = {{hipifyShimLlmin(-5, 1LL << 40), -5}, {hipifyShimLlmax(-5, 1LL << 40), 1LL << 40}};
    struct { unsigned long long got, want; } ul[] = {{hipifyShimUllmin(~0ull, 2ull), 2ull}, {hipifyShimUllmax(~0ull, 2ull), ~0ull}};
    for (const auto &c : u) checks++, failures += c.got != c.want;
    for (const auto &c : l) checks++, failures += c.got != c.want;
    for (const auto &c : ul) checks++, failures += c.got != c.want;
}

} // namespace

int main() {
    for (float a : kFloatEdges)
        for (float b : kFloatEdges) check_all<float>(a, b);
    for (double a : kDoubleEdges)
        for (double b : kDoubleEdges) check_all<double>(a, b);
    for (int k = 0; k < 200000; k++) {
        float a = random_float(k), b = random_float(k + 1);
        if (k % 16 == 5) b = std::nextafter(a, INFINITY); /* near-cancellation */
        check_all<float>(a, b);
        double c = random_double(k), d = random_double(k + 1);
        if (k % 16 == 5) d = -std::nextafter(c, INFINITY);
        check_all<double>(c, d);
    }
    check_wrappers();
    check_minmax();
    std::printf("%s: %ld checks, %d failures\n", failures ? "FAIL" : "PASS", checks, failures);
    return failures ? 1 : 0;
}
