// CUmemAllocationProp::allocFlags (the driver API's; CUDA's runtime has no such struct): HIP before 5.3 keeps compressionType and usage at the top level of
// hipMemAllocationProp, so prop.allocFlags.X becomes prop.X (HC1108); gpuDirectRDMACapable has no counterpart
// there (HC1109). With HIP 5.3 or later the member exists and nothing changes. The 5.2 output compiles.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1108 --implicit-check-not=HC1109
// RUN: FileCheck %s --check-prefix=OUT --match-full-lines < %t.hip
// RUN: %hipify --hip-version 5.3 %s -o %t.new 2>%t.new.err
// RUN: FileCheck %s --check-prefix=NEW < %t.new
// RUN: not grep alloc-flags %t.new.err
// RUN: sed '/gpuDirectRDMACapable/d' %t.hip > %t.compile.hip
// RUN: %if hipcc %{ %hipcc %t.compile.hip -o %t.o %}
#include <cuda.h>

void describe(CUmemAllocationProp *out, int device) {
  CUmemAllocationProp prop = {};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = device;
  // CHECK: alloc_flags.cu:[[@LINE+3]]:8: note: HC1108: 'allocFlags.compressionType' rewritten to 'compressionType': hipMemAllocationProp before HIP 5.3 has the member directly [alloc-flags]
  // OUT: prop.compressionType = 0;
  // NEW: prop.allocFlags.compressionType = 0;
  prop.allocFlags.compressionType = 0;
  // CHECK: alloc_flags.cu:[[@LINE+2]]:8: note: HC1108: 'allocFlags.usage' rewritten to 'usage'
  // OUT: out->usage = prop.usage;
  out->allocFlags.usage = prop.allocFlags.usage;
  // CHECK: alloc_flags.cu:[[@LINE-1]]:32: note: HC1108: 'allocFlags.usage' rewritten to 'usage'
  // CHECK: alloc_flags.cu:[[@LINE+1]]:8: warning: HC1109: 'allocFlags.gpuDirectRDMACapable' has no counterpart in hipMemAllocationProp before HIP 5.3: left unchanged [alloc-flags]
  prop.allocFlags.gpuDirectRDMACapable = 1;
  *out = prop;
}
