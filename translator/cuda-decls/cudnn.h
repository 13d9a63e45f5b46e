/* cudnn.h: project-owned stand-in for cuDNN's header, so that a parse resolves the include and reads the
 * cuDNN version hipify-c parses for (HIPIFY_CUDNN_*). Not cuDNN's text; it declares no cuDNN API. */
#include "hipify_cuda_decls.h"
#ifndef HIPIFY_CUDNN_MAJOR
#define HIPIFY_CUDNN_MAJOR 9
#define HIPIFY_CUDNN_MINOR 5
#define HIPIFY_CUDNN_PATCHLEVEL 0
#endif
#define CUDNN_MAJOR HIPIFY_CUDNN_MAJOR
#define CUDNN_MINOR HIPIFY_CUDNN_MINOR
#define CUDNN_PATCHLEVEL HIPIFY_CUDNN_PATCHLEVEL
/* cuDNN 9 widened the minor and patch fields of the number */
#if CUDNN_MAJOR >= 9
#define CUDNN_VERSION (CUDNN_MAJOR * 10000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)
#else
#define CUDNN_VERSION (CUDNN_MAJOR * 1000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)
#endif
