// stream_compaction.cu: order-preserving compaction of multiples of 3: per-block counts from ballots, a host
// scan, then a scatter ranking each element by __popc(ballot & lanes_below) and per-warp offsets; exact checks.
#include "warp_common.cuh"

__global__ void count_kept(const int *in, int n, int *block_counts) {
  __shared__ int warp_counts[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;
  bool keep = i < n && in[i] % 3 == 0;
  unsigned ballot = __ballot_sync(0xffffffff, keep);
  if (lane == 0) warp_counts[warp] = __popc(ballot);
  __syncthreads();
  if (threadIdx.x == 0) {
    int total = 0;
    for (int w = 0; w < blockDim.x / 32; ++w) total += warp_counts[w];
    block_counts[blockIdx.x] = total;
  }
}

__global__ void scatter_kept(const int *in, int n, const int *block_offsets, int *out) {
  __shared__ int warp_offsets[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;
  bool keep = i < n && in[i] % 3 == 0;
  unsigned ballot = __ballot_sync(0xffffffff, keep);
  unsigned lanes_below = (1u << lane) - 1;
  if (lane == 0) warp_offsets[warp] = __popc(ballot);
  __syncthreads();
  if (threadIdx.x == 0) {  // exclusive scan of the warp counts
    int running = 0;
    for (int w = 0; w < blockDim.x / 32; ++w) {
      int c = warp_offsets[w];
      warp_offsets[w] = running;
      running += c;
    }
  }
  __syncthreads();
  if (keep) out[block_offsets[blockIdx.x] + warp_offsets[warp] + __popc(ballot & lanes_below)] = in[i];
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  const int n = (1 << 20) + 1001, threads = 256, blocks = (n + threads - 1) / threads;
  std::vector<int> in = random_ints(n, 0, 1 << 20, 41);
  std::vector<int> ref;
  for (int v : in)
    if (v % 3 == 0) ref.push_back(v);
  int *d_in = to_device(in), *d_counts = poisoned_output<int>(rec, blocks);
  count_kept<<<blocks, threads>>>(d_in, n, d_counts);
  CUDA_CHECK(cudaGetLastError());
  std::vector<int> counts = to_host(d_counts, blocks), offsets(blocks);
  int total = 0;
  for (int b = 0; b < blocks; ++b) {
    offsets[b] = total;
    total += counts[b];
  }
  int *d_offsets = to_device(offsets), *d_out = poisoned_output<int>(rec, std::max(total, 1));
  scatter_kept<<<blocks, threads>>>(d_in, n, d_offsets, d_out);
  CUDA_CHECK(cudaGetLastError());
  int failures = check_exact(rec, "compaction_total", std::vector<int>(1, total), std::vector<int>(1, (int)ref.size()));
  failures += check_exact(rec, "compaction_output", to_host(d_out, total), ref);
  time_kernel(rec, "scatter_kept", [&] { scatter_kept<<<blocks, threads>>>(d_in, n, d_offsets, d_out); });
  CUDA_CHECK(cudaFree(d_in)); CUDA_CHECK(cudaFree(d_counts)); CUDA_CHECK(cudaFree(d_offsets)); CUDA_CHECK(cudaFree(d_out));
  int status = hc_record_end(rec);
  return failures ? 1 : status;
}
