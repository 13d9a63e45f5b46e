/* warp_context.c: where a token stands (array declarator, subscript, constant expression), array bounds, sizeof.
 * It reports nothing and proposes no rewrite. */
#include "warp_scan.h"

/* The innermost '[' that encloses position p, or NO_POS. */
size_t warp_enclosing_subscript(const warp_scan *w, size_t p) {
    for (size_t i = p; i-- > 0;) {
        if (is(w, i, ";") || is(w, i, "{") || is(w, i, "}")) return NO_POS;
        if ((is(w, i, ")") || is(w, i, "]")) && w->match[i] != NO_POS) {
            i = w->match[i];
            continue;
        }
        if (is(w, i, "[")) return w->match[i] != NO_POS && w->match[i] > p ? i : NO_POS;
    }
    return NO_POS;
}

/* Whether '[' at open declares an array (TYPE NAME [ ... ]) rather than subscripting one. */
bool warp_is_declarator_bracket(const warp_scan *w, size_t open) {
    if (open < 2 || !is_ident(w, open - 1)) return false;
    size_t before = open - 2;
    return (is_ident(w, before) && !warp_is_statement_word(w, before)) || is(w, before, "*");
}

/* Whether position p sits where C++ needs a constant expression, so warpSize (not constexpr in CUDA)
 * cannot replace a literal there. */
bool warp_in_constant_context(const warp_scan *w, size_t p) {
    size_t s = warp_enclosing_subscript(w, p);
    if (s != NO_POS && warp_is_declarator_bracket(w, s)) return true;
    if (((is(w, p - 1, "<") || is(w, p - 1, ",")) && (is(w, p + 1, ">") || is(w, p + 1, ">>"))) ||
        (is(w, p - 1, "<") && is(w, p + 1, ",")))
        return true; /* template argument */
    for (size_t i = p; i-- > 0;) { /* static_assert(...), __launch_bounds__(...), alignas(...), case X: */
        if (is(w, i, ";") || is(w, i, "{") || is(w, i, "}")) break;
        if (is(w, i, "case")) return true;
        if ((is(w, i, ")") || is(w, i, "]")) && w->match[i] != NO_POS) {
            i = w->match[i];
            continue;
        }
        if (is(w, i, "(") && i > 0 &&
            (is(w, i - 1, "static_assert") || is(w, i - 1, "__launch_bounds__") || is(w, i - 1, "alignas")))
            return true;
    }
    return false;
}

/* The declared constant bound of array NAME (spelled at pos) in pos's scope or the file, or 0. */
unsigned long long warp_array_bound(const warp_scan *w, size_t pos, size_t *decl) {
    for (size_t a = 0; a < w->narrays; a++) {
        size_t i = w->arrays[a];
        if (i + 2 >= w->n || !same_text(w, i - 1, pos)) continue;
        if (w->scope_of[i] != w->scope_of[pos] && w->scope_of[i] != 0) continue;
        unsigned long long v;
        warp_const *c;
        *decl = i - 1;
        if (is(w, i + 2, "]") && warp_number_value(w, i + 1, &v, NULL)) return v;
        if (is(w, i + 2, "]") && (c = warp_const_at(w, i + 1)) && !c->is_mask) return 32;
    }
    return 0;
}

/* Whether sizeof is applied to the array named at decl anywhere in the file. */
bool warp_sizeof_reads(const warp_scan *w, size_t decl) {
    size_t first, end;
    warp_uses_of(w, decl, &first, &end);
    for (size_t u = first; u < end; u++) {
        size_t i = w->idents[u].pos;
        if (i > 0 && (is(w, i - 1, "sizeof") || (is(w, i - 1, "(") && i > 1 && is(w, i - 2, "sizeof")))) return true;
    }
    return false;
}
