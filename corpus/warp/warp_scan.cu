// warp_scan.cu: inclusive scans of 256-element blocks: a __shfl_up_sync warp scan (offsets doubling below 32),
// warp totals published by lane 31 and scanned by the first warp; checked exactly on the CPU.
#include "warp_common.cuh"

__device__ int warp_inclusive_scan(int v, int lane) {
  for (int d = 1; d < 32; d *= 2) {
    int up = __shfl_up_sync(0xffffffff, v, d);
    if (lane >= d) v += up;
  }
  return v;
}

__global__ void block_scan(const int *in, int n, int *out) {
  __shared__ int warp_totals[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  int v = i < n ? in[i] : 0;
  v = warp_inclusive_scan(v, lane);
  if (lane == 31) warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int t = lane < blockDim.x / 32 ? warp_totals[lane] : 0;
    t = warp_inclusive_scan(t, lane);
    warp_totals[lane] = t;
  }
  __syncthreads();
  if (warp > 0) v += warp_totals[warp - 1];
  if (i < n) out[i] = v;
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  const int n = (1 << 20) + 129, threads = 256, blocks = (n + threads - 1) / threads;
  std::vector<int> in = random_ints(n, -100, 100, 51);
  std::vector<int> ref(n);
  for (int b = 0; b < n; b += threads) {
    int running = 0;
    for (int i = b; i < b + threads && i < n; ++i) ref[i] = running += in[i];
  }
  int *d_in = to_device(in), *d_out = poisoned_output<int>(rec, n);
  block_scan<<<blocks, threads>>>(d_in, n, d_out);
  CUDA_CHECK(cudaGetLastError());
  int failures = check_exact(rec, "block_inclusive_scan", to_host(d_out, n), ref);
  time_kernel(rec, "block_scan", [&] { block_scan<<<blocks, threads>>>(d_in, n, d_out); });
  CUDA_CHECK(cudaFree(d_in)); CUDA_CHECK(cudaFree(d_out));
  int status = hc_record_end(rec);
  return failures ? 1 : status;
}
