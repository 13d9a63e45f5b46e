/* pass_lexical.c: spellings nvcc lexes as it means them and clang does not, fixed token by token: an
 * identifier glued to a string literal gets a blank before it. It reads tokens only, renames nothing and
 * knows no API; spaced launch chevrons (<< <) are the launch pass's. */
#include "code.h"

#include <stdio.h>

/* "node ("fNID"): ..." (a format macro glued to the literal), extern "C"__global__: C++11 reads the
 * identifier as a user-defined-literal suffix and clang rejects it; nvcc accepts it. Suffixes with one
 * leading underscore are real user-defined literals, and s and sv the standard library's: those stay.
 * Names with two (__global__, __device__) are reserved to the implementation, never a user's suffix. */
static int space_literal_suffix(hc_unit *u, size_t i) {
    const hc_token *lit = hc_code_tok(u, i);
    if (!hc_code_valid(u, i + 1) || !hc_code_kind(u, i + 1, HC_TOK_IDENT)) return 0;
    const hc_token *id = hc_code_tok(u, i + 1);
    bool user_suffix = u->text[id->off] == '_' && !(id->len > 1 && u->text[id->off + 1] == '_');
    if (id->off != lit->off + lit->len || user_suffix || hc_code_is(u, i + 1, "s") || hc_code_is(u, i + 1, "sv")) return 0;
    if (hc_code_in_directive(u, i) && !(lit->flags & HC_TOKF_IN_DEFINE)) return 0; /* #include "x"y is not code */
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(id->len < sizeof name ? id->len : sizeof name - 1), u->text + id->off);
    hc_unit_diag(u, HC_D_LITERAL_SUFFIX_SPACED, id->off, name, name);
    return hc_unit_edit_hip_neutral(u, id->off, 0, " ", HC_PRIO_REWRITE, HC_EFFORT_RENAME); /* gcc needs no space */
}

int hc_pass_lexical(hc_unit *u) {
    int rc = 0;
    for (size_t i = 0; i < u->toks.n && rc == 0; i++) {
        const hc_token *t = hc_code_tok(u, i);
        if (hc_code_skipped(u, i)) continue;
        if (t->kind == HC_TOK_STRING) rc = space_literal_suffix(u, i);
    }
    return rc;
}
