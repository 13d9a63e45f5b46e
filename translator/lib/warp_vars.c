/* warp_vars.c: the variables, parameters and warp-size or mask constants the warp pass tracks, and lookups.
 * It classifies no value (warp_classify.c does) and reports nothing. */
#include "warp_scan.h"

#include <stdlib.h>
#include <string.h>

warp_var *warp_add_var(warp_scan *w, uint32_t scope, size_t name) {
    if (!warp_grow(w, &w->vars, &w->capvars, w->nvars, sizeof *w->vars)) return NULL;
    warp_var *v = &w->vars[w->nvars++];
    memset(v, 0, sizeof *v);
    v->scope = scope;
    v->name = name;
    v->type_first = v->init_first = v->init_end = NO_POS;
    v->param_index = -1;
    return v;
}

/* Walks back over a declaration's type from the name at pos; true when tokens before form a type
 * (identifiers, '*', '&', '::') that starts a statement, a for-init or a parameter. */
static bool declared_type(const warp_scan *w, size_t pos, size_t *first) {
    size_t j = pos, p;
    while ((p = pv(w, j)) != NO_POS && warp_scope_of(w, p) == warp_scope_of(w, pos) &&
           in_directive(w, p) == in_directive(w, pos) &&
           ((is_ident(w, p) && !warp_is_statement_word(w, p)) || is(w, p, "*") || is(w, p, "&") || is(w, p, "::")))
        j = p;
    if (j == pos) return false;
    p = pv(w, j);
    /* a preprocessor line ends where the statement after it starts (#else, then "unsigned b = ...") */
    if (p != NO_POS && !(is(w, p, ";") || is(w, p, "{") || is(w, p, "}") || is(w, p, "(") || is(w, p, ")") || is(w, p, ":")) &&
        !(in_directive(w, pos) && is_kind(w, p, HC_TOK_HASH)) && !(in_directive(w, p) && !in_directive(w, pos)))
        return false;
    if (!is_ident(w, j)) return false;
    *first = j;
    return true;
}

void warp_gather_vars(warp_scan *w) {
    for (size_t i = nx(w, first_code(w)); i < w->n && !w->oom; i = nx(w, i)) {
        if (is(w, i, "[") && warp_is_declarator_bracket(w, i) &&
            warp_grow(w, &w->arrays, &w->caparrays, w->narrays, sizeof *w->arrays))
            w->arrays[w->narrays++] = i;
        if (in_directive(w, i) && !(tk(w, i)->flags & HC_TOKF_IN_DEFINE)) continue;
        size_t name = pv(w, i);
        bool assign = is(w, i, "=");
        bool bare = is(w, i, ";");
        if ((!assign && !bare) || !is_ident(w, name) || warp_is_statement_word(w, name)) continue;
        if (is(w, pv(w, name), ".") || is(w, pv(w, name), "->")) continue;
        size_t tf = NO_POS;
        bool typed = declared_type(w, name, &tf);
        if (bare && !typed) continue;
        warp_var *v = warp_add_var(w, warp_scope_of(w, name), name);
        if (!v) return;
        v->type_first = typed ? tf : NO_POS;
        size_t scope_last = w->scopes[v->scope].last > name ? w->scopes[v->scope].last : w->n - 1;
        if (assign) {
            v->init_first = nx(w, i);
            v->init_end = warp_expression_end(w, nx(w, i), scope_last);
        }
        v->single = typed && (bare || is(w, v->init_end, ";")) && !is(w, pv(w, tf), ",");
        v->cls = warp_name_table_class(w, name);
    }
}

/* The slot of the variable spelled like the identifier at pos in scope: the index of its first record, or the
 * free slot where it goes. A hash set rather than the records sorted: no sort key of a record each is built,
 * and a lookup is O(1). */
static uint32_t *var_slot(const warp_scan *w, uint32_t scope, size_t pos) {
    size_t mask = w->capvar_slots - 1;
    uint64_t key = ((uint64_t)scope << 32 | warp_name_of(w, pos)) * 0x9e3779b97f4a7c15ull;
    for (size_t h = (size_t)(key >> 29) & mask;; h = (h + 1) & mask) {
        uint32_t r = w->var_slots[h];
        if (r == UINT32_MAX || (w->vars[r].scope == scope && same_text(w, w->vars[r].name, pos))) return &w->var_slots[h];
    }
}

/* Finds each variable's first record, and groups the records with an initialiser by scope (in record order,
 * so declarations come before later assignments), each with the one whose initialiser encloses its own. */
int warp_index_vars(warp_scan *w) {
    for (w->capvar_slots = 16; w->capvar_slots < 2 * w->nvars;) w->capvar_slots *= 2;
    w->var_slots = malloc(w->capvar_slots * sizeof *w->var_slots);
    if (!w->var_slots) return -1;
    /* each variable's first record: the union of its records' classes and its first declaration */
    memset(w->var_slots, 0xff, w->capvar_slots * sizeof *w->var_slots);
    size_t ninit = 0;
    for (size_t k = 0; k < w->nvars; k++) {
        warp_var *v = &w->vars[k];
        uint32_t *slot = var_slot(w, v->scope, v->name);
        if (*slot == UINT32_MAX) {
            *slot = (uint32_t)k;
            v->decl = NO_POS;
            v->var_cls = 0;
        }
        warp_var *first = &w->vars[*slot];
        first->var_cls |= v->cls;
        if (first->decl == NO_POS && v->type_first != NO_POS) first->decl = (uint32_t)k;
        ninit += v->init_first != NO_POS;
    }
    uint32_t *start = w->init_vars_start = calloc(w->nscopes + 2, sizeof *start);
    w->init_vars = malloc((ninit + 1) * sizeof *w->init_vars);
    w->init_parent = malloc((ninit + 1) * sizeof *w->init_parent);
    uint32_t *open = malloc((ninit + 1) * sizeof *open);
    if (!start || !w->init_vars || !w->init_parent || !open) {
        free(open);
        return -1;
    }
    for (size_t k = 0; k < w->nvars; k++) start[w->vars[k].scope + 2] += w->vars[k].init_first != NO_POS;
    for (size_t s = 2; s < w->nscopes + 2; s++) start[s] += start[s - 1];
    for (size_t k = 0; k < w->nvars; k++) /* afterwards start[s] is where scope s's records begin */
        if (w->vars[k].init_first != NO_POS) w->init_vars[start[w->vars[k].scope + 1]++] = (uint32_t)k;
    /* Initialisers nest or are disjoint (each ends at the first ';' ',' or closer of its level): the
     * records of a scope, in order, with a stack of open initialisers give each its enclosing one. */
    for (uint32_t s = 0; s < w->nscopes; s++) {
        size_t nopen = 0;
        for (size_t q = start[s]; q < start[s + 1]; q++) {
            const warp_var *v = &w->vars[w->init_vars[q]];
            while (nopen && w->vars[w->init_vars[open[nopen - 1]]].init_end <= v->init_first) nopen--;
            w->init_parent[q] = nopen ? open[nopen - 1] : NO_POS;
            open[nopen++] = (uint32_t)q;
        }
    }
    free(open);
    return 0;
}

/* The first record of the variable spelled at pos in pos's scope, or NULL. */
static const warp_var *first_record(const warp_scan *w, size_t pos) {
    if (!is_ident(w, pos)) return NULL;
    uint32_t r = *var_slot(w, warp_scope_of(w, pos), pos);
    return r == UINT32_MAX ? NULL : &w->vars[r];
}

size_t warp_var_first(const warp_scan *w, size_t pos) {
    const warp_var *r = first_record(w, pos);
    return r ? (size_t)(r - w->vars) : NO_POS;
}

void warp_var_add_class(warp_scan *w, warp_var *v, unsigned cls) {
    v->cls |= cls;
    w->vars[*var_slot(w, v->scope, v->name)].var_cls |= cls;
}

/* Union of the classes of every record of the variable spelled at pos, in pos's scope. */
unsigned warp_var_class(const warp_scan *w, size_t pos) {
    const warp_var *r = first_record(w, pos);
    return warp_name_table_class(w, pos) | (r ? r->var_cls : 0);
}

/* The declaration (a record with a type) of the variable spelled at pos, or NULL. */
warp_var *warp_var_decl(const warp_scan *w, size_t pos) {
    const warp_var *r = first_record(w, pos);
    return r && r->decl != NO_POS ? &w->vars[r->decl] : NULL;
}

static void add_const(warp_scan *w, size_t name, size_t value, size_t value_last, size_t var, uint32_t scope,
                      bool is_mask) {
    if (!warp_grow(w, &w->consts, &w->capconsts, w->nconsts, sizeof *w->consts)) return;
    warp_const *c = &w->consts[w->nconsts++];
    memset(c, 0, sizeof *c);
    c->name = name;
    c->value = value;
    c->value_last = value_last;
    c->var = var;
    c->scope = scope;
    c->is_mask = is_mask;
}

void warp_gather_consts(warp_scan *w) {
    for (size_t i = first_code(w); i < w->n; i = nx(w, i)) { /* #define NAME 32 / (32) / 0xffffffff / ~0u */
        size_t name = nx_n(w, i, 2);
        if (!is_kind(w, i, HC_TOK_HASH) || !is(w, nx(w, i), "define") || !is_ident(w, name)) continue;
        size_t first = nx(w, name), end = first;
        const hc_token *nt = tk(w, name);
        if (w->text[nt->off + nt->len] == '(') continue; /* function-like */
        while (end < w->n && (tk(w, end)->flags & HC_TOKF_IN_DEFINE) && !is_kind(w, end, HC_TOK_HASH)) end = nx(w, end);
        size_t a = first, b = end;
        while (span_count(w, a, b, 3) >= 3 && is(w, a, "(") && mt(w, a) == pv(w, b)) a = nx(w, a), b = pv(w, b);
        if (span_count(w, a, b, 2) == 1 && warp_is_number(w, a, 32)) add_const(w, name, a, a, NO_POS, 0, false);
        else if (warp_is_full_mask32(w, first, end)) add_const(w, name, a, pv(w, b), NO_POS, 0, true);
    }
    for (size_t i = first_code(w); i < w->n; i = nx(w, i)) { /* template <int WARP_SIZE = 32> */
        if (!is(w, i, "=")) continue;
        size_t p1 = pv(w, i), p2 = pv(w, p1), p3 = pv(w, p2), n1 = nx(w, i), n2 = nx(w, n1);
        if (!is_ident(w, p1) || !is_ident(w, p2) || !warp_is_number(w, n1, 32) || !(is(w, n2, ">") || is(w, n2, ",")) ||
            !(is(w, p3, "<") || is(w, p3, ",")))
            continue; /* any name: one not like a warp size counts only as a shuffle width or in lane arithmetic */
        add_const(w, p1, n1, n1, NO_POS, 0, false);
        if (!w->oom) w->consts[w->nconsts - 1].template_param = true;
    }
    for (size_t k = 0; k < w->nvars; k++) { /* const int W = 32; enum { W = 32 }; unsigned m = 0xffffffff; */
        warp_var *v = &w->vars[k];
        if (v->init_first == NO_POS || v->is_param || w->scopes[v->scope].is_define) continue;
        size_t a = v->init_first, b = v->init_end;
        while (span_count(w, a, b, 3) >= 3 && is(w, a, "(") && mt(w, a) == pv(w, b)) a = nx(w, a), b = pv(w, b);
        bool is_const = false;
        for (size_t t = v->type_first; v->type_first != NO_POS && t < v->name; t = nx(w, t))
            is_const |= is(w, t, "const") || is(w, t, "constexpr");
        bool enumerator = v->type_first == NO_POS && v->scope == 0 &&
                          (is(w, pv(w, v->name), "{") || is(w, pv(w, v->name), ","));
        if (span_count(w, a, b, 2) == 1 && warp_is_number(w, a, 32) &&
            (is_const || enumerator || warp_name_looks_like_warp_size(w, v->name)) && (v->type_first != NO_POS || enumerator))
            add_const(w, v->name, a, a, k, v->scope, false);
        else if (warp_is_full_mask32(w, v->init_first, v->init_end) && v->type_first != NO_POS && v->single)
            add_const(w, v->name, a, pv(w, b), k, v->scope, true);
    }
}

typedef struct const_key { uint32_t name, scope; size_t k; } const_key;
static int compare_ckey(const void *a, const void *b) {
    const const_key *x = a, *y = b;
    return warp_compare_keys(x->name, x->scope, x->k, y->name, y->scope, y->k);
}

/* Sorts the constants by (spelling, scope, index) for warp_const_at. */
int warp_index_consts(warp_scan *w) {
    const_key *keys = malloc((w->nconsts + 1) * sizeof *keys);
    w->const_index = malloc((w->nconsts + 1) * sizeof *w->const_index);
    if (!keys || !w->const_index) {
        free(keys);
        return -1;
    }
    for (size_t k = 0; k < w->nconsts; k++) keys[k] = (const_key){warp_name_of(w, w->consts[k].name), w->consts[k].scope, k};
    qsort(keys, w->nconsts, sizeof *keys, compare_ckey);
    for (size_t k = 0; k < w->nconsts; k++) w->const_index[k] = keys[k].k;
    free(keys);
    return 0;
}

/* The first constant (in index order) of spelling name and scope that is not the one named at pos. */
static size_t first_const(const warp_scan *w, uint32_t name, uint32_t scope, size_t pos) {
    size_t lo = 0, hi = w->nconsts;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const warp_const *c = &w->consts[w->const_index[mid]];
        if (warp_compare_keys(warp_name_of(w, c->name), c->scope, 0, name, scope, 0) < 0) lo = mid + 1;
        else hi = mid;
    }
    for (; lo < w->nconsts; lo++) { /* at most two steps: only one constant is named at pos */
        const warp_const *c = &w->consts[w->const_index[lo]];
        if (warp_name_of(w, c->name) != name || c->scope != scope) break;
        if (c->name != pos) return w->const_index[lo];
    }
    return NO_POS;
}

/* The constant the identifier at pos refers to: the first one spelled alike, at file level or in pos's
 * scope, other than one pos itself declares. */
warp_const *warp_const_at(const warp_scan *w, size_t pos) {
    if (!is_ident(w, pos)) return NULL;
    uint32_t name = warp_name_of(w, pos), scope = warp_scope_of(w, pos);
    size_t a = first_const(w, name, 0, pos), b = scope ? first_const(w, name, scope, pos) : NO_POS;
    size_t k = a < b ? a : b;
    return k == NO_POS ? NULL : &w->consts[k];
}
