// Which cudaDeviceProp members the port can read comes from the HIP headers of the target version
// (mappings/device_props.def), not from a hand list: deviceOverlap and singleToDoublePrecisionPerfRatio
// appeared in hipDeviceProp_t with HIP 6.0 (the shim answers deviceOverlap for older HIP),
// gpuPciDeviceID in no HIP release.
// RUN: %hipify --hip-version 5.2 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 5.2 %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=HIP52
// RUN: %hipify --hip-version 6.2 %s -o - 2>/dev/null | FileCheck --match-full-lines %s --check-prefix=HIP62
// RUN: %hipify --hip-version 6.2 %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG62
#include <cuda_runtime.h>

int overlap(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  // HIP52: device_prop_versions.cu:[[#@LINE+5]]:15: note: HC1030: 'cudaDeviceProp::deviceOverlap' mapped to the hipify-c runtime shim 'hipifyShimDevicePropDeviceOverlap' [shim-used]
  // HIP52: device_prop_versions.cu:[[#@LINE+4]]:36: warning: HC1002: 'cudaDeviceProp::singleToDoublePrecisionPerfRatio' maps to 'hipDeviceProp_t::singleToDoublePrecisionPerfRatio', added in HIP 6.0.0; target HIP is 5.2.0: left unchanged [hip-version]
  // HIP52: device_prop_versions.cu:[[#@LINE+3]]:93: warning: HC1001: 'cudaDeviceProp::gpuPciDeviceID' has no HIP equivalent; left unchanged [unsupported-api]
  // CHECK: return hipifyShimDevicePropDeviceOverlap(&prop) + prop.singleToDoublePrecisionPerfRatio + prop.clockRate + prop.gpuPciDeviceID + hipifyShimDevicePropUnifiedAddressing(&prop);
  // HIP62: return prop.deviceOverlap + prop.singleToDoublePrecisionPerfRatio + prop.clockRate + prop.gpuPciDeviceID + prop.unifiedAddressing;
  return prop.deviceOverlap + prop.singleToDoublePrecisionPerfRatio + prop.clockRate + prop.gpuPciDeviceID + prop.unifiedAddressing;
}
// Under HIP 6.2 only the member no HIP has is reported.
// DIAG62-NOT: HC1002
// DIAG62: warning: HC1001: 'cudaDeviceProp::gpuPciDeviceID' has no HIP equivalent; left unchanged [unsupported-api]
// DIAG62-NOT: HC10
