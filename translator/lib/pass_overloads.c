/* pass_overloads.c: finds definitions the port makes collide: functions a file defines twice, overloaded
 * on CUDA types that HIP merges into one (cudaError_t and CUresult both become hipError_t): hipcc stops with
 * a redefinition (HC1125); and a file's own copy of CUDA's enumerators (a header for loading the driver at
 * run time), which the renames turn into HIP's own (HC1126). It reads tokens, renames nothing and changes
 * no text; which names merge comes from the mapping tables. */
#include "code.h"
#include "grow.h"
#include "unit.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COND_DEPTH 64

/* Where a definition sits among #if groups: a node of the file's tree of #if branches (node 0: outside
 * every #if), so that each definition stores one index and the path from the root is shared. Two
 * definitions in different branches of one group are never compiled together. Deeper than MAX_COND_DEPTH,
 * groups are not told apart: a definition there sits in its branch at that depth. */
typedef struct cond_node {
    uint32_t parent;       /* the branch this #if group lies in */
    uint32_t group;        /* which #if group: one number per #if, shared by its #elif and #else branches */
    uint32_t branch;       /* 0 for the #if's own branch, then one more for each #elif and #else */
    uint32_t depth;        /* #if groups from the root to this branch */
} cond_node;

typedef struct cond_tree {
    cond_node *v;
    size_t n, cap;
    uint32_t at;     /* the branch the walk is in */
    size_t unrecorded; /* #if groups open beyond MAX_COND_DEPTH */
} cond_tree;

static int cond_add(cond_tree *t, cond_node node) {
    if (t->n >= UINT32_MAX || hc_grow(&t->v, &t->cap, t->n, sizeof *t->v, 16) < 0) return -1;
    t->v[t->n] = node;
    t->at = (uint32_t)t->n++;
    return 0;
}

/* True when branches a and b are never compiled together: below the group where their paths from the
 * root part, they are different branches of one #if group. */
static bool exclusive(const cond_tree *t, uint32_t a, uint32_t b) {
    while (t->v[a].depth > t->v[b].depth) a = t->v[a].parent;
    while (t->v[b].depth > t->v[a].depth) b = t->v[b].parent;
    if (a == b) return false; /* one path holds the other */
    while (t->v[a].parent != t->v[b].parent) a = t->v[a].parent, b = t->v[b].parent;
    return t->v[a].group == t->v[b].group;
}

typedef struct definition {
    uint32_t name_off, name_len, line;
    uint32_t cond; /* its branch in the cond_tree */
    char *key;     /* the name, '(' and the HIP signature (the parameter types with every CUDA type the port
                    * renames replaced by its HIP name): definitions that collide share it; after its NUL,
                    * the CUDA signature (the parameter types as written). One allocation for both. */
} definition;

static const char *hip_sig(const definition *d) { return d->key + d->name_len + 1; }
static const char *cuda_sig(const definition *d) { return d->key + strlen(d->key) + 1; }

typedef struct definition_list {
    definition *v;
    size_t n, cap;
} definition_list;

/* Token i is code outside every directive and #define body (a comment or '#' is not). */
static bool is_code(const hc_unit *u, size_t i) {
    return !hc_code_kind(u, i, HC_TOK_COMMENT) && !hc_code_kind(u, i, HC_TOK_HASH) && !hc_code_in_directive(u, i) &&
           !(hc_code_tok(u, i)->flags & HC_TOKF_IN_DEFINE);
}

/* Words that end a type but are never a parameter's name. */
static bool is_type_word(const hc_unit *u, size_t i) {
    static const char *const words[] = {"int", "char", "short", "long", "float", "double", "unsigned", "signed",
                                        "bool", "void", "const", "volatile", "auto"};
    return hc_code_is_any(u, i, words, COUNT_OF(words));
}

/* Appends token i to the signature strings: as written, and as the port will spell it. */
static int append_token(const hc_unit *u, size_t i, char *cuda, char *hip, size_t size) {
    const hc_token *t = hc_code_tok(u, i);
    char word[256];
    if (t->len >= sizeof word) return -1;
    memcpy(word, u->text + t->off, t->len);
    word[t->len] = '\0';
    const char *ported = word;
    const hc_mapping *m = t->kind == HC_TOK_IDENT && !(t->flags & HC_TOKF_VETO) ? hc_mapping_find(word, t->len) : NULL;
    if (m && m->kind == HC_KIND_TYPE) {
        hc_resolution r = hc_mapping_resolve(m, u->opt);
        if (r.kind == HC_RES_CONVERT) ported = r.target;
    }
    size_t lc = strlen(cuda), lh = strlen(hip);
    if (lc + t->len + 2 >= size || lh + strlen(ported) + 2 >= size) return -1;
    snprintf(cuda + lc, size - lc, "%s%s", lc ? " " : "", word);
    snprintf(hip + lh, size - lh, "%s%s", lh ? " " : "", ported);
    return 0;
}

/* Appends one parameter, tokens first..last, to the signatures: its type, without its name or default
 * argument. Returns -1 when the signatures grow too long to compare. */
static int append_parameter(const hc_unit *u, size_t first, size_t last, char *cuda, char *hip, size_t size) {
    size_t end = hc_code_next(u, last), type_last = SIZE_MAX, stop = end, count = 0;
    for (size_t i = first; i != end && hc_code_valid(u, i); i = hc_code_next(u, i)) {
        if (hc_code_is(u, i, "=")) { stop = i; break; } /* a default argument is no part of the type */
        type_last = i;
        count++;
    }
    bool named = count >= 2 && hc_code_kind(u, type_last, HC_TOK_IDENT) && !is_type_word(u, type_last);
    if (cuda[0]) {
        size_t lc = strlen(cuda), lh = strlen(hip);
        if (lc + 2 >= size || lh + 2 >= size) return -1;
        strcat(cuda, ","), strcat(hip, ",");
    }
    for (size_t i = first; i != stop && hc_code_valid(u, i); i = hc_code_next(u, i))
        if (!(named && i == type_last) && append_token(u, i, cuda, hip, size) < 0) return -1;
    return 0;
}

/* The parameter types of the list between open and close (exclusive), without names or default
 * arguments, as written (cuda) and as ported (hip). Returns -1 when the list is too long to compare. */
static int signatures(const hc_unit *u, size_t open, size_t close, char *cuda, char *hip, size_t size) {
    cuda[0] = hip[0] = '\0';
    for (size_t from = open;;) { /* HC_CODE_MAX_ARGS parameters at a time, from the comma before them */
        hc_code_args a;
        hc_code_split(u, from, close, HC_SPLIT_PARAMS, &a);
        if (a.empty) return -1; /* f(int a, ): no definition C++ accepts */
        size_t n = a.n < HC_CODE_MAX_ARGS ? a.n : HC_CODE_MAX_ARGS;
        for (size_t k = 0; k < n; k++)
            if (append_parameter(u, a.first[k], a.last[k], cuda, hip, size) < 0) return -1;
        if (a.n <= HC_CODE_MAX_ARGS) return 0;
        from = hc_code_next(u, a.last[n - 1]); /* the comma after them */
    }
}

/* True when the '{' at index i opens a namespace or an extern "C" block, whose contents are still at
 * file scope. */
static bool opens_scope_block(const hc_unit *u, size_t i) {
    size_t p = hc_code_prev(u, i);
    if (hc_code_is(u, p, "namespace")) return true;
    if (hc_code_kind(u, p, HC_TOK_STRING)) return hc_code_is(u, hc_code_prev(u, p), "extern");
    size_t q = hc_code_prev(u, p);
    return hc_code_kind(u, p, HC_TOK_IDENT) && hc_code_is(u, q, "namespace");
}

/* Index of the '{' of a function body after the parameter list closed at `close`, or SIZE_MAX when the
 * declarator is no definition (a prototype, a call, a macro use). */
static size_t body_after(const hc_unit *u, size_t close) {
    size_t i = hc_code_next(u, close);
    while ((hc_code_is(u, i, "const") || hc_code_is(u, i, "noexcept") || hc_code_is(u, i, "override")))
        i = hc_code_next(u, i);
    return hc_code_is(u, i, "{") ? i : SIZE_MAX;
}

static void report(hc_unit *u, const definition *d, const definition *earlier) {
    char name[128], first[600], second[600], merged[600];
    snprintf(name, sizeof name, "%.*s", (int)d->name_len, u->text + d->name_off);
    snprintf(first, sizeof first, "%s(%s)", name, cuda_sig(earlier));
    snprintf(second, sizeof second, "%s(%s)", name, cuda_sig(d));
    snprintf(merged, sizeof merged, "%s(%s)", name, hip_sig(d));
    hc_unit_diag(u, HC_D_MERGED_OVERLOAD, d->name_off, name, second, first, (unsigned)earlier->line, merged);
}

static void free_definitions(definition_list *defs) {
    for (size_t i = 0; i < defs->n; i++) free(defs->v[i].key);
    free(defs->v);
}

/* By name and HIP signature (the key), then in file order. */
static int cmp_key_then_offset(const void *pa, const void *pb) {
    const definition *a = pa, *b = pb;
    int c = strcmp(a->key, b->key);
    return c ? c : (a->name_off > b->name_off) - (a->name_off < b->name_off);
}

#define MAX_SPELLINGS 16 /* distinct CUDA signatures kept per HIP signature: more is no real program */

/* Reports each definition that an earlier one of the same name and the same HIP signature, spelled with
 * other CUDA types, does not exclude. Definitions are grouped by name and HIP signature first, so a file
 * of many same-named functions costs a sort, not a comparison of every pair. */
static void find_merged(hc_unit *u, definition_list *defs, const cond_tree *conds) {
    if (defs->n > 1) qsort(defs->v, defs->n, sizeof *defs->v, cmp_key_then_offset);
    for (size_t g = 0; g < defs->n;) {
        size_t end = g + 1;
        while (end < defs->n && strcmp(defs->v[g].key, defs->v[end].key) == 0) end++;
        const definition *firsts[MAX_SPELLINGS]; /* the first definition of each CUDA spelling, in order */
        size_t nfirsts = 0;
        for (size_t k = g; k < end; k++) { /* in file order within the group */
            const definition *d = &defs->v[k];
            bool seen = false, reported = false;
            for (size_t f = 0; f < nfirsts; f++) {
                if (strcmp(cuda_sig(firsts[f]), cuda_sig(d)) == 0) seen = true;
                else if (!reported && !exclusive(conds, firsts[f]->cond, d->cond)) report(u, d, firsts[f]), reported = true;
            }
            if (!seen && nfirsts < MAX_SPELLINGS) firsts[nfirsts++] = d;
        }
        g = end;
    }
}

/* True when the '{' at index i opens an enum body: `enum {`, `enum name {`, `enum class name : type {`. */
static bool opens_enum(const hc_unit *u, size_t i) {
    size_t k = i;
    for (int steps = 0; steps < 6; steps++) {
        k = hc_code_prev(u, k);
        if (k == SIZE_MAX || hc_code_is(u, k, ";") || hc_code_is(u, k, "{") || hc_code_is(u, k, "}") || hc_code_is(u, k, ")")) return false;
        if (hc_code_is(u, k, "enum")) return true;
    }
    return false;
}

/* An enumerator of CUDA's API that the file defines itself: reported once per file, at the first, since
 * such a file copies CUDA's declarations wholesale. Whether the port renames it (HIP then declares the new
 * name) or the semantic pass keeps it as the user's (HIP's headers still define some CUDA names, such as
 * CUDA_SUCCESS), the HIP build sees it twice. */
static bool report_enumerator(hc_unit *u, size_t i) {
    const hc_token *t = hc_code_tok(u, i);
    size_t p = hc_code_prev(u, i), n = hc_code_next(u, i);
    if (!(hc_code_is(u, p, "{") || hc_code_is(u, p, ",")) || !(hc_code_is(u, n, "=") || hc_code_is(u, n, ",") || hc_code_is(u, n, "}")))
        return false;
    const hc_mapping *m = hc_mapping_find(u->text + t->off, t->len);
    if (!m || m->kind != HC_KIND_ENUM || !m->hip[0]) return false;
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)t->len, u->text + t->off);
    hc_unit_diag(u, HC_D_CUDA_API_REDECLARED, t->off, name, name);
    return true;
}

/* What the pass needs of each block of the unit (hc_code_blocks), computed once in token order of the '{',
 * outer blocks first: whether a definition there is out of reach (BLOCK_OPAQUE: the block, or one around
 * it, is a function, class or initializer body rather than a namespace or extern "C" scope), and whether
 * it is an enum body (BLOCK_ENUM). Returns one byte a block, or NULL when memory runs out. */
enum { BLOCK_OPAQUE = 1, BLOCK_ENUM = 2 };
static unsigned char *block_kinds(const hc_unit *u) {
    size_t n = 0;
    const hc_block *blocks = hc_code_blocks(u, &n);
    unsigned char *kind = calloc(n ? n : 1, 1);
    for (size_t k = 0; kind && k < n; k++) {
        uint32_t outer = blocks[k].outer;
        bool opaque = (outer != HC_BODY_NONE && (kind[outer] & BLOCK_OPAQUE)) || !opens_scope_block(u, blocks[k].open);
        kind[k] = (unsigned char)((opaque ? BLOCK_OPAQUE : 0) | (opens_enum(u, blocks[k].open) ? BLOCK_ENUM : 0));
    }
    return kind;
}

int hc_pass_overloads(hc_unit *u) {
    definition_list defs = {0};
    cond_tree conds = {0};
    uint32_t groups = 0;
    size_t nblocks = 0;
    const hc_block *blocks = hc_code_blocks(u, &nblocks);
    unsigned char *kinds = block_kinds(u); /* the shared blocks: no brace stack of the pass's own */
    bool enumerator_reported = false;
    int rc = kinds ? cond_add(&conds, (cond_node){0, 0, 0, 0}) : -1; /* the root: outside every #if */
    for (size_t i = 0; hc_code_valid(u, i) && rc == 0; i++) {
        const hc_token *t = hc_code_tok(u, i);
        if (t->kind == HC_TOK_HASH) { /* #if groups: which branch a definition is in */
            size_t k = hc_code_directive_name(u, i); /* SIZE_MAX for a '#' alone on its line */
            const cond_node *at = &conds.v[conds.at];
            if (hc_code_is(u, k, "if") || hc_code_is(u, k, "ifdef") || hc_code_is(u, k, "ifndef")) {
                if (conds.unrecorded || at->depth >= MAX_COND_DEPTH) conds.unrecorded++;
                else rc = cond_add(&conds, (cond_node){conds.at, ++groups, 0, at->depth + 1});
            } else if ((hc_code_is(u, k, "elif") || hc_code_is(u, k, "else") || hc_code_is(u, k, "elifdef") || hc_code_is(u, k, "elifndef")) &&
                       !conds.unrecorded && conds.at != 0) {
                rc = cond_add(&conds, (cond_node){at->parent, at->group, at->branch + 1, at->depth});
            } else if (hc_code_is(u, k, "endif")) {
                if (conds.unrecorded) conds.unrecorded--;
                else if (conds.at != 0) conds.at = at->parent;
            }
            continue;
        }
        if (!is_code(u, i) || t->kind != HC_TOK_IDENT) continue;
        const hc_block *b = hc_code_block_of(u, i);
        unsigned char kind = b ? kinds[b - blocks] : 0;
        if ((kind & BLOCK_ENUM) && !enumerator_reported) enumerator_reported = report_enumerator(u, i);
        if (kind & BLOCK_OPAQUE) continue;
        size_t open = hc_code_next(u, i), prev = hc_code_prev(u, i);
        if (!hc_code_is(u, open, "(") || prev == SIZE_MAX || hc_code_is(u, prev, "::") || hc_code_is(u, prev, ".") ||
            hc_code_is(u, prev, "->") || !(hc_code_kind(u, prev, HC_TOK_IDENT) || hc_code_is(u, prev, "*") ||
                                       hc_code_is(u, prev, "&") || hc_code_is(u, prev, ">")))
            continue;
        size_t close = hc_code_pair(u, open);
        if (close == SIZE_MAX || body_after(u, close) == SIZE_MAX) continue;
        char cuda[512], hip[512];
        if (signatures(u, open, close, cuda, hip, sizeof cuda) < 0) continue;
        definition d = {t->off, t->len, hc_unit_line_of(u, t->off, NULL), conds.at, NULL};
        size_t lkey = t->len + 1 + strlen(hip), lcuda = strlen(cuda);
        d.key = malloc(lkey + 1 + lcuda + 1);
        if (d.key) {
            snprintf(d.key, lkey + 1, "%.*s(%s", (int)t->len, u->text + t->off, hip);
            memcpy(d.key + lkey + 1, cuda, lcuda + 1);
        }
        if (!d.key || hc_grow(&defs.v, &defs.cap, defs.n, sizeof *defs.v, 16) < 0) {
            free(d.key);
            rc = -1;
            break;
        }
        defs.v[defs.n++] = d;
        i = close;
    }
    if (rc == 0) find_merged(u, &defs, &conds);
    free_definitions(&defs);
    free(conds.v);
    free(kinds);
    return rc;
}
