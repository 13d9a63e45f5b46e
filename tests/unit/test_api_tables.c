/* test_api_tables.c: unit tests of the small public helpers and table lookups: version parsing and
 * formatting, diagnostic table lookups, path classification, family names, mapping lookups and how a
 * row resolves under a target HIP version. It does not translate files. */
#include "hipify/hipify.h"
#include "mapping.h"
#include "unit_check.h"

static void test_versions(void) {
    char buf[32];
    CHECK_INT(hc_version_parse("6.3"), HC_VERSION(6, 3, 0));
    CHECK_INT(hc_version_parse("6.3.1"), HC_VERSION(6, 3, 1));
    CHECK_INT(hc_version_parse("12"), HC_VERSION(12, 0, 0));
    CHECK_INT(hc_version_parse(""), 0);
    CHECK_INT(hc_version_parse("x.y"), 0);
    CHECK_INT(hc_version_parse("6.3junk"), 0);
    CHECK(HC_VERSION(5, 2, 0) < HC_VERSION(5, 10, 0)); /* numeric, not textual, order */
    CHECK_STR(hc_version_format(HC_VERSION(6, 3, 0), buf, sizeof buf), "6.3.0");
    CHECK_STR(hc_version_format(HC_VERSION(5, 2, 3), buf, sizeof buf), "5.2.3");
}

static void test_diagnostics(void) {
    for (int i = 0; i < HC_DIAG__COUNT; i++) {
        const hc_diag_info *d = hc_diag_info_get((hc_diag_id)i);
        CHECK(d && d->code && strlen(d->code) == 6 && d->code[0] == 'H' && d->code[1] == 'C');
        CHECK_INT(hc_diag_find(d->code), i);
        CHECK(d->flag && d->flag[0] && d->title && d->title[0] && d->format && d->help && d->help[0]);
        for (int k = 0; k < i; k++) CHECK(strcmp(hc_diag_info_get((hc_diag_id)k)->code, d->code) != 0);
    }
    CHECK_INT(hc_diag_find("HC0000"), HC_DIAG__COUNT);
    CHECK_INT(hc_diag_find("nonsense"), HC_DIAG__COUNT);
    CHECK_STR(hc_diag_info_get(HC_D_UNSUPPORTED_API)->code, "HC1001");
    CHECK_INT(hc_diag_info_get(HC_D_BINARY_FILE)->severity, HC_SEV_ERROR);
}

static void test_classify(void) {
    CHECK_INT(hc_classify_path("a/b/k.cu"), HC_FILE_SOURCE);
    CHECK_INT(hc_classify_path("K.CUH"), HC_FILE_SOURCE);
    CHECK_INT(hc_classify_path("x.hpp"), HC_FILE_SOURCE);
    CHECK_INT(hc_classify_path("dir.cu/README"), HC_FILE_OTHER);
    CHECK_INT(hc_classify_path("src/CMakeLists.txt"), HC_FILE_CMAKE);
    CHECK_INT(hc_classify_path("cmake/FindCUDA.cmake"), HC_FILE_CMAKE);
    CHECK_INT(hc_classify_path("Makefile"), HC_FILE_MAKEFILE);
    CHECK_INT(hc_classify_path("rules.mk"), HC_FILE_MAKEFILE);
    CHECK_INT(hc_classify_path("config/common.mk.in"), HC_FILE_MAKEFILE); /* a template configure fills in */
    CHECK_INT(hc_classify_path("x.in"), HC_FILE_OTHER);
    CHECK_INT(hc_classify_path("configure.ac"), HC_FILE_MAKEFILE); /* autoconf: pass_autoconf.c */
    CHECK_INT(hc_classify_path("sub/configure.in"), HC_FILE_MAKEFILE);
    CHECK_INT(hc_classify_path("sub/configure"), HC_FILE_MAKEFILE); /* pass_autoconf.c: only a generated one */
    CHECK_INT(hc_classify_path(".mk.in"), HC_FILE_OTHER);
    CHECK_INT(hc_classify_path("common/make.defs"), HC_FILE_MAKEFILE); /* a framework's settings file */
    CHECK_INT(hc_classify_path("common/make.defs.cuda"), HC_FILE_MAKEFILE); /* a template copied to it */
    CHECK_INT(hc_classify_path("make.inc.example"), HC_FILE_MAKEFILE);
    CHECK_INT(hc_classify_path("make.defs.prehip"), HC_FILE_OTHER); /* a backup */
    CHECK_INT(hc_classify_path("make.definitions"), HC_FILE_OTHER);
    CHECK_INT(hc_classify_path("make.sh"), HC_FILE_OTHER);
    CHECK_INT(hc_classify_path("notes.txt"), HC_FILE_OTHER);
    CHECK_INT(hc_classify_path("noext"), HC_FILE_OTHER);
    /* the one decision of a file's kind: name, what the caller knows of it, options */
    hc_options o = {.build_scripts = true};
    CHECK_INT(hc_file_kind_of(&o, "k.cu", 0), HC_FILE_SOURCE);
    CHECK_INT(hc_file_kind_of(&o, "kernel.txt", 0), HC_FILE_OTHER);
    CHECK_INT(hc_file_kind_of(&o, "kernel.txt", HC_PATH_NAMED), HC_FILE_SOURCE);
    CHECK_INT(hc_file_kind_of(&o, "fifo", HC_PATH_SPECIAL), HC_FILE_SOURCE);
    CHECK_INT(hc_file_kind_of(&o, "Makefile", HC_PATH_NAMED), HC_FILE_MAKEFILE);
    CHECK_INT(hc_file_kind_of(&o, "hipify_shim.h", HC_PATH_CARRIED), HC_FILE_OTHER);
    CHECK_INT(hc_file_kind_of(&o, "CMakeLists.txt", 0), HC_FILE_CMAKE);
    o.build_scripts = false;
    CHECK_INT(hc_file_kind_of(&o, "CMakeLists.txt", 0), HC_FILE_OTHER);
    CHECK_INT(hc_file_kind_of(&o, "rules.mk", HC_PATH_NAMED), HC_FILE_OTHER);
    o.build_scripts = o.build_scripts_only = true;
    CHECK_INT(hc_file_kind_of(&o, "k.cu", 0), HC_FILE_OTHER);
    CHECK_INT(hc_file_kind_of(&o, "kernel.txt", HC_PATH_NAMED), HC_FILE_OTHER);
    CHECK_INT(hc_file_kind_of(&o, "Makefile", 0), HC_FILE_MAKEFILE);
    for (int f = 0; f < HC_FAMILY__COUNT; f++) {
        CHECK(hc_family_key((hc_family)f) && hc_family_key((hc_family)f)[0]);
        CHECK(hc_family_label((hc_family)f) && hc_family_label((hc_family)f)[0]);
    }
}

static void test_mappings(void) {
    const hc_mapping *m = hc_mapping_find("cudaMalloc", 10);
    CHECK(m != NULL);
    if (m) {
        CHECK_STR(m->hip, "hipMalloc");
        CHECK_INT(m->kind, HC_KIND_FUNCTION);
    }
    CHECK(hc_mapping_find("cudaMallocX", 11) == NULL);
    CHECK(hc_mapping_find("cudaMalloc", 9) == NULL); /* "cudaMallo": the length counts */
    CHECK(hc_mapping_find("", 0) == NULL);
    const hc_mapping *back = hc_mapping_find_hip("hipMalloc", 9);
    CHECK(back != NULL);

    hc_options opt = {0};
    const hc_mapping *g = hc_mapping_find("cudaGraphExecGetFlags", 21); /* hipGraphExecGetFlags since 6.3 */
    CHECK(g != NULL);
    if (g) {
        opt.hip_version = HC_VERSION(6, 2, 0);
        CHECK_INT(hc_mapping_resolve(g, &opt).kind, HC_RES_NEWER);
        CHECK_INT(hc_mapping_resolve(g, &opt).needed, HC_VERSION(6, 3, 0));
        opt.hip_version = HC_VERSION(6, 3, 0);
        /* experimental in HIP 6.3: left without --experimental, as hipify-clang does */
        CHECK_INT(hc_mapping_resolve(g, &opt).kind, HC_RES_EXPERIMENTAL);
        CHECK_INT(hc_mapping_resolve(g, &opt).needed, HC_VERSION(6, 3, 0));
        opt.experimental = true;
        CHECK_INT(hc_mapping_resolve(g, &opt).kind, HC_RES_CONVERT);
        opt.hip_version = 0; /* newest */
        CHECK_INT(hc_mapping_resolve(g, &opt).kind, HC_RES_CONVERT);
        CHECK_STR(hc_mapping_resolve(g, &opt).target, "hipGraphExecGetFlags");
        opt.experimental = false;
    }
    /* --use-hip-data-types keeps hipDataType under --roc; other cuBLAS types still follow --roc */
    const hc_mapping *dt = hc_mapping_find("cudaDataType_t", 14), *hd = hc_mapping_find("cublasHandle_t", 14);
    CHECK(dt != NULL && hd != NULL);
    if (dt && hd) {
        opt.roc = true;
        CHECK(strncmp(hc_mapping_resolve(dt, &opt).target, "rocblas_datatype", 16) == 0);
        opt.use_hip_data_types = true;
        CHECK_STR(hc_mapping_resolve(dt, &opt).target, "hipDataType");
        CHECK_STR(hc_mapping_resolve(hd, &opt).target, "rocblas_handle");
        opt.roc = opt.use_hip_data_types = false;
    }
    const hc_mapping *u = hc_mapping_find("cudaCtxResetPersistingL2Cache", 29);
    CHECK(u != NULL);
    if (u) CHECK_INT(hc_mapping_resolve(u, &opt).kind, HC_RES_UNSUPPORTED);
    const hc_mapping *id = hc_mapping_find("__syncthreads", 13);
    CHECK(id != NULL);
    if (id) CHECK_INT(hc_mapping_resolve(id, &opt).kind, HC_RES_IDENTITY);

    size_t n = 0;
    const hc_mapping *all = hc_mapping_all(&n);
    CHECK(n > 1000);
    for (size_t i = 1; i < n; i++) CHECK(strcmp(all[i - 1].cuda, all[i].cuda) < 0); /* sorted, unique */
    size_t misses = 0;
    for (size_t i = 0; i < n; i++) misses += hc_mapping_find(all[i].cuda, strlen(all[i].cuda)) != &all[i];
    CHECK_INT(misses, 0); /* every row is found by its name */

    const hc_header_map *h = hc_header_find("cuda_runtime.h", 14);
    CHECK(h != NULL);
    if (h) {
        CHECK_STR(h->hip, "hip/hip_runtime.h");
        CHECK(h->flags & HC_HDRF_RUNTIME);
    }
    CHECK(hc_header_find("vector", 6) == NULL);
}

int main(void) {
    test_versions();
    test_diagnostics();
    test_classify();
    test_mappings();
    UNIT_DONE();
}
