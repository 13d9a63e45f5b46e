// cuda.h: a project's own helper header that shares CUDA's driver-header name, in the style of darknet's
// src/cuda.h (input of own_cuda_h.cu).
#define BLOCK 512
void check_error(int status);
