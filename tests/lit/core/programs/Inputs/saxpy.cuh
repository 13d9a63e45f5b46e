// saxpy.cuh: a local header with an include guard and no CUDA include (input of header_guard_program).
#ifndef SAXPY_CUH
#define SAXPY_CUH

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

inline void launch_saxpy(float a, const float *x, float *y, int n, cudaStream_t s) {
  saxpy<<<(n + 255) / 256, 256, 0, s>>>(a, x, y, n);
}

#endif
