/* test_shim_members.c: translates small CUDA sources through libhipify and checks what the shim-member
 * pass rewrites (declared cudaDeviceProp reads), what it only diagnoses, and what it leaves alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "hipify/hipify.h"

typedef struct translated {
    hc_file_result result;
    hc_context *ctx;
} translated;

static void translate_with(translated *out, const char *source, hc_semantic_policy semantic) {
    hc_options opt;
    memset(&opt, 0, sizeof opt);
    opt.semantic = semantic;
    char err[256] = "";
    out->ctx = hc_context_new(&opt, err, sizeof err);
    if (!out->ctx) fail_msg("context: %s", err);
    memset(&out->result, 0, sizeof out->result);
    assert_int_equal(hc_translate_buffer(out->ctx, "t.cu", "t.cu", HC_FILE_SOURCE, source, strlen(source), &out->result),
                     HC_OK);
}

/* The pass works on tokens; the parse only adds vetoes, so most cases run without it. */
static void translate(translated *out, const char *source) { translate_with(out, source, HC_SEM_NEVER); }

static void release(translated *t) {
    hc_file_result_free(&t->result);
    hc_context_free(t->ctx);
}

static bool has_text(const translated *t, const char *s) { return strstr(t->result.output, s) != NULL; }

static size_t count_diags(const translated *t, const char *code, const char *name) {
    size_t n = 0;
    for (size_t i = 0; i < t->result.ndiags; i++) {
        const hc_diag *d = &t->result.diags[i];
        if (strcmp(hc_diag_info_get(d->id)->code, code) == 0 && d->name && strcmp(d->name, name) == 0) n++;
    }
    return n;
}

static void declared_objects_pointers_and_references_are_rewritten(void **state) {
    (void)state;
    translated t;
    translate(&t, "#include <cuda_runtime.h>\n"
                  "static int pick(const cudaDeviceProp *p, int n) { return p->streamPrioritiesSupported + n; }\n"
                  "static size_t optin(cudaDeviceProp &r) { return r.sharedMemPerBlockOptin; }\n"
                  "int main() {\n"
                  "    cudaDeviceProp prop;\n"
                  "    cudaGetDeviceProperties(&prop, 0);\n"
                  "    int uva = prop.unifiedAddressing, mask = 3;\n"
                  "    size_t smem = prop.sharedMemPerMultiprocessor + optin(prop);\n"
                  "    int both = mask & prop.unifiedAddressing; // binary &: a read\n"
                  "    const char *text = \"prop.unifiedAddressing\"; // strings stay\n"
                  "    return uva + (int)smem + both + pick(&prop, 1) + (text != 0);\n"
                  "}\n");
    assert_true(has_text(&t, "return hipifyShimDevicePropStreamPrioritiesSupported(p) + n;"));
    assert_true(has_text(&t, "return hipifyShimDevicePropSharedMemPerBlockOptin(&r);"));
    assert_true(has_text(&t, "int uva = hipifyShimDevicePropUnifiedAddressing(&prop), mask = 3;"));
    assert_true(has_text(&t, "size_t smem = hipifyShimDevicePropSharedMemPerMultiprocessor(&prop) + optin(prop);"));
    assert_true(has_text(&t, "int both = mask & hipifyShimDevicePropUnifiedAddressing(&prop);"));
    assert_true(has_text(&t, "\"prop.unifiedAddressing\""));
    assert_true(has_text(&t, "#include \"hipify_shim.h\""));
    assert_int_equal(count_diags(&t, "HC1030", "cudaDeviceProp::unifiedAddressing"), 2);
    assert_int_equal(count_diags(&t, "HC1030", "cudaDeviceProp::streamPrioritiesSupported"), 1);
    release(&t);
}

static void uncertain_accesses_are_diagnosed_and_left_alone(void **state) {
    (void)state;
    translated t;
    translate(&t, "#include <cuda_runtime.h>\n"
                  "struct holder { cudaDeviceProp prop; };\n"
                  "int main() {\n"
                  "    cudaDeviceProp prop, props[2];\n"
                  "    struct holder h;\n"
                  "    prop.unifiedAddressing = 1;\n"
                  "    int *where = &prop.unifiedAddressing;\n"
                  "    int a = props[0].unifiedAddressing;\n"
                  "    int b = h.prop.unifiedAddressing;\n"
                  "    int c = prop->unifiedAddressing;\n"
                  "    int d = prop.asyncEngineCount;\n"
                  "    return a + b + c + d + *where;\n"
                  "}\n");
    assert_true(has_text(&t, "prop.unifiedAddressing = 1;"));
    assert_true(has_text(&t, "&prop.unifiedAddressing;"));
    assert_true(has_text(&t, "props[0].unifiedAddressing;"));
    assert_true(has_text(&t, "h.prop.unifiedAddressing;"));
    assert_true(has_text(&t, "prop->unifiedAddressing;"));
    assert_true(has_text(&t, "prop.asyncEngineCount;"));
    assert_false(has_text(&t, "hipifyShimDeviceProp"));
    assert_int_equal(count_diags(&t, "HC1001", "cudaDeviceProp::unifiedAddressing"), 5);
    /* HIP 6.0 added asyncEngineCount: newer than the shim's HIP 5.2 baseline (HC1002), not missing (HC1001). */
    assert_int_equal(count_diags(&t, "HC1002", "cudaDeviceProp::asyncEngineCount"), 1);
    assert_int_equal(count_diags(&t, "HC1030", "cudaDeviceProp::unifiedAddressing"), 0);
    release(&t);
}

static void other_structures_are_not_touched(void **state) {
    (void)state;
    translated t;
    translate(&t, "struct mine { int unifiedAddressing; int asyncEngineCount; };\n"
                  "int f(struct mine m) { return m.unifiedAddressing + m.asyncEngineCount; }\n");
    /* t.cu: the runtime header nvcc includes implicitly is spelled out; nothing else changes */
    const char *runtime = "#include <hip/hip_runtime.h>\n";
    assert_true(strncmp(t.result.output, runtime, strlen(runtime)) == 0);
    assert_string_equal(t.result.output + strlen(runtime), t.result.original);
    assert_int_equal(count_diags(&t, "HC1001", "cudaDeviceProp::unifiedAddressing"), 0);
    assert_int_equal(count_diags(&t, "HC1001", "cudaDeviceProp::asyncEngineCount"), 0);
    release(&t);
}

static void the_semantic_pass_does_not_stop_the_rewrite(void **state) {
    (void)state;
    translated t;
    translate_with(&t, "#include <cuda_runtime.h>\n"
                       "int main() {\n"
                       "    cudaDeviceProp prop;\n"
                       "    cudaGetDeviceProperties(&prop, 0);\n"
                       "    return prop.unifiedAddressing;\n"
                       "}\n", HC_SEM_ALWAYS);
    assert_true(has_text(&t, "return hipifyShimDevicePropUnifiedAddressing(&prop);"));
    assert_true(has_text(&t, "hipDeviceProp_t prop;"));
    release(&t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(declared_objects_pointers_and_references_are_rewritten),
        cmocka_unit_test(uncertain_accesses_are_diagnosed_and_left_alone),
        cmocka_unit_test(other_structures_are_not_touched),
        cmocka_unit_test(the_semantic_pass_does_not_stop_the_rewrite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
