// NVRTC -> hipRTC: program creation, compilation, code retrieval, and nvrtc.h.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 --examine --print-stats %s 2>&1 | FileCheck --check-prefix=EXAMINE %s
// EXAMINE: UNCONVERTED refs count: 0
// CHECK: #include <hip/hiprtc.h>
// CHECK: #include <hip/hip_runtime.h>
#include <nvrtc.h>
#include <cuda.h>
int compile(const char *src, char **ptx) {
  // CHECK: hiprtcProgram prog;
  nvrtcProgram prog;
  // CHECK: hiprtcResult r = hiprtcCreateProgram(&prog, src, "k.cu", 0, NULL, NULL);
  nvrtcResult r = nvrtcCreateProgram(&prog, src, "k.cu", 0, NULL, NULL);
  // CHECK: if (r != HIPRTC_SUCCESS) return 1;
  if (r != NVRTC_SUCCESS) return 1;
  const char *opts[] = {"--std=c++14"};
  // CHECK: r = hiprtcCompileProgram(prog, 1, opts);
  r = nvrtcCompileProgram(prog, 1, opts);
  size_t logSize = 0, size = 0;
  // CHECK: hiprtcGetProgramLogSize(prog, &logSize);
  nvrtcGetProgramLogSize(prog, &logSize);
  // CHECK: if (r == HIPRTC_ERROR_COMPILATION) return (int)logSize;
  if (r == NVRTC_ERROR_COMPILATION) return (int)logSize;
  // CHECK: hiprtcGetCodeSize(prog, &size);
  nvrtcGetPTXSize(prog, &size);
  // CHECK: hiprtcGetCode(prog, *ptx);
  nvrtcGetPTX(prog, *ptx);
  // CHECK: const char *msg = hiprtcGetErrorString(r);
  const char *msg = nvrtcGetErrorString(r);
  (void)msg;
  // CHECK: hiprtcDestroyProgram(&prog);
  nvrtcDestroyProgram(&prog);
  return 0;
}
// nvrtcCompileProgram takes const char * const *, to which char *params[] converts; hiprtcCompileProgram
// takes const char **, to which it does not (cuda-samples' nvrtc_helper.h): cast, except where the
// argument already is const char ** (or an array of const char *) or a null pointer constant.
int compile_options(nvrtcProgram prog, int n, const char **given) {
  char *params[2];
  // CHECK: hiprtcCompileProgram(prog, n, const_cast<const char**>(params));
  nvrtcCompileProgram(prog, n, params);
  // CHECK: hiprtcCompileProgram(prog, n, given);
  nvrtcCompileProgram(prog, n, given);
  // CHECK: hiprtcCompileProgram(prog, 0, NULL);
  nvrtcCompileProgram(prog, 0, NULL);
  // CHECK: hiprtcCompileProgram(prog, 0, nullptr);
  nvrtcCompileProgram(prog, 0, nullptr);
  return 0;
}
