// bitonic_sort.cu: sorts each warp-wide segment in registers with __shfl_xor_sync exchanges (WARP_SIZE macro);
// the CPU reference sorts segments of the device's warp width, so a 64-lane run checks 64-element segments.
#include "warp_common.cuh"

#include <climits>

#define WARP_SIZE 32

__global__ void warp_bitonic_sort(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % WARP_SIZE;
  int v = i < n ? data[i] : INT_MAX;  // padding sorts to the end of the last segment
  for (int k = 2; k <= WARP_SIZE; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
      int other = __shfl_xor_sync(0xffffffff, v, j);
      bool ascending = (lane & k) == 0;
      bool lower = (lane & j) == 0;
      v = (lower == ascending) ? min(v, other) : max(v, other);
    }
  }
  if (i < n) data[i] = v;
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  const int n = (1 << 20) + 45, threads = 256;
  const int warp = device_warp_size();
  std::vector<int> in = random_ints(n, -100000, 100000, 71), ref = in;
  for (int b = 0; b < n; b += warp) std::sort(ref.begin() + b, ref.begin() + std::min(b + warp, n));
  int *d_data = to_device(in);
  warp_bitonic_sort<<<(n + threads - 1) / threads, threads>>>(d_data, n);
  CUDA_CHECK(cudaGetLastError());
  int failures = check_exact(rec, "warp_sorted_segments", to_host(d_data, n), ref);
  CUDA_CHECK(cudaFree(d_data));
  int status = hc_record_end(rec);
  return failures ? 1 : status;
}
