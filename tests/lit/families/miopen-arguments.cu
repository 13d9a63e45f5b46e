// cuDNN -> MIOpen argument reshaping (--miopen): MIOpen orders some parameters differently (workspace
// last, softmax algorithm and mode last, filter before input in the workspace queries), has no
// pooling NaN option, no algorithm in the workspace queries, takes the LRN mode and no handle in the
// RNN descriptor calls. Moved arguments keep their renames. The hipDNN translation is left as it is.
// RUN: %hipify --hip-version 6.3 --miopen %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=MIOPEN %s
// RUN: %hipify --hip-version 6.3 --roc --miopen %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=MIOPEN %s
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=HIP %s
// RUN: %hipify --hip-version 6.3 --miopen %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
#include <cudnn.h>
void conv(cudnnHandle_t h, cudnnTensorDescriptor_t xD, cudnnFilterDescriptor_t wD, cudnnConvolutionDescriptor_t cD,
          cudnnTensorDescriptor_t yD, cudnnConvolutionFwdAlgo_t algo, cudnnConvolutionBwdDataAlgo_t balgo,
          size_t ws, void *w, float *x, float *y, void *wsp, cudnnConvolutionFwdAlgoPerf_t *perf, int *n) {
  float a = 1, b = 0;
  // MIOPEN: miopenConvolutionForwardGetWorkSpaceSize(h, wD, xD, cD, yD, &ws);
  // HIP: hipdnnGetConvolutionForwardWorkspaceSize(h, xD, wD, cD, yD, algo, &ws);
  cudnnGetConvolutionForwardWorkspaceSize(h, xD, wD, cD, yD, algo, &ws);
  // MIOPEN: miopenConvolutionBackwardDataGetWorkSpaceSize(h, yD, wD, cD, xD, &ws);
  cudnnGetConvolutionBackwardDataWorkspaceSize(h, wD, yD, cD, xD, balgo, &ws);
  // MIOPEN: miopenSoftmaxForward_V2(h, &a, xD, x, &b, yD, y, MIOPEN_SOFTMAX_ACCURATE, MIOPEN_SOFTMAX_MODE_CHANNEL);
  // HIP: hipdnnSoftmaxForward(h, HIPDNN_SOFTMAX_ACCURATE, HIPDNN_SOFTMAX_MODE_CHANNEL, &a, xD, x, &b, yD, y);
  cudnnSoftmaxForward(h, CUDNN_SOFTMAX_ACCURATE, CUDNN_SOFTMAX_MODE_CHANNEL, &a, xD, x, &b, yD, y);
  // MIOPEN: miopenSoftmaxBackward_V2(h, &a, yD, y, yD, y, &b, xD, x, MIOPEN_SOFTMAX_FAST, MIOPEN_SOFTMAX_MODE_INSTANCE);
  cudnnSoftmaxBackward(h, CUDNN_SOFTMAX_FAST, CUDNN_SOFTMAX_MODE_INSTANCE, &a, yD, y, yD, y, &b, xD, x);
  // MIOPEN: miopenConvolutionForward(h, &a, xD, x, wD, w, cD, algo, &b, yD, y, wsp, ws);
  cudnnConvolutionForward(h, &a, xD, x, wD, w, cD, algo, wsp, ws, &b, yD, y);
  // a call split over lines keeps its line breaks where hipify-clang keeps them
  // MIOPEN: miopenConvolutionBackwardData(h, &a, yD, y, wD, w, cD, balgo,
  // MIOPEN-NEXT:       &b, xD, x, wsp, ws);
  cudnnConvolutionBackwardData(h, &a, wD, w, yD, y, cD, balgo,
      wsp, ws,
      &b, xD, x);
  // MIOPEN: miopenFindConvolutionForwardAlgorithm(h, xD, x, wD, w, cD, yD, y, 1, n, perf, wsp, ws, true);
  cudnnFindConvolutionForwardAlgorithmEx(h, xD, x, wD, w, cD, yD, y, 1, n, perf, wsp, ws);
}
void descriptors(cudnnPoolingDescriptor_t pd, cudnnLRNDescriptor_t ld, cudnnPoolingMode_t *mode,
                 cudnnNanPropagation_t *nan, int *v, int *dims, int *win, int *pad, int *str) {
  // MIOPEN: miopenSet2dPoolingDescriptor(pd, miopenPoolingMax, 2, 2, 0, 0, 1, 1);
  cudnnSetPooling2dDescriptor(pd, CUDNN_POOLING_MAX, CUDNN_NOT_PROPAGATE_NAN, 2, 2, 0, 0, 1, 1);
  // MIOPEN: miopenGet2dPoolingDescriptor(pd, mode, v, v, v, v, v, v);
  cudnnGetPooling2dDescriptor(pd, mode, nan, v, v, v, v, v, v);
  // MIOPEN: miopenSetNdPoolingDescriptor(pd, miopenPoolingMax, 2, win, pad, str);
  cudnnSetPoolingNdDescriptor(pd, CUDNN_POOLING_MAX, CUDNN_PROPAGATE_NAN, 2, win, pad, str);
  // MIOPEN: miopenGetNdPoolingDescriptor(pd, 2, mode, dims, win, pad, str);
  cudnnGetPoolingNdDescriptor(pd, 2, mode, nan, dims, win, pad, str);
  // MIOPEN: miopenSetLRNDescriptor(ld, miopenLRNCrossChannel, 5, 1e-4, 0.75, 2.0);
  // HIP: hipdnnSetLRNDescriptor(ld, 5, 1e-4, 0.75, 2.0);
  cudnnSetLRNDescriptor(ld, 5, 1e-4, 0.75, 2.0);
}
// DIAG: warning: HC1024: 'cudnnGetConvolutionForwardWorkspaceSize': argument 6 removed: miopenConvolutionForwardGetWorkSpaceSize takes no algorithm
// DIAG: note: HC1022: 'cudnnSoftmaxForward': arguments 2-3 moved to the end, after argument 9
// DIAG: warning: HC1024: 'cudnnSetPooling2dDescriptor': argument 3 removed: MIOpen pooling has no NaN-propagation option
