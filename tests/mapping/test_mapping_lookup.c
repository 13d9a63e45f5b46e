/* test_mapping_lookup.c: checks the generated mapping tables (mapping.h, argrewrite.h) on the real data:
 * known renames, HIP-name lookups, headers, argument rewrites, and a round trip over every row. */
#include "argrewrite.h"
#include "mapping.h"
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

static const hc_mapping *find(const char *name) { return hc_mapping_find(name, strlen(name)); }

static void test_runtime_rename(void **state) {
    const hc_mapping *m = find("cudaMalloc");
    assert_non_null(m);
    assert_string_equal(m->hip, "hipMalloc");
    assert_int_equal(m->family, HC_FAM_RUNTIME);
    assert_int_equal(m->kind, HC_KIND_FUNCTION);
    assert_int_equal(m->hip_added, HC_VERSION(1, 5, 0));
    m = find("cudaMemcpyHostToDevice");
    assert_non_null(m);
    assert_string_equal(m->hip, "hipMemcpyHostToDevice");
    assert_int_equal(m->kind, HC_KIND_ENUM);
    m = find("cudaStream_t");
    assert_non_null(m);
    assert_int_equal(m->kind, HC_KIND_TYPE);
}

static void test_library_renames(void **state) {
    const hc_mapping *m = find("cublasSgemm_v2");
    assert_non_null(m);
    assert_string_equal(m->hip, "hipblasSgemm");
    assert_string_equal(m->roc, "rocblas_sgemm");
    assert_int_equal(m->family, HC_FAM_BLAS);
    m = find("curand_uniform");
    assert_non_null(m);
    assert_string_equal(m->hip, "hiprand_uniform");
    assert_int_equal(m->family, HC_FAM_RAND);
    m = find("cusparseCreate");
    assert_non_null(m);
    assert_string_equal(m->hip, "hipsparseCreate");
    m = find("cudnnCreate");
    assert_non_null(m);
    assert_string_equal(m->hip, "hipdnnCreate");
    assert_string_equal(m->roc, "miopenCreate");
    m = find("__syncthreads");
    assert_non_null(m);
    assert_true(m->flags & HC_MAPF_IDENTITY);
    m = find("cub");
    assert_non_null(m);
    assert_string_equal(m->hip, "hipcub");
    assert_int_equal(m->kind, HC_KIND_NAMESPACE);
}

static void test_unsupported_and_versions(void **state) {
    const hc_mapping *m = find("cudaDeviceFlushGPUDirectRDMAWrites");
    assert_non_null(m);
    assert_string_equal(m->hip, "");
    assert_int_equal(m->cuda_added, HC_VERSION(11, 3, 0));
    m = find("cudaThreadSynchronize");
    assert_non_null(m);
    assert_int_equal(m->cuda_deprecated, HC_VERSION(10, 0, 0));
}

static void test_lookup_uses_length(void **state) {
    /* names arrive as slices of the source text: no NUL after them */
    const char *text = "cudaMallocHost(p, n)";
    const hc_mapping *m = hc_mapping_find(text, 10);
    assert_non_null(m);
    assert_string_equal(m->cuda, "cudaMalloc");
    m = hc_mapping_find(text, 14);
    assert_non_null(m);
    assert_string_equal(m->cuda, "cudaMallocHost");
    assert_null(hc_mapping_find(text, 9));
    assert_null(find("cudaMallocNoSuchThing"));
    assert_null(hc_mapping_find("", 0));
}

static void test_hip_lookup(void **state) {
    const hc_mapping *m = hc_mapping_find_hip("hipMalloc", 9);
    assert_non_null(m);
    assert_string_equal(m->cuda, "cudaMalloc"); /* the runtime answers before the driver's cuMemAlloc */
    /* several CUDA names share rocblas_sgemm: the lowest CUDA name answers */
    m = hc_mapping_find_hip("rocblas_sgemm", 13);
    assert_non_null(m);
    assert_string_equal(m->cuda, "cublasSgemm");
    assert_null(hc_mapping_find_hip("hipNoSuchThing", 14));
}

static void test_all_rows_round_trip(void **state) {
    size_t n = 0;
    const hc_mapping *all = hc_mapping_all(&n);
    assert_true(n > 8900);
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            assert_true(strcmp(all[i - 1].cuda, all[i].cuda) < 0);
        assert_ptr_equal(hc_mapping_find(all[i].cuda, strlen(all[i].cuda)), &all[i]);
        assert_true(all[i].family < HC_FAMILY__COUNT);
        assert_true(all[i].kind <= HC_KIND_MEMBER);
    }
}

static void test_headers(void **state) {
    const hc_header_map *h = hc_header_find("cuda_runtime.h", 14);
    assert_non_null(h);
    assert_string_equal(h->hip, "hip/hip_runtime.h");
    assert_true(h->flags & HC_HDRF_RUNTIME);
    h = hc_header_find("cublas_v2.h", 11);
    assert_non_null(h);
    assert_string_equal(h->hip, "hipblas/hipblas.h");
    assert_string_equal(h->hip_old, "hipblas.h");
    assert_int_equal(h->hip_path_since, HC_VERSION(5, 2, 0));
    h = hc_header_find("curand_kernel.h", 15);
    assert_non_null(h);
    assert_string_equal(h->hip, "hiprand/hiprand_kernel.h");
    h = hc_header_find("cub/cub.cuh", 11);
    assert_non_null(h);
    assert_string_equal(h->hip, "hipcub/hipcub.hpp");
    h = hc_header_find("device_launch_parameters.h", 26);
    assert_non_null(h);
    assert_true(h->flags & HC_HDRF_REMOVE);
    /* prefix rows: one row for a tree of headers, the longest prefix winning, exact rows first */
    h = hc_header_find("cub/agent/agent_reduce.cuh", 26);
    assert_non_null(h);
    assert_string_equal(h->cuda, "cub/*");
    assert_string_equal(h->hip, "hipcub/hipcub.hpp");
    h = hc_header_find("thrust/system/cuda/vector.h", 27);
    assert_non_null(h);
    assert_string_equal(h->hip, "thrust/system/hip/*");
    assert_string_equal(hc_header_find("thrust/sort.h", 13)->cuda, "thrust/*");
    assert_string_equal(hc_header_find("crt/math_functions.h", 20)->hip, "hip/math_functions.h");
    assert_true(hc_header_find("crt/host_defines.h", 18)->flags & HC_HDRF_REMOVE);
    assert_null(hc_header_find("cub/", 4)); /* the prefix alone names no header */
    assert_null(hc_header_find("cubby.h", 7));
    assert_null(hc_header_find("cuda_runtime", 12));
    size_t n = 0;
    const hc_header_map *all = hc_header_all(&n);
    assert_true(n > 100);
    for (size_t i = 1; i < n; i++)
        assert_true(strcmp(all[i - 1].cuda, all[i].cuda) < 0);
}

static void test_argument_rewrites(void **state) {
    size_t n = 0;
    const hc_arg_rewrite *r = hc_arg_rewrites_find("cudaMemcpyToSymbol", 18, &n);
    assert_int_equal(n, 1);
    assert_int_equal(r->action, HC_ARGACT_SYMBOL);
    assert_int_equal(r->arg_index, 0);
    assert_int_equal(r->nargs, -1);
    r = hc_arg_rewrites_find("cudaEventCreate", 15, &n);
    assert_int_equal(n, 1);
    assert_int_equal(r->nargs, 2);
    assert_string_equal(r->hip, "hipEventCreateWithFlags");
    r = hc_arg_rewrites_find("cudaFuncGetAttributes", 21, &n);
    assert_int_equal(n, 1);
    assert_int_equal(r->action, HC_ARGACT_CAST);
    assert_string_equal(r->text, "const void*");
    assert_null(hc_arg_rewrites_find("cudaMalloc", 10, &n));
    assert_int_equal(n, 0);
    /* every rewritten name carries the flag in the mapping table, and only those */
    assert_true(find("cudaMemcpyToSymbol")->flags & HC_MAPF_ARG_REWRITE);
    assert_false(find("cudaMalloc")->flags & HC_MAPF_ARG_REWRITE);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runtime_rename),     cmocka_unit_test(test_library_renames),
        cmocka_unit_test(test_unsupported_and_versions), cmocka_unit_test(test_lookup_uses_length),
        cmocka_unit_test(test_hip_lookup),         cmocka_unit_test(test_all_rows_round_trip),
        cmocka_unit_test(test_headers),            cmocka_unit_test(test_argument_rewrites),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
