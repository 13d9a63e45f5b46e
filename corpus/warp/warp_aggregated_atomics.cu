// warp_aggregated_atomics.cu: compacts positive values with one atomicAdd per warp (activemask, __ffs leader,
// __popc rank, __shfl_sync broadcast); the output order is scheduling-dependent, so it is sorted before checks.
#include "warp_common.cuh"

__device__ int atomic_aggregated_increment(int *counter) {
  unsigned active = __activemask();
  int lane = threadIdx.x & 31;
  int leader = __ffs(active) - 1;
  int count = __popc(active);
  unsigned lanes_below = (1u << lane) - 1;
  int rank = __popc(active & lanes_below);
  int base = 0;
  if (lane == leader) base = atomicAdd(counter, count);
  base = __shfl_sync(active, base, leader);
  return base + rank;
}

__global__ void filter_positive(const int *in, int n, int *out, int *counter) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0) out[atomic_aggregated_increment(counter)] = in[i];
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  const int n = (1 << 20) + 333, threads = 128;
  std::vector<int> in = random_ints(n, -700, 300, 31);
  std::vector<int> ref;
  for (int v : in)
    if (v > 0) ref.push_back(v);
  std::sort(ref.begin(), ref.end());
  int *d_in = to_device(in), *d_out = poisoned_output<int>(rec, n), *d_counter = NULL;
  CUDA_CHECK(cudaMalloc((void **)&d_counter, sizeof(int)));
  CUDA_CHECK(cudaMemset(d_counter, 0, sizeof(int)));
  filter_positive<<<(n + threads - 1) / threads, threads>>>(d_in, n, d_out, d_counter);
  CUDA_CHECK(cudaGetLastError());
  std::vector<int> count = to_host(d_counter, 1);
  std::vector<int> out = to_host(d_out, std::min(std::max(count[0], 0), n));
  std::sort(out.begin(), out.end());
  int failures = check_exact(rec, "filter_count", count, std::vector<int>(1, (int)ref.size()));
  failures += check_exact(rec, "filter_sorted_values", out, ref);
  CUDA_CHECK(cudaFree(d_in)); CUDA_CHECK(cudaFree(d_out)); CUDA_CHECK(cudaFree(d_counter));
  int status = hc_record_end(rec);
  return failures ? 1 : status;
}
