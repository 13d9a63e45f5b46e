// CUDA's cudaGraphicsResource (and nine more, flag typedef_only in the tables) is a struct tag; HIP's
// counterpart is only a typedef, which clang refuses after `struct` ("typedef 'hipGraphicsResource'
// cannot be referenced with a struct specifier": cuda-samples particles). The keyword goes with the
// rename (a comment between them stays); a name HIP also has as a tag keeps it.
// RUN: %hipify --hip-path none %s -o %t.hip 2>/dev/null
// RUN: FileCheck %s --match-full-lines < %t.hip
// RUN: %if hipcc %{ %hipcc %t.hip -o %t.o %}
#include <cuda_runtime.h>
// CHECK: hipGraphicsResource *cuda_vbo_resource;
struct cudaGraphicsResource *cuda_vbo_resource;
// CHECK: hipExternalMemoryHandleDesc memDesc;
struct   cudaExternalMemoryHandleDesc memDesc;
// CHECK: /* GL */ hipGraphicsResource *second;
struct /* GL */ cudaGraphicsResource *second;
// CHECK: struct hipDeviceProp_t prop;
struct cudaDeviceProp prop;
// CHECK: hipGraphicsResource_t resource;
cudaGraphicsResource_t resource;
// CHECK: void map(hipStream_t s) { hipGraphicsMapResources(1, &cuda_vbo_resource, s); }
void map(cudaStream_t s) { cudaGraphicsMapResources(1, &cuda_vbo_resource, s); }
