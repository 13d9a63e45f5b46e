// A warp scan or reduction unrolled over shared memory whose steps stop at 16 (HeCBench's bscan, the
// Harris-Garland scan): 32 lanes combined, a 64-lane wavefront needs a step of 32. Reported (HC3017) at the
// step of 16, never rewritten, and it keeps its function's width rewrites as written. Not reported: the same
// steps with a step of 32, a stencil reading one array and writing another, a block-wide scan with barriers
// between its steps, steps indexed by a loop counter, host code.
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
// RUN: %hipify --fix-warp-size %s -o - 2>/dev/null | FileCheck %s

__device__ int warp_scan(int val, volatile int *s_data)
{
  int idx = 2 * threadIdx.x - (threadIdx.x & (warpSize - 1));
  s_data[idx] = 0;
  idx += warpSize;
  int t = s_data[idx] = val;
  s_data[idx] = t += s_data[idx - 1];
  s_data[idx] = t += s_data[idx - 2];
  s_data[idx] = t += s_data[idx - 4];
  s_data[idx] = t += s_data[idx - 8];
  // DIAG: {{.*}}:[[@LINE+1]]:22: warning: HC3017: 's_data[idx - 16]' is the last step of a warp scan or reduction unrolled over shared memory: steps 1 to 16 combine only 32 lanes [warp-size]
  s_data[idx] = t += s_data[idx -16];
  return s_data[idx - 1];
}

__device__ void warp_reduce16(volatile float *s, int tid)
{
  const int lane = threadIdx.x % 32;
  // the lane arithmetic of the function stays as written beside the kept reduction
  // CHECK: {{^ *}}const int lane = threadIdx.x % 32;
  // DIAG: {{.*}}:[[@LINE+1]]:13: warning: HC3017: 's[tid + 16]'
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
  if (lane == 0) s[0] = s[tid];
}

// DIAG-NOT: HC3017
__device__ void warp_reduce32(volatile float *s, int tid)
{
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}

__global__ void stencil(const float *in, float *out)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x + 16;
  out[i] = in[i - 1] + in[i - 2] + in[i - 4] + in[i - 8] + in[i - 16];
}

__global__ void block_scan32(int *data)
{
  __shared__ int s[32];
  int tid = threadIdx.x;
  s[tid] = data[tid];
  __syncthreads();
  int t = s[tid];
  if (tid >= 1) t += s[tid - 1];
  __syncthreads();
  s[tid] = t;
  if (tid >= 2) t += s[tid - 2];
  __syncthreads();
  s[tid] = t;
  if (tid >= 4) t += s[tid - 4];
  __syncthreads();
  s[tid] = t;
  if (tid >= 8) t += s[tid - 8];
  __syncthreads();
  s[tid] = t;
  if (tid >= 16) t += s[tid - 16];
  data[tid] = t;
}

__global__ void rows(float *s)
{
  for (int k = 16; k < 64; ++k) {
    s[k] += s[k - 1];
    s[k] += s[k - 2];
    s[k] += s[k - 4];
    s[k] += s[k - 8];
    s[k] += s[k - 16];
  }
}

void host_filter(float *s, int i)
{
  s[i] += s[i - 1];
  s[i] += s[i - 2];
  s[i] += s[i - 4];
  s[i] += s[i - 8];
  s[i] += s[i - 16];
}
