/* warp_index.c: the warp pass's index of one file: matched brackets, the sorted name index, function and macro
 * scopes, and the calls that join scopes into width groups. It reports nothing and proposes no rewrite. */
#include "warp_scan.h"

#include <stdlib.h>
#include <string.h>

int warp_build_tokens(warp_scan *w) {
    const hc_token_list *l = &w->u->toks;
    w->tok = malloc((l->n + 1) * sizeof *w->tok);
    w->match = malloc((l->n + 1) * sizeof *w->match);
    w->scope_of = calloc(l->n + 1, sizeof *w->scope_of);
    size_t *stack = malloc((l->n + 1) * sizeof *stack), *dstack = malloc((l->n + 1) * sizeof *dstack);
    if (!w->tok || !w->match || !w->scope_of || !stack || !dstack) {
        free(stack);
        free(dstack);
        return -1;
    }
    for (size_t k = 0; k < l->n; k++)
        if (l->v[k].kind != HC_TOK_COMMENT) w->tok[w->n++] = k;
    size_t depth = 0, ddepth = 0;
    for (size_t i = 0; i < w->n; i++) {
        w->match[i] = NO_POS;
        bool dir = in_directive(w, i);
        if (is_kind(w, i, HC_TOK_HASH)) ddepth = 0; /* each directive balances its own brackets */
        size_t *st = dir ? dstack : stack, *dp = dir ? &ddepth : &depth;
        if (is(w, i, "(") || is(w, i, "[") || is(w, i, "{")) {
            st[(*dp)++] = i;
        } else if (is(w, i, ")") || is(w, i, "]") || is(w, i, "}")) {
            const char *want = is(w, i, ")") ? "(" : is(w, i, "]") ? "[" : "{";
            /* An unmatched closer (from #if branches) pops only when its opener is on top. */
            if (*dp > 0 && is(w, st[*dp - 1], want)) {
                size_t o = st[--(*dp)];
                w->match[o] = i;
                w->match[i] = o;
            }
        }
    }
    free(stack);
    free(dstack);
    return 0;
}

static int compare_name_ref(const void *a, const void *b) {
    const name_ref *x = a, *y = b;
    int c = memcmp(x->text, y->text, x->len < y->len ? x->len : y->len);
    if (c) return c;
    if (x->len != y->len) return x->len < y->len ? -1 : 1;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

int warp_build_name_index(warp_scan *w) {
    w->idents = malloc((w->n + 1) * sizeof *w->idents);
    w->callee = calloc(w->n + 1, sizeof *w->callee);
    if (!w->idents || !w->callee) return -1;
    for (size_t i = 0; i < w->n; i++)
        if (is_ident(w, i)) {
            name_ref *r = &w->idents[w->nidents++];
            r->text = w->text + tk(w, i)->off;
            r->len = tk(w, i)->len;
            r->pos = (uint32_t)i;
        }
    qsort(w->idents, w->nidents, sizeof *w->idents, compare_name_ref);
    return 0;
}

/* The index range [*first, *end) of the identifiers spelled like the token at pos. */
void warp_uses_of(const warp_scan *w, size_t pos, size_t *first, size_t *end) {
    name_ref key = {w->text + tk(w, pos)->off, tk(w, pos)->len, 0};
    size_t lo = 0, hi = w->nidents;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (compare_name_ref(&w->idents[mid], &key) < 0) lo = mid + 1;
        else hi = mid;
    }
    *first = lo;
    while (lo < w->nidents && w->idents[lo].len == key.len && !memcmp(w->idents[lo].text, key.text, key.len)) lo++;
    *end = lo;
}

static uint32_t add_scope(warp_scan *w, size_t first, bool device, bool is_define) {
    if (!warp_grow(w, (void **)&w->scopes, &w->capscopes, w->nscopes, sizeof *w->scopes)) return 0;
    warp_scope *s = &w->scopes[w->nscopes];
    memset(s, 0, sizeof *s);
    s->first = s->last = first;
    s->name = s->params = NO_POS;
    s->group = (uint32_t)w->nscopes;
    s->device = device;
    s->is_define = is_define;
    return (uint32_t)w->nscopes++;
}

/* Position of the '(' of the parameter list of the function whose body opens at brace, or NO_POS. */
static size_t parameter_list(const warp_scan *w, size_t brace) {
    size_t i = brace;
    while (i > 0 && is_ident(w, i - 1) &&
           (is(w, i - 1, "const") || is(w, i - 1, "noexcept") || is(w, i - 1, "override") || is(w, i - 1, "final") ||
            is(w, i - 1, "mutable")))
        i--;
    if (i == 0 || !is(w, i - 1, ")") || w->match[i - 1] == NO_POS) return NO_POS;
    return w->match[i - 1];
}

/* Whether the function whose parameter list opens at paren is __global__ or __device__ only. */
static bool header_is_device(const warp_scan *w, size_t paren) {
    bool global = false, device = false, host = false;
    for (size_t i = paren; i-- > 0;) {
        if (in_directive(w, i) || is(w, i, ";") || is(w, i, "{") || is(w, i, "}")) break;
        if (is(w, i, ")") && w->match[i] != NO_POS) {
            i = w->match[i];
            continue;
        }
        global |= is(w, i, "__global__");
        device |= is(w, i, "__device__");
        host |= is(w, i, "__host__");
    }
    return (global || device) && !host;
}

static void add_parameters(warp_scan *w, uint32_t scope, size_t open) {
    size_t close = w->match[open], start = open + 1;
    int index = 0;
    for (size_t i = open + 1; i <= close && close != NO_POS; i++) {
        if (i < close && (is(w, i, "(") || is(w, i, "[")) && w->match[i] != NO_POS) {
            i = w->match[i];
            continue;
        }
        if (i != close && !is(w, i, ",")) continue;
        size_t end = i; /* the name is the last identifier before '=' or the end */
        for (size_t k = start; k < i; k++)
            if (is(w, k, "=")) {
                end = k;
                break;
            }
        if (end > start + 1 && is_ident(w, end - 1)) {
            warp_var *v = warp_add_var(w, scope, end - 1);
            if (!v) return;
            v->type_first = start;
            v->type_last = end - 2;
            v->is_param = true;
            v->param_index = index;
            v->single = true;
            v->cls = warp_name_table_class(w, end - 1);
        }
        start = i + 1;
        index++;
    }
}

int warp_build_scopes(warp_scan *w) {
    add_scope(w, 0, false, false); /* scope 0: file level, directives, everything outside functions */
    uint32_t fn = 0, define = 0;
    size_t depth = 0, fn_depth = 0;
    for (size_t i = 0; i < w->n && !w->oom; i++) {
        if (in_directive(w, i)) {
            if (is_kind(w, i, HC_TOK_HASH)) {
                define = is(w, i + 1, "define") ? add_scope(w, i + 2, false, true) : 0;
                if (define && is_ident(w, i + 2)) w->scopes[define].name = i + 2;
            }
            bool body = define && (tk(w, i)->flags & HC_TOKF_IN_DEFINE);
            w->scope_of[i] = body ? define : 0;
            if (body) {
                w->scopes[define].last = i;
                if (is(w, i, "threadIdx") || warp_mask_intrinsic_at(w, i) || warp_shuffle_at(w, i) || warp_is_ballot_call(w, i))
                    w->scopes[define].device = true;
            }
            continue;
        }
        if (is(w, i, "{")) {
            size_t params = fn ? NO_POS : parameter_list(w, i);
            if (params != NO_POS) {
                fn = add_scope(w, i, header_is_device(w, params), false);
                fn_depth = depth;
                if (fn && params > 0 && is_ident(w, params - 1)) w->scopes[fn].name = params - 1;
                if (fn) w->scopes[fn].params = params;
                if (fn) add_parameters(w, fn, params);
            }
            depth++;
        } else if (is(w, i, "}") && depth > 0) {
            depth--;
            if (fn && depth == fn_depth) {
                w->scope_of[i] = fn;
                w->scopes[fn].last = i;
                fn = 0;
                continue;
            }
        }
        w->scope_of[i] = fn;
        if (fn) w->scopes[fn].last = i;
    }
    return w->oom ? -1 : 0;
}


static uint32_t group_of(warp_scan *w, uint32_t s) {
    while (w->scopes[s].group != s) s = w->scopes[s].group = w->scopes[w->scopes[s].group].group;
    return s;
}

void warp_block_scope(warp_scan *w, uint32_t scope) { w->scopes[group_of(w, scope)].blocked = true; }

bool warp_scope_blocked(warp_scan *w, uint32_t scope) { return w->scopes[group_of(w, scope)].blocked; }

/* Joins the width groups of scopes that call (or expand) one another: a warp reduction fixed to 64
 * lanes and a caller still indexing 32-lane warps would compute worse than neither fixed. */
void warp_link_scopes(warp_scan *w) {
    for (uint32_t s = 1; s < w->nscopes; s++) {
        const warp_scope *sc = &w->scopes[s];
        size_t first, end;
        if (sc->name == NO_POS) continue;
        warp_uses_of(w, sc->name, &first, &end);
        for (size_t u = first; u < end; u++) {
            size_t i = w->idents[u].pos;
            if (i == sc->name || (i > 0 && (is(w, i - 1, ".") || is(w, i - 1, "->")))) continue;
            if (!sc->is_define && !is(w, i + 1, "(") && !is(w, i + 1, "<")) continue;
            w->callee[i] = s;
            uint32_t a = group_of(w, s), b = group_of(w, w->scope_of[i]);
            if (a != b) w->scopes[a].group = b;
        }
    }
}
