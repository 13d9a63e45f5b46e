// cg_reduce.cu: a block sum through cooperative groups (a thread block and a 32-thread tile), which HIP-CPU lacks
// (no hip/hip_cooperative_groups.h): the wave64 tier must refuse it by its source scan, naming the API.
#include <cooperative_groups.h>
#include <vector>

#include "hc_record.h"

namespace cg = cooperative_groups;

__global__ void block_sum(const int *in, int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int v = in[block.thread_rank()];
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) v += tile.shfl_down(v, offset);
  if (tile.thread_rank() == 0) atomicAdd(out, v);
}

int main(int argc, char **argv) {
  hc_recorder *rec = hc_record_begin(argc, argv);
  std::vector<int> in(128, 1);
  int *d_in, *d_out, out = 0;
  cudaMalloc(&d_in, 128 * sizeof(int));
  cudaMalloc(&d_out, sizeof(int));
  cudaMemcpy(d_in, in.data(), 128 * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, &out, sizeof(int), cudaMemcpyHostToDevice);
  block_sum<<<1, 128>>>(d_in, d_out);
  cudaMemcpy(&out, d_out, sizeof(int), cudaMemcpyDeviceToHost);
  hc_record_i32(rec, "block_sum", &out, 1);
  hc_record_check(rec, "block_sum", out == 128 ? 0 : 1, 0);
  cudaFree(d_in);
  cudaFree(d_out);
  return hc_record_end(rec);
}
