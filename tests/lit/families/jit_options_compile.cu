// CUDA's JIT option values become hipJitOption's, the type CUjit_option becomes and hipModuleLoadDataEx takes:
// the port compiles with hipcc for gfx90a (Debian's HIP 5.2). As HIPRTC_JIT_* (hiprtcJIT_option, HIP 5.3) the
// array of hipJitOption did not accept them.
// REQUIRES: hipcc
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>/dev/null
// RUN: FileCheck %s --match-full-lines < %t.hip
// RUN: %hipcc %t.hip -o %t.o
#include <cuda.h>
void jit(CUmodule *m, const void *image, char *log) {
  // CHECK:   hipJitOption opts[4] = {hipJitOptionMaxRegisters, hipJitOptionInfoLogBuffer, hipJitOptionInfoLogBufferSizeBytes, hipJitOptionTargetFromContext};
  CUjit_option opts[4] = {CU_JIT_MAX_REGISTERS, CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_TARGET_FROM_CUCONTEXT};
  void *vals[4] = {(void *)32, log, (void *)1024, 0};
  cuModuleLoadDataEx(m, image, 4, opts, vals);
}
