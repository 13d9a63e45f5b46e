// Names CUDA's headers declare that no table listed passed through silently: NVTX's names without the A/W
// suffix and its resource naming, cuRAND's device helpers, the runtime's JIT options. Each is now either
// mapped (cudaStreamGetDevice: HIP has hipStreamGetDevice) or reported where used (HC1001).
// RUN: %hipify --hip-path none --hip-version 6.2 %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --match-full-lines < %t.hip
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <nvToolsExt.h>
void names(cudaStream_t s, int *dev) {
  // CHECK:   hipStreamGetDevice(s, dev);
  cudaStreamGetDevice(s, dev);
  // DIAG: unlisted_nvtx_rand.cu:[[@LINE+1]]:3: warning: HC1001: 'nvtxNameCudaDevice' has no HIP equivalent; left unchanged [unsupported-api]
  nvtxNameCudaDevice(0, "gpu0");
  // DIAG: unlisted_nvtx_rand.cu:[[@LINE+1]]:3: warning: HC1001: 'nvtxNameOsThread' has no HIP equivalent
  nvtxNameOsThread(1, "main");
  // DIAG: unlisted_nvtx_rand.cu:[[@LINE+1]]:21: warning: HC1001: 'cudaJitMaxRegisters' has no HIP equivalent
  cudaJitOption o = cudaJitMaxRegisters;
  (void)o;
}
__global__ void k(curandState *st, float2 *out) {
  // DIAG: unlisted_nvtx_rand.cu:[[@LINE+1]]:12: warning: HC1001: 'curand_box_muller' has no HIP equivalent
  out[0] = curand_box_muller(st);
}
