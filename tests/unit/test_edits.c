/* test_edits.c: unit tests of the edit set (edits.c): ordering, overlap resolution by rule priority,
 * insertions at one offset kept in proposal order, application. It proposes edits by hand; no rule runs. */
#include "edits.h"
#include "unit_check.h"

#include <stdlib.h>

static void add(hc_edit_set *s, uint32_t off, uint32_t len, const char *repl, hc_edit_priority priority) {
    CHECK_INT(hc_edits_add(s, off, len, repl, strlen(repl), priority, HC_EFFORT_RENAME, "test"), 0);
}

static char *apply(hc_edit_set *s, const char *text) {
    size_t n = 0;
    char *out = hc_edits_apply(s, text, strlen(text), &n);
    CHECK(out != NULL);
    if (out) CHECK_INT(strlen(out), n);
    return out;
}

static void test_order_and_apply(void) {
    const char *t = "cudaMalloc(p); cudaFree(p);";
    hc_edit_set s = {0};
    add(&s, 15, 8, "hipFree", HC_PRIO_RENAME); /* proposed out of order */
    add(&s, 0, 10, "hipMalloc", HC_PRIO_RENAME);
    add(&s, 0, 0, "/*a*/", HC_PRIO_ANNOTATE);
    add(&s, 0, 0, "/*b*/", HC_PRIO_INCLUDE);
    CHECK_INT(hc_edits_normalize(&s), 0);
    CHECK_INT(s.n, 4);
    for (size_t i = 1; i < s.n; i++) CHECK(s.v[i - 1].offset <= s.v[i].offset);
    char *out = apply(&s, t);
    CHECK_STR(out, "/*a*//*b*/hipMalloc(p); hipFree(p);"); /* insertions in proposal order, before the rename */
    free(out);
    hc_edit_set_free(&s);
}

static void test_overlaps(void) {
    const char *t = "k<<<1, 2>>>(x);";
    hc_edit_set s = {0};
    add(&s, 0, 1, "K", HC_PRIO_RENAME);            /* loses to the launch rewrite of the same bytes */
    add(&s, 0, 4, "LAUNCH(k, ", HC_PRIO_LAUNCH);
    add(&s, 2, 1, "?", HC_PRIO_WARP);              /* inside the launch edit: dropped */
    add(&s, 12, 1, "y", HC_PRIO_RENAME);           /* disjoint: kept */
    add(&s, 12, 1, "z", HC_PRIO_USER_RENAME);      /* same bytes, better rule: wins */
    CHECK_INT(hc_edits_normalize(&s), 3);
    char *out = apply(&s, t);
    CHECK_STR(out, "LAUNCH(k, 1, 2>>>(z);");
    free(out);
    hc_edit_set_free(&s);

    /* an insertion strictly inside a better-ranked replacement is dropped; at its edges it is kept */
    hc_edit_set e = {0};
    add(&e, 0, 4, "abcd", HC_PRIO_LAUNCH);
    add(&e, 2, 0, "!", HC_PRIO_WARP);
    add(&e, 0, 0, "<", HC_PRIO_INCLUDE);
    add(&e, 4, 0, ">", HC_PRIO_INCLUDE);
    CHECK_INT(hc_edits_normalize(&e), 1);
    out = apply(&e, "WXYZ");
    CHECK_STR(out, "<abcd>");
    free(out);
    hc_edit_set_free(&e);

    /* ... and a better-ranked insertion inside a replacement drops the replacement instead */
    hc_edit_set f = {0};
    add(&f, 0, 4, "abcd", HC_PRIO_RENAME);
    add(&f, 2, 0, "!", HC_PRIO_USER_REGEX);
    CHECK_INT(hc_edits_normalize(&f), 1);
    out = apply(&f, "WXYZ");
    CHECK_STR(out, "WX!YZ");
    free(out);
    hc_edit_set_free(&f);
}

static void test_empty(void) {
    hc_edit_set s = {0};
    CHECK_INT(hc_edits_normalize(&s), 0);
    char *out = apply(&s, "unchanged");
    CHECK_STR(out, "unchanged");
    free(out);
    add(&s, 9, 0, "\n", HC_PRIO_INCLUDE); /* an insertion at the very end */
    hc_edits_normalize(&s);
    out = apply(&s, "unchanged");
    CHECK_STR(out, "unchanged\n");
    free(out);
    hc_edit_set_free(&s);
}

int main(void) {
    test_order_and_apply();
    test_overlaps();
    test_empty();
    UNIT_DONE();
}
