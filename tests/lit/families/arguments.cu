// Argument rewrites (mappings/arguments.tsv): HIP_SYMBOL() around symbols, kernel casts, overloads chosen
// by argument count; idempotent on its own output; C files get C casts.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 %s -o %t.hip.cpp 2>/dev/null && %hipify --hip-version 6.3 %t.hip.cpp -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 6.3 %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
// RUN: cp %s %t.c && %hipify --hip-version 6.3 %t.c -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=CFILE %s
// DIAG: note: HC1022: 'cudaMemcpyToSymbol': argument 1 wrapped in HIP_SYMBOL() [argument-rewrite]
// DIAG: note: HC1022: 'cudaEventCreate' with 2 arguments is 'hipEventCreateWithFlags' in HIP [argument-rewrite]
// DIAG: note: HC1022: 'cudaMallocHost': argument 'hipHostMallocDefault' appended [argument-rewrite]
// DIAG: note: HC1022: 'cudaFuncGetAttributes': argument 2 cast to 'const void*' [argument-rewrite]
// DIAG: note: HC1022: 'cudaGraphInstantiate' with 2 arguments is 'hipGraphInstantiateWithFlags' in HIP; argument '0' appended [argument-rewrite]
// DIAG: warning: HC1024: symbol given as a string, which HIP (like CUDA 5.0 and later) does not look up: pass the symbol itself [argument-check]
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
__constant__ float coeffs[16];
__device__ int counter;
__global__ void kern(float *x) { x[threadIdx.x] *= coeffs[0]; }
int main() {
    float h[16] = {0};
    // CHECK: hipMemcpyToSymbol(HIP_SYMBOL(coeffs), h, sizeof(h));
    cudaMemcpyToSymbol(coeffs, h, sizeof(h));
    // CHECK: hipMemcpyToSymbolAsync(HIP_SYMBOL(coeffs), h, sizeof(h), 0, hipMemcpyHostToDevice, 0);
    cudaMemcpyToSymbolAsync(coeffs, h, sizeof(h), 0, cudaMemcpyHostToDevice, 0);
    int c;
    // CHECK: hipMemcpyFromSymbol(&c, HIP_SYMBOL(counter), sizeof(int), 0, hipMemcpyDeviceToHost);
    cudaMemcpyFromSymbol(&c, counter, sizeof(int), 0, cudaMemcpyDeviceToHost);
    // CHECK: hipMemcpyFromSymbolAsync(&c, HIP_SYMBOL(counter), sizeof c, 0, hipMemcpyDeviceToHost);
    cudaMemcpyFromSymbolAsync(&c, counter, sizeof c, 0, cudaMemcpyDeviceToHost);
    void *addr; size_t sz;
    // CHECK: hipGetSymbolAddress(&addr, HIP_SYMBOL(counter));
    cudaGetSymbolAddress(&addr, counter);
    // CHECK: hipGetSymbolSize(&sz, HIP_SYMBOL(coeffs));
    cudaGetSymbolSize(&sz, coeffs);
    // CHECK: hipEvent_t e1, e2;
    cudaEvent_t e1, e2;
    // CHECK: hipEventCreate(&e1);
    cudaEventCreate(&e1);
    // CHECK: hipEventCreateWithFlags(&e2, hipEventDisableTiming);
    cudaEventCreate(&e2, cudaEventDisableTiming);
    float *p, *q;
    // CHECK: hipHostMalloc(&p, 64, hipHostMallocDefault);
    cudaMallocHost(&p, 64);
    // CHECK: hipHostMalloc((void **)&q, 64, hipHostMallocMapped);
    cudaMallocHost((void **)&q, 64, cudaHostAllocMapped);
    // CHECK: hipFuncAttributes attr;
    cudaFuncAttributes attr;
    // CHECK: hipFuncGetAttributes(&attr, reinterpret_cast<const void*>(kern));
    // CFILE: hipFuncGetAttributes(&attr, (const void*)(kern));
    cudaFuncGetAttributes(&attr, kern);
    // CHECK: hipFuncSetCacheConfig(reinterpret_cast<const void*>(kern), hipFuncCachePreferL1);
    cudaFuncSetCacheConfig(kern, cudaFuncCachePreferL1);
    void *args[] = {&p};
    // CHECK: hipLaunchKernel((const void *)kern, dim3(1), dim3(16), args, 0, 0);
    cudaLaunchKernel((const void *)kern, dim3(1), dim3(16), args, 0, 0);
    // CHECK: hipMemcpyToSymbol(HIP_SYMBOL(coeffs), h, sizeof(h));
    cudaMemcpyToSymbol(HIP_SYMBOL(coeffs), h, sizeof(h));
    // CHECK: hipFuncSetCacheConfig(reinterpret_cast<const void *>(kern), hipFuncCachePreferL1);
    cudaFuncSetCacheConfig(reinterpret_cast<const void *>(kern), cudaFuncCachePreferL1);
    return 0;
}
void waits(cudaStream_t s, cudaEvent_t e) {
  // CHECK: hipStreamWaitEvent(s, e, 0);
  cudaStreamWaitEvent(s, e);
  // CHECK: hipStreamWaitEvent(s, e, 0);
  cudaStreamWaitEvent(s, e, 0);
}
void graphs(cudaGraph_t graph) {
  cudaGraphExec_t exec;
  // CUDA 12's three-argument form has its own name in HIP; the older five-argument form keeps the name.
  // CHECK: hipGraphInstantiateWithFlags(&exec, graph, 0);
  cudaGraphInstantiate(&exec, graph, 0);
  // CHECK: hipGraphInstantiate(&exec, graph, NULL, NULL, 0);
  cudaGraphInstantiate(&exec, graph, NULL, NULL, 0);
  // CUDA's defaulted trailing arguments that HIP 5.2 requires
  // CHECK: hipGraphInstantiateWithFlags(&exec, graph, 0);
  cudaGraphInstantiate(&exec, graph);
  // CHECK: hipGraphInstantiateWithFlags(&exec, graph, 0);
  cudaGraphInstantiateWithFlags(&exec, graph);
}
void edges(cudaGraph_t g, cudaGraphNode_t *from, cudaGraphNode_t *to, size_t n) {
  // CUDA 13's edge-data argument, when null, is dropped (HIP has no such parameter)
  // CHECK: hipGraphAddDependencies(g, from, to, n);
  cudaGraphAddDependencies(g, from, to, nullptr, n);
  // CHECK: hipGraphRemoveDependencies(g, from, to, n);
  cudaGraphRemoveDependencies(g, from, to, NULL, n);
  // CHECK: hipGraphAddDependencies(g, from, to, n);
  cudaGraphAddDependencies(g, from, to, n);
}
void arrays(cudaArray_t *arr, cudaChannelFormatDesc *desc, cudaExtent ext, cudaExternalSemaphore_t *sem,
            cudaExternalSemaphoreSignalParams *sp, cudaExternalSemaphoreWaitParams *wp) {
  // CHECK: hipMalloc3DArray(arr, desc, ext, 0);
  cudaMalloc3DArray(arr, desc, ext);
  // CHECK: hipSignalExternalSemaphoresAsync(sem, sp, 1, 0);
  cudaSignalExternalSemaphoresAsync(sem, sp, 1);
  // CHECK: hipWaitExternalSemaphoresAsync(sem, wp, 1, 0);
  cudaWaitExternalSemaphoresAsync(sem, wp, 1);
}
// A symbol named by a string (CUDA before 5.0) is wrapped as hipify-clang wraps it (HIP_SYMBOL(X) is X for AMD)
// and reported: neither HIP nor CUDA 5.0 looks such a name up.
void old_style(float *h) {
  // CHECK: hipMemcpyToSymbol(HIP_SYMBOL("coeffs"), h, 4);
  cudaMemcpyToSymbol("coeffs", h, 4);
}
