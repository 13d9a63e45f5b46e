// caffe_common.cuh: the Caffe-style macros, the seeded input generator and the host helpers every corpus
// program shares (device buffers, CPU-reference checks, recording, kernel timing). It holds no kernels.
#ifndef CORPUS_CAFFE_COMMON_CUH
#define CORPUS_CAFFE_COMMON_CUH

#include <cuda_runtime.h>

#include <cfloat>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "hc_record.h"

// Error macros in the style of a deep-learning framework: stop the program with the location on failure.
#define CUDA_CHECK(condition)                                                                      \
  do {                                                                                             \
    cudaError_t error_ = (condition);                                                              \
    if (error_ != cudaSuccess) {                                                                   \
      fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__, cudaGetErrorString(error_));  \
      exit(2);                                                                                     \
    }                                                                                              \
  } while (0)
#define CUDA_POST_KERNEL_CHECK CUDA_CHECK(cudaPeekAtLastError())

// Grid-stride loop: correct for any grid size, so launches may cap the number of blocks.
#define CUDA_KERNEL_LOOP(i, n)                                       \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n);       \
       i += blockDim.x * gridDim.x)

const int CAFFE_CUDA_NUM_THREADS = 512;
inline int CAFFE_GET_BLOCKS(const int N) {
  return (N + CAFFE_CUDA_NUM_THREADS - 1) / CAFFE_CUDA_NUM_THREADS;
}

// One seeded generator for the whole corpus (splitmix64): the same seed gives the same inputs on every
// machine and in both the CUDA and the HIP build, so their outputs can be compared element by element.
struct CorpusRng {
  uint64_t state;
  explicit CorpusRng(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull) {}
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform(double lo, double hi) {  // in [lo, hi)
    return lo + (hi - lo) * (double)(next() >> 11) * (1.0 / 9007199254740992.0);
  }
  int index(int bound) { return (int)(next() % (uint64_t)bound); }
};

// Uniform values in [lo, hi); never all zeros since lo < hi and 53 random bits feed every value.
template <typename Dtype>
std::vector<Dtype> random_vector(size_t n, double lo, double hi, uint64_t seed) {
  CorpusRng rng(seed);
  std::vector<Dtype> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = (Dtype)rng.uniform(lo, hi);
  return v;
}

// The sizes every element-wise program runs: one that fills the GPU (2^22) and one that is not a
// multiple of the block size, so the tail of the grid-stride loop is exercised.
static const int kCorpusSizes[] = {1 << 22, 1000003};
static const int kCorpusSizeCount = 2;

template <typename Dtype> const char *dtype_name();
template <> inline const char *dtype_name<float>() { return "f32"; }
template <> inline const char *dtype_name<double>() { return "f64"; }
template <> inline const char *dtype_name<int>() { return "i32"; }
template <> inline const char *dtype_name<unsigned int>() { return "u32"; }

// Tolerance for the program's own check against the CPU reference (computed in double).
template <typename Dtype> double reference_tolerance();
template <> inline double reference_tolerance<float>() { return 2e-5; }
template <> inline double reference_tolerance<double>() { return 1e-11; }

// "relu_forward_f32_n4194304": record names are unique per program, dtype and size.
template <typename Dtype>
std::string label(const char *what, int n) {
  return std::string(what) + "_" + dtype_name<Dtype>() + "_n" + std::to_string(n);
}

template <typename T>
T *to_device(const std::vector<T> &host) {
  T *device = NULL;
  CUDA_CHECK(cudaMalloc((void **)&device, host.size() * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return device;
}

// An output buffer filled with the poison byte the harness chose, so that elements a kernel forgets to
// write differ between the CUDA and the HIP run (they get different bytes) and fail the comparison.
template <typename T>
T *poisoned_output(hc_recorder *rec, size_t n) {
  T *device = NULL;
  CUDA_CHECK(cudaMalloc((void **)&device, n * sizeof(T)));
  CUDA_CHECK(cudaMemset(device, hc_record_poison_byte(rec), n * sizeof(T)));
  return device;
}

template <typename T>
std::vector<T> to_host(const T *device, size_t n) {
  std::vector<T> host(n);
  CUDA_CHECK(cudaMemcpy(host.data(), device, n * sizeof(T), cudaMemcpyDeviceToHost));
  return host;
}

inline int record_values(hc_recorder *rec, const char *name, const float *v, size_t n) {
  return hc_record_f32(rec, name, v, n);
}
inline int record_values(hc_recorder *rec, const char *name, const double *v, size_t n) {
  return hc_record_f64(rec, name, v, n);
}
inline int record_values(hc_recorder *rec, const char *name, const int *v, size_t n) {
  return hc_record_i32(rec, name, (const int32_t *)v, n);
}
inline int record_values(hc_recorder *rec, const char *name, const unsigned int *v, size_t n) {
  return hc_record_u32(rec, name, (const uint32_t *)v, n);
}

// Largest error relative to max(1, |reference|): absolute near zero, relative for large values.
// A NaN or infinite GPU value where the reference is finite gives an infinite error.
template <typename T>
double max_mixed_error(const std::vector<T> &gpu, const std::vector<double> &reference) {
  double worst = 0.0;
  for (size_t i = 0; i < gpu.size(); ++i) {
    double g = (double)gpu[i], r = reference[i];
    double err = std::isfinite(g) ? std::fabs(g - r) / std::max(1.0, std::fabs(r)) : INFINITY;
    if (!(err <= worst)) worst = err;
  }
  return worst;
}

// Downloads a device output, checks it against the CPU reference and records both the buffer and the
// check. Returns 0 when the check passed.
template <typename T>
int check_output(hc_recorder *rec, const std::string &name, const T *device, const std::vector<double> &reference,
                 double tolerance) {
  std::vector<T> host = to_host(device, reference.size());
  record_values(rec, name.c_str(), host.data(), host.size());
  return hc_record_check(rec, name.c_str(), max_mixed_error(host, reference), tolerance) == HC_RECORD_OK ? 0 : 1;
}

// Times a launch with GPU events when the harness asked for it (HC_BENCH_ITERS): warm-up, then the median
// of the timed runs. Call it after the outputs are recorded: it repeats the launch.
template <typename Launch>
void time_kernel(hc_recorder *rec, const std::string &kernel, Launch launch) {
  int iterations = hc_record_bench_iters(rec);
  if (iterations <= 0) return;
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  // Warm up until the GPU has been busy for 50 ms (at least 10 launches): clocks ramp up from idle after the
  // CPU-reference work, and a short kernel timed too early measures the ramp, not the kernel.
  float warm_ms = 0;
  for (int round = 0; round < 200 && warm_ms < 50.0f; ++round) {
    CUDA_CHECK(cudaEventRecord(start));
    for (int i = 0; i < 10; ++i) launch();
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float round_ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&round_ms, start, stop));
    warm_ms += round_ms;
  }
  std::vector<float> times(iterations);
  for (int i = 0; i < iterations; ++i) {
    CUDA_CHECK(cudaEventRecord(start));
    launch();
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaEventElapsedTime(&times[i], start, stop));
  }
  std::sort(times.begin(), times.end());
  hc_record_timing(rec, kernel.c_str(), times[iterations / 2], times[0], iterations);
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
}

// The main() of most programs: runs the float and the double test at every corpus size and returns 0
// only when every CPU-reference check passed and the record file was written.
typedef int (*CorpusRun)(hc_recorder *rec, int n);
inline int corpus_main(int argc, char **argv, CorpusRun run_float, CorpusRun run_double) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  for (int s = 0; s < kCorpusSizeCount; ++s) {
    run_float(rec, kCorpusSizes[s]);
    run_double(rec, kCorpusSizes[s]);
  }
  return hc_record_end(rec);
}

#endif  // CORPUS_CAFFE_COMMON_CUH
