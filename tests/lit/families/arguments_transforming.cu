// Argument rewrites hipify-clang performs beyond renames (mappings/arguments.tsv): the occupancy
// callback removed from cuOccupancyMaxPotentialBlockSize[WithFlags] (a warning when it was not null),
// HIP_SYMBOL() in the graph memcpy-to/from-symbol nodes, the kernel cast of
// cudaLaunchCooperativeKernel, the HIP version inserted for cudaGetDriverEntryPoint. Idempotent.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 %s -o %t.hip.cpp 2>/dev/null && %hipify --hip-version 6.3 %t.hip.cpp -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
// DIAG: warning: HC1024: 'cuOccupancyMaxPotentialBlockSize': argument 4 removed: HIP has no block-size-to-dynamic-shared-memory callback; only the fixed size (next argument) is used [argument-check]
// DIAG: note: HC1022: 'cuOccupancyMaxPotentialBlockSizeWithFlags': null argument 4 removed (HIP has no such parameter) [argument-rewrite]
// DIAG: note: HC1022: 'cudaGraphAddMemcpyNodeToSymbol': argument 5 wrapped in HIP_SYMBOL() [argument-rewrite]
// DIAG: note: HC1022: 'cudaGetDriverEntryPoint': argument '603' inserted as argument 3 [argument-rewrite]
#include <cuda.h>
#include <cuda_runtime.h>
__device__ int sym;
__global__ void kern(int *p) { p[0] = sym; }
size_t smem(int block) { return block * 4; }

void f(CUfunction fn, int *grid, int *block, cudaGraphNode_t *node, cudaGraph_t graph, int *src, void **pfn,
       cudaGraphExec_t exec) {
  // CHECK: hipModuleOccupancyMaxPotentialBlockSize(grid, block, fn, 0, 256);
  cuOccupancyMaxPotentialBlockSize(grid, block, fn, smem, 0, 256);
  // CHECK: hipModuleOccupancyMaxPotentialBlockSizeWithFlags(grid, block, fn, 128, 0, 0);
  cuOccupancyMaxPotentialBlockSizeWithFlags(grid, block, fn, NULL, 128, 0, 0);
  // CHECK: hipGraphAddMemcpyNodeToSymbol(node, graph, NULL, 0, HIP_SYMBOL(sym), src, 4, 0, hipMemcpyHostToDevice);
  cudaGraphAddMemcpyNodeToSymbol(node, graph, NULL, 0, sym, src, 4, 0, cudaMemcpyHostToDevice);
  // CHECK: hipGraphAddMemcpyNodeFromSymbol(node, graph, NULL, 0, src, HIP_SYMBOL(sym), 4, 0, hipMemcpyDeviceToHost);
  cudaGraphAddMemcpyNodeFromSymbol(node, graph, NULL, 0, src, sym, 4, 0, cudaMemcpyDeviceToHost);
  // CHECK: hipGraphMemcpyNodeSetParamsToSymbol(*node, HIP_SYMBOL(sym), src, 4, 0, hipMemcpyHostToDevice);
  cudaGraphMemcpyNodeSetParamsToSymbol(*node, sym, src, 4, 0, cudaMemcpyHostToDevice);
  // CHECK: hipGraphExecMemcpyNodeSetParamsFromSymbol(exec, *node, src, HIP_SYMBOL(sym), 4, 0, hipMemcpyDeviceToHost);
  cudaGraphExecMemcpyNodeSetParamsFromSymbol(exec, *node, src, sym, 4, 0, cudaMemcpyDeviceToHost);
  // the version argument is the target's (--hip-version 6.3) as 100 * major + minor, where hipify-clang
  // writes the latest it knows (HIP 6.3 for the October 2024 one)
  // CHECK: hipGetProcAddress("hipMalloc", pfn, 603, 0);
  cudaGetDriverEntryPoint("hipMalloc", pfn, 0);
  void *args[] = {&src};
  // CHECK: hipLaunchCooperativeKernel(reinterpret_cast<const void*>(kern), 1, 1, args, 0, 0);
  cudaLaunchCooperativeKernel(kern, 1, 1, args, 0, 0);
}
