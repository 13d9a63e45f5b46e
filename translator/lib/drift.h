/* drift.h: what a drift report needs to know of two trees kept side by side: the kernels a source defines,
 * and the names a file's HIP counterpart may have. It reads no file and decides nothing about merging. */
#ifndef HC_DRIFT_H
#define HC_DRIFT_H
#include <stddef.h>

typedef struct hc_kernel {
    char *name;    /* owned */
    unsigned line; /* 1-based, of the __global__ keyword */
} hc_kernel;

typedef struct hc_kernel_list {
    hc_kernel *v;
    size_t n, cap;
} hc_kernel_list;

/* Appends the __global__ functions defined or declared in text (comments and literals skipped; template
 * heads and __launch_bounds__ allowed). Returns 0 or -1 out of memory. */
int hc_kernels_find(const char *text, size_t len, hc_kernel_list *out);
void hc_kernel_list_free(hc_kernel_list *l);

/* The relative paths a CUDA file's port may have, most likely first: the same path (what -O writes), the
 * extensions hipify tools use (.hip, .hip.cpp, .cpp for a .cu; .hip.h, .h for a .cuh) and "cuda" in the
 * file name spelled "hip". Writes up to max paths (each malloc'd) and returns how many. */
size_t hc_drift_counterparts(const char *rel, char **out, size_t max);
#endif
