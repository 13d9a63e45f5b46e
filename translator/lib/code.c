/* code.c: the walks of code.h that are more than a predicate: stepping over preprocessor lines, matching
 * brackets across them, splitting argument lists. It reads tokens only. */
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

void hc_code_split(const hc_unit *u, size_t open, size_t close, hc_split_mode mode, hc_code_args *out) {
    out->n = 0;
    out->empty = out->angles = false;
    bool directive = hc_code_in_directive(u, open);
    size_t depth = 0, first = SIZE_MAX, last = SIZE_MAX;
    int angles = 0; /* '<' minus '>' in the current argument, outside its brackets */
    for (size_t i = hc_code_next(u, open); i < close && hc_code_valid(u, i); i = hc_code_next(u, i)) {
        const hc_token *t = hc_code_tok(u, i);
        if (t->kind == HC_TOK_PUNCT && hc_code_in_directive(u, i) == directive) {
            char c = t->len == 1 ? u->text[t->off] : '\0';
            bool opens = c == '(' || (mode == HC_SPLIT_CALL && (c == '[' || c == '{'));
            bool closes = c == ')' || (mode == HC_SPLIT_CALL && (c == ']' || c == '}'));
            if (opens) depth++;
            else if (closes && depth > 0) depth--;
            else if (depth == 0 && c == ',') {
                if (out->n < HC_CODE_MAX_ARGS) out->first[out->n] = first, out->last[out->n] = last;
                out->empty |= first == SIZE_MAX;
                out->angles |= angles != 0;
                out->n++;
                first = last = SIZE_MAX;
                angles = 0;
                continue;
            } else if (depth == 0 && c == '<') angles++;
            else if (depth == 0 && c == '>') angles--;
            else if (depth == 0 && hc_code_punct(u, i, ">>")) angles -= 2;
        }
        if (first == SIZE_MAX) first = i;
        last = i;
    }
    if (first != SIZE_MAX || out->n > 0) { /* the last argument; "()" has none */
        if (out->n < HC_CODE_MAX_ARGS) out->first[out->n] = first, out->last[out->n] = last;
        out->empty |= first == SIZE_MAX;
        out->angles |= angles != 0;
        out->n++;
    }
}
