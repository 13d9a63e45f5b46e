// lowprec.cu: bfloat16 and fp8 (OCP E4M3/E5M2) as deep-learning code uses them: a bf16 affine layer with
// fused multiply-add, paired bf16 arithmetic, and fp8 quantisation with saturation and dequantisation.
// Checked exactly against CPU references that round by definition (nearest value, ties to even), written
// here without CUDA's headers; no performance claim.
#include <cuda_bf16.h>
#include <cuda_fp8.h>

#include "caffe_common.cuh"

// out = bf16(x) * bf16(w) + bf16(b) with one rounding, then + bf16(x)^2 rounded; the pair path computes
// (x, w) * (b, x) + (w, b) on __nv_bfloat162. The _rn forms keep each product and sum rounded on its own:
// nvcc lets ptxas fuse a plain __hmul followed by __hadd into one fma, whose result the reference would not
// predict (the H200 run of the plain forms differed from it by up to one bf16 unit).
__global__ void Bf16Layer(const int n, const float* x, const float* w, const float* b, float* out, float* pair) {
  CUDA_KERNEL_LOOP(i, n) {
    __nv_bfloat16 xb = __float2bfloat16(x[i]), wb = __float2bfloat16(w[i]), bb = __float2bfloat16(b[i]);
    __nv_bfloat16 y = __hfma(xb, wb, bb);
    y = __hadd_rn(y, __hmul_rn(xb, xb));
    out[i] = __bfloat162float(y);
    __nv_bfloat162 p = __float22bfloat162_rn(make_float2(x[i], w[i]));
    __nv_bfloat162 q = __halves2bfloat162(bb, xb);
    __nv_bfloat162 r = __hadd2_rn(__hmul2_rn(p, q), __halves2bfloat162(wb, bb));
    pair[i] = __low2float(r) - __high2float(r);
  }
}

// codes of x in E4M3 (saturating) and E5M2 (from double, without saturation), and their values back.
__global__ void Fp8Quantize(const int n, const double* x, unsigned int* codes, float* values) {
  CUDA_KERNEL_LOOP(i, n) {
    __nv_fp8_storage_t q4 = __nv_cvt_float_to_fp8((float)x[i], __NV_SATFINITE, __NV_E4M3);
    __nv_fp8_storage_t q5 = __nv_cvt_double_to_fp8(x[i] * 64.0, __NV_NOSAT, __NV_E5M2);
    codes[i] = (unsigned int)q4 | (unsigned int)q5 << 8;
    __nv_fp8_e4m3 e4(x[i] * 0.5);
    values[i] = float(__half(__nv_cvt_fp8_to_halfraw(q4, __NV_E4M3))) + float(e4);
  }
}

// Nearest value with m mantissa bits above the smallest normal exponent emin, ties to even (bf16: m = 7,
// emin = -126; fp8 E4M3: 3, -6; E5M2: 2, -14). Exact: the scaled value is an integer plus a fraction.
static double round_to_format(double v, int m, int emin) {
  if (v == 0.0 || !std::isfinite(v)) return v;
  int e;
  std::frexp(v, &e);
  e = std::max(e - 1, emin);
  double quantum = std::ldexp(1.0, e - m);
  return std::nearbyint(v / quantum) * quantum;
}
static double bf16_ref(double v) { return round_to_format(v, 7, -126); }

// The value of an fp8 code (sign, exponent field, mantissa), from the format's definition.
static double fp8_value(unsigned int code, bool e4m3) {
  unsigned int field = (code & 0x7f) >> (e4m3 ? 3 : 2), man = code & (e4m3 ? 7u : 3u);
  int bias = e4m3 ? 7 : 15, mb = e4m3 ? 3 : 2;
  double value = field ? std::ldexp(1.0 + man / double(1 << mb), (int)field - bias)
                       : std::ldexp(man / double(1 << mb), 1 - bias);
  return (code & 0x80) ? -value : value;
}

// fp8 code of v by search over the format's values (independent of the bit arithmetic of the port).
static unsigned int fp8_ref(double v, bool e4m3, bool sat) {
  const double largest = e4m3 ? 448.0 : 57344.0;
  unsigned int sign = std::signbit(v) ? 0x80u : 0u;
  double r = round_to_format(std::fabs(v), e4m3 ? 3 : 2, e4m3 ? -6 : -14);
  if (r > largest) return sign | (sat ? (e4m3 ? 0x7eu : 0x7bu) : (e4m3 ? 0x7fu : 0x7cu));
  for (unsigned int c = 0; c < 0x80u; ++c) {
    if (fp8_value(c, e4m3) == r) return sign | c;
  }
  return 0xffffffffu;
}

// bf16 from float inputs (the float slot of corpus_main)
static int run_bf16(hc_recorder* rec, int n) {
  std::vector<float> x = random_vector<float>(n, -3.0, 3.0, 1101), w = random_vector<float>(n, -2.0, 2.0, 1102);
  std::vector<float> b = random_vector<float>(n, -1.0, 1.0, 1103);
  float *d_x = to_device(x), *d_w = to_device(w), *d_b = to_device(b);
  float *d_out = poisoned_output<float>(rec, n), *d_pair = poisoned_output<float>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  Bf16Layer<<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_w, d_b, d_out, d_pair);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> out_ref(n), pair_ref(n);
  for (int i = 0; i < n; ++i) {
    double xb = bf16_ref(x[i]), wb = bf16_ref(w[i]), bb = bf16_ref(b[i]);
    double y = bf16_ref(xb * wb + bb);
    out_ref[i] = bf16_ref(y + bf16_ref(xb * xb));
    double lo = bf16_ref(bf16_ref(xb * bb) + wb), hi = bf16_ref(bf16_ref(wb * xb) + bb);
    pair_ref[i] = (double)(float)((float)lo - (float)hi);
  }
  int failures = check_output(rec, label<float>("bf16_layer", n), d_out, out_ref, 0.0);
  failures += check_output(rec, label<float>("bf16_pair", n), d_pair, pair_ref, 0.0);
  time_kernel(rec, label<float>("Bf16Layer", n), [&] {
    Bf16Layer<<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_w, d_b, d_out, d_pair);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_w)); CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_out)); CUDA_CHECK(cudaFree(d_pair));
  return failures;
}

// fp8 from double inputs (the double slot of corpus_main)
static int run_fp8(hc_recorder* rec, int n) {
  std::vector<double> x = random_vector<double>(n, -600.0, 600.0, 1201); // past E4M3's 448: saturation
  for (int i = 0; i < n; i += 7) x[i] *= 1e-3;                           // and small values, subnormals
  double* d_x = to_device(x);
  unsigned int* d_codes = poisoned_output<unsigned int>(rec, n);
  float* d_values = poisoned_output<float>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  Fp8Quantize<<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_codes, d_values);
  CUDA_POST_KERNEL_CHECK;
  std::vector<unsigned int> codes = to_host(d_codes, n);
  std::vector<double> values_ref(n);
  double wrong = 0;
  for (int i = 0; i < n; ++i) {
    unsigned int q4 = fp8_ref((float)x[i], true, true), q5 = fp8_ref(x[i] * 64.0, false, false);
    if (codes[i] != (q4 | q5 << 8)) wrong++;
    values_ref[i] = (double)(float)((float)fp8_value(q4, true) + (float)fp8_value(fp8_ref(x[i] * 0.5, true, true), true));
  }
  std::string name = label<double>("fp8_codes", n);
  record_values(rec, name.c_str(), codes.data(), codes.size());
  int failures = hc_record_check(rec, name.c_str(), wrong, 0.0) == HC_RECORD_OK ? 0 : 1;
  failures += check_output(rec, label<double>("fp8_values", n), d_values, values_ref, 0.0);
  time_kernel(rec, label<double>("Fp8Quantize", n), [&] {
    Fp8Quantize<<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_x, d_codes, d_values);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_codes)); CUDA_CHECK(cudaFree(d_values));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run_bf16, run_fp8); }
