// math_functions.cu: element-wise math (exp, log, abs, sqrt, sqr, sign, powx, scale-add) where one macro defines
// both the kernel and the host function that launches it, for float and double. CPU-checked.
#include "caffe_common.cuh"

// Defines <name>_kernel<Dtype> and caffe_gpu_<name><Dtype>(n, a, y), then instantiates both precisions.
#define DEFINE_AND_INSTANTIATE_GPU_UNARY_FUNC(name, operation)                                  \
  template <typename Dtype>                                                                     \
  __global__ void name##_kernel(const int n, const Dtype* a, Dtype* y) {                        \
    CUDA_KERNEL_LOOP(index, n) {                                                                \
      operation;                                                                                \
    }                                                                                           \
  }                                                                                             \
  template <typename Dtype>                                                                     \
  void caffe_gpu_##name(const int n, const Dtype* a, Dtype* y) {                                \
    /* NOLINT_NEXT_LINE(whitespace/operators) */                                                \
    name##_kernel<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, a, y);              \
    CUDA_POST_KERNEL_CHECK;                                                                     \
  }                                                                                             \
  template void caffe_gpu_##name<float>(const int n, const float* a, float* y);                 \
  template void caffe_gpu_##name<double>(const int n, const double* a, double* y);

DEFINE_AND_INSTANTIATE_GPU_UNARY_FUNC(exp, y[index] = exp(a[index]))
DEFINE_AND_INSTANTIATE_GPU_UNARY_FUNC(log, y[index] = log(a[index]))
DEFINE_AND_INSTANTIATE_GPU_UNARY_FUNC(abs, y[index] = abs(a[index]))
DEFINE_AND_INSTANTIATE_GPU_UNARY_FUNC(sqrt, y[index] = sqrt(a[index]))
DEFINE_AND_INSTANTIATE_GPU_UNARY_FUNC(sqr, y[index] = a[index] * a[index])
DEFINE_AND_INSTANTIATE_GPU_UNARY_FUNC(sign, y[index] = (Dtype(0) < a[index]) - (a[index] < Dtype(0)))

template <typename Dtype>
__global__ void powx_kernel(const int n, const Dtype* a, const Dtype alpha, Dtype* y) {
  CUDA_KERNEL_LOOP(index, n) {
    y[index] = pow(a[index], alpha);
  }
}

template <typename Dtype>
__global__ void axpby_kernel(const int n, const Dtype alpha, const Dtype* x, const Dtype beta, Dtype* y) {
  CUDA_KERNEL_LOOP(index, n) {
    y[index] = alpha * x[index] + beta * y[index];
  }
}

typedef double (*ReferenceOp)(double);
static double ref_exp(double v) { return std::exp(v); }
static double ref_log(double v) { return std::log(v); }
static double ref_abs(double v) { return std::fabs(v); }
static double ref_sqrt(double v) { return std::sqrt(v); }
static double ref_sqr(double v) { return v * v; }
static double ref_sign(double v) { return (0 < v) - (v < 0); }

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  std::vector<Dtype> signed_in = random_vector<Dtype>(n, -4.0, 4.0, 2301);
  std::vector<Dtype> positive_in = random_vector<Dtype>(n, 1e-3, 50.0, 2302);
  std::vector<Dtype> y0 = random_vector<Dtype>(n, -1.0, 1.0, 2303);
  Dtype *d_signed = to_device(signed_in), *d_positive = to_device(positive_in);
  typedef void (*GpuOp)(const int, const Dtype*, Dtype*);
  struct { const char* name; GpuOp gpu; ReferenceOp ref; bool positive_only; double tolerance; } ops[] = {
      {"exp", caffe_gpu_exp<Dtype>, ref_exp, false, reference_tolerance<Dtype>()},
      {"log", caffe_gpu_log<Dtype>, ref_log, true, reference_tolerance<Dtype>()},
      {"abs", caffe_gpu_abs<Dtype>, ref_abs, false, 0.0},
      {"sqrt", caffe_gpu_sqrt<Dtype>, ref_sqrt, true, reference_tolerance<Dtype>()},
      {"sqr", caffe_gpu_sqr<Dtype>, ref_sqr, false, reference_tolerance<Dtype>()},
      {"sign", caffe_gpu_sign<Dtype>, ref_sign, false, 0.0},
  };
  int failures = 0;
  Dtype* d_y = poisoned_output<Dtype>(rec, n);
  for (const auto& op : ops) {
    const std::vector<Dtype>& in = op.positive_only ? positive_in : signed_in;
    CUDA_CHECK(cudaMemset(d_y, hc_record_poison_byte(rec), n * sizeof(Dtype)));
    op.gpu(n, op.positive_only ? d_positive : d_signed, d_y);
    std::vector<double> ref(n);
    for (int i = 0; i < n; ++i) ref[i] = op.ref((double)in[i]);
    // exp of values up to 4 reaches 55: the mixed error is relative there, so the tolerance holds.
    failures += check_output(rec, label<Dtype>(op.name, n), d_y, ref, op.tolerance);
  }
  const Dtype alpha = (Dtype)1.7, beta = (Dtype)-0.3;
  CUDA_CHECK(cudaMemset(d_y, hc_record_poison_byte(rec), n * sizeof(Dtype)));
  // NOLINT_NEXT_LINE(whitespace/operators)
  powx_kernel<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_positive, alpha, d_y);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> pow_ref(n), axpby_ref(n);
  for (int i = 0; i < n; ++i) pow_ref[i] = std::pow((double)positive_in[i], (double)alpha);
  failures += check_output(rec, label<Dtype>("powx", n), d_y, pow_ref, 2 * reference_tolerance<Dtype>());
  Dtype* d_axpby = to_device(y0);
  // NOLINT_NEXT_LINE(whitespace/operators)
  axpby_kernel<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, alpha, d_signed, beta, d_axpby);
  CUDA_POST_KERNEL_CHECK;
  for (int i = 0; i < n; ++i) axpby_ref[i] = (double)alpha * signed_in[i] + (double)beta * y0[i];
  failures += check_output(rec, label<Dtype>("axpby", n), d_axpby, axpby_ref, reference_tolerance<Dtype>());
  time_kernel(rec, label<Dtype>("exp_kernel", n), [&] { caffe_gpu_exp<Dtype>(n, d_signed, d_y); });
  CUDA_CHECK(cudaFree(d_signed)); CUDA_CHECK(cudaFree(d_positive)); CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaFree(d_axpby));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
