/* code.c: the walks of code.h that are more than a predicate: stepping over preprocessor lines and
 * matching brackets across them. It reads tokens only. */
#include "code.h"

size_t hc_code_step(const hc_unit *u, size_t i, bool directive) {
    size_t j = hc_code_next(u, i);
    if (!directive)
        while (hc_code_in_directive(u, j)) j = hc_code_next(u, j);
    else if (hc_code_valid(u, j) && !hc_code_in_directive(u, j)) return u->toks.n;
    return j;
}

size_t hc_code_match(const hc_unit *u, size_t open) {
    bool directive = hc_code_in_directive(u, open);
    int depth = 0;
    for (size_t i = hc_code_step(u, open, directive); hc_code_valid(u, i); i = hc_code_step(u, i, directive)) {
        if (!hc_code_kind(u, i, HC_TOK_PUNCT) || u->toks.v[i].len != 1) continue;
        char c = u->text[u->toks.v[i].off];
        if (c == '(' || c == '[' || c == '{') depth++;
        else if (c == ')' || c == ']' || c == '}') {
            if (depth == 0) return i;
            depth--;
        }
    }
    return SIZE_MAX;
}
