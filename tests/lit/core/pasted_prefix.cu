// A macro that forms runtime calls by pasting their prefix (CHECK(cuda##call), used as CALL(Malloc(...)))
// writes no CUDA name for the tables: the prefix becomes hip (HC1166), HIP's runtime names being CUDA's
// with that prefix. A macro one of whose uses in the file pastes a name HIP spells otherwise keeps the
// prefix, and that use is reported (HC1167). A 'cuda' that is no paste operand stays.
// RUN: %hipify %s -o %t.hip 2>%t.err
// RUN: FileCheck %s --match-full-lines < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
#include <cuda_runtime.h>
#define CHECK(call) { cudaError_t rc = call; if (rc != cudaSuccess) return rc; }
// CHECK: #define CALL(call) CHECK(hip##call)
#define CALL(call) CHECK(cuda##call)
// CHECK: #define OTHER(call) CHECK(cuda ## call)
#define OTHER(call) CHECK(cuda ## call)
// CHECK: #define NAME(x) x##cuda
#define NAME(x) x##cuda
cudaError_t f(void **p, cudaStream_t s) {
  CALL(Malloc(p, 64));
  CALL(MemsetAsync(*p, 0, 64, s));
  OTHER(ThreadSynchronize());
  return cudaSuccess;
}
// DIAG: pasted_prefix.cu:11:26: note: HC1166: 'cuda ## call' in macro 'CALL' becomes 'hip ## call'
// DIAG: pasted_prefix.cu:19:3: warning: HC1167: 'OTHER' pastes 'cudaThreadSynchronize', whose HIP name is hipDeviceSynchronize
