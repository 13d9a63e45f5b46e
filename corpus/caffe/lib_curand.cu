// lib_curand.cu: the library tier for random numbers: the cuRAND host API (generator creation, seeding,
// uniform and normal generation) feeding a dropout-style kernel, and the device API (per-thread XORWOW and
// Philox states). Checked by range, moments and a CPU recomputation.
#include <curand.h>
#include <curand_kernel.h>

#include "caffe_common.cuh"

#define CURAND_CHECK(condition)                                                     \
  do {                                                                              \
    curandStatus_t status_ = (condition);                                           \
    if (status_ != CURAND_STATUS_SUCCESS) {                                         \
      fprintf(stderr, "%s:%d: cuRAND error %d\n", __FILE__, __LINE__, (int)status_); \
      exit(2);                                                                      \
    }                                                                               \
  } while (0)

void caffe_gpu_rng_uniform(curandGenerator_t gen, int n, float* r) { CURAND_CHECK(curandGenerateUniform(gen, r, n)); }
void caffe_gpu_rng_uniform(curandGenerator_t gen, int n, double* r) {
  CURAND_CHECK(curandGenerateUniformDouble(gen, r, n));
}
void caffe_gpu_rng_gaussian(curandGenerator_t gen, int n, float mu, float sigma, float* r) {
  CURAND_CHECK(curandGenerateNormal(gen, r, n, mu, sigma));
}
void caffe_gpu_rng_gaussian(curandGenerator_t gen, int n, double mu, double sigma, double* r) {
  CURAND_CHECK(curandGenerateNormalDouble(gen, r, n, mu, sigma));
}

template <typename Dtype>
__global__ void MaskFromUniform(const int n, const Dtype* uniform, const Dtype ratio, const Dtype* in, Dtype* out) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = uniform[index] > ratio ? in[index] / (1 - ratio) : Dtype(0);
  }
}

template <typename Dtype>
int run_with(curandGenerator_t gen, hc_recorder* rec, int n) {
  const Dtype ratio = (Dtype)0.4, mu = (Dtype)1.5, sigma = (Dtype)0.25;
  std::vector<Dtype> in = random_vector<Dtype>(n, -1.0, 1.0, 2601);
  Dtype* d_in = to_device(in);
  // Pseudo-random normal generation produces pairs: ask for an even count, use the first n.
  const int n_even = n + (n & 1);
  Dtype *d_uniform = poisoned_output<Dtype>(rec, n), *d_normal = poisoned_output<Dtype>(rec, n_even);
  Dtype* d_out = poisoned_output<Dtype>(rec, n);
  caffe_gpu_rng_uniform(gen, n, d_uniform);
  caffe_gpu_rng_gaussian(gen, n_even, mu, sigma, d_normal);
  // NOLINT_NEXT_LINE(whitespace/operators)
  MaskFromUniform<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_uniform, ratio, d_in, d_out);
  CUDA_POST_KERNEL_CHECK;
  std::vector<Dtype> uniform = to_host(d_uniform, n), normal = to_host(d_normal, n);
  // The generator's own stream cannot be recomputed here: check its range and moments, then recompute the kernel
  // from the values it produced.
  double u_min = 1, u_max = 0, u_mean = 0, g_mean = 0, g_var = 0;
  for (int i = 0; i < n; ++i) {
    u_min = std::min(u_min, (double)uniform[i]);
    u_max = std::max(u_max, (double)uniform[i]);
    u_mean += uniform[i] / (double)n;
    g_mean += normal[i] / (double)n;
  }
  for (int i = 0; i < n; ++i) g_var += (normal[i] - g_mean) * (normal[i] - g_mean) / (double)n;
  int failures = 0;
  failures += hc_record_check(rec, label<Dtype>("uniform_range", n).c_str(),
                              (u_min > 0 && u_max <= 1) ? 0.0 : 1.0, 0.0) != HC_RECORD_OK;
  failures += hc_record_check(rec, label<Dtype>("uniform_mean", n).c_str(), std::fabs(u_mean - 0.5), 0.01) != HC_RECORD_OK;
  failures += hc_record_check(rec, label<Dtype>("normal_mean", n).c_str(), std::fabs(g_mean - mu), 0.01) != HC_RECORD_OK;
  failures += hc_record_check(rec, label<Dtype>("normal_stddev", n).c_str(),
                              std::fabs(std::sqrt(g_var) - sigma), 0.01) != HC_RECORD_OK;
  record_values(rec, label<Dtype>("rng_uniform", n).c_str(), uniform.data(), n);
  record_values(rec, label<Dtype>("rng_normal", n).c_str(), normal.data(), n);
  std::vector<double> out_ref(n);
  for (int i = 0; i < n; ++i) out_ref[i] = uniform[i] > ratio ? (double)in[i] / (1.0 - (double)ratio) : 0.0;
  failures += check_output(rec, label<Dtype>("mask_from_uniform", n), d_out, out_ref, reference_tolerance<Dtype>());
  CUDA_CHECK(cudaFree(d_in)); CUDA_CHECK(cudaFree(d_uniform)); CUDA_CHECK(cudaFree(d_normal)); CUDA_CHECK(cudaFree(d_out));
  return failures;
}

// The device API: one state per thread (seed, subsequence = thread index), then draws from each state.
template <typename State>
__global__ void DeviceDraws(const int n, const unsigned long long seed, float* uniform, float* normal,
                            double* uniform_double) {
  CUDA_KERNEL_LOOP(index, n) {
    State state;
    curand_init(seed, index, 0, &state);
    uniform[index] = curand_uniform(&state);
    normal[index] = curand_normal(&state);
    uniform_double[index] = curand_uniform_double(&state);
  }
}

template <typename State>
int run_device_api(hc_recorder* rec, const char* name, int n) {
  float *d_uniform = poisoned_output<float>(rec, n), *d_normal = poisoned_output<float>(rec, n);
  double* d_uniform_double = poisoned_output<double>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  DeviceDraws<State><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, 1709ULL, d_uniform, d_normal,
                                                                     d_uniform_double);
  CUDA_POST_KERNEL_CHECK;
  std::vector<float> uniform = to_host(d_uniform, n), normal = to_host(d_normal, n);
  std::vector<double> uniform_double = to_host(d_uniform_double, n);
  double u_mean = 0, g_mean = 0, g_var = 0, ud_mean = 0, u_min = 1, u_max = 0;
  for (int i = 0; i < n; ++i) {
    u_min = std::min(u_min, std::min((double)uniform[i], uniform_double[i]));
    u_max = std::max(u_max, std::max((double)uniform[i], uniform_double[i]));
    u_mean += uniform[i] / (double)n;
    ud_mean += uniform_double[i] / n;
    g_mean += normal[i] / (double)n;
  }
  for (int i = 0; i < n; ++i) g_var += (normal[i] - g_mean) * (normal[i] - g_mean) / (double)n;
  std::string prefix = std::string("device_") + name;
  int failures = 0;
  failures += hc_record_check(rec, (prefix + "_uniform_range").c_str(), (u_min > 0 && u_max <= 1) ? 0.0 : 1.0, 0.0) !=
              HC_RECORD_OK;
  failures += hc_record_check(rec, (prefix + "_uniform_mean").c_str(), std::fabs(u_mean - 0.5), 0.01) != HC_RECORD_OK;
  failures += hc_record_check(rec, (prefix + "_uniform_double_mean").c_str(), std::fabs(ud_mean - 0.5), 0.01) !=
              HC_RECORD_OK;
  failures += hc_record_check(rec, (prefix + "_normal_mean").c_str(), std::fabs(g_mean), 0.01) != HC_RECORD_OK;
  failures += hc_record_check(rec, (prefix + "_normal_stddev").c_str(), std::fabs(std::sqrt(g_var) - 1.0), 0.01) !=
              HC_RECORD_OK;
  record_values(rec, (prefix + "_uniform").c_str(), uniform.data(), n);
  record_values(rec, (prefix + "_normal").c_str(), normal.data(), n);
  record_values(rec, (prefix + "_uniform_double").c_str(), uniform_double.data(), n);
  CUDA_CHECK(cudaFree(d_uniform)); CUDA_CHECK(cudaFree(d_normal)); CUDA_CHECK(cudaFree(d_uniform_double));
  return failures;
}

int main(int argc, char** argv) {
  hc_recorder* rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  curandGenerator_t gen;
  CURAND_CHECK(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
  CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(gen, 1701ULL));
  for (int s = 0; s < kCorpusSizeCount; ++s) {
    run_with<float>(gen, rec, kCorpusSizes[s]);
    run_with<double>(gen, rec, kCorpusSizes[s]);
  }
  CURAND_CHECK(curandDestroyGenerator(gen));
  run_device_api<curandStateXORWOW_t>(rec, "xorwow", 1 << 18);
  run_device_api<curandStatePhilox4_32_10_t>(rec, "philox", 1 << 18);
  return hc_record_end(rec);
}
