// A struct or enum the user defines in their namespace with a CUDA type name is the user's type: its
// definition and the uses that name it are left alone; the CUDA type outside is renamed.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

namespace app {
// CHECK: struct cudaDeviceProp {
struct cudaDeviceProp {
  int major, minor;
};
// CHECK: static cudaDeviceProp make_prop(void) { cudaDeviceProp p = {7, 0}; return p; }
static cudaDeviceProp make_prop(void) { cudaDeviceProp p = {7, 0}; return p; }
// CHECK: enum cudaMemcpyKind { Up, Down };
enum cudaMemcpyKind { Up, Down };
// CHECK: int direction(cudaMemcpyKind k) { return k == Up; }
int direction(cudaMemcpyKind k) { return k == Up; }
}
// CHECK: int major(const app::cudaDeviceProp &mine, const hipDeviceProp_t &theirs) { return mine.major + theirs.major; }
int major(const app::cudaDeviceProp &mine, const cudaDeviceProp &theirs) { return mine.major + theirs.major; }
