/* warp_context.c: where a token stands (array declarator, subscript, constant expression), array bounds, sizeof.
 * It reports nothing and proposes no rewrite. */
#include "warp_scan.h"

#include <stdlib.h>

/* Three lookups tell where a token stands: the innermost '[' around it (enclosing_subscript), the start
 * of a constant expression (in_constant_context) and the innermost '(' (warp_paren_of). The first two are
 * backward walks that step from a token to the one before it, or from a closer to the token before its
 * opener, and stop at the first token of a kind; the third walks back over closed pairs to the first
 * opener still open. Most files ask few of them, so each is a walk, and no table of a token each is
 * kept. A file that asks many (one long statement of lane arithmetic) would make walks quadratic: once
 * the walks of a file have cost more steps than twice its tokens, one forward pass fills a table of
 * where each walk ends (a function of the token alone) and every later lookup is O(1). */
static bool subscript_stop(const warp_scan *w, size_t i) {
    return is(w, i, ";") || is(w, i, "{") || is(w, i, "}") || is(w, i, "[");
}
static bool constant_stop(const warp_scan *w, size_t i) {
    return is(w, i, ";") || is(w, i, "{") || is(w, i, "}") || is(w, i, "case") ||
           (is(w, i, "(") &&
            (is(w, pv(w, i), "static_assert") || is(w, pv(w, i), "__launch_bounds__") || is(w, pv(w, i), "alignas")));
}
/* The step of both stop walks: from a matched closer to the token before its opener, else one back. */
static size_t step_back(const warp_scan *w, size_t i) {
    if ((is(w, i, ")") || is(w, i, "]")) && mt(w, i) != NO_POS) return pv(w, mt(w, i));
    return pv(w, i);
}

/* Fills the tables in one forward pass: a walk's end at i is i itself or its end at the token it steps to,
 * which lies before i. Returns false when memory runs out (the walks then go on without tables). */
static bool build_tables(const warp_scan *w) {
    warp_lookups *t = w->look;
    t->sub_stop = malloc((w->n + 1) * sizeof *t->sub_stop);
    t->const_stop = malloc((w->n + 1) * sizeof *t->const_stop);
    t->paren_of = malloc((w->n + 1) * sizeof *t->paren_of);
    if (!t->sub_stop || !t->const_stop || !t->paren_of) {
        free(t->sub_stop), free(t->const_stop), free(t->paren_of);
        t->sub_stop = t->const_stop = t->paren_of = NULL;
        return false;
    }
    size_t open = NO_POS; /* the innermost open parenthesis; the ones around it chain through paren_of */
    for (size_t i = first_code(w); i < w->n; i = nx(w, i)) {
        size_t b = step_back(w, i);
        t->sub_stop[i] = subscript_stop(w, i) ? i : b == NO_POS ? NO_POS : t->sub_stop[b];
        t->const_stop[i] = constant_stop(w, i) ? i : b == NO_POS ? NO_POS : t->const_stop[b];
        /* matched pairs nest, so the open parentheses that still enclose i form a stack */
        while (open != NO_POS && mt(w, open) <= i) open = t->paren_of[open];
        t->paren_of[i] = open;
        if (is(w, i, "(") && mt(w, i) != NO_POS) open = i;
    }
    return true;
}

/* Counts walk steps; true once the tables exist (built here when the walks have cost too much). */
static bool use_tables(const warp_scan *w, size_t steps) {
    warp_lookups *t = w->look;
    if (t->sub_stop) return true;
    t->steps += steps;
    if (t->steps <= 2 * w->n + 4096 || t->failed) return false;
    t->failed = !build_tables(w);
    return !t->failed;
}

static size_t subscript_walk(const warp_scan *w, size_t i) {
    size_t steps = 0;
    for (; i != NO_POS && !subscript_stop(w, i); i = step_back(w, i)) steps++;
    use_tables(w, steps);
    return i;
}
static size_t constant_walk(const warp_scan *w, size_t i) {
    size_t steps = 0;
    for (; i != NO_POS && !constant_stop(w, i); i = step_back(w, i)) steps++;
    use_tables(w, steps);
    return i;
}

/* The innermost matched '(' before p whose pair is still open after p, or NO_POS. */
size_t warp_paren_of(const warp_scan *w, size_t p) {
    if (p >= w->n) return NO_POS;
    if (use_tables(w, 0)) return w->look->paren_of[p];
    size_t steps = 0, found = NO_POS;
    for (size_t j = pv(w, p); j != NO_POS; j = pv(w, j), steps++) {
        size_t m = mt(w, j);
        if (m == NO_POS) continue;
        if (m < j) { /* a closer: its pair closed before p, skip it whole */
            j = m;
            continue;
        }
        if (m > p && is(w, j, "(")) {
            found = j;
            break;
        }
    }
    use_tables(w, steps);
    return found;
}

/* The '(' of the shuffle whose width argument is the token at p alone, when that call opens in p's
 * statement (no ';' or '{' between), else NO_POS. A one-token argument stands between '(' or ',' and ','
 * or ')', and its call is the innermost parenthesis around it. */
size_t warp_width_call(const warp_scan *w, size_t p) {
    size_t p1 = pv(w, p), n1 = nx(w, p);
    if (!(is(w, p1, ",") || is(w, p1, "(")) || !(is(w, n1, ",") || is(w, n1, ")"))) return NO_POS;
    size_t q = warp_paren_of(w, p), af, ae;
    const shuffle_intrinsic *sh = q != NO_POS ? warp_shuffle_at(w, pv(w, q)) : NULL;
    if (!sh || !warp_call_argument(w, q, sh->width_arg, &af, &ae) || af != p || ae != n1) return NO_POS;
    for (size_t k = q; k < p; k = nx(w, k))
        if (is(w, k, ";") || is(w, k, "{")) return NO_POS;
    return q;
}

typedef struct array_key array_key;
static int compare_array_key(const void *a, const void *b) {
    const array_key *x = a, *y = b;
    return warp_compare_keys(x->name, x->scope, x->order, y->name, y->scope, y->order);
}

int warp_build_context(warp_scan *w) {
    w->array_index = malloc((w->narrays + 1) * sizeof *w->array_index);
    if (!w->array_index) return -1;
    /* array declarators whose bound is a literal or a constant, for warp_array_bound */
    w->narray_index = 0;
    for (size_t a = 0; a < w->narrays; a++) {
        size_t i = w->arrays[a];
        unsigned long long v;
        warp_const *c;
        if (!is(w, nx_n(w, i, 2), "]")) continue;
        if (warp_number_value(w, nx(w, i), &v, NULL)) {
        } else if ((c = warp_const_at(w, nx(w, i))) && !c->is_mask) {
            v = 32;
        } else {
            continue;
        }
        w->array_index[w->narray_index++] = (array_key){warp_name_of(w, pv(w, i)), warp_scope_of(w, i), a, v};
    }
    qsort(w->array_index, w->narray_index, sizeof *w->array_index, compare_array_key);
    return 0;
}

/* The innermost '[' that encloses position p, or NO_POS. */
size_t warp_enclosing_subscript(const warp_scan *w, size_t p) {
    size_t b = pv(w, p);
    size_t i = b == NO_POS ? NO_POS : use_tables(w, 0) ? w->look->sub_stop[b] : subscript_walk(w, b);
    if (i == NO_POS || !is(w, i, "[")) return NO_POS;
    return mt(w, i) != NO_POS && mt(w, i) > p ? i : NO_POS;
}

/* Whether '[' at open declares an array (TYPE NAME [ ... ]) rather than subscripting one. */
bool warp_is_declarator_bracket(const warp_scan *w, size_t open) {
    if (!is_ident(w, pv(w, open))) return false;
    size_t before = pv(w, pv(w, open));
    return (is_ident(w, before) && !warp_is_statement_word(w, before)) || is(w, before, "*");
}

/* Whether position p sits where C++ needs a constant expression, so warpSize (not constexpr in CUDA)
 * cannot replace a literal there. */
bool warp_in_constant_context(const warp_scan *w, size_t p) {
    size_t s = warp_enclosing_subscript(w, p);
    if (s != NO_POS && warp_is_declarator_bracket(w, s)) return true;
    size_t b = pv(w, p), n1 = nx(w, p);
    if (((is(w, b, "<") || is(w, b, ",")) && (is(w, n1, ">") || is(w, n1, ">>"))) || (is(w, b, "<") && is(w, n1, ",")))
        return true; /* template argument */
    /* static_assert(...), __launch_bounds__(...), alignas(...), case X: */
    size_t i = b == NO_POS ? NO_POS : use_tables(w, 0) ? w->look->const_stop[b] : constant_walk(w, b);
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
    if (pos >= w->n || warp_name_of(w, pos) == UINT32_MAX) return 0;
    const array_key *a = first_array(w, warp_name_of(w, pos), warp_scope_of(w, pos));
    const array_key *b = warp_scope_of(w, pos) ? first_array(w, warp_name_of(w, pos), 0) : NULL;
    if (!a || (b && b->order < a->order)) a = b;
    if (!a) return 0;
    *decl = pv(w, w->arrays[a->order]);
    return a->bound;
}

/* Whether sizeof is applied to the array named at decl anywhere in the file. */
bool warp_sizeof_reads(const warp_scan *w, size_t decl) {
    size_t first, end;
    warp_uses_of(w, decl, &first, &end);
    return first < end && warp_name_sizeof(w, first);
}
