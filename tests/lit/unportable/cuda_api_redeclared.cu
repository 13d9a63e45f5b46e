// A file that declares CUDA's API itself, as headers that load the CUDA driver at run time do (cuda-samples'
// matrixMulDynlinkJIT carries cuda_drvapi_dynlink_cuda.h): whether the port renames its enumerators or keeps
// them as the program's own, HIP's headers declare them too (HIP defines CUDA_SUCCESS as a macro), and
// hipcc reported "redefinition of enumerator 'hipSuccess'" with no diagnostic. HC1126 names the first
// such enumerator, once per file; enumerators of the program's own names stay silent.
// RUN: %hipify --hip-path none %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=HC1126
#include <cuda.h>
enum Local { LOCAL_OK = 0, LOCAL_FAILED };
extern "C" {
typedef enum cudaError_enum {
  /* success */
  // CHECK: cuda_api_redeclared.cu:[[@LINE+1]]:3: warning: HC1126: 'CUDA_SUCCESS' is defined here: the file declares CUDA's API itself (a copy of CUDA's headers, as for loading the driver at run time), and HIP's headers declare these names or their HIP spellings too [cuda-api-redeclared]
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
} CUresult;
typedef enum CUctx_flags_enum { CU_CTX_SCHED_AUTO = 0x00 } CUctx_flags;
}
