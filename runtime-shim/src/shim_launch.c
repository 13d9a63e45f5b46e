/* shim_launch.c: CUDA's legacy execution control for hipify_shim.h (cuFuncSetBlockShape, cuParamSet*,
 * cuLaunchGrid...): each function's settings kept behind a lock, then one hipModuleLaunchKernel with the
 * parameter bytes as a buffer. It keeps only those settings, never prints or exits, and frees nothing
 * (a function's settings live as long as the process, as a CUfunction's do in CUDA until its module goes). */
#include "hipify_shim.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* CUDA's limit for a kernel's parameters in this API */
#define PARAM_BYTES 4096

typedef struct legacy_fn {
    hipFunction_t f;
    unsigned int block[3];
    unsigned int shared;
    size_t size; /* cuParamSetSize */
    unsigned char param[PARAM_BYTES];
} legacy_fn;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static legacy_fn **fns;
static size_t nfns, capfns;

/* The settings of f, made on first use; NULL when memory runs out. Called with the lock held. */
static legacy_fn *settings(hipFunction_t f) {
    for (size_t i = 0; i < nfns; i++)
        if (fns[i]->f == f) return fns[i];
    if (nfns == capfns) {
        size_t cap = capfns ? 2 * capfns : 16;
        legacy_fn **grown = realloc(fns, cap * sizeof *grown);
        if (!grown) return NULL;
        fns = grown, capfns = cap;
    }
    legacy_fn *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->f = f;
    fns[nfns++] = s;
    return s;
}

hipError_t hipifyShimFuncSetBlockShape(hipFunction_t hfunc, int x, int y, int z) {
    if (!hfunc || x < 1 || y < 1 || z < 1) return hipErrorInvalidValue;
    pthread_mutex_lock(&lock);
    legacy_fn *s = settings(hfunc);
    if (s) s->block[0] = (unsigned)x, s->block[1] = (unsigned)y, s->block[2] = (unsigned)z;
    pthread_mutex_unlock(&lock);
    return s ? hipSuccess : hipErrorOutOfMemory;
}

hipError_t hipifyShimFuncSetSharedSize(hipFunction_t hfunc, unsigned int bytes) {
    if (!hfunc) return hipErrorInvalidValue;
    pthread_mutex_lock(&lock);
    legacy_fn *s = settings(hfunc);
    if (s) s->shared = bytes;
    pthread_mutex_unlock(&lock);
    return s ? hipSuccess : hipErrorOutOfMemory;
}

hipError_t hipifyShimParamSetSize(hipFunction_t hfunc, unsigned int numbytes) {
    if (!hfunc || numbytes > PARAM_BYTES) return hipErrorInvalidValue;
    pthread_mutex_lock(&lock);
    legacy_fn *s = settings(hfunc);
    if (s) s->size = numbytes;
    pthread_mutex_unlock(&lock);
    return s ? hipSuccess : hipErrorOutOfMemory;
}

hipError_t hipifyShimParamSetv(hipFunction_t hfunc, int offset, void *ptr, unsigned int numbytes) {
    if (!hfunc || offset < 0 || (!ptr && numbytes) || (size_t)offset + numbytes > PARAM_BYTES) return hipErrorInvalidValue;
    pthread_mutex_lock(&lock);
    legacy_fn *s = settings(hfunc);
    if (s && numbytes) memcpy(s->param + offset, ptr, numbytes);
    pthread_mutex_unlock(&lock);
    return s ? hipSuccess : hipErrorOutOfMemory;
}

hipError_t hipifyShimParamSeti(hipFunction_t hfunc, int offset, unsigned int value) {
    return hipifyShimParamSetv(hfunc, offset, &value, sizeof value);
}

hipError_t hipifyShimParamSetf(hipFunction_t hfunc, int offset, float value) {
    return hipifyShimParamSetv(hfunc, offset, &value, sizeof value);
}

hipError_t hipifyShimLaunchGridAsync(hipFunction_t f, int grid_width, int grid_height, hipStream_t hStream) {
    if (!f || grid_width < 1 || grid_height < 1) return hipErrorInvalidValue;
    legacy_fn copy; /* launched from a copy, so another thread's cuParamSet* cannot change it midway */
    pthread_mutex_lock(&lock);
    legacy_fn *s = settings(f);
    if (s) memcpy(&copy, s, sizeof copy);
    pthread_mutex_unlock(&lock);
    if (!s) return hipErrorOutOfMemory;
    if (!copy.block[0]) return hipErrorInvalidValue; /* no cuFuncSetBlockShape: CUDA refuses the launch too */
    size_t size = copy.size;
    void *extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, copy.param, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END};
    return hipModuleLaunchKernel(f, (unsigned)grid_width, (unsigned)grid_height, 1, copy.block[0], copy.block[1],
                                 copy.block[2], copy.shared, hStream, NULL, extra);
}

hipError_t hipifyShimLaunchGrid(hipFunction_t f, int grid_width, int grid_height) {
    return hipifyShimLaunchGridAsync(f, grid_width, grid_height, 0);
}

hipError_t hipifyShimLaunch(hipFunction_t f) { return hipifyShimLaunchGridAsync(f, 1, 1, 0); }

hipError_t hipifyShimFuncSetCacheConfig(hipFunction_t hfunc, hipFuncCache_t config) {
    if (!hfunc) return hipErrorInvalidValue;
    switch (config) {
    case hipFuncCachePreferNone:
    case hipFuncCachePreferShared:
    case hipFuncCachePreferL1:
    case hipFuncCachePreferEqual:
        break;
    default:
        return hipErrorInvalidValue;
    }
#if defined(__HIP_PLATFORM_NVIDIA__)
    return hipCUResultTohipError(cuFuncSetCacheConfig((CUfunction)hfunc, (CUfunc_cache)config));
#else
    return hipSuccess;
#endif
}
