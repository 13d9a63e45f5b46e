// Names HIP's own NVIDIA headers or the ROCm libraries' CUDA backends implement by a CUDA name that the
// reference tables left unmapped or mapped elsewhere (mappings/tools/crosscheck.py finds them): each is
// mapped, gated at the first ROCm release whose headers declare the HIP name.
// RUN: %hipify --hip-path none --hip-version 6.4 %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=HC1002
// RUN: FileCheck %s --match-full-lines < %t.hip
// RUN: %hipify --hip-path none --hip-version 5.2 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OLD
#include <cuda.h>
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <nvToolsExt.h>
#include <cufftXt.h>
#include <cublas_v2.h>
#include <cusolverRf.h>
#include <library_types.h>
// The option values take hipModuleLoadDataEx's type (hipJitOption), as CUjit_option does; the linker,
// which takes hiprtcJIT_option (same values), gets a cast.
void jit(CUmodule *m, const void *image, void *log, CUlinkState *ls) {
  // CHECK:   hipJitOption opts[3] = {hipJitOptionMaxRegisters, hipJitOptionInfoLogBuffer, hipJitOptionTargetFromContext};
  CUjit_option opts[3] = {CU_JIT_MAX_REGISTERS, CU_JIT_INFO_LOG_BUFFER, CU_JIT_TARGET_FROM_CUCONTEXT};
  void *vals[3] = {(void *)32, log, 0};
  // CHECK:   hipModuleLoadDataEx(m, image, 3, opts, vals);
  cuModuleLoadDataEx(m, image, 3, opts, vals);
  // CHECK:   hiprtcLinkCreate(3, reinterpret_cast<hiprtcJIT_option*>(opts), vals, ls);
  // DIAG: reference_gaps.cu:[[@LINE+1]]:3: note: HC1022: 'cuLinkCreate': argument 2 cast to 'hiprtcJIT_option*'
  cuLinkCreate(3, opts, vals, ls);
}
void capture(cudaStream_t s, cudaStreamCaptureStatus *st, unsigned long long *id) {
  // CHECK:   hipStreamGetCaptureInfo_v2(s, st, id, 0, 0, 0);
  cudaStreamGetCaptureInfo_v2(s, st, id, 0, 0, 0);
  // CHECK:   roctxRangePush("r"); roctxMark("m"); roctx_range_id_t r = roctxRangeStart("s"); roctxRangeStop(r); roctxRangePop();
  nvtxRangePush("r"); nvtxMark("m"); nvtxRangeId_t r = nvtxRangeStart("s"); nvtxRangeEnd(r); nvtxRangePop();
}
// CHECK: __global__ void k(hiprandStatePhilox4_32_10_t *st, uint4 *out) { out[0] = hiprand4(st); }
__global__ void k(curandStatePhilox4_32_10_t *st, uint4 *out) { out[0] = curand4(st); }
// CHECK: void mtgp(mtgp32_kernel_params_t *p) { (void)p; }
void mtgp(mtgp32_kernel_params *p) { (void)p; }
// CHECK: hipLibraryPropertyType property(hipLibraryPropertyType t) { return t; }
libraryPropertyType property(libraryPropertyType t) { return t; }
// OLD-DAG: reference_gaps.cu:[[@LINE+2]]:{{[0-9]+}}: warning: HC1002: 'cufftXtExecDescriptor' maps to 'hipfftXtExecDescriptor', added in HIP 6.0.0
// CHECK: void xt(hipfftHandle plan, hipLibXtDesc *d) { hipfftXtExecDescriptor(plan, d, d, HIPFFT_FORWARD); hipfftXtFree(d); hipfftXtSetGPUs(plan, 2, 0); }
void xt(cufftHandle plan, cudaLibXtDesc *d) { cufftXtExecDescriptor(plan, d, d, CUFFT_FORWARD); cufftXtFree(d); cufftXtSetGPUs(plan, 2, 0); }
// OLD-DAG: reference_gaps.cu:[[@LINE+2]]:{{[0-9]+}}: warning: HC1002: 'cublasSsyrk_64' maps to 'hipblasSsyrk_64', added in HIP 6.3.0
// CHECK: void l3(hipblasHandle_t h, int64_t n, const float *a, float *c) { hipblasSsyrk_64(h, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, n, n, a, a, n, a, c, n); }
void l3(cublasHandle_t h, int64_t n, const float *a, float *c) { cublasSsyrk_64(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, n, a, a, n, a, c, n); }
// OLD-DAG: reference_gaps.cu:[[@LINE+2]]:{{[0-9]+}}: warning: HC1002: 'cusolverRfGetAlgs' maps to 'hipsolverRfGet_Algs', added in HIP 5.6.0
// CHECK: void rf(hipsolverRfHandle_t h, hipsolverRfFactorization_t *f, hipsolverRfTriangularSolve_t *s) { hipsolverRfGet_Algs(h, f, s); }
void rf(cusolverRfHandle_t h, cusolverRfFactorization_t *f, cusolverRfTriangularSolve_t *s) { cusolverRfGetAlgs(h, f, s); }
// OLD-DAG: reference_gaps.cu:[[@LINE+2]]:{{[0-9]+}}: warning: HC1002: 'cudaErrorInvalidTexture' maps to 'hipErrorInvalidTexture', added in HIP 6.4.0
// CHECK: hipError_t errs(hipError_t e) { return e == hipErrorInvalidTexture ? hipErrorInvalidChannelDescriptor : e; }
cudaError_t errs(cudaError_t e) { return e == cudaErrorInvalidTexture ? cudaErrorInvalidChannelDescriptor : e; }
// OLD-DAG: reference_gaps.cu:[[@LINE+2]]:{{[0-9]+}}: warning: HC1002: 'cuStreamBatchMemOp' maps to 'hipStreamBatchMemOp', added in HIP 6.4.0
// CHECK: void batch(hipStream_t s, hipStreamBatchMemOpParams *p) { hipStreamBatchMemOp(s, 1, p, 0); }
void batch(CUstream s, CUstreamBatchMemOpParams *p) { cuStreamBatchMemOp(s, 1, p, 0); }
// hipFFT takes its own property type: the call is reported with what to pass (MAJOR_VERSION is too generic a
// name to rename everywhere).
// DIAG: reference_gaps.cu:[[@LINE+2]]:{{[0-9]+}}: warning: HC1024: 'cufftGetProperty' with 2 arguments: hipfftGetProperty takes hipfftLibraryPropertyType: pass HIPFFT_MAJOR_VERSION
// CHECK: int fft_major() { int v; hipfftGetProperty(MAJOR_VERSION, &v); return v; }
int fft_major() { int v; cufftGetProperty(MAJOR_VERSION, &v); return v; }
