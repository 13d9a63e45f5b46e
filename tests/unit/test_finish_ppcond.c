/* test_finish_ppcond.c: unit tests of the ppcond finishing pass (hc_finish_ppcond) on edits proposed by hand:
 * it tells a renamed CUDA compiler macro by the edit's own text, never by the edit's priority or which pass
 * made it. No other pass runs. */
#include "unit.h"
#include "unit_check.h"

#include <stdlib.h>

static void teardown(hc_unit *u) {
    hc_token_list_free(&u->toks);
    hc_edit_set_free(&u->edits);
    hc_edit_set_free(&u->rolled_back);
    for (size_t i = 0; i < u->diags.n; i++) {
        free(u->diags.v[i].message);
        free(u->diags.v[i].name);
    }
    free(u->diags.v);
}

/* A file hipcc compiles keeps its macro tests: the note goes to the first renamed CUDA compiler macro, not to
 * an earlier HIP-neutral rename of something else (a rule's or a future pass's), whatever its priority. */
static void test_kept_for_hipcc(void) {
    static const char text[] = "int cudaThing = 1;\n#ifdef __CUDACC__\nint x;\n#endif\n";
    hc_options opt;
    hc_unit u;
    memset(&opt, 0, sizeof opt);
    memset(&u, 0, sizeof u);
    u.opt = &opt;
    u.path = "h.h";
    u.text = text;
    u.len = strlen(text);
    u.kind = HC_FILE_SOURCE;
    u.pass = "test";
    CHECK_INT(hc_tokenize(text, u.len, &u.toks), 0);
    uint32_t other = (uint32_t)(strstr(text, "cudaThing") - text), macro = (uint32_t)(strstr(text, "__CUDACC__") - text);
    CHECK_INT(hc_unit_edit_hip_neutral(&u, other, 9, "hipThing", HC_PRIO_RENAME, HC_EFFORT_RENAME), 0);
    CHECK_INT(hc_unit_edit_hip_neutral(&u, macro, 10, "__HIPCC__", HC_PRIO_RENAME, HC_EFFORT_RENAME), 0);
    u.kept_for_hipcc = true;
    CHECK_INT(hc_finish_ppcond(&u), 0);
    CHECK_INT(u.diags.n, 1);
    if (u.diags.n == 1) {
        CHECK_INT(u.diags.v[0].id, HC_D_PP_HIPCC_COMPILED);
        CHECK_INT(u.diags.v[0].offset, macro);
        CHECK_STR(u.diags.v[0].name, "__CUDACC__");
    }
    teardown(&u);
}

int main(void) {
    test_kept_for_hipcc();
    UNIT_DONE();
}
