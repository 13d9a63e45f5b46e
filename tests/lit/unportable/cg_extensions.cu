// Cooperative-groups extensions HIP lacks (reduce, scan, memcpy_async and their operator objects, and their
// headers) are reported with HC1106 instead of the generic HC1010, through cooperative_groups::, a namespace
// alias or a using-directive, and group members HIP lacks (tile.ballot). std::plus, a member named reduce, a
// bitset's any() and host functions named wait are not.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1106 --implicit-check-not=HC1010
// RUN: FileCheck %s --check-prefix=OUT < %t.hip
#include <cooperative_groups.h>
// CHECK: cg_extensions.cu:[[@LINE+2]]:10: warning: HC1106: 'cooperative_groups/reduce.h' is a cooperative-groups extension HIP does not provide: left unchanged [cg-extension]
// OUT: #include <cooperative_groups/reduce.h>
#include <cooperative_groups/reduce.h>
// CHECK: cg_extensions.cu:[[@LINE+1]]:10: warning: HC1106: 'cooperative_groups/memcpy_async.h'
#include <cooperative_groups/memcpy_async.h>
// CHECK: cg_extensions.cu:[[@LINE+1]]:10: warning: HC1106: 'cooperative_groups/scan.h'
#include <cooperative_groups/scan.h>
#include <bitset>
#include <functional>
#include <sys/wait.h>

namespace cg = cooperative_groups;

struct Reducer { __device__ float reduce(float v) const { return v; } };

__global__ void sum(const float *in, float *out, Reducer r) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = in[block.thread_rank()];
  // CHECK: cg_extensions.cu:[[@LINE+2]]:17: warning: HC1106: 'cooperative_groups::reduce' is a cooperative-groups extension HIP does not provide: left unchanged [cg-extension]
  // CHECK: cg_extensions.cu:[[@LINE+1]]:37: warning: HC1106: 'cooperative_groups::plus'
  float s = cg::reduce(tile, v, cg::plus<float>());
  // CHECK: cg_extensions.cu:[[@LINE+1]]:33: warning: HC1106: 'cooperative_groups::inclusive_scan'
  float p = cooperative_groups::inclusive_scan(tile, v);
  out[block.thread_rank()] = s + p + r.reduce(v);
}

__global__ void stage(const float *in, float *out) {
  using namespace cooperative_groups;
  __shared__ float buf[256];
  thread_block block = this_thread_block();
  // CHECK: cg_extensions.cu:[[@LINE+1]]:3: warning: HC1106: 'cooperative_groups::memcpy_async'
  memcpy_async(block, buf, in, sizeof buf);
  // CHECK: cg_extensions.cu:[[@LINE+1]]:3: warning: HC1106: 'cooperative_groups::wait'
  wait(block);
  out[block.thread_rank()] = buf[block.thread_rank()];
}

// Members no HIP group has, called on a variable declared with a group type or from a factory.
__device__ int vote(cg::thread_block_tile<32> tile, int v, const std::bitset<8> &flags) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  cg::coalesced_group active = cg::coalesced_threads();
  // CHECK: cg_extensions.cu:[[@LINE+1]]:19: warning: HC1106: 'cooperative_groups::thread_block_tile::ballot' is a cooperative-groups extension HIP does not provide: left unchanged [cg-extension]
  int mask = tile.ballot(v > 0);
  // CHECK: cg_extensions.cu:[[@LINE+1]]:16: warning: HC1106: 'cooperative_groups::thread_block_tile::meta_group_rank'
  mask += warp.meta_group_rank();
  // CHECK: cg_extensions.cu:[[@LINE+1]]:18: warning: HC1106: 'cooperative_groups::coalesced_group::any'
  mask += active.any(v) + tile.thread_rank() + tile.shfl_down(v, 1);
  return mask + flags.any() + flags.all();
}

int host_side(int a, int b) {
  int status = 0;
  wait(&status);
  return std::plus<int>()(a, b) + status;
}
