// NVTX ranges and marks become ROCm's roctx (roctracer/roctx.h, link -lroctx64): the ASCII push/pop/mark and
// start/end calls have counterparts with the same argument and result types. What roctx lacks (event
// attributes, wide strings, domains, naming) stays and is reported (HC1001).
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>%t.err
// RUN: FileCheck %s --match-full-lines < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// CHECK: #include <roctracer/roctx.h>
#include <nvtx3/nvToolsExt.h>
#include <cuda_runtime.h>

void step(cudaStream_t stream, float *buf) {
  // CHECK: roctxRangePushA("step");
  nvtxRangePushA("step");
  // CHECK: roctxMarkA("copy done");
  nvtxMarkA("copy done");
  // CHECK: roctx_range_id_t id = roctxRangeStartA("phase");
  nvtxRangeId_t id = nvtxRangeStartA("phase");
  // CHECK: roctxRangeStop(id);
  nvtxRangeEnd(id);
  // CHECK: int depth = roctxRangePop();
  int depth = nvtxRangePop();
  // DIAG: nvtx.cu:[[@LINE+2]]:3: warning: HC1001: 'nvtxEventAttributes_t' has no HIP equivalent; left unchanged [unsupported-api]
  // DIAG: nvtx.cu:[[@LINE+1]]:42: warning: HC1001: 'nvtxRangePushEx' has no HIP equivalent
  nvtxEventAttributes_t attributes = {}; nvtxRangePushEx(&attributes);
  (void)depth; (void)stream; (void)buf;
}
