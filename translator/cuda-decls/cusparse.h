/* cusparse.h: project-owned stand-in for cuSPARSE's header, so that a parse resolves the include and reads
 * the cuSPARSE version of the CUDA release hipify-c parses for (HIPIFY_CUSPARSE_*). Not cuSPARSE's text. */
#include "hipify_cuda_decls.h"
#ifdef HIPIFY_CUSPARSE_VER_MAJOR
#define CUSPARSE_VER_MAJOR HIPIFY_CUSPARSE_VER_MAJOR
#define CUSPARSE_VER_MINOR HIPIFY_CUSPARSE_VER_MINOR
#define CUSPARSE_VER_PATCH HIPIFY_CUSPARSE_VER_PATCH
#define CUSPARSE_VERSION (CUSPARSE_VER_MAJOR * 1000 + CUSPARSE_VER_MINOR * 100 + CUSPARSE_VER_PATCH)
#endif
