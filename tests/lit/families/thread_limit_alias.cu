// cudaThreadSetLimit, the deprecated alias of cudaDeviceSetLimit, maps where cudaDeviceSetLimit does
// (hipDeviceSetLimit, declared from HIP 5.3.0); an older target reports it instead of writing a name that does not compile.
// RUN: %hipify --hip-path none --hip-version 5.3 %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=HC1001 --implicit-check-not=HC1002
// RUN: FileCheck %s --match-full-lines < %t.hip
// RUN: %hipify --hip-path none --hip-version 5.2 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OLD
#include <cuda_runtime.h>
void limits(size_t bytes) {
  // CHECK:   hipDeviceSetLimit(hipLimitMallocHeapSize, bytes);
  // DIAG: thread_limit_alias.cu:[[@LINE+2]]:3: note: HC1004: 'cudaThreadSetLimit' is deprecated since CUDA 10.0.0 [deprecated-cuda-api]
  // OLD: thread_limit_alias.cu:[[@LINE+1]]:3: warning: HC1002: 'cudaThreadSetLimit' maps to 'hipDeviceSetLimit', added in HIP 5.3.0; target HIP is 5.2.0: left unchanged [hip-version]
  cudaThreadSetLimit(cudaLimitMallocHeapSize, bytes);
  // CHECK:   hipDeviceSetLimit(hipLimitMallocHeapSize, bytes);
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, bytes);
}
