/* mapping.h: lookups in the CUDA-to-HIP tables generated at build time from the mappings/ TSV files.
 * It does not decide what to do with a name (rule_rename.c does) and holds no mutable state. */
#ifndef HC_MAPPING_H
#define HC_MAPPING_H
#include "hipify/hipify.h"

typedef enum hc_entity_kind {
    HC_KIND_FUNCTION = 0,
    HC_KIND_TYPE,
    HC_KIND_ENUM,   /* enum constant */
    HC_KIND_MACRO,  /* object-like or function-like macro / #define constant */
    HC_KIND_HEADER,
    HC_KIND_NAMESPACE,
    HC_KIND_MEMBER  /* struct member (e.g. cudaDeviceProp fields) */
} hc_entity_kind;

enum {
    HC_MAPF_SHIMMED = 1u << 0,     /* HIP lacks it; the runtime shim provides hip name */
    HC_MAPF_ARG_REWRITE = 1u << 1, /* needs an argument rewrite (see argrewrite table) */
    HC_MAPF_IDENTITY = 1u << 2,    /* HIP uses the same spelling (device intrinsics) */
    HC_MAPF_TYPEDEF_ONLY = 1u << 3, /* CUDA's name is a struct tag, HIP's only a typedef: `struct cudaX` is
                                    * reported (HIP 5.2: typedef struct _hipGraphicsResource hipGraphicsResource) */
    HC_MAPF_SHIM_OLDER = 1u << 4,  /* a target older than hip_added gets the same HIP name from the runtime
                                    * shim (hipify_shim_bf16.h, hipify_shim_fp8.h) */
    HC_MAPF_ROCM_REJECTS = 1u << 5, /* HIP declares the name, ROCm's runtime refuses the value (device attributes
                                    * hipDeviceGetAttribute answers with hipErrorInvalidValue): renamed, reported */
    HC_MAPF_NESTED = 1u << 6       /* a namespace inside another namespace of the tables (thrust::cuda): renamed
                                    * only where so qualified, never alone (cuda::std is libcu++'s), nor in strings */
};

typedef struct hc_mapping {
    const char *cuda;    /* CUDA name */
    const char *hip;     /* HIP name, or "" when unsupported */
    const char *roc;     /* rocBLAS-style or MIOpen name, or "" */
    const char *section; /* section of the CUDA docs it belongs to */
    uint8_t kind;        /* hc_entity_kind */
    uint8_t family;      /* hc_family */
    uint8_t flags;       /* HC_MAPF_* */
    hc_version cuda_added, cuda_deprecated, cuda_changed, cuda_removed;
    hc_version hip_added, hip_deprecated, hip_changed, hip_removed, hip_experimental;
    hc_version roc_added, roc_deprecated, roc_changed, roc_removed, roc_experimental;
} hc_mapping;

/* Looks up a CUDA name (not NUL-terminated). NULL when not a known CUDA name. O(1). */
const hc_mapping *hc_mapping_find(const char *name, size_t len);
/* Looks up by HIP (or ROC) name, for --query. NULL when none. */
const hc_mapping *hc_mapping_find_hip(const char *name, size_t len);
/* All rows, sorted by CUDA name, for --list-unsupported and coverage. */
const hc_mapping *hc_mapping_all(size_t *count);

/* One row of the header map (mappings/headers.tsv). */
typedef struct hc_header_map {
    const char *cuda;      /* "cuda_runtime.h", "cub/cub.cuh", or a prefix ending in '*' */
    const char *hip;       /* "hip/hip_runtime.h"; "" when none */
    const char *hip_old;   /* spelling before hip_path_since ("hipblas.h"), or "" */
    hc_version hip_path_since; /* 0 when the spelling never changed; with hip_old "", the first HIP having it */
    const char *roc;       /* --roc / --miopen header (rocblas/rocblas.h, miopen/miopen.h), or "" */
    uint8_t family;
    uint8_t flags;         /* HC_HDRF_* */
} hc_header_map;
enum {
    HC_HDRF_RUNTIME = 1u << 0, /* implies the HIP runtime (counts as including a CUDA runtime header) */
    HC_HDRF_REMOVE = 1u << 1,  /* no HIP header needed: the include line is removed */
    HC_HDRF_GENERIC = 1u << 2  /* a name projects also give their own headers (math_functions.h): a quoted
                                  include of a file beside the including one is the project's, not CUDA's */
};
/* The row of a CUDA header: its exact row, else the longest prefix row (one ending in '*') covering it,
 * so that one row stands for all of CUB. A prefix row's hip may itself end in '*': the rest of the path
 * is appended to it (thrust/system/cuda/... -> thrust/system/hip/...). NULL when none. */
const hc_header_map *hc_header_find(const char *path, size_t len);
const hc_header_map *hc_header_all(size_t *count);

/* What the translator does with one table row under the options in force (target HIP version,
 * --roc, --miopen). The one place where those policies are decided. */
typedef enum hc_resolution_kind {
    HC_RES_CONVERT = 0, /* rename to target */
    HC_RES_IDENTITY,    /* same spelling in HIP: nothing to change, counted as converted */
    HC_RES_UNSUPPORTED, /* no HIP equivalent */
    HC_RES_NEWER,       /* counterpart added after the target HIP version (needed = version) */
    HC_RES_HIP_REMOVED, /* counterpart removed at or before the target HIP version (needed = version) */
    HC_RES_NO_MIOPEN,   /* --miopen: no direct MIOpen correspondence */
    HC_RES_EXPERIMENTAL /* counterpart experimental in HIP (needed = version) and no --experimental */
} hc_resolution_kind;

typedef struct hc_resolution {
    hc_resolution_kind kind;
    const char *target; /* name to emit (CONVERT/IDENTITY), else the would-be name or "" */
    hc_version needed;
} hc_resolution;

hc_resolution hc_mapping_resolve(const hc_mapping *m, const hc_options *opt);
/* Whether the translation of this row needs the runtime shim under these options: a shimmed row always,
 * a shim_older row when the target HIP is older than the release that added the name. */
bool hc_mapping_uses_shim(const hc_mapping *m, const hc_options *opt);

#endif
