/* test_values.c: unit tests of the unit's value facts (values.c): the classes of variables and expressions
 * derived from thread indices, which values vary between the threads of a block, and a rule's question read
 * through them and the block facts (a barrier under a thread-dependent branch). No pass runs. */
#include "values.h"
#include "unit_check.h"

#include <stdlib.h>

typedef struct fixture {
    hc_options opt;
    hc_unit u;
} fixture;

static void setup(fixture *f, const char *text) {
    memset(f, 0, sizeof *f);
    f->u.opt = &f->opt;
    f->u.path = "t.cu";
    f->u.text = text;
    f->u.len = strlen(text);
    f->u.kind = HC_FILE_SOURCE;
    CHECK_INT(hc_tokenize(text, f->u.len, &f->u.toks), 0);
}

static void teardown(fixture *f) {
    hc_values_free(&f->u);
    hc_code_facts_free(&f->u);
    hc_token_list_free(&f->u.toks);
}

/* Index of the n-th token (from 0) spelling s, or SIZE_MAX. */
static size_t find_nth(const hc_unit *u, const char *s, int n) {
    for (size_t i = 0; i < u->toks.n; i++)
        if (hc_code_is(u, i, s) && n-- == 0) return i;
    return SIZE_MAX;
}

/* The class of the variable at its last use (the last token spelling name). */
static unsigned class_of(const fixture *f, const char *name) {
    size_t last = SIZE_MAX;
    for (size_t i = 0; i < f->u.toks.n; i++)
        if (hc_code_is(&f->u, i, name)) last = i;
    return hc_value_class(&f->u, last);
}

static const char *const kernel =
    "__device__ unsigned votes(unsigned m) { return m; }\n"
    "__global__ void k(float *p, int n) {\n"
    "  int tid = threadIdx.x;\n"
    "  int lane = tid % 32;\n"
    "  int warp = tid / 32;\n"
    "  int nwarps = blockDim.x / 32;\n"
    "  int block = blockIdx.x;\n"
    "  int plain = n + 1;\n"
    "  unsigned mask = __ballot_sync(0xffffffff, p[tid] > 0);\n"
    "  int later;\n"
    "  later = lane;\n"
    "  float v = p[tid];\n"
    "  if (lane == 0) { __syncthreads(); }\n"
    "  if (block > 0) { __syncthreads(); }\n"
    "  if (nwarps > 1) { __syncthreads(); }\n"
    "  if (v > 0) { if (plain) { __syncthreads(); } }\n"
    "  if (tid < 16) __syncthreads(); else if (block) __syncthreads();\n"
    "  __syncthreads();\n"
    "}\n";

static void test_classes(void) {
    fixture f;
    setup(&f, kernel);
    CHECK_INT(class_of(&f, "tid"), 0); /* nothing before the facts */
    CHECK_INT(hc_values_analyze(&f.u), 0);
    CHECK(f.u.facts != NULL); /* the code facts come first */
    CHECK_INT(hc_values_analyze(&f.u), 0); /* a second call changes nothing */
    CHECK_INT(class_of(&f, "tid"), HC_VALUE_THREAD);
    CHECK_INT(class_of(&f, "lane"), HC_VALUE_THREAD | HC_VALUE_LANE);
    CHECK_INT(class_of(&f, "warp"), HC_VALUE_WARP);
    CHECK_INT(class_of(&f, "nwarps"), HC_VALUE_WARP); /* blockDim counts threads: the warp pass's reading */
    CHECK_INT(class_of(&f, "block"), 0);
    CHECK_INT(class_of(&f, "plain"), 0);
    CHECK_INT(class_of(&f, "mask"), HC_VALUE_BALLOT);
    CHECK_INT(class_of(&f, "later"), HC_VALUE_THREAD | HC_VALUE_LANE); /* an assignment counts */
    CHECK_INT(class_of(&f, "v"), 0); /* a subscript reads data, not an index */
    CHECK_INT(hc_value_class(&f.u, find_nth(&f.u, "threadIdx", 0)), HC_VALUE_THREAD);
    size_t open = find_nth(&f.u, "(", 2), close = hc_code_match(&f.u, open); /* (0xffffffff, p[tid] > 0) */
    CHECK_INT(hc_value_expr_class(&f.u, find_nth(&f.u, "__ballot_sync", 0), hc_code_next(&f.u, close)), HC_VALUE_BALLOT);
    size_t eq = hc_code_next(&f.u, find_nth(&f.u, "lane", 0));
    CHECK_INT(hc_value_expr_class(&f.u, hc_code_next(&f.u, eq), find_nth(&f.u, ";", 2)), HC_VALUE_THREAD | HC_VALUE_LANE);
    teardown(&f);
}

/* Which values vary between the threads of a block, and the newcomer's rule read through the shared facts: a
 * __syncthreads() whose controlling block's condition varies. */
static void test_varying_branches(void) {
    fixture f;
    setup(&f, kernel);
    CHECK_INT(hc_values_analyze(&f.u), 0);
    const char *cond[] = {"lane", "block", "nwarps", "v", "plain"};
    bool varies[] = {true, false, false, true, false};
    for (size_t k = 0; k < sizeof cond / sizeof *cond; k++) {
        size_t use = find_nth(&f.u, cond[k], 0);
        for (size_t i = 0; i < f.u.toks.n; i++) /* the use in a condition: after "if (" */
            if (hc_code_is(&f.u, i, cond[k]) && hc_code_is(&f.u, hc_code_prev(&f.u, hc_code_prev(&f.u, i)), "if")) use = i;
        if (hc_value_varies(&f.u, use, use + 1) != varies[k]) {
            fprintf(stderr, "'%s' should %svary\n", cond[k], varies[k] ? "" : "not ");
            CHECK(0);
        }
    }
    /* each __syncthreads: whether some statement that decides whether it runs has a varying condition (the
     * statements read outward from its innermost; an else reads its if's condition) */
    bool want[] = {true, false, false, true, true, true, false};
    for (int s = 0; s < 7; s++) {
        bool got = false;
        for (const hc_control_stmt *b = hc_code_control_of(&f.u, find_nth(&f.u, "__syncthreads", s)); b && !got;
             b = hc_code_control_at(&f.u, b->outer))
            got = b->cond_open != HC_BODY_NONE && hc_value_varies(&f.u, b->cond_open, b->cond_close);
        if (got != want[s]) {
            fprintf(stderr, "__syncthreads number %d: %s a varying branch\n", s, got ? "under" : "not under");
            CHECK(0);
        }
    }
    /* the innermost controlling statement of the fourth is `if (plain)`, which does not vary */
    const hc_control_stmt *inner = hc_code_control_of(&f.u, find_nth(&f.u, "__syncthreads", 3));
    CHECK(inner && !hc_value_varies(&f.u, inner->cond_open, inner->cond_close));
    teardown(&f);

    setup(&f, "__device__ int lid() { return __lane_id(); }\n"
              "__global__ void g(int *p) { int a = __lane_id(); int b = a; if (b) { p[0] = 1; } }\n");
    CHECK(!hc_value_varies(&f.u, 0, f.u.toks.n)); /* nothing before the facts */
    CHECK_INT(hc_values_analyze(&f.u), 0);
    CHECK(hc_value_varies(&f.u, find_nth(&f.u, "b", 1), find_nth(&f.u, "b", 1) + 1));
    CHECK(hc_value_varies(&f.u, find_nth(&f.u, "a", 1), find_nth(&f.u, "a", 1) + 1));
    teardown(&f);
}

int main(void) {
    test_classes();
    test_varying_branches();
    UNIT_DONE();
}
