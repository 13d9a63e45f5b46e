/* cuda_fp8.h: forwarding header of hipify-c's project-owned CUDA declarations (bf16 and fp8 are declared there), so
 * that full-include parses (-p, --semantic=full) resolve #include <cuda_fp8.h> without a CUDA toolkit. Not a CUDA header. */
#include "hipify_cuda_decls.h"
