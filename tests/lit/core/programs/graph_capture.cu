// Complete program: stream capture into a graph, instantiate and launch.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

__global__ void twice(int *p) { p[threadIdx.x] *= 2; }

int main() {
  int *p;
  cudaMalloc(&p, 32 * sizeof(int));
  cudaStream_t s;
  cudaStreamCreate(&s);
  // CHECK: hipGraph_t graph;
  cudaGraph_t graph;
  // CHECK: hipGraphExec_t exec;
  cudaGraphExec_t exec;
  // CHECK: hipStreamBeginCapture(s, hipStreamCaptureModeGlobal);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  twice<<<1, 32, 0, s>>>(p);
  cudaStreamEndCapture(s, &graph);
  // CHECK: hipGraphInstantiate(&exec, graph, NULL, NULL, 0);
  cudaGraphInstantiate(&exec, graph, NULL, NULL, 0);
  // CHECK: hipGraphLaunch(exec, s);
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaStreamDestroy(s);
  cudaFree(p);
  return 0;
}
