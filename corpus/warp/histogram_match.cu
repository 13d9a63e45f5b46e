// histogram_match.cu: a 64-bin histogram where same-bin lanes find each other (a __match_any_sync equivalent
// from __activemask/__shfl_sync/__ballot_sync, absent before HIP 6.2) and a leader adds the group size.
#include "warp_common.cuh"

// The lanes of the calling warp whose key equals this lane's key.
__device__ unsigned match_any_emulated(int key) {
  unsigned pending = __activemask();
  unsigned mine = 0;
  while (pending) {
    int leader = __ffs(pending) - 1;
    int leader_key = __shfl_sync(pending, key, leader);
    unsigned group = __ballot_sync(pending, key == leader_key);
    if (key == leader_key) mine = group;
    pending &= ~group;
  }
  return mine;
}

__global__ void histogram(const int *keys, int n, int *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int key = keys[i];
  unsigned peers = match_any_emulated(key);
  int lane = threadIdx.x % 32;
  if (lane == __ffs(peers) - 1) atomicAdd(&bins[key], __popc(peers));
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  const int n = (1 << 20) + 4095, bins = 64, threads = 256;
  // Few distinct keys per warp make groups large: keys concentrate on a handful of bins.
  std::vector<int> raw = random_ints(n, 0, 1 << 16, 61), keys(n);
  for (int i = 0; i < n; ++i) keys[i] = raw[i] % 7 == 0 ? raw[i] % bins : (raw[i] % 5) * 3;
  std::vector<int> ref(bins, 0);
  for (int k : keys) ref[k]++;
  int *d_keys = to_device(keys), *d_bins = NULL;
  CUDA_CHECK(cudaMalloc((void **)&d_bins, bins * sizeof(int)));
  CUDA_CHECK(cudaMemset(d_bins, 0, bins * sizeof(int)));
  histogram<<<(n + threads - 1) / threads, threads>>>(d_keys, n, d_bins);
  CUDA_CHECK(cudaGetLastError());
  int failures = check_exact(rec, "histogram_bins", to_host(d_bins, bins), ref);
  CUDA_CHECK(cudaFree(d_keys)); CUDA_CHECK(cudaFree(d_bins));
  int status = hc_record_end(rec);
  return failures ? 1 : status;
}
