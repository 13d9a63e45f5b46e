/* warp_context.c: where a token stands (array declarator, subscript, constant expression), array bounds, sizeof.
 * It reports nothing and proposes no rewrite. */
#include "warp_scan.h"

#include <stdlib.h>

/* Both backward walks below (enclosing subscript, constant context) step from a token to the one before
 * it, or from a closer to the token before its opener, and stop at the first token of a kind. That step
 * is a function of the token alone, so one forward pass precomputes, for every position, where a walk
 * that reaches it stops: each query is then O(1) instead of a walk over the statement. */
static bool subscript_stop(const warp_scan *w, size_t i) {
    return is(w, i, ";") || is(w, i, "{") || is(w, i, "}") || is(w, i, "[");
}
static bool constant_stop(const warp_scan *w, size_t i) {
    return is(w, i, ";") || is(w, i, "{") || is(w, i, "}") || is(w, i, "case") ||
           (is(w, i, "(") && i > 0 &&
            (is(w, i - 1, "static_assert") || is(w, i - 1, "__launch_bounds__") || is(w, i - 1, "alignas")));
}
static size_t walk_from(const warp_scan *w, const uint32_t *stop, size_t i) {
    if ((is(w, i, ")") || is(w, i, "]")) && w->match[i] != NO_POS) return w->match[i] > 0 ? stop[w->match[i] - 1] : NO_POS;
    return i > 0 ? stop[i - 1] : NO_POS;
}

typedef struct array_key array_key;
static int compare_array_key(const void *a, const void *b) {
    const array_key *x = a, *y = b;
    return warp_compare_keys(x->name, x->scope, x->order, y->name, y->scope, y->order);
}

int warp_build_context(warp_scan *w) {
    w->sub_stop = malloc((w->n + 1) * sizeof *w->sub_stop);
    w->const_stop = malloc((w->n + 1) * sizeof *w->const_stop);
    w->paren_of = malloc((w->n + 1) * sizeof *w->paren_of);
    w->width_call = malloc((w->n + 1) * sizeof *w->width_call);
    w->stmt_start = malloc((w->n + 1) * sizeof *w->stmt_start);
    w->array_index = malloc((w->narrays + 1) * sizeof *w->array_index);
    if (!w->sub_stop || !w->const_stop || !w->paren_of || !w->width_call || !w->stmt_start || !w->array_index) return -1;
    size_t open = NO_POS; /* the innermost open parenthesis; the ones around it chain through paren_of */
    for (size_t i = 0; i < w->n; i++) {
        w->sub_stop[i] = subscript_stop(w, i) ? i : walk_from(w, w->sub_stop, i);
        w->const_stop[i] = constant_stop(w, i) ? i : walk_from(w, w->const_stop, i);
        w->stmt_start[i] = i == 0 ? NO_POS : is(w, i - 1, ";") || is(w, i - 1, "{") ? i - 1 : w->stmt_start[i - 1];
        /* matched pairs nest, so the open parentheses that still enclose i form a stack */
        while (open != NO_POS && w->match[open] <= i) open = w->paren_of[open];
        w->paren_of[i] = open;
        if (is(w, i, "(") && w->match[i] != NO_POS) open = i;
        w->width_call[i] = NO_POS;
    }
    for (size_t q = 1; q < w->n; q++) { /* a shuffle's width argument, when it is one token */
        const shuffle_intrinsic *sh = is(w, q, "(") ? warp_shuffle_at(w, q - 1) : NULL;
        size_t af, ae;
        if (sh && warp_call_argument(w, q, sh->width_arg, &af, &ae) && ae == af + 1) w->width_call[af] = q;
    }
    /* array declarators whose bound is a literal or a constant, for warp_array_bound */
    w->narray_index = 0;
    for (size_t a = 0; a < w->narrays; a++) {
        size_t i = w->arrays[a];
        unsigned long long v;
        warp_const *c;
        if (i + 2 >= w->n || !is(w, i + 2, "]")) continue;
        if (warp_number_value(w, i + 1, &v, NULL)) {
        } else if ((c = warp_const_at(w, i + 1)) && !c->is_mask) {
            v = 32;
        } else {
            continue;
        }
        w->array_index[w->narray_index++] = (array_key){w->name_of[i - 1], w->scope_of[i], a, v};
    }
    qsort(w->array_index, w->narray_index, sizeof *w->array_index, compare_array_key);
    return 0;
}

/* The innermost '[' that encloses position p, or NO_POS. */
size_t warp_enclosing_subscript(const warp_scan *w, size_t p) {
    size_t i = p > 0 && p <= w->n ? w->sub_stop[p - 1] : NO_POS;
    if (i == NO_POS || !is(w, i, "[")) return NO_POS;
    return w->match[i] != NO_POS && w->match[i] > p ? i : NO_POS;
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
    /* static_assert(...), __launch_bounds__(...), alignas(...), case X: */
    size_t i = p > 0 && p <= w->n ? w->const_stop[p - 1] : NO_POS;
    return i != NO_POS && !is(w, i, ";") && !is(w, i, "{") && !is(w, i, "}");
}

/* The first (in declaration order) array declarator of spelling name in scope with a decided bound. */
static const array_key *first_array(const warp_scan *w, uint32_t name, uint32_t scope) {
    size_t lo = 0, hi = w->narray_index;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const array_key *k = &w->array_index[mid];
        if (warp_compare_keys(k->name, k->scope, 0, name, scope, 0) < 0) lo = mid + 1;
        else hi = mid;
    }
    const array_key *k = lo < w->narray_index ? &w->array_index[lo] : NULL;
    return k && k->name == name && k->scope == scope ? k : NULL;
}

/* The declared constant bound of array NAME (spelled at pos) in pos's scope or the file, or 0: the
 * first declarator of that name, in either, whose bound is a literal or a constant. */
unsigned long long warp_array_bound(const warp_scan *w, size_t pos, size_t *decl) {
    if (pos >= w->n || w->name_of[pos] == UINT32_MAX) return 0;
    const array_key *a = first_array(w, w->name_of[pos], w->scope_of[pos]);
    const array_key *b = w->scope_of[pos] ? first_array(w, w->name_of[pos], 0) : NULL;
    if (!a || (b && b->order < a->order)) a = b;
    if (!a) return 0;
    *decl = w->arrays[a->order] - 1;
    return a->bound;
}

/* Whether sizeof is applied to the array named at decl anywhere in the file. */
bool warp_sizeof_reads(const warp_scan *w, size_t decl) {
    size_t first, end;
    warp_uses_of(w, decl, &first, &end);
    return first < end && w->name_sizeof[first];
}
