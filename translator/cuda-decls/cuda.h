/* cuda.h: forwarding header of hipify-c's project-owned CUDA declarations, so that full-include parses
 * (-p, --semantic=full) resolve #include <cuda.h> without a CUDA toolkit. Not a CUDA header. */
#include "hipify_cuda_decls.h"
