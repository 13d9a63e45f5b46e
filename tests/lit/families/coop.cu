// Cooperative groups: namespace and functions keep their names; the header changes.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hip/hip_cooperative_groups.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *x) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  x[block.thread_rank()] = tile.thread_rank();
  block.sync();
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  grid.sync();
}
