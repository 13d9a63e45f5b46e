// A function whose head is written once in each branch of an #if (`int check(CUresult e) {` under #ifdef,
// `int check(cudaError_t e) {` under #else) opens its body twice in the text and closes it once. Counted
// brace by brace, everything after it looked like the inside of a function body, and the overloads that
// HIP merges there went unreported until hipcc stopped on the redefinition. The body is one block (its
// braces matched as the compiler reads either branch), so the definitions after it are checked as usual.
// RUN: %hipify --hip-path none %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1125
#include <cuda.h>
#include <cuda_runtime.h>
#ifdef USE_DRIVER
int check(CUresult e) {
#else
int check(cudaError_t e) {
#endif
  return (int)e;
}
int g(cudaError_t e) { return (int)e; }
// CHECK: merged_overloads_branch_heads.cu:[[#@LINE+1]]:5: warning: HC1125: 'g(CUresult)' and 'g(cudaError_t)' (line [[#@LINE-1]]) both become 'g(hipError_t)' in HIP
int g(CUresult e) { return (int)e; }
namespace util {
inline void sync(cudaStream_t s) { cudaStreamSynchronize(s); }
// CHECK: merged_overloads_branch_heads.cu:[[#@LINE+1]]:13: warning: HC1125: 'sync(CUstream)' and 'sync(cudaStream_t)'
inline void sync(CUstream s) { cuStreamSynchronize(s); }
}
