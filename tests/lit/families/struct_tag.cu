// CUDA's cudaGraphicsResource (and nine more, flag typedef_only in the tables) is a struct tag; HIP's
// counterpart is only a typedef, which clang refuses after `struct` ("typedef 'hipGraphicsResource'
// cannot be referenced with a struct specifier": cuda-samples particles failed with no diagnostic).
// The keyword is left, as hipify-clang leaves it (its tests expect `struct hipGraphicsResource`), and
// HC1113 says to remove it. A name HIP also declares as a tag (hipDeviceProp_t) and the typedef
// spellings are not reported.
// RUN: %hipify --hip-path none %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=HC1113
// RUN: FileCheck %s --match-full-lines < %t.hip
// RUN: sed -e 's/struct \([^ ]* \)\{0,1\}hipGraphicsResource/\1hipGraphicsResource/' -e 's/struct *hipExternalMemoryHandleDesc/hipExternalMemoryHandleDesc/' %t.hip > %t.fixed.hip
// RUN: %if hipcc %{ %hipcc %t.fixed.hip -o %t.o %}
#include <cuda_runtime.h>
// DIAG: struct_tag.cu:[[@LINE+2]]:1: warning: HC1113: 'struct cudaGraphicsResource' becomes 'struct hipGraphicsResource': HIP declares 'hipGraphicsResource' only as a typedef, which clang refuses after 'struct'; remove the keyword [tag-of-typedef]
// CHECK: struct hipGraphicsResource *cuda_vbo_resource;
struct cudaGraphicsResource *cuda_vbo_resource;
// DIAG: struct_tag.cu:[[@LINE+2]]:1: warning: HC1113: 'struct cudaExternalMemoryHandleDesc'
// CHECK: struct   hipExternalMemoryHandleDesc memDesc;
struct   cudaExternalMemoryHandleDesc memDesc;
// CHECK: struct hipDeviceProp_t prop;
struct cudaDeviceProp prop;
// CHECK: hipGraphicsResource_t resource;
cudaGraphicsResource_t resource;
// CHECK: void map(hipStream_t s) { hipGraphicsMapResources(1, &cuda_vbo_resource, s); }
void map(cudaStream_t s) { cudaGraphicsMapResources(1, &cuda_vbo_resource, s); }
