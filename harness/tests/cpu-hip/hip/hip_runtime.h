// hip_runtime.h (test double): runs translated HIP programs on the CPU, one simulated thread after another, so
// the planted-bug test can execute a real translation without a GPU. Not HIP: no shared memory, no barriers,
// no streams; only what grid-stride kernels launched with hipLaunchKernelGGL need.
#ifndef HARNESS_CPU_HIP_RUNTIME_H
#define HARNESS_CPU_HIP_RUNTIME_H

#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline

typedef enum hipError_t { hipSuccess = 0, hipErrorOutOfMemory = 2, hipErrorInvalidValue = 1 } hipError_t;
typedef enum hipMemcpyKind {
  hipMemcpyHostToHost, hipMemcpyHostToDevice, hipMemcpyDeviceToHost, hipMemcpyDeviceToDevice, hipMemcpyDefault
} hipMemcpyKind;

struct dim3 {
  unsigned x, y, z;
  dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};

// The index of the simulated thread being run. Kernels read these as CUDA/HIP code reads its built-ins; the
// launcher below is their only writer, and simulated threads run one at a time.
inline dim3 threadIdx, blockIdx, blockDim, gridDim;

inline const char *hipGetErrorString(hipError_t error) { return error == hipSuccess ? "no error" : "error"; }
inline hipError_t hipGetLastError() { return hipSuccess; }
inline hipError_t hipPeekAtLastError() { return hipSuccess; }
inline hipError_t hipDeviceSynchronize() { return hipSuccess; }
inline hipError_t hipMalloc(void **pointer, size_t bytes) {
  *pointer = std::malloc(bytes ? bytes : 1);
  return *pointer ? hipSuccess : hipErrorOutOfMemory;
}
template <typename T>
hipError_t hipMalloc(T **pointer, size_t bytes) { return hipMalloc((void **)pointer, bytes); }
inline hipError_t hipFree(void *pointer) { std::free(pointer); return hipSuccess; }
inline hipError_t hipMemcpy(void *to, const void *from, size_t bytes, hipMemcpyKind) {
  std::memmove(to, from, bytes);
  return hipSuccess;
}
inline hipError_t hipMemset(void *to, int value, size_t bytes) { std::memset(to, value, bytes); return hipSuccess; }

typedef struct hip_cpu_event { std::chrono::steady_clock::time_point when; } *hipEvent_t;
typedef void *hipStream_t;
inline hipError_t hipEventCreate(hipEvent_t *event) { *event = new hip_cpu_event(); return hipSuccess; }
inline hipError_t hipEventDestroy(hipEvent_t event) { delete event; return hipSuccess; }
inline hipError_t hipEventRecord(hipEvent_t event, hipStream_t = 0) {
  event->when = std::chrono::steady_clock::now();
  return hipSuccess;
}
inline hipError_t hipEventSynchronize(hipEvent_t) { return hipSuccess; }
inline hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop) {
  *ms = std::chrono::duration<float, std::milli>(stop->when - start->when).count();
  return hipSuccess;
}

// Atomics are plain read-modify-write: simulated threads never overlap.
inline float atomicAdd(float *address, float value) { float old = *address; *address = old + value; return old; }
inline double atomicAdd(double *address, double value) { double old = *address; *address = old + value; return old; }
inline unsigned long long atomicCAS(unsigned long long *address, unsigned long long compare, unsigned long long value) {
  unsigned long long old = *address;
  if (old == compare) *address = value;
  return old;
}
inline long long __double_as_longlong(double value) { long long bits; std::memcpy(&bits, &value, sizeof bits); return bits; }
inline double __longlong_as_double(long long bits) { double value; std::memcpy(&value, &bits, sizeof value); return value; }

template <typename... Params, typename... Args>
void hip_cpu_launch(void (*kernel)(Params...), dim3 grid, dim3 block, Args... args) {
  gridDim = grid;
  blockDim = block;
  for (unsigned b = 0; b < grid.x; ++b)
    for (unsigned t = 0; t < block.x; ++t) {
      blockIdx = dim3(b);
      threadIdx = dim3(t);
      kernel(static_cast<Params>(args)...);
    }
}

#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernel, grid, block, shared_bytes, stream, ...) \
  hip_cpu_launch(kernel, dim3(grid), dim3(block), ##__VA_ARGS__)

#endif  // HARNESS_CPU_HIP_RUNTIME_H
