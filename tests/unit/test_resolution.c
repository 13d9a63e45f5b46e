/* test_resolution.c: unit tests of the resolution step (resolution.c), one policy each: hazards a pass fixed
 * shown as notes, supersession as diagnostics.def declares it, suppression after supersession, the host-only
 * rollback (and hipcc keeping the edits), overlaps by priority with the reference of a lost rename taken
 * back. Proposals are made by hand; no pass runs. */
#include "resolution.h"
#include "unit_check.h"

#include <stdlib.h>

typedef struct fixture {
    hc_options opt;
    hc_unit u;
} fixture;

static void setup(fixture *f, const char *path, const char *text) {
    memset(f, 0, sizeof *f);
    f->u.opt = &f->opt;
    f->u.path = path;
    f->u.text = text;
    f->u.len = strlen(text);
    f->u.kind = HC_FILE_SOURCE;
    f->u.pass = "test";
    CHECK_INT(hc_tokenize(text, f->u.len, &f->u.toks), 0);
}

static void teardown(fixture *f) {
    hc_unit *u = &f->u;
    hc_token_list_free(&u->toks);
    hc_edit_set_free(&u->edits);
    hc_edit_set_free(&u->rolled_back);
    for (size_t i = 0; i < u->diags.n; i++) {
        free(u->diags.v[i].message);
        free(u->diags.v[i].name);
    }
    free(u->diags.v);
    free(u->fixed);
    for (size_t i = 0; i < u->refs.cap; i++) free(u->refs.slots[i].name);
    free(u->refs.slots);
}

/* The count of (name, converted) references, 0 when never counted. */
static unsigned refs(const hc_unit *u, const char *name, bool converted) {
    for (size_t i = 0; i < u->refs.cap; i++)
        if (u->refs.slots[i].name && !strcmp(u->refs.slots[i].name, name) && u->refs.slots[i].converted == converted)
            return u->refs.slots[i].count;
    return 0;
}

static size_t count_id(const hc_unit *u, hc_diag_id id) {
    size_t n = 0;
    for (size_t i = 0; i < u->diags.n; i++) n += u->diags.v[i].id == id;
    return n;
}

/* HC1112 supersedes HC1001 at its offset and converts its reference; HC1104 supersedes HC1001 without
 * converting; an HC1001 elsewhere and one HC1112 without an HC1001 stay. */
static void test_supersession(void) {
    fixture f;
    setup(&f, "a.cpp", "void CUDA_CB cb(); __fdiv_ru(a, b); cudaFoo();");
    hc_unit *u = &f.u;
    hc_unit_count_ref(u, "CUDA_CB", 7, HC_FAM_DRIVER, false);
    hc_unit_diag(u, HC_D_UNSUPPORTED_API, 5, "CUDA_CB", "CUDA_CB");
    hc_unit_diag(u, HC_D_UNSUPPORTED_API, 19, "__fdiv_ru", "__fdiv_ru");
    hc_unit_diag(u, HC_D_UNSUPPORTED_API, 36, "cudaFoo", "cudaFoo");
    hc_unit_diag(u, HC_D_EMPTY_MACRO_REMOVED, 5, "CUDA_CB", "CUDA_CB", "a calling convention");
    hc_unit_diag(u, HC_D_DIRECTED_ROUNDING, 19, "__fdiv_ru", "__fdiv_ru", "up");
    hc_unit_diag(u, HC_D_EMPTY_MACRO_REMOVED, 0, "CUDART_CB", "CUDART_CB", "a calling convention");
    CHECK_INT(hc_resolve_supersession(u), 2);
    CHECK_INT(u->diags.n, 4);
    CHECK_INT(count_id(u, HC_D_UNSUPPORTED_API), 1);
    CHECK_INT(u->diags.v[0].offset, 36); /* the order of the rest is kept */
    CHECK_INT(refs(u, "CUDA_CB", false), 0);
    CHECK_INT(refs(u, "CUDA_CB", true), 1);
    CHECK_STR(u->diags.v[0].pass, "test");
    teardown(&f);
}

/* A suppressed diagnostic still supersedes: suppression comes after, and drops only its own id. */
static void test_suppressed_after_supersession(void) {
    fixture f;
    setup(&f, "a.cpp", "__fdiv_ru(a, b);");
    hc_unit *u = &f.u;
    f.opt.suppressed[HC_D_DIRECTED_ROUNDING] = true;
    hc_unit_diag(u, HC_D_UNSUPPORTED_API, 0, "__fdiv_ru", "__fdiv_ru");
    hc_unit_diag(u, HC_D_DIRECTED_ROUNDING, 0, "__fdiv_ru", "__fdiv_ru", "up");
    hc_unit_diag(u, HC_D_DIRECTED_ROUNDING, 3, "x", "x", "up");
    CHECK_INT(u->diags.n, 3);
    CHECK_INT(hc_resolve_supersession(u), 1);
    hc_resolve_suppressed(u);
    CHECK_INT(u->diags.n, 0);
    teardown(&f);
}

/* A host file whose only edits are HIP-neutral keeps its bytes: the edits move to rolled_back, a rename's
 * reference is taken back, and the note that goes with the space goes too; other notes stay. */
static void test_host_only_rollback(void) {
    fixture f;
    const char *text = "#ifdef __CUDACC__\nint x;\n#endif\nconst char *s = \"a\"FMT;\n";
    setup(&f, "a.h", text);
    hc_unit *u = &f.u;
    uint32_t macro = (uint32_t)(strstr(text, "__CUDACC__") - text), fmt = (uint32_t)(strstr(text, "FMT") - text);
    CHECK_INT(hc_unit_edit_hip_neutral(u, macro, 10, "__HIPCC__", HC_PRIO_RENAME, HC_EFFORT_RENAME), 0);
    hc_unit_count_ref(u, "__CUDACC__", 10, HC_FAM_RUNTIME, true);
    CHECK_INT(hc_unit_edit_hip_neutral(u, fmt, 0, " ", HC_PRIO_REWRITE, HC_EFFORT_RENAME), 0);
    hc_unit_diag(u, HC_D_LITERAL_SUFFIX_SPACED, fmt, "FMT", "FMT");
    hc_unit_diag(u, HC_D_PP_CUDA_MACRO_USE, macro, "__CUDACC__", "__CUDACC__", "fact");
    CHECK_INT(hc_resolve_host_only(u), 0);
    CHECK(!u->uses_hip && u->cuda_macros_kept && !u->kept_for_hipcc);
    CHECK_INT(u->edits.n, 0);
    CHECK_INT(u->rolled_back.n, 2);
    CHECK_INT(refs(u, "__CUDACC__", true), 0);
    CHECK_INT(u->diags.n, 1);
    CHECK_INT(u->diags.v[0].id, HC_D_PP_CUDA_MACRO_USE);
    teardown(&f);
}

/* The same file compiled by hipcc keeps its edits; a file with any other edit, or a .cu file, uses HIP. */
static void test_host_only_kept(void) {
    const char *text = "#ifdef __CUDACC__\nint x;\n#endif\n";
    for (int c = 0; c < 3; c++) {
        fixture f;
        setup(&f, c == 2 ? "a.cu" : "a.h", text);
        hc_unit *u = &f.u;
        u->compiled_by_hipcc = c == 0;
        CHECK_INT(hc_unit_edit_hip_neutral(u, 7, 10, "__HIPCC__", HC_PRIO_RENAME, HC_EFFORT_RENAME), 0);
        if (c == 1) CHECK_INT(hc_unit_edit(u, 25, 1, "y", HC_PRIO_RENAME, HC_EFFORT_RENAME), 0);
        CHECK_INT(hc_resolve_host_only(u), 0);
        CHECK(!u->cuda_macros_kept);
        CHECK(u->kept_for_hipcc == (c == 0));
        CHECK(u->uses_hip == (c != 0));
        CHECK_INT(u->edits.n, c == 1 ? 2 : 1);
        CHECK_INT(u->rolled_back.n, 0);
        teardown(&f);
    }
}

/* A rename that loses to a disable rule (same text) is taken back; one that loses to an argument rewrite
 * stays converted; edits carry the pass that proposed them. */
static void test_overlaps(void) {
    fixture f;
    setup(&f, "a.cu", "cudaFree(p); cudaMemcpyToSymbol(s, p, n);");
    hc_unit *u = &f.u;
    CHECK_INT(hc_unit_edit(u, 0, 8, "hipFree", HC_PRIO_RENAME, HC_EFFORT_RENAME), 0);
    hc_unit_count_ref(u, "cudaFree", 8, HC_FAM_RUNTIME, true);
    u->pass = "user-rules";
    CHECK_INT(hc_unit_edit(u, 0, 8, "cudaFree", HC_PRIO_USER_RENAME, HC_EFFORT_NONE), 0);
    u->pass = "rename";
    CHECK_INT(hc_unit_edit(u, 13, 18, "hipMemcpyToSymbol", HC_PRIO_RENAME, HC_EFFORT_RENAME), 0);
    hc_unit_count_ref(u, "cudaMemcpyToSymbol", 18, HC_FAM_RUNTIME, true);
    u->pass = "arguments";
    CHECK_INT(hc_unit_edit(u, 13, 20, "hipMemcpyToSymbol(HIP_SYMBOL(s)", HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS), 0);
    CHECK_INT(hc_resolve_overlaps(u), 0);
    CHECK_INT(u->edits.n, 2);
    CHECK_STR(u->edits.v[0].pass, "user-rules");
    CHECK_STR(u->edits.v[1].pass, "arguments");
    CHECK_INT(refs(u, "cudaFree", true), 0);
    CHECK_INT(refs(u, "cudaMemcpyToSymbol", true), 1);
    teardown(&f);
}

/* A hazard the pass said it fixed is shown as a note; the others keep their severity. */
static void test_fixed(void) {
    fixture f;
    setup(&f, "a.cu", "int lane = threadIdx.x & 31;");
    hc_unit *u = &f.u;
    size_t fixed = hc_unit_next_diag(u);
    hc_unit_diag(u, HC_D_WARP_LANE_ARITH, 11, "& 31", "& 31");
    hc_unit_diag(u, HC_D_WARP_LANE_ARITH, 0, "x", "x");
    CHECK_INT(hc_unit_diag_fixed(u, fixed), 0);
    hc_resolve_fixed(u);
    CHECK_INT(u->diags.v[0].severity, HC_SEV_NOTE);
    CHECK_INT(u->diags.v[1].severity, hc_diag_info_get(HC_D_WARP_LANE_ARITH)->severity);
    CHECK(u->diags.v[1].severity != HC_SEV_NOTE);
    teardown(&f);
}

int main(void) {
    test_fixed();
    test_supersession();
    test_suppressed_after_supersession();
    test_host_only_rollback();
    test_host_only_kept();
    test_overlaps();
    UNIT_DONE();
}
