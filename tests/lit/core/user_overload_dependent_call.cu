// A dependent call in a template of the user's, to the user's own overload of a CUDA name (hemi's
// hemi::cudaLaunch calling its other cudaLaunch), keeps its name like the declarations: the call
// resolves only at instantiation, among the file's declarations, never to CUDA's removed cudaLaunch.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | FileCheck %s --check-prefix=DIAG
#include <cuda_runtime.h>
namespace hemi {
template <typename... Arguments>
void cudaLaunch(void (*f)(Arguments...), Arguments... args) {
  int p = 0;
  // DIAG: user_overload_dependent_call.cu:[[@LINE+2]]:3: note: HC1021: 'cudaLaunch' refers to a declaration in user code
  // CHECK: cudaLaunch(p, f, args...);
  cudaLaunch(p, f, args...);
}
template <typename... Arguments>
void cudaLaunch(int, void (*f)(Arguments...), Arguments... args) {
  f<<<1, 1>>>(args...);
}
}
template <typename T>
void copy(T *d, const T *h, int n) {
  // CHECK: hipMemcpy(d, h, n * sizeof(T), hipMemcpyHostToDevice);
  cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice);
}
