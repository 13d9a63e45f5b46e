/* device_functions.h: forwarding header of hipify-c's project-owned CUDA declarations, so that full-include parses
 * (-p, --semantic=full) resolve #include <device_functions.h> without a CUDA toolkit. Not a CUDA header. */
#include "hipify_cuda_decls.h"
