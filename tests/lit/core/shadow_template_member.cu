// A static member of a user class template that carries a CUDA name (Traits<T>::cudaMalloc) is the
// user's, even where the semantic pass does not run (a dependent name in a template).
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// RUN: %hipify --semantic never %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

template <typename T> struct Traits {
  static int cudaMalloc(T **p) { *p = 0; return 0; }
};
template <typename T> int make(T **p) {
  // CHECK: return Traits<T>::cudaMalloc(p) + (int)hipMalloc((void **)p, sizeof(T));
  return Traits<T>::cudaMalloc(p) + (int)cudaMalloc((void **)p, sizeof(T));
}
// CHECK: int other(float **p) { return Traits<Traits<float>>::cudaMalloc((Traits<float> **)p); }
int other(float **p) { return Traits<Traits<float>>::cudaMalloc((Traits<float> **)p); }
