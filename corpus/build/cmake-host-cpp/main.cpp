// main.cpp: host code only, compiled by the C++ compiler: the CUDA runtime API and a launcher from scale.cu.
#include <cstdio>
#include <cuda_runtime.h>

// Host code for the host compiler: what only the CUDA compiler may see stays out (a common guard).
#ifdef __CUDACC__
#error "main.cpp is host C++: the C++ compiler builds it, not the CUDA compiler"
#endif

void scale(float *x, float a, int n);

// A braced initialiser that narrows a non-constant int: the host compiler (GCC) warns, clang alone stops.
struct launch_shape { unsigned blocks; unsigned threads; };
static launch_shape shape_for(int n) { return {(n + 255) / 256, 256}; }

int main() {
  const int n = 1000;
  float host[n];
  for (int i = 0; i < n; ++i) host[i] = (float)i;
  float *dev = nullptr;
  if (cudaMalloc(&dev, sizeof host) != cudaSuccess) return 1;
  cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice);
  if (shape_for(n).blocks != 4) return 1;
  scale(dev, 2.0f, n);
  cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
  cudaFree(dev);
  for (int i = 0; i < n; ++i)
    if (host[i] != 2.0f * (float)i) { std::printf("FAIL at %d\n", i); return 1; }
  std::printf("PASS\n");
  return 0;
}
