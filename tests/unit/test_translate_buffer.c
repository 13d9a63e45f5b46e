/* test_translate_buffer.c: unit tests of the public translation entry point (hc_translate_buffer): input
 * checks and their statuses, the result's invariants (edits sorted and disjoint, edits applied to the
 * original give the output, statistics agree with the refs), idempotence, and two threads sharing a
 * context. It does not check individual mappings (the lit tests do). */
#include "hipify/hipify.h"
#include "unit_check.h"

#include <pthread.h>
#include <stdlib.h>

static const char *const program =
    "#include <cuda_runtime.h>\n"
    "// cudaMalloc in a comment stays\n"
    "__global__ void k(float *p) { p[threadIdx.x] = 1; }\n"
    "int main() {\n"
    "  float *p; cudaStream_t s;\n"
    "  cudaMalloc(&p, 64); cudaStreamCreate(&s);\n"
    "  k<<<1, 64, 0, s>>>(p);\n"
    "  cudaCtxResetPersistingL2Cache();\n"
    "  return cudaFree(p) == cudaSuccess ? 0 : 1;\n"
    "}\n";

static hc_context *make_context(hc_launch_syntax launch) {
    hc_options opt = {0};
    opt.launch_syntax = launch;
    opt.hip_version = HC_VERSION(6, 2, 0);
    char err[256] = "";
    hc_context *ctx = hc_context_new(&opt, err, sizeof err);
    if (!ctx) fprintf(stderr, "hc_context_new: %s\n", err);
    CHECK(ctx != NULL);
    return ctx;
}

/* The result's own consistency: edits sorted and disjoint, applying them reproduces the output. */
static void check_invariants(const hc_file_result *r) {
    size_t size = r->original_len + 1;
    for (size_t i = 0; i < r->nedits; i++) size += strlen(r->edits[i].replacement);
    char *rebuilt = malloc(size);
    size_t o = 0, at = 0;
    for (size_t i = 0; i < r->nedits; i++) {
        const hc_edit *e = &r->edits[i];
        CHECK(e->offset >= at);
        CHECK(e->offset + e->length <= r->original_len);
        memcpy(rebuilt + o, r->original + at, e->offset - at);
        o += e->offset - at;
        memcpy(rebuilt + o, e->replacement, strlen(e->replacement));
        o += strlen(e->replacement);
        at = e->offset + e->length;
    }
    memcpy(rebuilt + o, r->original + at, r->original_len - at);
    o += r->original_len - at;
    CHECK_INT(o, r->output_len);
    CHECK(o == r->output_len && memcmp(rebuilt, r->output, o) == 0);
    free(rebuilt);
    uint64_t conv = 0, unconv = 0, fam = 0;
    for (size_t i = 0; i < r->stats.nrefs; i++) {
        if (r->stats.refs[i].converted) conv += r->stats.refs[i].count;
        else unconv += r->stats.refs[i].count;
        if (i) CHECK(strcmp(r->stats.refs[i - 1].name, r->stats.refs[i].name) <= 0);
    }
    for (int f = 0; f < HC_FAMILY__COUNT; f++) fam += r->stats.converted_by_family[f];
    CHECK_INT(r->stats.converted_refs, conv);
    CHECK_INT(r->stats.unconverted_refs, unconv);
    CHECK_INT(fam, conv);
    CHECK_INT(r->stats.total_bytes, r->original_len);
    for (size_t i = 1; i < r->ndiags; i++) CHECK(r->diags[i - 1].offset <= r->diags[i].offset);
    CHECK(r->changed == (r->output_len != r->original_len || memcmp(r->output, r->original, r->output_len) != 0));
}

static void test_program(void) {
    hc_context *ctx = make_context(HC_LAUNCH_HIP);
    if (!ctx) return;
    hc_file_result r;
    CHECK_INT(hc_translate_buffer(ctx, "dir/prog.cu", "prog.cu", HC_FILE_SOURCE, program, strlen(program), &r), HC_OK);
    CHECK_INT(r.status, HC_OK);
    CHECK_STR(r.path, "dir/prog.cu");
    CHECK_STR(r.rel_path, "prog.cu");
    CHECK(r.changed);
    CHECK(strstr(r.output, "#include <hip/hip_runtime.h>\n") != NULL);
    CHECK(strstr(r.output, "// cudaMalloc in a comment stays") != NULL);
    CHECK(strstr(r.output, "hipLaunchKernelGGL(k, dim3(1), dim3(64), 0, s, p);") != NULL);
    CHECK(strstr(r.output, "  cudaCtxResetPersistingL2Cache();") != NULL);
    CHECK(strstr(r.output, "return hipFree(p) == hipSuccess ? 0 : 1;") != NULL);
    CHECK_INT(r.stats.unconverted_refs, 1);
    CHECK_INT(r.stats.total_lines, 10);
    bool unsupported_reported = false;
    for (size_t i = 0; i < r.ndiags; i++)
        if (r.diags[i].id == HC_D_UNSUPPORTED_API) {
            unsupported_reported = true;
            CHECK_INT(r.diags[i].line, 8);
            CHECK_INT(r.diags[i].col, 3);
            CHECK_STR(r.diags[i].name, "cudaCtxResetPersistingL2Cache");
        }
    CHECK(unsupported_reported);
    check_invariants(&r);

    /* translating the output again changes nothing */
    hc_file_result again;
    CHECK_INT(hc_translate_buffer(ctx, "prog.hip", NULL, HC_FILE_SOURCE, r.output, r.output_len, &again), HC_OK);
    CHECK_STR(again.rel_path, "prog.hip"); /* defaults to the path */
    CHECK(!again.changed);
    CHECK_INT(again.nedits, 0);
    CHECK(again.output_len == r.output_len && memcmp(again.output, r.output, r.output_len) == 0);
    hc_file_result_free(&again);
    hc_file_result_free(&r);
    CHECK(r.output == NULL && r.edits == NULL); /* freed results are zeroed */
    hc_context_free(ctx);
}

static bool has_diag(const hc_file_result *r, hc_diag_id id) {
    for (size_t i = 0; i < r->ndiags; i++)
        if (r->diags[i].id == id) return true;
    return false;
}

static void test_bad_input(void) {
    hc_context *ctx = make_context(HC_LAUNCH_KEEP);
    if (!ctx) return;
    hc_file_result r;
    const char bin[] = "int a;\0cudaMalloc";
    CHECK_INT(hc_translate_buffer(ctx, "b.cu", NULL, HC_FILE_SOURCE, bin, sizeof bin - 1, &r), HC_ERR_INPUT);
    CHECK(has_diag(&r, HC_D_BINARY_FILE));
    CHECK(!r.changed);
    CHECK(r.original_len == sizeof bin - 1 && memcmp(r.original, bin, r.original_len) == 0); /* kept whole */
    hc_file_result_free(&r);

    /* not UTF-8: translated, the bytes kept, one note at the first of them */
    const char *latin1 = "int x;\nint caf\xe9; // \x92\nvoid f() { cudaFree\xa0(0); }\n";
    const char *latin1_out = "#include <hip/hip_runtime.h>\nint x;\nint caf\xe9; // \x92\nvoid f() { hipFree\xa0(0); }\n";
    CHECK_INT(hc_translate_buffer(ctx, "l.cu", NULL, HC_FILE_SOURCE, latin1, strlen(latin1), &r), HC_OK);
    CHECK(has_diag(&r, HC_D_INVALID_UTF8));
    CHECK_STR(r.output, latin1_out);
    for (size_t i = 0; i < r.ndiags; i++)
        if (r.diags[i].id == HC_D_INVALID_UTF8) {
            CHECK_INT(r.diags[i].line, 2);
            CHECK_INT(r.diags[i].severity, HC_SEV_NOTE);
        }
    hc_file_result_free(&r);

    const char *surrogate = "int \xed\xa0\x80;";
    CHECK_INT(hc_translate_buffer(ctx, "s.cpp", NULL, HC_FILE_SOURCE, surrogate, strlen(surrogate), &r), HC_OK);
    CHECK(has_diag(&r, HC_D_INVALID_UTF8));
    CHECK(r.output_len == strlen(surrogate) && memcmp(r.output, surrogate, r.output_len) == 0);
    hc_file_result_free(&r);

    /* a byte-order mark stays first; offsets in the result count it */
    const char *bom = "\xef\xbb\xbf#include <cuda_runtime.h>\n";
    CHECK_INT(hc_translate_buffer(ctx, "m.cu", NULL, HC_FILE_SOURCE, bom, strlen(bom), &r), HC_OK);
    CHECK_STR(r.output, "\xef\xbb\xbf#include <hip/hip_runtime.h>\n");
    CHECK(!has_diag(&r, HC_D_INVALID_UTF8));
    CHECK(r.nedits >= 1 && r.edits[0].offset >= 3);
    hc_file_result_free(&r);
    const char *good_utf8 = "// caf\xc3\xa9 \xf0\x9f\x98\x80\nvoid f() { cudaDeviceSynchronize(); }\n";
    CHECK_INT(hc_translate_buffer(ctx, "u.cu", NULL, HC_FILE_SOURCE, good_utf8, strlen(good_utf8), &r), HC_OK);
    CHECK(strstr(r.output, "hipDeviceSynchronize") != NULL);
    CHECK(strstr(r.output, "caf\xc3\xa9 \xf0\x9f\x98\x80") != NULL);
    hc_file_result_free(&r);

    CHECK_INT(hc_translate_buffer(ctx, "e.cu", NULL, HC_FILE_SOURCE, "", 0, &r), HC_OK);
    CHECK(has_diag(&r, HC_D_EMPTY_FILE));
    CHECK_INT(r.output_len, 0);
    CHECK(r.output != NULL && r.output[0] == '\0');
    hc_file_result_free(&r);

    size_t big = 64u * 1024u * 1024u + 1u;
    char *huge = malloc(big);
    if (huge) {
        memset(huge, ' ', big);
        CHECK_INT(hc_translate_buffer(ctx, "h.cu", NULL, HC_FILE_SOURCE, huge, big, &r), HC_ERR_INPUT);
        CHECK(has_diag(&r, HC_D_FILE_TOO_LARGE));
        hc_file_result_free(&r);
        free(huge);
    }

    const char *open_comment = "int a;\n/* cudaMalloc\n";
    CHECK_INT(hc_translate_buffer(ctx, "c.cu", NULL, HC_FILE_SOURCE, open_comment, strlen(open_comment), &r), HC_OK);
    CHECK(has_diag(&r, HC_D_UNTERMINATED_COMMENT));
    CHECK(strstr(r.output, "/* cudaMalloc") != NULL); /* the comment's text is left alone */
    hc_file_result_free(&r);

    /* HC_FILE_OTHER: never translated */
    const char *text = "cudaMalloc(p, 1);\n";
    CHECK_INT(hc_translate_buffer(ctx, "n.txt", NULL, HC_FILE_OTHER, text, strlen(text), &r), HC_OK);
    CHECK(!r.changed);
    hc_file_result_free(&r);
    hc_context_free(ctx);
}

typedef struct job {
    const hc_context *ctx;
    hc_file_result r;
} job;

static void *translate_job(void *arg) {
    job *j = arg;
    hc_translate_buffer(j->ctx, "t.cu", NULL, HC_FILE_SOURCE, program, strlen(program), &j->r);
    return NULL;
}

static void test_threads(void) {
    hc_context *ctx = make_context(HC_LAUNCH_HIP);
    if (!ctx) return;
    enum { N = 4 };
    job jobs[N];
    pthread_t th[N];
    for (int i = 0; i < N; i++) {
        jobs[i].ctx = ctx;
        CHECK_INT(pthread_create(&th[i], NULL, translate_job, &jobs[i]), 0);
    }
    for (int i = 0; i < N; i++) pthread_join(th[i], NULL);
    for (int i = 1; i < N; i++) {
        CHECK(jobs[i].r.output_len == jobs[0].r.output_len &&
              memcmp(jobs[i].r.output, jobs[0].r.output, jobs[0].r.output_len) == 0);
        CHECK_INT(jobs[i].r.ndiags, jobs[0].r.ndiags);
        CHECK_INT(jobs[i].r.stats.converted_refs, jobs[0].r.stats.converted_refs);
    }
    for (int i = 0; i < N; i++) hc_file_result_free(&jobs[i].r);
    hc_context_free(ctx);
}

static void test_stats_add(void) {
    hc_context *ctx = make_context(HC_LAUNCH_KEEP);
    if (!ctx) return;
    hc_file_result a, b;
    hc_translate_buffer(ctx, "a.cu", NULL, HC_FILE_SOURCE, program, strlen(program), &a);
    const char *other = "void f() { cudaFree(0); cudaDeviceSynchronize(); }\n";
    hc_translate_buffer(ctx, "b.cu", NULL, HC_FILE_SOURCE, other, strlen(other), &b);
    hc_stats total = {0};
    hc_stats_add(&total, &a.stats);
    hc_stats_add(&total, &b.stats);
    CHECK_INT(total.converted_refs, a.stats.converted_refs + b.stats.converted_refs);
    CHECK_INT(total.total_bytes, a.stats.total_bytes + b.stats.total_bytes);
    CHECK_INT(total.total_lines, a.stats.total_lines + b.stats.total_lines);
    uint32_t frees = 0;
    for (size_t i = 0; i < total.nrefs; i++)
        if (!strcmp(total.refs[i].name, "cudaFree")) frees = total.refs[i].count;
    CHECK_INT(frees, 2); /* merged by name */
    for (size_t i = 1; i < total.nrefs; i++) CHECK(strcmp(total.refs[i - 1].name, total.refs[i].name) <= 0);
    hc_stats_free(&total);
    hc_file_result_free(&a);
    hc_file_result_free(&b);
    hc_context_free(ctx);
}

/* The run's facts reach the translation through the context: a header that uses no HIP keeps its test of
 * __CUDACC__ until the run says hipcc compiles it; then the same context translates it for hipcc. */
static void test_run_facts(void) {
    hc_context *ctx = make_context(HC_LAUNCH_KEEP);
    if (!ctx) return;
    static const char header[] = "#ifdef __CUDACC__\nint x;\n#endif\n";
    hc_file_result r;
    CHECK_INT(hc_translate_buffer(ctx, "dir/h.h", "h.h", HC_FILE_SOURCE, header, sizeof header - 1, &r), HC_OK);
    CHECK(!r.changed && r.cuda_macros_kept);
    hc_file_result_free(&r);
    const char *const compiled[] = {"other.h", "dir/h.h"};
    hc_run_facts run = {.hipcc_compiled = compiled, .nhipcc_compiled = 2};
    hc_context_set_run(ctx, &run);
    CHECK_INT(hc_translate_buffer(ctx, "dir/h.h", "h.h", HC_FILE_SOURCE, header, sizeof header - 1, &r), HC_OK);
    CHECK(r.changed && !r.cuda_macros_kept && strstr(r.output, "#ifdef __HIPCC__") != NULL);
    hc_file_result_free(&r);
    CHECK_INT(hc_translate_buffer(ctx, "dir/g.h", "g.h", HC_FILE_SOURCE, header, sizeof header - 1, &r), HC_OK);
    CHECK(!r.changed); /* another file of the run: not named by the facts */
    hc_file_result_free(&r);
    hc_context_set_run(ctx, NULL);
    CHECK_INT(hc_translate_buffer(ctx, "dir/h.h", "h.h", HC_FILE_SOURCE, header, sizeof header - 1, &r), HC_OK);
    CHECK(!r.changed);
    hc_file_result_free(&r);
    hc_context_free(ctx);
}

int main(void) {
    test_program();
    test_run_facts();
    test_bad_input();
    test_threads();
    test_stats_add();
    UNIT_DONE();
}
