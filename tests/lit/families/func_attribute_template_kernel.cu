// cudaFuncSetAttribute's kernel argument written as a template-id (k<V, M>): its '>' ends the argument, so the
// comma inside is a template's (a comparison's '>' would need a right operand); the kernel gets HIP's
// const void* cast, as a plain kernel name does, instead of HC1024. A comparison pair stays doubtful.
// RUN: %hipify --hip-path none %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=HC1024
// RUN: FileCheck %s < %t.hip
template <typename T, int N> __global__ void k(T *p) { p[threadIdx.x] = N; }
namespace inner { template <int A, typename T> __global__ void sorter(T *p) { p[threadIdx.x] = A; } }
template <typename V, int M> void setup(int bytes) {
  // CHECK: hipFuncSetAttribute(reinterpret_cast<const void*>(k<V, M>), hipFuncAttributeMaxDynamicSharedMemorySize, bytes);
  // DIAG: func_attribute_template_kernel.cu:[[@LINE+1]]:3: note: HC1022: 'cudaFuncSetAttribute': argument 1 cast to 'const void*'
  cudaFuncSetAttribute(k<V, M>, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  // CHECK: reinterpret_cast<const void*>(inner::sorter<(M > 2), V>),
  cudaFuncSetAttribute(
      inner::sorter<(M > 2), V>,
      cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  // CHECK: hipFuncSetCacheConfig(reinterpret_cast<const void*>(k<float, 4>), hipFuncCachePreferShared);
  cudaFuncSetCacheConfig(k<float, 4>, cudaFuncCachePreferShared);
}
template void setup<float, 3>(int);
