// cuDNN is released apart from CUDA: its rows carry cuDNN's versions, and the notes say so ("removed in
// cuDNN 8.0.1"), while rows of the libraries that ship with the toolkit name CUDA's release.
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-DAG: HC1003: 'cudnnConvolutionFwdPreference_t' was removed in cuDNN 8.0.1; translated to
// CHECK-DAG: HC1003: 'cusparseCreateCsrsv2Info' was removed in CUDA 12.0.0; translated to 'hipsparseCreateCsrsv2Info'
// CHECK-DAG: HC1004: 'cudaThreadSynchronize' is deprecated since CUDA 10.0.0
// CHECK-NOT: in CUDA 8.0.1
#include <cudnn.h>
#include <cusparse.h>

void f(csrsv2Info_t *info) {
  cudnnConvolutionFwdPreference_t pref;
  cusparseCreateCsrsv2Info(info);
  cudaThreadSynchronize();
}
