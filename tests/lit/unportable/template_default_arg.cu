// A default argument that an out-of-line definition of a member of a class template adds (HC1115): nvcc
// accepts it, clang rejects it. Reported at the member's name, left as it is; a default on the declaration
// in the class, on a member of a plain class, in a nested call or a template argument, and a call are not.
// RUN: %hipify %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1115
// RUN: FileCheck --check-prefix=OUT %s < %t.hip
#include <cuda_runtime.h>

template <typename K, int N> struct table {
  double load(int flag);
  void clear(int from = 0);
  int size(int a, int b) const;
  static int make(int x);
};

// CHECK: template_default_arg.cu:[[@LINE+2]]:21: warning: HC1115: 'load' is defined outside its class template with a default argument: clang rejects it (nvcc accepts it); give the default in the declaration inside the class [template-default-arg]
template <typename K, int N>
double table<K, N>::load(int flag = 0) {
  return flag;
}
// OUT: double table<K, N>::load(int flag = 0) {

template <typename K, int N>
void table<K, N>::clear(int from) {}

// CHECK: template_default_arg.cu:[[@LINE+2]]:18: warning: HC1115: 'size' is defined outside its class template with a default argument: clang rejects it (nvcc accepts it); give the default in the declaration inside the class [template-default-arg]
template <typename K, int N>
int table<K, N>::size(int a, int b = sizeof(table<K, N>)) const {
  return a + b;
}

template <typename K, int N>
int table<K, N>::make(int x) {
  int y = 0;
  return table<K, N>::make(y = x);
}

struct plain {
  void f(int a);
};
void plain::f(int a = 1) {}

__global__ void kernel(int *out) { out[0] = table<int, 2>::make(1); }
