/* macro_growth.c: estimates the largest macro expansion of a file from its raw tokens (see
 * macro_growth.h): each #define becomes a linear function of its arguments' sizes, evaluated once.
 * It preprocesses nothing and evaluates no #if. */
#include "macro_growth.h"
#include "code.h"
#include "grow.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define SAT ((uint64_t)1 << 62) /* saturation: every sum and product stops here */

static uint64_t sat_add(uint64_t a, uint64_t b) { return a >= SAT - b ? SAT : a + b; }
static uint64_t sat_mul(uint64_t a, uint64_t b) { return a && b > SAT / a ? SAT : a * b; }

/* size of an expansion as a function of the largest argument's size s: c + m*s */
typedef struct lin {
    uint64_t c, m;
} lin;

typedef struct macro_def {
    const char *name;
    uint32_t name_len;
    size_t body, body_end;  /* token indices of the replacement list */
    size_t params, nparams; /* token indices of the parameter names: params..params+nparams, commas skipped */
    bool function_like;
    int state; /* 0 unknown, 1 being evaluated, 2 known */
    lin value;
} macro_def;

typedef struct growth {
    const hc_unit *u;
    macro_def *defs; /* sorted by name */
    size_t n, cap;
} growth;

static int cmp_def(const void *a, const void *b) {
    const macro_def *x = a, *y = b;
    size_t n = x->name_len < y->name_len ? x->name_len : y->name_len;
    int c = memcmp(x->name, y->name, n);
    return c ? c : (x->name_len > y->name_len) - (x->name_len < y->name_len);
}

/* The first definition named like token t, or NULL; definitions of one name are adjacent. */
static macro_def *find(growth *g, const hc_token *t, size_t *count) {
    size_t lo = 0, hi = g->n;
    const char *text = g->u->text;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const macro_def *d = &g->defs[mid];
        size_t n = d->name_len < t->len ? d->name_len : t->len;
        int c = memcmp(d->name, text + t->off, n);
        if (!c) c = (d->name_len > t->len) - (d->name_len < t->len);
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    size_t k = lo;
    while (k < g->n && g->defs[k].name_len == t->len && !memcmp(g->defs[k].name, text + t->off, t->len)) k++;
    *count = k - lo;
    return k > lo ? &g->defs[lo] : NULL;
}

static bool is_param(const growth *g, const macro_def *d, const hc_token *t) {
    for (size_t i = d->params; i < d->params + d->nparams; i++)
        if (hc_code_kind(g->u, i, HC_TOK_IDENT) && hc_code_spelled(g->u, i, g->u->text + t->off, t->len)) return true;
    return false;
}

static lin macro_value(growth *g, macro_def *d);

/* Evaluates tokens [i, end) (a replacement list when d is set, else code) to a linear function of the
 * parameter size. Function-like uses take their parenthesized arguments with them. */
static lin eval(growth *g, size_t i, size_t end, const macro_def *d, size_t *stop) {
    const hc_unit *u = g->u;
    lin sum = {0, 0};
    while ((i = hc_code_from(u, i, end)) < end) {
        const hc_token *t = hc_code_tok(u, i);
        if (stop && (hc_code_punct(u, i, ",") || hc_code_punct(u, i, ")"))) break;
        if (hc_code_punct(u, i, "(")) { /* a parenthesized group */
            size_t inner;
            lin in = eval(g, i + 1, end, d, &inner);
            while (inner < end && hc_code_is(u, inner, ",")) {
                lin more = eval(g, inner + 1, end, d, &inner);
                in.c = sat_add(sat_add(in.c, more.c), 1), in.m = sat_add(in.m, more.m);
            }
            sum.c = sat_add(sum.c, sat_add(in.c, 2)), sum.m = sat_add(sum.m, in.m);
            i = inner < end ? inner + 1 : end;
            continue;
        }
        size_t count = 0;
        macro_def *m = t->kind == HC_TOK_IDENT && !(d && is_param(g, d, t)) ? find(g, t, &count) : NULL;
        if (d && t->kind == HC_TOK_IDENT && is_param(g, d, t)) {
            sum.m = sat_add(sum.m, 1);
            i++;
            continue;
        }
        if (!m) { sum.c = sat_add(sum.c, 1); i++; continue; }
        lin f = {0, 0};
        bool function_like = false;
        for (size_t k = 0; k < count; k++) { /* several definitions (#if branches): the largest */
            lin x = macro_value(g, &m[k]);
            if (x.c > f.c) f.c = x.c;
            if (x.m > f.m) f.m = x.m;
            function_like |= m[k].function_like;
        }
        size_t next = hc_code_next(u, i);
        if (!function_like || next >= end || !hc_code_is(u, next, "(")) {
            sum.c = sat_add(sum.c, f.c); /* object-like, or a function-like name not called */
            i++;
            continue;
        }
        lin arg = {0, 0}; /* the arguments: the largest one, as a function of the parameter size */
        size_t j = next;
        do {
            lin a = eval(g, j + 1, end, d, &j);
            if (a.c > arg.c) arg.c = a.c;
            if (a.m > arg.m) arg.m = a.m;
        } while (j < end && hc_code_is(u, j, ","));
        /* f(arg) = f.c + f.m * (arg.c + arg.m * s) */
        sum.c = sat_add(sum.c, sat_add(f.c, sat_mul(f.m, arg.c)));
        sum.m = sat_add(sum.m, sat_mul(f.m, arg.m));
        i = j < end ? j + 1 : end;
    }
    if (stop) *stop = i;
    return sum;
}

static lin macro_value(growth *g, macro_def *d) {
    if (d->state == 2) return d->value;
    if (d->state == 1) return (lin){1, 0}; /* a cycle: the preprocessor leaves the name as it is */
    d->state = 1;
    d->value = eval(g, d->body, d->body_end, d, NULL);
    d->state = 2;
    return d->value;
}

/* Collects every #define: name, parameters (function-like when '(' touches the name) and body. The '#',
 * `define` and the name are read as adjacent tokens, not past comments: an estimate needs only the usual
 * spelling, and parameters are counted as the tokens between the parentheses. */
static int collect(growth *g) {
    const hc_unit *u = g->u;
    for (size_t i = 0; hc_code_valid(u, i + 2); i++) {
        if (!hc_code_kind(u, i, HC_TOK_HASH) || !hc_code_is(u, i + 1, "define") || !hc_code_kind(u, i + 2, HC_TOK_IDENT)) continue;
        size_t end = i + 3;
        while (hc_code_in_directive(u, end) && !hc_code_kind(u, end, HC_TOK_HASH)) end++;
        const hc_token *name = hc_code_tok(u, i + 2);
        macro_def d = {u->text + name->off, name->len, i + 3, end, 0, 0, false, 0, {0, 0}};
        if (i + 3 < end && hc_code_is(u, i + 3, "(") && hc_code_tok(u, i + 3)->off == hc_code_end(u, i + 2)) {
            d.function_like = true;
            size_t k = i + 4;
            d.params = k;
            while (k < end && !hc_code_is(u, k, ")")) k++;
            d.nparams = k - d.params;
            d.body = k < end ? k + 1 : end;
        }
        if (hc_grow(&g->defs, &g->cap, g->n, sizeof *g->defs, 64) < 0) return -1;
        g->defs[g->n++] = d;
        i = end - 1;
    }
    if (g->n) qsort(g->defs, g->n, sizeof *g->defs, cmp_def);
    return 0;
}

int hc_macro_growth_measure(const hc_unit *u, hc_macro_growth *out) {
    memset(out, 0, sizeof *out);
    growth g = {u, NULL, 0, 0};
    if (collect(&g) < 0) { free(g.defs); return -1; }
    /* code is evaluated use by use: each top-level use with its arguments */
    for (size_t i = 0; g.n && hc_code_valid(u, i);) {
        const hc_token *t = hc_code_tok(u, i);
        size_t count;
        if (!hc_code_kind(u, i, HC_TOK_IDENT) || hc_code_in_directive(u, i) || !find(&g, t, &count)) { i++; continue; }
        size_t end = hc_code_next(u, i); /* the use, and its parenthesized arguments when there are some */
        if (hc_code_is(u, end, "(")) {
            size_t close = hc_code_pair(u, end);
            end = close == SIZE_MAX ? u->toks.n : close + 1;
        } else {
            end = i + 1;
        }
        lin x = eval(&g, i, end, NULL, NULL);
        if (x.c > out->tokens) {
            out->tokens = x.c, out->line = hc_unit_line_of(u, t->off, NULL);
            size_t len = t->len < sizeof out->name - 1 ? t->len : sizeof out->name - 1;
            memcpy(out->name, u->text + t->off, len);
            out->name[len] = '\0';
        }
        i = end;
    }
    free(g.defs);
    return 0;
}
