// CUDA's C++ template overloads beside the C API, and what a port needs for each under HIP 5.2:
// - the kernel itself where HIP takes const void * (cudaLaunch), the two-argument cudaSetupArgument, the
//   texture object of cudaGetTextureAlignmentOffset, the kernel given to the shim's occupancy function:
//   the call stays as hipify-clang writes it and hipify_shim.h declares the overload;
// - defaulted arguments HIP's function does not default (cudaLaunchCooperativeKernel's shared memory and
//   stream, cudaMemcpy{To,From}SymbolAsync's offset and kind): they are written out.
// The port compiles for gfx90a.
// RUN: %hipify --hip-version 5.2 %s -o %t.hip 2>%t.err
// RUN: FileCheck --match-full-lines %s < %t.hip
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %if hipcc %{ %hipcc %t.hip -o %t.o %}
#include <cuda_runtime.h>
// CHECK: #include {{.}}hipify_shim.h{{.}}
__global__ void kern(float *x) { x[0] = 1.0f; }
__device__ float table[4];
texture<float, 1, cudaReadModeElementType> tex;

void legacy_launch(float *arg) {
  // CHECK: hipSetupArgument(arg, 0);
  // DIAG: template_overloads.cu:[[@LINE+1]]:3: note: HC1030: 'cudaSetupArgument' mapped to the hipify-c runtime shim 'hipSetupArgument (C++ template overload)' [shim-used]
  cudaSetupArgument(arg, 0);
  // CHECK: hipLaunchByPtr(kern);
  // DIAG: template_overloads.cu:[[@LINE+1]]:3: note: HC1030: 'cudaLaunch' mapped to the hipify-c runtime shim 'hipLaunchByPtr (C++ template overload)' [shim-used]
  cudaLaunch(kern);
}

void queries(size_t *offset, size_t *smem) {
  // CHECK: hipGetTextureAlignmentOffset(offset, tex);
  // DIAG: template_overloads.cu:[[@LINE+1]]:3: note: HC1030: 'cudaGetTextureAlignmentOffset' mapped to the hipify-c runtime shim 'hipGetTextureAlignmentOffset (C++ template overload)' [shim-used]
  cudaGetTextureAlignmentOffset(offset, tex);
  // CHECK: hipifyShimOccupancyAvailableDynamicSMemPerBlock(smem, kern, 2, 128);
  cudaOccupancyAvailableDynamicSMemPerBlock(smem, kern, 2, 128);
}

void defaults(float *host, void **args, cudaStream_t s) {
  // CHECK: hipLaunchCooperativeKernel(reinterpret_cast<const void*>(kern), dim3(1), dim3(64), args, 0, 0);
  cudaLaunchCooperativeKernel(kern, dim3(1), dim3(64), args);
  // CHECK: hipLaunchCooperativeKernel(reinterpret_cast<const void*>(kern), dim3(1), dim3(64), args, 16, 0);
  cudaLaunchCooperativeKernel(kern, dim3(1), dim3(64), args, 16);
  // CHECK: hipLaunchCooperativeKernel(reinterpret_cast<const void*>(kern), dim3(1), dim3(64), args, 16, s);
  cudaLaunchCooperativeKernel(kern, dim3(1), dim3(64), args, 16, s);
  // CHECK: hipMemcpyToSymbolAsync(HIP_SYMBOL(table), host, sizeof(float), 0, hipMemcpyHostToDevice);
  cudaMemcpyToSymbolAsync(table, host, sizeof(float));
  // CHECK: hipMemcpyToSymbolAsync(HIP_SYMBOL(table), host, sizeof(float), 4, hipMemcpyHostToDevice);
  cudaMemcpyToSymbolAsync(table, host, sizeof(float), 4);
  // CHECK: hipMemcpyToSymbolAsync(HIP_SYMBOL(table), host, sizeof(float), 4, hipMemcpyHostToDevice, s);
  cudaMemcpyToSymbolAsync(table, host, sizeof(float), 4, cudaMemcpyHostToDevice, s);
  // CHECK: hipMemcpyFromSymbolAsync(host, HIP_SYMBOL(table), sizeof(float), 0, hipMemcpyDeviceToHost);
  cudaMemcpyFromSymbolAsync(host, table, sizeof(float));
  // CHECK: hipMemcpyFromSymbolAsync(host, HIP_SYMBOL(table), sizeof(float), 8, hipMemcpyDeviceToHost);
  cudaMemcpyFromSymbolAsync(host, table, sizeof(float), 8);
}
