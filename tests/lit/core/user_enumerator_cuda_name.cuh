// An enumerator of the user's own that is spelled like a CUDA name (hemi's hemi::cudaError) keeps its
// name where it is declared, in a header that declares it and never uses it: the files that write
// hemi::cudaError keep that spelling, so renaming the declaration alone would break every use.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
#pragma once
#include "cuda_runtime_api.h"
namespace hemi {
typedef enum {
  success = 0,
  // DIAG: user_enumerator_cuda_name.cuh:[[@LINE+2]]:3: note: HC1021: 'cudaError' refers to a declaration in user code
  // CHECK: cudaError = 1
  cudaError = 1
} Error_t;
// CHECK: enum class Mode : unsigned { cudaMemcpyDefault, other };
enum class Mode : unsigned { cudaMemcpyDefault, other };
// CHECK: inline hipError_t check(hipError_t r) { return r; }
inline cudaError_t check(cudaError_t r) { return r; }
}
// CHECK: static const int kinds[] = {hipMemcpyHostToDevice, hipMemcpyDeviceToHost};
static const int kinds[] = {cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost};
