// lane_mask_vote.cu: per-thread warp votes (ballot counts, lanes below via 1u << lane, all/any, own bit, full-warp
// activemask test), checked against a CPU reference for the device's warp width.
#include "warp_common.cuh"

__global__ void votes(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;  // the grid covers the input exactly: full warps only
  int lane = threadIdx.x & 31;
  int vote = in[i] > 0;
  unsigned ballot = __ballot_sync(0xffffffff, vote);
  int all = __all_sync(0xffffffff, vote);
  int any = __any_sync(0xffffffff, vote);
  unsigned below = ballot & ((1u << lane) - 1);
  out[5 * i + 0] = __popc(ballot);
  out[5 * i + 1] = __popc(below);
  out[5 * i + 2] = all * 2 + any;
  out[5 * i + 3] = (ballot >> lane) & 1;
  out[5 * i + 4] = __activemask() == 0xffffffff;
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  if (!rec) return 1;
  const int threads = 128, blocks = 4096, n = threads * blocks;
  const int warp = device_warp_size();
  std::vector<int> raw = random_ints(n, 0, 1000, 81), in(n);
  // Mostly-no warps, mostly-yes warps, and unanimous warps in both directions.
  for (int i = 0; i < n; ++i) {
    int kind = (i / 64) % 4;
    in[i] = kind == 0 ? 1 : kind == 1 ? -1 : kind == 2 ? (raw[i] < 100 ? 1 : -1) : (raw[i] < 900 ? 1 : -1);
  }
  std::vector<int> ref(5 * (size_t)n);
  for (int base = 0; base < n; base += warp) {
    int yes = 0;
    for (int l = 0; l < warp; ++l) yes += in[base + l] > 0;
    int below = 0;
    for (int l = 0; l < warp; ++l) {
      int i = base + l, v = in[i] > 0;
      ref[5 * i + 0] = yes;
      ref[5 * i + 1] = below;
      ref[5 * i + 2] = (yes == warp) * 2 + (yes > 0);
      ref[5 * i + 3] = v;
      ref[5 * i + 4] = 1;
      below += v;
    }
  }
  int *d_in = to_device(in), *d_out = poisoned_output<int>(rec, 5 * (size_t)n);
  votes<<<blocks, threads>>>(d_in, d_out);
  CUDA_CHECK(cudaGetLastError());
  int failures = check_exact(rec, "warp_votes", to_host(d_out, 5 * (size_t)n), ref);
  time_kernel(rec, "votes", [&] { votes<<<blocks, threads>>>(d_in, d_out); });
  CUDA_CHECK(cudaFree(d_in)); CUDA_CHECK(cudaFree(d_out));
  int status = hc_record_end(rec);
  return failures ? 1 : status;
}
