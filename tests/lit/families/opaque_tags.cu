// A pointer to a CUDA opaque struct tag (struct CUstream_st *, the pointer cudaStream_t is) becomes the
// handle's HIP name, which is that pointer on AMD and on HIP's NVIDIA path alike; hipify-clang's `struct
// ihipStream_t *` is the handle on AMD only. Forms the handle cannot express are reported (HC1161).
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
// RUN: %hipify --roc %s -o - 2>/dev/null | FileCheck --check-prefix=ROC %s
// RUN: sed '/cublas_v2/d' %s > %t.nolib.cu && %hipify %t.nolib.cu -o - 2>&1 | FileCheck --check-prefix=NOLIB %s
#include <cublas_v2.h>

// CHECK: typedef hipStream_t Stream;
typedef struct CUstream_st *Stream;
// DIAG: opaque_tags.cu:[[@LINE-1]]:16: note: HC1160: 'struct CUstream_st *' becomes 'hipStream_t', the HIP name of 'cudaStream_t'
// CHECK: typedef hipEvent_t Event;
typedef struct CUevent_st* Event;
// CHECK: typedef hipCtx_t Context;
typedef struct CUctx_st *Context;
// CHECK: typedef hipGraphExec_t Exec;
typedef struct CUgraphExec_st *Exec;
// CHECK: typedef hipblasHandle_t Blas;
// ROC: typedef rocblas_handle Blas;
// NOLIB: warning: HC1161: 'struct cublasContext' left as the tables map it (the file includes no header of the library that declares the handle)
// NOLIB: typedef struct cublasContext *Blas;
typedef struct cublasContext *Blas;
// CHECK: void launch(hipStream_t s, hipStream_t *out, hipModule_t m);
void launch(struct CUstream_st *s, struct CUstream_st **out, struct CUmod_st *m);
// CHECK: void *cast(void *p) { return (hipStream_t)p; }
void *cast(void *p) { return (struct CUstream_st *)p; }
// A declaration without a pointer declares nothing the port uses: renamed as the tables say.
// CHECK: struct ihipStream_t;
struct CUstream_st;
// CHECK: typedef struct ihipStream_t StreamStruct;
typedef struct CUstream_st StreamStruct;
// DIAG: opaque_tags.cu:[[@LINE-1]]:16: warning: HC1161: 'struct CUstream_st' left as the tables map it (the struct itself is named, not a pointer to it): on HIP's NVIDIA path the struct behind 'hipStream_t' is CUDA's own, not HIP's AMD-side one; write 'hipStream_t' for a pointer to it [opaque-tag]
// CHECK: const struct ihipEvent_t *constant;
const struct CUevent_st *constant;
// DIAG: opaque_tags.cu:[[@LINE-1]]:14: warning: HC1161: 'struct CUevent_st' left as the tables map it (the pointee is qualified, which the handle cannot say)
// CHECK: struct ihipStream_t *a, *b;
struct CUstream_st *a, *b;
// DIAG: opaque_tags.cu:[[@LINE-1]]:8: warning: HC1161: 'struct CUstream_st' left as the tables map it (further declarators follow, which the handle would not reach)
// CHECK: ihipStream_t *plain;
CUstream_st *plain;
// DIAG: opaque_tags.cu:[[@LINE-1]]:1: warning: HC1161: 'CUstream_st' left as the tables map it (without 'struct': kept as hipify-clang writes it, which HIPIFY's tests pin)
// DIAG-NOT: HC1001
