// Conditional graph nodes have no HIP counterpart at any version: HC1107 instead of the generic HC1001. Graph
// memory attributes exist from HIP 5.3: for an older target HC1002 says so; with 5.3 they are renamed.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1107 --implicit-check-not=HC1001
// RUN: %hipify --hip-version 5.3 %s -o - 2>/dev/null | FileCheck %s --check-prefix=NEW
#include <cuda_runtime.h>

void build(cudaGraph_t graph, size_t *used) {
  // CHECK: graph_conditional.cu:[[@LINE+1]]:3: warning: HC1107: 'cudaGraphConditionalHandle': HIP graphs have no conditional nodes: left unchanged [graph-conditional]
  cudaGraphConditionalHandle handle;
  // CHECK: graph_conditional.cu:[[@LINE+1]]:3: warning: HC1107: 'cudaGraphConditionalHandleCreate'
  cudaGraphConditionalHandleCreate(&handle, graph, 1, 0);
  // CHECK: graph_conditional.cu:[[@LINE+1]]:3: warning: HC1002: 'cudaDeviceGetGraphMemAttribute' maps to 'hipDeviceGetGraphMemAttribute', added in HIP 5.3.0; target HIP is 5.2.0: left unchanged [hip-version]
  cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, used);
  // NEW: hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, used);
}
