/* warp_index.c: the warp pass's index of one file: the sorted name index, function (code.h's bodies) and macro
 * scopes, and the calls that join scopes into width groups. It reports nothing and proposes no rewrite. */
#include "warp_scan.h"

#include <stdlib.h>
#include <string.h>

/* Identifiers sort by spelling (bytes, then length), then position. */
static int compare_name_ref(const void *a, const void *b, void *ctx) {
    const warp_scan *w = ctx;
    const hc_token *x = tk(w, ((const name_ref *)a)->pos), *y = tk(w, ((const name_ref *)b)->pos);
    int c = memcmp(w->text + x->off, w->text + y->off, x->len < y->len ? x->len : y->len);
    return c ? c : warp_compare_keys(x->len, ((const name_ref *)a)->pos, 0, y->len, ((const name_ref *)b)->pos, 0);
}

/* FNV-1a over a spelling: the hash set of spellings finds an identifier's run without a table of a
 * token each. */
static size_t spelling_hash(const char *s, size_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t k = 0; k < n; k++) h = (h ^ (unsigned char)s[k]) * 0x100000001b3ull;
    return (size_t)h;
}

/* The slot of the spelling of the token at pos: its run, or an empty slot where it would go. */
static name_slot *slot_for(const warp_scan *w, size_t pos) {
    const hc_token *t = tk(w, pos);
    size_t mask = w->capnames - 1;
    for (size_t h = spelling_hash(w->text + t->off, t->len) & mask;; h = (h + 1) & mask) {
        name_slot *sl = &w->names[h];
        if (sl->start == UINT32_MAX || same_text(w, w->idents[sl->start].pos, pos)) return sl;
    }
}

int warp_build_name_index(warp_scan *w) {
    for (size_t i = 0; i < w->n; i++) w->nidents += is_ident(w, i); /* a comment is no identifier */
    w->idents = malloc((w->nidents + 1) * sizeof *w->idents);
    if (!w->idents) return -1;
    for (size_t i = 0, k = 0; i < w->n; i++)
        if (is_ident(w, i)) w->idents[k++].pos = (uint32_t)i;
    qsort_r(w->idents, w->nidents, sizeof *w->idents, compare_name_ref, w);
    size_t spellings = 0;
    for (size_t k = 0; k < w->nidents; k++) spellings += k == 0 || !same_text(w, w->idents[k].pos, w->idents[k - 1].pos);
    for (w->capnames = 16; w->capnames < 2 * spellings;) w->capnames *= 2;
    w->names = malloc(w->capnames * sizeof *w->names);
    if (!w->names) return -1;
    for (size_t h = 0; h < w->capnames; h++) w->names[h] = (name_slot){UINT32_MAX, UINT32_MAX, false};
    /* runs of one spelling: the slot of a spelling gives any identifier its run in O(1) */
    for (size_t k = 0, j; k < w->nidents; k = j) {
        bool sizeof_read = false;
        for (j = k; j < w->nidents && same_text(w, w->idents[j].pos, w->idents[k].pos); j++) {
            size_t p = pv(w, w->idents[j].pos);
            if (is(w, p, "sizeof") || (is(w, p, "(") && is(w, pv(w, p), "sizeof"))) sizeof_read = true;
        }
        *slot_for(w, w->idents[k].pos) = (name_slot){(uint32_t)k, (uint32_t)j, sizeof_read};
    }
    return 0;
}

uint32_t warp_name_of(const warp_scan *w, size_t pos) {
    return pos < w->n && is_ident(w, pos) ? slot_for(w, pos)->start : UINT32_MAX;
}
uint32_t warp_name_end(const warp_scan *w, size_t start) { return slot_for(w, w->idents[start].pos)->end; }
bool warp_name_sizeof(const warp_scan *w, size_t start) { return slot_for(w, w->idents[start].pos)->sizeof_read; }

/* The index range [*first, *end) of the identifiers spelled like the token at pos. */
void warp_uses_of(const warp_scan *w, size_t pos, size_t *first, size_t *end) {
    if (pos < w->n && is_ident(w, pos)) {
        const name_slot *sl = slot_for(w, pos);
        *first = sl->start;
        *end = sl->end;
        return;
    }
    const hc_token *t = tk(w, pos);
    size_t lo = 0, hi = w->nidents;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const hc_token *m = tk(w, w->idents[mid].pos);
        int c = memcmp(w->text + m->off, w->text + t->off, m->len < t->len ? m->len : t->len);
        if ((c ? c : warp_compare_keys(m->len, 0, 0, t->len, 0, 0)) < 0) lo = mid + 1;
        else hi = mid;
    }
    *first = lo;
    while (lo < w->nidents && same_text(w, w->idents[lo].pos, pos)) lo++;
    *end = lo;
}

/* A run is sorted by position: two binary searches narrow it to positions lo..hi. */
void warp_uses_between(const warp_scan *w, size_t pos, size_t lo, size_t hi, size_t *first, size_t *end) {
    size_t f, e;
    warp_uses_of(w, pos, &f, &e);
    size_t a = f, b = e;
    while (a < b) {
        size_t mid = a + (b - a) / 2;
        if (w->idents[mid].pos < lo) a = mid + 1;
        else b = mid;
    }
    *first = a;
    b = e;
    while (a < b) {
        size_t mid = a + (b - a) / 2;
        if (w->idents[mid].pos <= hi) a = mid + 1;
        else b = mid;
    }
    *end = a;
}

static uint32_t add_scope(warp_scan *w, size_t first, bool device, bool is_define) {
    if (!warp_grow(w, &w->scopes, &w->capscopes, w->nscopes, sizeof *w->scopes)) return 0;
    warp_scope *s = &w->scopes[w->nscopes];
    memset(s, 0, sizeof *s);
    s->first = s->last = first;
    s->name = s->params = NO_POS;
    s->group = (uint32_t)w->nscopes;
    s->device = device;
    s->is_define = is_define;
    return (uint32_t)w->nscopes++;
}

/* Records the parameters of the list whose '(' is at open. They are split as the calls' arguments are
 * (HC_SPLIT_CALL), not as a declaration list: parameter k is matched with argument k of each call, and a call
 * cannot tell a template comma from a comparison, so both sides must count commas alike. A parameter's name
 * is the last identifier before its '=' or its end; parameters past HC_CODE_MAX_ARGS are not followed. */
static void add_parameters(warp_scan *w, uint32_t scope, size_t open) {
    size_t close = mt(w, open);
    if (close == NO_POS) return;
    hc_code_args args;
    hc_code_split(w->u, open, close, HC_SPLIT_CALL, &args);
    for (size_t k = 0; k < args.n && k < HC_CODE_MAX_ARGS; k++) {
        size_t start = args.first[k], end = start == SIZE_MAX ? start : nx(w, args.last[k]);
        for (size_t i = start; i < end; i = nx(w, i))
            if (is(w, i, "=")) {
                end = i;
                break;
            }
        size_t name = start == SIZE_MAX ? NO_POS : pv(w, end);
        if (name == NO_POS || name <= start || !is_ident(w, name)) continue;
        warp_var *v = warp_add_var(w, scope, name);
        if (!v) return;
        v->type_first = start;
        v->is_param = true;
        v->param_index = (int)k;
        v->single = true;
        v->cls = warp_name_table_class(w, name);
    }
}

int warp_build_scopes(warp_scan *w) {
    add_scope(w, 0, false, false); /* scope 0: file level, directives, everything outside functions */
    size_t nfn, k = 0;
    const hc_body *fb = hc_code_bodies(w->u, &nfn); /* scopes are numbered in token order */
    uint32_t define = 0;
    for (size_t i = first_code(w); i < w->n && !w->oom; i = nx(w, i)) {
        if (in_directive(w, i)) {
            if (is_kind(w, i, HC_TOK_HASH)) {
                size_t name = nx_n(w, i, 2);
                define = is(w, nx(w, i), "define") ? add_scope(w, name, false, true) : 0;
                if (define && is_ident(w, name)) w->scopes[define].name = name;
                if (define && warp_grow(w, &w->def_scopes, &w->capdef, w->ndef, sizeof *w->def_scopes))
                    w->def_scopes[w->ndef++] = define;
            }
            bool body = define && (tk(w, i)->flags & HC_TOKF_IN_DEFINE);
            if (body) {
                w->scopes[define].last = i;
                if (is(w, i, "threadIdx") || warp_mask_intrinsic_at(w, i) || warp_shuffle_at(w, i) || warp_is_ballot_call(w, i))
                    w->scopes[define].device = true;
            }
            continue;
        }
        while (k < nfn && fb[k].outer != HC_BODY_NONE) k++; /* a nested body is in its function's scope */
        if (k == nfn || fb[k].open != i) continue;
        size_t params = fb[k].params;
        uint32_t fn = add_scope(w, i, hc_body_device_only(&fb[k]), false);
        if (!fn) break;
        if (fb[k].name != HC_BODY_NONE) w->scopes[fn].name = fb[k].name;
        w->scopes[fn].last = fb[k++].close;
        if (warp_grow(w, &w->fn_scopes, &w->capfn, w->nfn, sizeof *w->fn_scopes)) w->fn_scopes[w->nfn++] = fn;
        w->scopes[fn].params = params;
        add_parameters(w, fn, params);
    }
    return w->oom ? -1 : 0;
}

/* How many scopes of list v (ascending by first position) start at or before position x. */
static size_t scopes_starting_by(const warp_scan *w, const uint32_t *v, size_t n, size_t x) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (w->scopes[v[mid]].first <= x) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Function bodies do not nest (one inside a body is no new scope) and a macro's body ends at the next
 * '#', so the scope of a token is the last one starting before it, if that one has not ended: a binary
 * search over the scopes, instead of a table of a token each. A directive's token belongs to the
 * #define of its line when it is in the body; any other token to the function body around it. */
uint32_t warp_scope_of(const warp_scan *w, size_t i) {
    if (i >= w->n) return 0;
    if (in_directive(w, i)) {
        if (!(tk(w, i)->flags & HC_TOKF_IN_DEFINE)) return 0;
        size_t name = nx_n(w, i, 2);
        size_t k = scopes_starting_by(w, w->def_scopes, w->ndef, name); /* a #define's scope starts at its name */
        if (k == 0) return 0;
        uint32_t d = w->def_scopes[k - 1];
        if (is_kind(w, i, HC_TOK_HASH)) return w->scopes[d].first == name ? d : 0; /* a '#' starts its own line */
        return i <= w->scopes[d].last ? d : 0;
    }
    size_t k = scopes_starting_by(w, w->fn_scopes, w->nfn, i);
    if (k == 0) return 0;
    uint32_t f = w->fn_scopes[k - 1];
    return i <= w->scopes[f].last ? f : 0;
}


static uint32_t group_of(warp_scan *w, uint32_t s) {
    while (w->scopes[s].group != s) s = w->scopes[s].group = w->scopes[w->scopes[s].group].group;
    return s;
}

void warp_block_scope(warp_scan *w, uint32_t scope) { w->scopes[group_of(w, scope)].blocked = true; }

bool warp_scope_blocked(warp_scan *w, uint32_t scope) { return w->scopes[group_of(w, scope)].blocked; }

/* Joins the width groups of scopes that call (or expand) one another: a warp reduction fixed to 64
 * lanes and a caller still indexing 32-lane warps would compute worse than neither fixed. */
static void join(warp_scan *w, uint32_t s, uint32_t t) {
    uint32_t a = group_of(w, s), b = group_of(w, t);
    if (a != b) w->scopes[a].group = b;
}

/* Same-named scopes (ascending) and which of them are joined already. A use of the name joins all of
 * them but the one it names (its own definition) with the user's scope; joining "all but x" for a
 * second x means all, so each set is walked at most twice however many uses the name has. */
typedef struct scope_set {
    const uint32_t *v;
    size_t n;
    bool all;        /* every member joined */
    uint32_t except; /* all members but this one joined, or UINT32_MAX */
} scope_set;

static void join_all_but(warp_scan *w, scope_set *set, uint32_t x) {
    if (set->all || set->n < 2 || (x && set->except == x)) return;
    if (x && set->except != UINT32_MAX) { /* all but except, now all but x: except joins a third */
        for (size_t k = 0; k < set->n; k++)
            if (set->v[k] != x && set->v[k] != set->except) {
                join(w, set->except, set->v[k]);
                set->all = true;
                break;
            }
        return;
    }
    uint32_t prev = 0;
    for (size_t k = 0; k < set->n; k++) {
        if (set->v[k] == x) continue;
        if (prev) join(w, prev, set->v[k]);
        prev = set->v[k];
    }
    if (x) set->except = x;
    else set->all = true;
}

typedef struct named_scope { uint32_t name, scope; } named_scope;
static int compare_named_scope(const void *a, const void *b) {
    const named_scope *x = a, *y = b;
    return warp_compare_keys(x->name, x->scope, 0, y->name, y->scope, 0);
}

/* (position, scope) pairs sorted by position, for a binary search by position. */
static int compare_pos_scope(const void *a, const void *b) {
    const pos_scope *x = a, *y = b;
    return warp_compare_keys(x->pos, x->scope, 0, y->pos, y->scope, 0);
}
static uint32_t scope_named_at(const pos_scope *v, size_t n, size_t pos) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid].pos < pos) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && v[lo].pos == pos ? v[lo].scope : 0;
}

/* The scope the identifier at i names (its last same-named function or macro), or 0. */
uint32_t warp_callee(const warp_scan *w, size_t i) { return scope_named_at(w->callees, w->ncallees, i); }

/* Joins the width groups of scopes that call (or expand) one another: a warp reduction fixed to 64
 * lanes and a caller still indexing 32-lane warps would compute worse than neither fixed. A use names
 * every scope spelled like it (a macro always, a function when called or instantiated), but the one
 * it defines; callees records the last of those. Linear: scopes are grouped by name once. */
int warp_link_scopes(warp_scan *w) {
    named_scope *ns = malloc((w->nscopes + 1) * sizeof *ns);
    uint32_t *all = malloc((w->nscopes + 1) * sizeof *all), *defs = malloc((w->nscopes + 1) * sizeof *defs);
    pos_scope *named = malloc((w->nscopes + 1) * sizeof *named); /* scope names, by position */
    if (!ns || !all || !defs || !named) {
        free(ns), free(all), free(defs), free(named);
        return -1;
    }
    size_t nn = 0;
    for (uint32_t s = 1; s < w->nscopes; s++)
        if (w->scopes[s].name != NO_POS) {
            named[nn] = (pos_scope){w->scopes[s].name, s};
            ns[nn++] = (named_scope){warp_name_of(w, w->scopes[s].name), s};
        }
    qsort(ns, nn, sizeof *ns, compare_named_scope);
    qsort(named, nn, sizeof *named, compare_pos_scope);
    for (size_t k = 0, j; k < nn && !w->oom; k = j) {
        size_t nall = 0, ndefs = 0;
        for (j = k; j < nn && ns[j].name == ns[k].name; j++) {
            all[nall++] = ns[j].scope;
            if (w->scopes[ns[j].scope].is_define) defs[ndefs++] = ns[j].scope;
        }
        scope_set sets[2] = {{all, nall, false, UINT32_MAX}, {defs, ndefs, false, UINT32_MAX}};
        for (size_t u = ns[k].name, uend = warp_name_end(w, ns[k].name); u < uend; u++) {
            size_t i = w->idents[u].pos;
            if (is(w, pv(w, i), ".") || is(w, pv(w, i), "->")) continue;
            bool call = is(w, nx(w, i), "(") || is(w, nx(w, i), "<");
            scope_set *set = &sets[call ? 0 : 1];
            uint32_t at = scope_named_at(named, nn, i);
            uint32_t own = at && (call || w->scopes[at].is_define) ? at : 0;
            if (set->n == 0 || (set->n == 1 && set->v[0] == own)) continue;
            uint32_t last = set->v[set->n - 1] == own ? set->v[set->n - 2] : set->v[set->n - 1];
            if (!warp_grow(w, &w->callees, &w->capcallees, w->ncallees, sizeof *w->callees)) break;
            w->callees[w->ncallees++] = (pos_scope){(uint32_t)i, last};
            join_all_but(w, set, own);
            join(w, last, warp_scope_of(w, i));
        }
    }
    free(ns), free(all), free(defs), free(named);
    if (w->oom) return -1;
    if (w->ncallees) qsort(w->callees, w->ncallees, sizeof *w->callees, compare_pos_scope); /* NULL when none */
    return 0;
}

int warp_index_calls(warp_scan *w) {
    w->calls_start = calloc(w->nscopes + 2, sizeof *w->calls_start);
    if (!w->calls_start) return -1;
    for (size_t k = 0; k < w->ncallees; k++)
        if (is(w, nx(w, w->callees[k].pos), "(")) w->calls_start[w->callees[k].scope + 2]++;
    for (size_t s = 2; s < w->nscopes + 2; s++) w->calls_start[s] += w->calls_start[s - 1];
    w->calls = malloc((w->calls_start[w->nscopes + 1] + 1) * sizeof *w->calls); /* room for the calls alone */
    if (!w->calls) return -1;
    for (size_t k = 0; k < w->ncallees; k++)
        if (is(w, nx(w, w->callees[k].pos), "(")) w->calls[w->calls_start[w->callees[k].scope + 1]++] = w->callees[k].pos;
    return 0;
}
