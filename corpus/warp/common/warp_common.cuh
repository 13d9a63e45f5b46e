// warp_common.cuh: host helpers every corpus/warp program shares: error checks, the seeded input
// generator, device buffers, the device's warp size, CPU-reference checks and recording. No kernels.
#ifndef CORPUS_WARP_COMMON_CUH
#define CORPUS_WARP_COMMON_CUH

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "hc_record.h"

#define CUDA_CHECK(condition)                                                                      \
  do {                                                                                             \
    cudaError_t error_ = (condition);                                                              \
    if (error_ != cudaSuccess) {                                                                   \
      fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__, cudaGetErrorString(error_));  \
      exit(2);                                                                                     \
    }                                                                                              \
  } while (0)

// splitmix64: the same seed gives the same inputs on every machine and in the CUDA and HIP builds.
struct WarpRng {
  uint64_t state;
  explicit WarpRng(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull) {}
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int range(int lo, int hi) { return lo + (int)(next() % (uint64_t)(hi - lo)); }  // [lo, hi)
};

inline std::vector<int> random_ints(size_t n, int lo, int hi, uint64_t seed) {
  WarpRng rng(seed);
  std::vector<int> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = rng.range(lo, hi);
  return v;
}

// The lanes per warp of device 0: 32 on NVIDIA, 64 or 32 on AMD. CPU references whose answer depends on
// the warp width (per-warp results) are computed for this width, so a wave64 run checks itself too.
inline int device_warp_size() {
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  return prop.warpSize;
}

template <typename T>
T *to_device(const std::vector<T> &host) {
  T *device = NULL;
  CUDA_CHECK(cudaMalloc((void **)&device, host.size() * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return device;
}

// Output buffers start as the harness's poison byte, so elements no thread writes differ between runs.
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

inline int record_values(hc_recorder *rec, const char *name, const int *v, size_t n) {
  return hc_record_i32(rec, name, (const int32_t *)v, n);
}
inline int record_values(hc_recorder *rec, const char *name, const unsigned int *v, size_t n) {
  return hc_record_u32(rec, name, (const uint32_t *)v, n);
}
inline int record_values(hc_recorder *rec, const char *name, const float *v, size_t n) {
  return hc_record_f32(rec, name, v, n);
}

// Records an integer result and checks it exactly against the CPU reference (error = mismatches).
template <typename T>
int check_exact(hc_recorder *rec, const std::string &name, const std::vector<T> &gpu, const std::vector<T> &reference) {
  size_t mismatches = gpu.size() == reference.size() ? 0 : 1 + gpu.size();
  for (size_t i = 0; i < gpu.size() && i < reference.size(); ++i)
    if (gpu[i] != reference[i]) {
      if (mismatches == 0)
        fprintf(stderr, "%s: first mismatch at %zu: gpu %lld, reference %lld\n", name.c_str(), i, (long long)gpu[i],
                (long long)reference[i]);
      ++mismatches;
    }
  record_values(rec, name.c_str(), gpu.data(), gpu.size());
  return hc_record_check(rec, name.c_str(), (double)mismatches, 0.0) == HC_RECORD_OK ? 0 : 1;
}

// Records a float result and checks it against a double CPU reference within a relative tolerance
// (sums reduced in a different tree order on 64-lane hardware round differently).
inline int check_close(hc_recorder *rec, const std::string &name, const std::vector<float> &gpu,
                       const std::vector<double> &reference, double tolerance) {
  double worst = gpu.size() == reference.size() ? 0.0 : INFINITY;
  for (size_t i = 0; i < gpu.size() && i < reference.size(); ++i) {
    double g = gpu[i], r = reference[i];
    double err = (g == g) ? std::fabs(g - r) / std::max(1.0, std::fabs(r)) : INFINITY;
    if (!(err <= worst)) worst = err;
  }
  record_values(rec, name.c_str(), gpu.data(), gpu.size());
  return hc_record_check(rec, name.c_str(), worst, tolerance) == HC_RECORD_OK ? 0 : 1;
}

// Times a launch with events when the harness asks (HC_BENCH_ITERS): warm-up, then the median.
template <typename Launch>
void time_kernel(hc_recorder *rec, const std::string &kernel, Launch launch) {
  int iterations = hc_record_bench_iters(rec);
  if (iterations <= 0) return;
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  for (int i = 0; i < 3; ++i) launch();
  CUDA_CHECK(cudaDeviceSynchronize());
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

#endif  // CORPUS_WARP_COMMON_CUH
