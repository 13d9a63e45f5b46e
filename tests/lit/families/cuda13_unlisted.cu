// CUDA API names the reference tables do not list (mappings/extra_cuda13.tsv, from CUDA 13.0's headers by
// mappings/tools/find_unlisted.py): each passed silently and failed to compile (cuda-samples
// systemWideAtomics: atomicInc_system; cudaCompressibleMemory: CU_MEM_ALLOCATION_COMP_GENERIC). Those HIP
// has no counterpart for are reported (HC1001); block-scope atomics become HIP's device-scope ones, which
// are atomic within a block too.
// RUN: %hipify --hip-path none %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=HC1001
// RUN: FileCheck %s --match-full-lines < %t.hip
#include <cuda.h>
__global__ void k(unsigned *p, int *q, float *f) {
  // CHECK:   atomicAdd(q, 1); atomicCAS(q, 0, 1); atomicExch(f, 2.0f);
  atomicAdd_block(q, 1); atomicCAS_block(q, 0, 1); atomicExch_block(f, 2.0f);
  // DIAG: cuda13_unlisted.cu:[[@LINE+1]]:3: warning: HC1001: 'atomicInc_system' has no HIP equivalent; left unchanged [unsupported-api]
  atomicInc_system(p, 5u);
}
void host(CUmemAllocationProp *prop) {
  // DIAG: cuda13_unlisted.cu:[[@LINE+1]]:31: warning: HC1001: 'CU_MEM_ALLOCATION_COMP_GENERIC' has no HIP equivalent
  unsigned char compression = CU_MEM_ALLOCATION_COMP_GENERIC;
  (void)prop;
  (void)compression;
}
