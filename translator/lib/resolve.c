/* resolve.c: decides what a mapping row becomes under the options in force (HIP version target,
 * --roc, --miopen, --experimental, --use-hip-data-types). It does not scan text or emit diagnostics. */
#include "mapping.h"

#include <string.h>

/* --roc applies to the families whose tables give ROC names (rocBLAS, rocRAND, rocSPARSE, rocSOLVER).
 * cuSOLVER follows too, as in hipify-clang: a call whose row names a rocSOLVER function becomes it,
 * the others keep their hipSOLVER name, so a mixed result is the tables' honest answer (an earlier
 * version kept all of cuSOLVER on hipSOLVER; hipify-clang's cusolver2rocsolver test says otherwise).
 * The complex and 16-bit float types follow too (cuDoubleComplex -> rocblas_double_complex,
 * __half -> rocblas_half: overrides.tsv): rocBLAS and rocSPARSE take those, not the HIP types. Only
 * those rows of the complex and device families have ROC names; the __half intrinsics do not take
 * rocblas_half, so --roc suits host code that calls the libraries. */
static bool roc_applies(hc_family f) {
    return f == HC_FAM_BLAS || f == HC_FAM_RAND || f == HC_FAM_SPARSE || f == HC_FAM_SOLVER || f == HC_FAM_COMPLEX || f == HC_FAM_DEVICE;
}

/* The library-wide data types (cudaDataType_t and its CUDA_R_* / CUDA_C_* constants) are one section
 * of the tables. HIP has them as hipDataType in hip/library_types.h; rocBLAS has its own
 * rocblas_datatype. --use-hip-data-types keeps the HIP spelling under --roc, as hipify-clang does. */
static bool is_library_data_type(const hc_mapping *m) { return strcmp(m->section, "CUDA Library Data types") == 0; }

bool hc_mapping_uses_shim(const hc_mapping *m, const hc_options *opt) {
    if (m->flags & HC_MAPF_SHIMMED) return true;
    if (!(m->flags & HC_MAPF_SHIM_OLDER) || !opt->hip_version || m->hip_added <= opt->hip_version) return false;
    return hc_mapping_resolve(m, opt).target == m->hip; /* not when --roc or --miopen chose another name */
}

hc_resolution hc_mapping_resolve(const hc_mapping *m, const hc_options *opt) {
    hc_resolution r = {HC_RES_UNSUPPORTED, "", 0};
    const char *name = m->hip;
    hc_version added = m->hip_added, removed = m->hip_removed, experimental = m->hip_experimental;
    /* --miopen also takes the MIOpen name a runtime row gives (cudaStream_t -> miopenAcceleratorQueue_t,
     * MIOpen's typedef of hipStream_t), as hipify-clang does; --roc never does (roc_applies) */
    if (opt->miopen && (m->family == HC_FAM_DNN || (m->family == HC_FAM_RUNTIME && m->roc[0]))) {
        if (!m->roc[0]) {
            r.kind = HC_RES_NO_MIOPEN;
            return r;
        }
        name = m->roc, added = m->roc_added, removed = m->roc_removed, experimental = m->roc_experimental;
    } else if (opt->roc && m->roc[0] && roc_applies((hc_family)m->family) &&
               !(opt->use_hip_data_types && m->hip[0] && is_library_data_type(m))) {
        name = m->roc, added = m->roc_added, removed = m->roc_removed, experimental = m->roc_experimental;
    }
    if (!name[0]) return r;
    r.target = name;
    if (opt->hip_version && !(m->flags & HC_MAPF_SHIMMED)) {
        /* the shim provides the HIP spelling where the target lacks it (hc_mapping_uses_shim) */
        if (added && added > opt->hip_version && !(m->flags & HC_MAPF_SHIM_OLDER)) {
            r.kind = HC_RES_NEWER;
            r.needed = added;
            return r;
        }
        if (removed && removed <= opt->hip_version) {
            r.kind = HC_RES_HIP_REMOVED;
            r.needed = removed;
            return r;
        }
    }
    /* hipify-clang leaves an API whose counterpart is experimental unless --experimental is given */
    if (experimental && !opt->experimental) {
        r.kind = HC_RES_EXPERIMENTAL;
        r.needed = experimental;
        return r;
    }
    r.kind = strcmp(name, m->cuda) == 0 ? HC_RES_IDENTITY : HC_RES_CONVERT;
    return r;
}
