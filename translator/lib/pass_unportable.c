/* pass_unportable.c: finds constructs the HIP target cannot compile or computes differently (dynamic parallelism,
 * inline PTX, directed rounding, cooperative-groups extensions, conditional graph nodes, allocFlags, mixed-type
 * min/max, spaced launch chevrons, operators HIP's vector types already declare, identifiers glued to
 * string literals) and diagnoses them (overloads HIP merges: pass_overloads.c),
 * rewriting only where HIP has an exact equivalent. It renames no API (the rename pass does) and parses no
 * C++: it reads tokens, with the tables in unportable.def. */
#include "code.h"
#include "grow.h"
#include "semantic.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NONE SIZE_MAX

typedef struct named2 { const char *name, *what; } named2;
typedef struct rounding { const char *name, *cuda, *hip; hc_version fixed; } rounding;
typedef struct minmax_type { const char *spelling, *type; } minmax_type;
typedef struct minmax_mixed { const char *a, *b, *common; } minmax_mixed;

static const named2 directed[] = {
#define HC_UNPORTABLE_DIRECTED(name, direction) {name, direction},
#include "unportable.def"
#undef HC_UNPORTABLE_DIRECTED
};
static const rounding approximated[] = {
#define HC_UNPORTABLE_ROUNDING(name, cuda, hip, fixed) {name, cuda, hip, fixed},
#include "unportable.def"
#undef HC_UNPORTABLE_ROUNDING
};
/* The word lists of unportable.def (one string per row) in one table, each row tagged with its list:
 * one inclusion and one lookup (find_word) serve them all. */
typedef enum word_list {
    W_CG_HEADER, W_CG_NAME, W_CG_MEMBER, W_GRAPH_CONDITIONAL, W_ALLOC_FLAG, W_VECTOR_TYPE, W_VECTOR_MEMBER_OP
} word_list;
static const struct tagged_word { word_list list; const char *word; } words[] = {
#define HC_UNPORTABLE_CG_HEADER(path) {W_CG_HEADER, path},
#define HC_UNPORTABLE_CG_NAME(name) {W_CG_NAME, name},
#define HC_UNPORTABLE_CG_MEMBER(name) {W_CG_MEMBER, name},
#define HC_UNPORTABLE_GRAPH_CONDITIONAL(name) {W_GRAPH_CONDITIONAL, name},
#define HC_UNPORTABLE_ALLOC_FLAG(member) {W_ALLOC_FLAG, member},
#define HC_UNPORTABLE_VECTOR_TYPE(name) {W_VECTOR_TYPE, name},
#define HC_UNPORTABLE_VECTOR_MEMBER_OP(op) {W_VECTOR_MEMBER_OP, op},
#include "unportable.def"
#undef HC_UNPORTABLE_VECTOR_TYPE
#undef HC_UNPORTABLE_VECTOR_MEMBER_OP
#undef HC_UNPORTABLE_CG_HEADER
#undef HC_UNPORTABLE_CG_NAME
#undef HC_UNPORTABLE_CG_MEMBER
#undef HC_UNPORTABLE_GRAPH_CONDITIONAL
#undef HC_UNPORTABLE_ALLOC_FLAG
};
static const named2 cg_types[] = {
#define HC_UNPORTABLE_CG_TYPE(word, type) {word, type},
#include "unportable.def"
#undef HC_UNPORTABLE_CG_TYPE
};
static const minmax_type minmax_types[] = {
#define HC_UNPORTABLE_MINMAX_TYPE(spelling, type) {spelling, type},
#include "unportable.def"
#undef HC_UNPORTABLE_MINMAX_TYPE
};
static const minmax_mixed minmax_mixed_pairs[] = {
#define HC_UNPORTABLE_MINMAX_MIXED(a, b, common) {a, b, common},
#include "unportable.def"
#undef HC_UNPORTABLE_MINMAX_MIXED
};

/* Built-in variables whose members are unsigned int in CUDA (threadIdx.x ...). */
static const char *const unsigned_builtins[] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};

typedef struct scan {
    hc_unit *u;
    const char *text;
    bool cg_using;       /* the file has `using namespace cooperative_groups` */
    const hc_token *cg_alias[16]; /* names of `namespace X = cooperative_groups` */
    size_t ncg_alias;
    bool alloc_prop;     /* the file names cudaMemAllocationProp / CUmemAllocationProp */
    struct cg_var { const hc_token *name; const char *type; } cg_vars[64]; /* variables holding a group */
    size_t ncg_vars;
} scan;

/* ---------- token helpers (the walks are code.h's) ---------- */

/* The row of list `list` that token i spells, or NONE. */
static size_t find_word(word_list list, const scan *s, size_t i) {
    for (size_t k = 0; k < COUNT_OF(words); k++)
        if (words[k].list == list && hc_code_is(s->u, i, words[k].word)) return k;
    return NONE;
}
static void tok_name(const scan *s, size_t i, char *buf, size_t size) {
    size_t n = hc_code_valid(s->u, i) ? hc_code_tok(s->u, i)->len : 0;
    if (n >= size) n = size - 1;
    memcpy(buf, hc_code_valid(s->u, i) ? s->text + hc_code_tok(s->u, i)->off : "", n);
    buf[n] = '\0';
}

static void body_label(const scan *s, const hc_device_body *b, char *buf, size_t size) {
    char name[128];
    if (b && b->name != NONE) {
        tok_name(s, b->name, name, sizeof name);
        snprintf(buf, size, " in device function '%s'", name);
    } else
        snprintf(buf, size, "%s", b ? " in a device lambda" : "");
}

/* ---------- shared context checks ---------- */

/* True when identifier i is a use of the global (CUDA) entity of that name: not a member, not qualified by
 * a user namespace or class, not the name of a declaration of the user's own, not vetoed by the semantic
 * pass, not a #define'd name. */
static bool global_use(const scan *s, size_t i) {
    const hc_token *t = hc_code_tok(s->u, i);
    if (t->flags & HC_TOKF_VETO) return false;
    if ((t->flags & HC_TOKF_DIRECTIVE) && !(t->flags & HC_TOKF_IN_DEFINE)) return false;
    size_t p = hc_code_prev(s->u, i);
    if (hc_code_is(s->u, p, ".") || hc_code_is(s->u, p, "->") || hc_code_is(s->u, p, "define")) return false;
    if (hc_code_is(s->u, p, "::")) {
        size_t q = hc_code_prev(s->u, p);
        if (hc_code_kind(s->u, q, HC_TOK_IDENT) && !hc_code_is(s->u, q, "return")) return false;
    }
    return !hc_tok_declarator_position(s->u, i);
}

/* ---------- dynamic parallelism, inline PTX ---------- */

static bool is_runtime_api_name(const scan *s, size_t i) {
    const hc_token *t = hc_code_tok(s->u, i);
    const char *p = s->text + t->off;
    return t->len > 5 && memcmp(p, "cuda", 4) == 0 && p[4] >= 'A' && p[4] <= 'Z';
}

/* Strings in an asm statement that only PTX uses: type suffixes and special registers. Host assembly
 * (x86 AT&T, AArch64) spells none of them. */
static bool looks_like_ptx(const scan *s, size_t open, size_t close) {
    static const char *const markers[] = {".u32", ".s32", ".b32", ".u64", ".s64", ".b64", ".f32", ".f64", ".f16",
                                          ".u16", ".b16", ".pred", ".global", ".shared", "%laneid", "%tid",
                                          "%clock", "%smid", "%warpid", "%lanemask"};
    for (size_t i = open; hc_code_valid(s->u, i) && i <= close; i++) {
        if (!hc_code_kind(s->u, i, HC_TOK_STRING)) continue;
        const hc_token *t = hc_code_tok(s->u, i);
        for (size_t m = 0; m < COUNT_OF(markers); m++) {
            size_t n = strlen(markers[m]);
            for (size_t k = 0; k + n <= t->len; k++)
                if (memcmp(s->text + t->off + k, markers[m], n) == 0) return true;
        }
    }
    return false;
}

static void check_asm(scan *s, size_t i) {
    size_t j = hc_code_next(s->u, i);
    while (hc_code_is(s->u, j, "volatile") || hc_code_is(s->u, j, "__volatile__") || hc_code_is(s->u, j, "goto") || hc_code_is(s->u, j, "inline")) j = hc_code_next(s->u, j);
    if (!hc_code_is(s->u, j, "(")) return;
    size_t close = hc_code_match(s->u, j);
    const hc_device_body *b = hc_code_device_body(s->u, i);
    char where[160];
    if (b) body_label(s, b, where, sizeof where);
    else if (close != NONE && looks_like_ptx(s, j, close))
        snprintf(where, sizeof where, "%s", hc_code_in_directive(s->u, i) ? " in a macro" : " outside a device function");
    else
        return; /* host assembly: not ours */
    hc_unit_diag(s->u, HC_D_INLINE_PTX, hc_code_tok(s->u, i)->off, "asm", where);
}

static void check_device_code(scan *s, size_t i) {
    const hc_device_body *b = hc_code_device_body(s->u, i);
    if (!b) return;
    char name[128];
    if (hc_code_is(s->u, i, "<<<")) {
        size_t k = hc_code_prev(s->u, i);
        if (hc_code_is(s->u, k, ">")) { /* kernel<T><<<...>>>: the name before the template arguments */
            int depth = 0;
            for (; hc_code_valid(s->u, k); k = hc_code_prev(s->u, k)) {
                if (hc_code_is(s->u, k, ">")) depth++;
                else if (hc_code_is(s->u, k, "<") && --depth == 0) break;
            }
            k = hc_code_prev(s->u, k);
        }
        if (hc_code_kind(s->u, k, HC_TOK_IDENT)) tok_name(s, k, name, sizeof name);
        else snprintf(name, sizeof name, "(expression)");
        hc_unit_diag(s->u, HC_D_DEVICE_LAUNCH, hc_code_tok(s->u, i)->off, name, name);
        return;
    }
    if (hc_code_kind(s->u, i, HC_TOK_IDENT) && is_runtime_api_name(s, i) && hc_code_is(s->u, hc_code_next(s->u, i), "(") && global_use(s, i)) {
        tok_name(s, i, name, sizeof name);
        hc_unit_diag(s->u, HC_D_DEVICE_RUNTIME_API, hc_code_tok(s->u, i)->off, name, name);
    }
}

/* ---------- words HIP has no use for: __grid_constant__, calling conventions ---------- */

static const named2 empty_macros[] = {
#define HC_UNPORTABLE_EMPTY_MACRO(name, what) {name, what},
#include "unportable.def"
#undef HC_UNPORTABLE_EMPTY_MACRO
};

/* Removes the word at i with the blanks after it, and says so. */
static int remove_word(scan *s, size_t i) {
    const hc_token *t = hc_code_tok(s->u, i);
    uint32_t end = t->off + t->len;
    while (end < s->u->len && (s->text[end] == ' ' || s->text[end] == '\t')) end++;
    if (hc_code_is(s->u, i, "__grid_constant__")) {
        hc_unit_diag(s->u, HC_D_GRID_CONSTANT, t->off, "__grid_constant__");
    } else {
        for (size_t k = 0; k < COUNT_OF(empty_macros); k++) {
            if (!hc_code_is(s->u, i, empty_macros[k].name)) continue;
            /* the tables call CUDA_CB unsupported: removing it is its translation (HC1112 supersedes HC1001) */
            hc_unit_diag(s->u, HC_D_EMPTY_MACRO_REMOVED, t->off, empty_macros[k].name, empty_macros[k].name,
                         empty_macros[k].what);
        }
    }
    return hc_unit_edit(s->u, t->off, end - t->off, "", HC_PRIO_REWRITE, HC_EFFORT_RENAME);
}

static bool is_removed_word(const scan *s, size_t i) {
    if (hc_code_is(s->u, i, "__grid_constant__")) return true;
    for (size_t k = 0; k < COUNT_OF(empty_macros); k++)
        if (hc_code_is(s->u, i, empty_macros[k].name)) return true;
    return false;
}

/* ---------- rounding intrinsics ---------- */

static void check_rounding(scan *s, size_t i) {
    const hc_token *t = hc_code_tok(s->u, i);
    /* every name in both tables starts with "__": most identifiers end here, before the table walks */
    if (t->len < 8 || s->text[t->off] != '_' || s->text[t->off + 1] != '_' || !hc_code_is(s->u, hc_code_next(s->u, i), "(")) return;
    char name[64];
    for (size_t k = 0; k < COUNT_OF(directed); k++) {
        if (!hc_code_is(s->u, i, directed[k].name)) continue;
        if (!global_use(s, i)) return;
        /* the runtime shim computes it exactly (hipify_shim_math.h): the rename pass maps it there */
        const hc_mapping *m = hc_mapping_find(s->text + t->off, t->len);
        if (m && (m->flags & HC_MAPF_SHIMMED)) return;
        tok_name(s, i, name, sizeof name);
        hc_unit_diag(s->u, HC_D_DIRECTED_ROUNDING, t->off, name, name, directed[k].what);
        return;
    }
    for (size_t k = 0; k < COUNT_OF(approximated); k++) {
        if (!hc_code_is(s->u, i, approximated[k].name)) continue;
        hc_version target = s->u->opt->hip_version; /* 0: the newest HIP */
        if (approximated[k].fixed && (target == 0 || target >= approximated[k].fixed)) return;
        if (!global_use(s, i)) return;
        tok_name(s, i, name, sizeof name);
        hc_unit_diag(s->u, HC_D_ROUNDING_APPROXIMATED, t->off, name, name, approximated[k].cuda, approximated[k].hip);
        return;
    }
}

/* ---------- cooperative groups ---------- */

static void collect_cg_namespaces(scan *s) {
    for (size_t i = 0; hc_code_valid(s->u, i); i++) {
        if (!hc_code_is(s->u, i, "namespace") && !hc_code_is(s->u, i, "using")) continue;
        size_t a = hc_code_next(s->u, i), b = hc_code_next(s->u, a), c = hc_code_next(s->u, b);
        if (hc_code_is(s->u, i, "using") && hc_code_is(s->u, a, "namespace") && hc_code_is(s->u, b, "cooperative_groups")) s->cg_using = true;
        if (hc_code_is(s->u, i, "namespace") && hc_code_kind(s->u, a, HC_TOK_IDENT) && hc_code_is(s->u, b, "=") && hc_code_is(s->u, c, "cooperative_groups") &&
            s->ncg_alias < COUNT_OF(s->cg_alias))
            s->cg_alias[s->ncg_alias++] = hc_code_tok(s->u, a);
    }
}

static bool names_cg(const scan *s, size_t q) {
    if (hc_code_is(s->u, q, "cooperative_groups")) return true;
    for (size_t k = 0; k < s->ncg_alias; k++)
        if (hc_code_spelled(s->u, q, s->text + s->cg_alias[k]->off, s->cg_alias[k]->len)) return true;
    return false;
}

static void check_cg_name(scan *s, size_t i) {
    size_t p = hc_code_prev(s->u, i);
    if (!s->cg_using && !hc_code_is(s->u, p, "::")) return; /* neither qualified nor brought in: not a CG name */
    if (find_word(W_CG_NAME, s, i) == NONE) return;
    if (hc_code_tok(s->u, i)->flags & HC_TOKF_VETO) return;
    bool qualified = hc_code_is(s->u, p, "::") && names_cg(s, hc_code_prev(s->u, p));
    /* Unqualified names count only where `using namespace cooperative_groups` brings them, as a call or
     * template in device code: `wait(` or `less<` elsewhere are someone else's. */
    bool unqualified = s->cg_using && !hc_code_is(s->u, p, "::") && !hc_code_is(s->u, p, ".") && !hc_code_is(s->u, p, "->") &&
                       (hc_code_is(s->u, hc_code_next(s->u, i), "(") || hc_code_is(s->u, hc_code_next(s->u, i), "<")) && hc_code_device_body(s->u, i) &&
                       !hc_tok_declarator_position(s->u, i);
    if (!qualified && !unqualified) return;
    char name[96], full[128];
    tok_name(s, i, name, sizeof name);
    snprintf(full, sizeof full, "cooperative_groups::%s", name);
    hc_unit_diag(s->u, HC_D_CG_EXTENSION, hc_code_tok(s->u, i)->off, full, full);
}

/* The group type a cooperative-groups type or factory word names, or NULL. */
static const char *cg_type_of(const scan *s, size_t i) {
    for (size_t t = 0; t < COUNT_OF(cg_types); t++)
        if (hc_code_is(s->u, i, cg_types[t].name)) return cg_types[t].what;
    return NULL;
}

/* Records variables declared with a group type (thread_block_tile<32> t, cg::thread_block b) or
 * initialised from a factory (auto t = cg::tiled_partition<32>(...)). Only in a file that uses cooperative
 * groups (a using-directive, an alias or a qualified name): thread_block or all are common words elsewhere. */
static void collect_cg_variables(scan *s) {
    bool uses_cg = s->cg_using || s->ncg_alias > 0;
    for (size_t i = 0; hc_code_valid(s->u, i) && !uses_cg; i++) uses_cg = hc_code_is(s->u, i, "cooperative_groups");
    if (!uses_cg) return;
    for (size_t i = 0; hc_code_valid(s->u, i) && s->ncg_vars < COUNT_OF(s->cg_vars); i++) {
        const char *type = hc_code_kind(s->u, i, HC_TOK_IDENT) ? cg_type_of(s, i) : NULL;
        if (!type) continue;
        size_t p = hc_code_prev(s->u, i);
        if (hc_code_is(s->u, p, ".") || hc_code_is(s->u, p, "->")) continue;
        size_t name = NONE;
        if (hc_code_is(s->u, p, "::")) p = hc_code_prev(s->u, hc_code_prev(s->u, p)); /* cg::tiled_partition: look before the qualifier */
        if (hc_code_is(s->u, p, "=") && hc_code_kind(s->u, hc_code_prev(s->u, p), HC_TOK_IDENT) && hc_code_is(s->u, hc_code_prev(s->u, hc_code_prev(s->u, p)), "auto"))
            name = hc_code_prev(s->u, p); /* auto t = [cg::]factory... */
        else {
            size_t j = hc_code_next(s->u, i);
            if (hc_code_is(s->u, j, "<")) { /* template arguments: thread_block_tile<32> */
                int depth = 0;
                for (; hc_code_valid(s->u, j); j = hc_code_next(s->u, j)) {
                    if (hc_code_is(s->u, j, "<")) depth++;
                    else if (hc_code_is(s->u, j, ">") && --depth == 0) break;
                    else if (hc_code_is(s->u, j, ">>") && (depth -= 2) <= 0) break;
                    else if (hc_code_is(s->u, j, ";") || hc_code_is(s->u, j, "{")) break;
                }
                j = hc_code_next(s->u, j);
            }
            while (hc_code_is(s->u, j, "&") || hc_code_is(s->u, j, "const")) j = hc_code_next(s->u, j);
            size_t after = hc_code_next(s->u, j);
            if (hc_code_kind(s->u, j, HC_TOK_IDENT) &&
                (hc_code_is(s->u, after, "=") || hc_code_is(s->u, after, ";") || hc_code_is(s->u, after, ",") || hc_code_is(s->u, after, ")") || hc_code_is(s->u, after, "(")))
                name = j;
        }
        if (name != NONE) s->cg_vars[s->ncg_vars++] = (struct cg_var){hc_code_tok(s->u, name), type};
    }
}

/* group.ballot(...) and the other members no HIP group has, on a variable recorded above. */
static void check_cg_member(scan *s, size_t i) {
    if (!s->ncg_vars || !hc_code_is(s->u, hc_code_prev(s->u, i), ".") || !hc_code_is(s->u, hc_code_next(s->u, i), "(")) return;
    if (find_word(W_CG_MEMBER, s, i) == NONE) return;
    size_t object = hc_code_prev(s->u, hc_code_prev(s->u, i));
    for (size_t k = 0; k < s->ncg_vars; k++) {
        if (!hc_code_spelled(s->u, object, s->text + s->cg_vars[k].name->off, s->cg_vars[k].name->len)) continue;
        char member[64], full[160];
        tok_name(s, i, member, sizeof member);
        snprintf(full, sizeof full, "cooperative_groups::%s::%s", s->cg_vars[k].type, member);
        hc_unit_diag(s->u, HC_D_CG_EXTENSION, hc_code_tok(s->u, i)->off, full, full);
        return;
    }
}

/* #include <cooperative_groups/reduce.h> and friends (HC1106 supersedes the include pass's HC1010 there). */
static void check_cg_header(scan *s, size_t i) {
    if (!hc_code_kind(s->u, i, HC_TOK_STRING) || !hc_code_in_directive(s->u, i) || !hc_code_is(s->u, hc_code_prev(s->u, i), "include")) return;
    const hc_token *t = hc_code_tok(s->u, i);
    if (t->len < 3) return;
    const char *path = s->text + t->off + 1;
    size_t n = t->len - 2;
    for (size_t k = 0; k < COUNT_OF(words); k++) {
        const char *header = words[k].word;
        if (words[k].list != W_CG_HEADER || strlen(header) != n || memcmp(header, path, n) != 0) continue;
        hc_unit_diag(s->u, HC_D_CG_EXTENSION, t->off, header, header);
        return;
    }
}

/* ---------- graphs and memory properties ---------- */

static void check_graph(scan *s, size_t i) {
    const char *p = s->text + hc_code_tok(s->u, i)->off; /* all names start with cuda, cu or CU */
    if (hc_code_tok(s->u, i)->len < 8 || !((p[0] == 'c' && p[1] == 'u') || (p[0] == 'C' && p[1] == 'U'))) return;
    if (find_word(W_GRAPH_CONDITIONAL, s, i) == NONE || !global_use(s, i)) return;
    char name[96];
    tok_name(s, i, name, sizeof name);
    hc_unit_diag(s->u, HC_D_GRAPH_CONDITIONAL, hc_code_tok(s->u, i)->off, name, name);
}

/* prop.allocFlags.usage -> prop.usage where the target HIP predates allocFlags (5.3). */
static int check_alloc_flags(scan *s, size_t i) {
    hc_version target = s->u->opt->hip_version;
    if (!s->alloc_prop || target == 0 || target >= HC_VERSION(5, 3, 0)) return 0;
    if (!hc_code_is(s->u, i, "allocFlags") || !(hc_code_is(s->u, hc_code_prev(s->u, i), ".") || hc_code_is(s->u, hc_code_prev(s->u, i), "->"))) return 0;
    size_t dot = hc_code_next(s->u, i), member = hc_code_next(s->u, dot);
    char name[64];
    if (hc_code_is(s->u, dot, ".") && hc_code_kind(s->u, member, HC_TOK_IDENT)) {
        tok_name(s, member, name, sizeof name);
        if (find_word(W_ALLOC_FLAG, s, member) != NONE) {
            hc_unit_diag(s->u, HC_D_ALLOC_FLAGS_REWRITTEN, hc_code_tok(s->u, i)->off, name, name, name);
            return hc_unit_edit(s->u, hc_code_tok(s->u, i)->off, hc_code_tok(s->u, member)->off - hc_code_tok(s->u, i)->off, "", HC_PRIO_REWRITE,
                                HC_EFFORT_ARGUMENTS);
        }
        hc_unit_diag(s->u, HC_D_ALLOC_FLAGS_MISSING, hc_code_tok(s->u, i)->off, name, ".", name);
        return 0;
    }
    hc_unit_diag(s->u, HC_D_ALLOC_FLAGS_MISSING, hc_code_tok(s->u, i)->off, "allocFlags", "", "");
    return 0;
}

/* ---------- mixed-type min/max ---------- */

/* The type an integer or floating literal has, or NULL (too large, long double, not a literal). */
static const char *literal_type(const scan *s, size_t i) {
    const hc_token *t = hc_code_tok(s->u, i);
    const char *p = s->text + t->off;
    bool hex = t->len > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    bool floating = false;
    size_t end = t->len;
    for (size_t k = 0; k < t->len; k++)
        if (p[k] == '.' || (!hex && (p[k] == 'e' || p[k] == 'E')) || (hex && (p[k] == 'p' || p[k] == 'P')))
            floating = true;
    if (floating) {
        char last = p[t->len - 1];
        if (last == 'f' || last == 'F') return "float";
        if (last == 'l' || last == 'L') return NULL;
        return "double";
    }
    int u = 0, l = 0;
    while (end > 0 && strchr("uUlL", p[end - 1])) {
        if (p[end - 1] == 'u' || p[end - 1] == 'U') u++;
        else l++;
        end--;
    }
    char digits[32];
    size_t o = 0;
    for (size_t k = 0; k < end && o + 1 < sizeof digits; k++)
        if (p[k] != '\'') digits[o++] = p[k];
    digits[o] = '\0';
    unsigned long long v = strtoull(digits, NULL, 0);
    if (v > 0x7fffffffull) return NULL; /* the type then depends on the value: leave it */
    if (l == 2) return u ? "unsigned long long" : "long long";
    if (l == 1) return u ? "unsigned long" : "long";
    return u ? "unsigned int" : "int";
}

/* The declared type of the variable named at token `use`, from its declaration between the enclosing
 * function's parameter list and the use; NULL when not found, ambiguous or not a plain arithmetic type. */
static const char *declared_type(const scan *s, const hc_device_body *b, size_t use) {
    const char *found = NULL;
    const hc_token *u = hc_code_tok(s->u, use);
    for (size_t i = b->params; hc_code_valid(s->u, i) && i < use; i = hc_code_next(s->u, i)) {
        if (!hc_code_spelled(s->u, i, s->text + u->off, u->len) || hc_code_is(s->u, hc_code_prev(s->u, i), ".") || hc_code_is(s->u, hc_code_prev(s->u, i), "->")) continue;
        size_t after = hc_code_next(s->u, i);
        if (!hc_code_is(s->u, after, ",") && !hc_code_is(s->u, after, ";") && !hc_code_is(s->u, after, "=") && !hc_code_is(s->u, after, ")") && !hc_code_is(s->u, after, "{"))
            continue;
        const char *type = NULL;
        size_t best_words = 0;
        for (size_t k = 0; k < COUNT_OF(minmax_types); k++) {
            /* match the spelling's words backwards from the token before the name */
            char words[64];
            snprintf(words, sizeof words, "%s", minmax_types[k].spelling);
            size_t nwords = 0, at = i;
            bool ok = true;
            for (char *w = words + strlen(words); ok;) {
                char *start = w;
                while (start > words && start[-1] != ' ') start--;
                at = hc_code_prev(s->u, at);
                ok = hc_code_spelled(s->u, at, start, (size_t)(w - start));
                nwords++;
                if (start == words) break;
                w = start - 1;
            }
            if (!ok || nwords <= best_words) continue;
            size_t before = hc_code_prev(s->u, at); /* a longer type (unsigned long, long long) is another entry */
            if (hc_code_is(s->u, before, "unsigned") || hc_code_is(s->u, before, "signed") || hc_code_is(s->u, before, "long") || hc_code_is(s->u, before, "short"))
                continue;
            type = minmax_types[k].type;
            best_words = nwords;
        }
        if (!type) continue; /* a use, or a type this table does not know */
        if (found && strcmp(found, type) != 0) return NULL; /* shadowed with another type: cannot tell */
        found = type;
    }
    return found;
}

static bool is_unsigned_builtin(const scan *s, size_t i) {
    for (size_t k = 0; k < COUNT_OF(unsigned_builtins); k++)
        if (hc_code_is(s->u, i, unsigned_builtins[k])) return true;
    return false;
}

/* The type of the argument [first, last], or NULL when the tokens do not tell. *builtin is set for
 * threadIdx.x and the like: HIP spells those as proxy objects that convert to unsigned int, so they need
 * the cast even where CUDA's type already is the common one. */
static const char *argument_type(const scan *s, const hc_device_body *b, size_t first, size_t last, bool *builtin) {
    *builtin = false;
    if (first == last && hc_code_kind(s->u, first, HC_TOK_NUMBER)) return literal_type(s, first);
    if (first == last && hc_code_kind(s->u, first, HC_TOK_IDENT)) return declared_type(s, b, first);
    if (hc_code_is(s->u, first, "-") && hc_code_next(s->u, first) == last && hc_code_kind(s->u, last, HC_TOK_NUMBER)) {
        const char *t = literal_type(s, last);
        return t && strncmp(t, "unsigned", 8) != 0 ? t : NULL;
    }
    size_t dot = hc_code_next(s->u, first), member = hc_code_next(s->u, dot);
    if (member == last && hc_code_is(s->u, dot, ".") &&
        is_unsigned_builtin(s, first) &&
        (hc_code_is(s->u, member, "x") || hc_code_is(s->u, member, "y") || hc_code_is(s->u, member, "z"))) {
        *builtin = true;
        return "unsigned int";
    }
    return NULL;
}

static const char *common_type(const char *a, const char *b) {
    for (size_t k = 0; k < COUNT_OF(minmax_mixed_pairs); k++) {
        const minmax_mixed *m = &minmax_mixed_pairs[k];
        if ((!strcmp(a, m->a) && !strcmp(b, m->b)) || (!strcmp(a, m->b) && !strcmp(b, m->a))) return m->common;
    }
    return NULL;
}

/* min(rem, blockDim.x) with unsigned rem: CUDA's blockDim.x is an unsigned int, HIP's an object that
 * converts to one, and the call is ambiguous between HIP's int and unsigned overloads. Casting the
 * built-in to unsigned int gives HIP the argument CUDA had, so the overload CUDA picks is picked. a0 and
 * b0 are the built-in arguments' first tokens, or NONE. */
static int cast_builtin_arguments(scan *s, size_t i, size_t a0, size_t b0) {
    if (a0 == NONE && b0 == NONE) return 0;
    char name[8];
    tok_name(s, i, name, sizeof name);
    size_t first = a0 != NONE ? a0 : b0;
    char builtin[32];
    snprintf(builtin, sizeof builtin, "%.*s.%.*s", (int)hc_code_tok(s->u, first)->len, s->text + hc_code_tok(s->u, first)->off,
             (int)hc_code_tok(s->u, hc_code_next(s->u, hc_code_next(s->u, first)))->len, s->text + hc_code_tok(s->u, hc_code_next(s->u, hc_code_next(s->u, first)))->off);
    hc_unit_diag(s->u, HC_D_MINMAX_BUILTIN, hc_code_tok(s->u, i)->off, name, name, builtin);
    for (size_t k = 0; k < 2; k++) {
        size_t at = k ? b0 : a0;
        if (at != NONE && hc_unit_edit(s->u, hc_code_tok(s->u, at)->off, 0, "(unsigned int)", HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0)
            return -1;
    }
    return 0;
}

static int check_min_max(scan *s, size_t i) {
    if (!hc_code_is(s->u, i, "min") && !hc_code_is(s->u, i, "max")) return 0;
    const hc_device_body *b = hc_code_device_body(s->u, i);
    if (!b || b->params == NONE || !global_use(s, i)) return 0;
    size_t open = hc_code_next(s->u, i);
    if (!hc_code_is(s->u, open, "(")) return 0;
    size_t close = hc_code_match(s->u, open);
    if (close == NONE) return 0;
    /* the split is taken even where the template-comma rule doubts it: only an argument that is one
     * literal, one name or threadIdx.x is typed, and a template comma leaves no such argument or makes
     * more than two */
    hc_code_args args;
    hc_code_split(s->u, open, close, HC_SPLIT_CALL, &args);
    if (args.n != 2 || args.empty) return 0;
    size_t a0 = args.first[0], a1 = args.last[0], b0 = args.first[1], b1 = args.last[1];
    bool builtin_a, builtin_b;
    const char *ta = argument_type(s, b, a0, a1, &builtin_a), *tb = argument_type(s, b, b0, b1, &builtin_b);
    const char *common = ta && tb && strcmp(ta, tb) ? common_type(ta, tb) : NULL;
    if (!common) return cast_builtin_arguments(s, i, builtin_a ? a0 : NONE, builtin_b ? b0 : NONE);
    char cast[40], name[8];
    snprintf(cast, sizeof cast, "(%s)", common);
    tok_name(s, i, name, sizeof name);
    hc_unit_diag(s->u, HC_D_MINMAX_MIXED, hc_code_tok(s->u, i)->off, name, name, ta, tb, common);
    /* prefix casts are enough: each argument is a literal, a name or threadIdx.x, which bind tighter */
    if ((strcmp(ta, common) || builtin_a) &&
        hc_unit_edit(s->u, hc_code_tok(s->u, a0)->off, 0, cast, HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0)
        return -1;
    if ((strcmp(tb, common) || builtin_b) &&
        hc_unit_edit(s->u, hc_code_tok(s->u, b0)->off, 0, cast, HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0)
        return -1;
    return 0;
}

/* ---------- spaced launch chevrons ---------- */

/* The tokens from i on that spell c three times (<< <, < <<, < < <) with only blanks between them: the
 * index of the last, or NONE when i starts no such run or the run is one token already. */
static size_t split_chevron(const scan *s, size_t i, char c) {
    size_t chars = 0, j = i;
    for (; hc_code_valid(s->u, j) && hc_code_kind(s->u, j, HC_TOK_PUNCT) && chars < 3; j++) {
        const hc_token *t = hc_code_tok(s->u, j);
        for (uint32_t k = 0; k < t->len; k++)
            if (s->text[t->off + k] != c) return NONE;
        if (j > i) /* tokens j-1 and j must be separated by blanks only: no comment, no line of its own */
            for (uint32_t k = hc_code_tok(s->u, j - 1)->off + hc_code_tok(s->u, j - 1)->len; k < t->off; k++)
                if (s->text[k] != ' ' && s->text[k] != '\t') return NONE;
        chars += t->len;
    }
    return chars == 3 && j - 1 > i ? j - 1 : NONE;
}

/* nvcc reads `k << < grid, block >> > (args)` as a launch (rodinia writes it so); clang does not. An
 * opener `<<` `<` can be nothing else in C++ (no expression starts with '<'); its closer is the first
 * `>>>` or spaced `>> >` after it outside brackets, before the statement ends. Both are joined. */
static int join_spaced_launch(scan *s, size_t i) {
    if (!hc_code_is(s->u, i, "<<") && !hc_code_is(s->u, i, "<")) return 0;
    size_t open_last = split_chevron(s, i, '<');
    if (open_last == NONE || (hc_code_in_directive(s->u, i) && !(hc_code_tok(s->u, i)->flags & HC_TOKF_IN_DEFINE))) return 0;
    bool directive = hc_code_in_directive(s->u, i);
    size_t close = NONE, close_last = NONE;
    for (size_t j = hc_code_step(s->u, open_last, directive); hc_code_valid(s->u, j); j = hc_code_step(s->u, j, directive)) {
        if (hc_code_is(s->u, j, "(") || hc_code_is(s->u, j, "[") || hc_code_is(s->u, j, "{")) {
            if ((j = hc_code_match(s->u, j)) == NONE) return 0;
            continue;
        }
        if (hc_code_is(s->u, j, ";") || hc_code_is(s->u, j, "}") || hc_code_is(s->u, j, ")") || hc_code_is(s->u, j, "]")) return 0;
        if (hc_code_is(s->u, j, ">>>")) {
            close = close_last = j;
            break;
        }
        if ((hc_code_is(s->u, j, ">>") || hc_code_is(s->u, j, ">")) && (close_last = split_chevron(s, j, '>')) != NONE) {
            close = j;
            break;
        }
    }
    if (close == NONE) return 0;
    const hc_token *a = hc_code_tok(s->u, i), *b = hc_code_tok(s->u, open_last);
    uint32_t n = b->off + b->len - a->off;
    char written[16];
    snprintf(written, sizeof written, "%.*s", n < 12 ? (int)n : 12, s->text + a->off);
    hc_unit_diag(s->u, HC_D_LAUNCH_CHEVRONS_JOINED, a->off, written, written, "<<<");
    if (hc_unit_edit(s->u, a->off, b->off + b->len - a->off, "<<<", HC_PRIO_REWRITE, HC_EFFORT_RENAME) < 0) return -1;
    if (close == close_last) return 0;
    const hc_token *c = hc_code_tok(s->u, close), *d = hc_code_tok(s->u, close_last);
    return hc_unit_edit(s->u, c->off, d->off + d->len - c->off, ">>>", HC_PRIO_REWRITE, HC_EFFORT_RENAME);
}

/* ---------- operators HIP's vector types already have ---------- */

/* After an optional const/volatile, a vector type name: its index, else NONE. *type gets the name. */
static size_t vector_param(const scan *s, size_t j, size_t *type) {
    while (hc_code_is(s->u, j, "const") || hc_code_is(s->u, j, "volatile")) j = hc_code_next(s->u, j);
    if (find_word(W_VECTOR_TYPE, s, j) == NONE) return NONE;
    *type = j;
    return hc_code_next(s->u, j);
}

/* `float4 &operator+=(float4 &a, float4 b)` and the like (helper_math.h): a free compound assignment
 * whose operands are one vector type. HIP declares it as a member of that type: every use is ambiguous. */
static void check_vector_operator(scan *s, size_t i) {
    size_t op = hc_code_next(s->u, i), open = hc_code_next(s->u, op);
    if (find_word(W_VECTOR_MEMBER_OP, s, op) == NONE || !hc_code_is(s->u, open, "(")) return;
    size_t t1, t2, j = vector_param(s, hc_code_next(s->u, open), &t1);
    if (j == NONE || !hc_code_is(s->u, j, "&")) return; /* the left operand is a non-const reference */
    j = hc_code_next(s->u, j);
    if (hc_code_kind(s->u, j, HC_TOK_IDENT)) j = hc_code_next(s->u, j);
    if (!hc_code_is(s->u, j, ",") || (j = vector_param(s, hc_code_next(s->u, j), &t2)) == NONE) return;
    const hc_token *a = hc_code_tok(s->u, t1);
    if (!hc_code_spelled(s->u, t2, s->text + a->off, a->len)) return; /* float4 += float: HIP's is a template, no clash */
    char opname[8], type[24];
    tok_name(s, op, opname, sizeof opname);
    tok_name(s, t1, type, sizeof type);
    hc_unit_diag(s->u, HC_D_VECTOR_OPERATOR, hc_code_tok(s->u, i)->off, type, opname, type, type);
}

/* ---------- identifiers glued to string literals ---------- */

/* "node ("fNID"): ..." (a format macro glued to the literal), extern "C"__global__: C++11 reads the
 * identifier as a user-defined-literal suffix and clang rejects it; nvcc accepts it. Suffixes with one
 * leading underscore are real user-defined literals, and s and sv the standard library's: those stay.
 * Names with two (__global__, __device__) are reserved to the implementation, never a user's suffix. */
static int space_literal_suffix(scan *s, size_t i) {
    const hc_token *lit = hc_code_tok(s->u, i);
    if (!hc_code_valid(s->u, i + 1) || !hc_code_kind(s->u, i + 1, HC_TOK_IDENT)) return 0;
    const hc_token *id = hc_code_tok(s->u, i + 1);
    bool user_suffix = s->text[id->off] == '_' && !(id->len > 1 && s->text[id->off + 1] == '_');
    if (id->off != lit->off + lit->len || user_suffix || hc_code_is(s->u, i + 1, "s") || hc_code_is(s->u, i + 1, "sv")) return 0;
    if (hc_code_in_directive(s->u, i) && !(lit->flags & HC_TOKF_IN_DEFINE)) return 0; /* #include "x"y is not code */
    char name[64];
    tok_name(s, i + 1, name, sizeof name);
    hc_unit_diag(s->u, HC_D_LITERAL_SUFFIX_SPACED, id->off, name, name);
    return hc_unit_edit_hip_neutral(s->u, id->off, 0, " ", HC_PRIO_REWRITE, HC_EFFORT_RENAME); /* gcc needs no space */
}

/* ---------- the pass ---------- */

/* ---------- a user's atomicAdd(double *) ---------- */

/* atomicAdd ( double * ... ) { : the definition CUDA code for devices before compute capability 6.0 carries. */
static void check_atomic_add_double(scan *s, size_t i) {
    const hc_unit *u = s->u;
    if (!hc_code_is(u, i, "atomicAdd")) return;
    size_t open = hc_code_next(u, i), type = hc_code_next(u, open), star = hc_code_next(u, type);
    if (!hc_code_punct(u, open, "(") || !hc_code_is(u, type, "double") || !hc_code_punct(u, star, "*")) return;
    size_t close = hc_code_match(u, open);
    if (close == SIZE_MAX || !hc_code_punct(u, hc_code_next(u, close), "{")) return;
    hc_unit_diag(s->u, HC_D_ATOMIC_ADD_DOUBLE_FALLBACK, hc_code_tok(u, i)->off, "atomicAdd", "atomicAdd");
}

/* ---------- half2 members ---------- */

/* The opener of the ) or ] at close, walking back, or SIZE_MAX. */
static size_t match_back(const hc_unit *u, size_t close) {
    size_t depth = 0;
    for (size_t i = close; i != SIZE_MAX; i = hc_code_prev(u, i)) {
        if (hc_code_punct(u, i, ")") || hc_code_punct(u, i, "]")) depth++;
        else if ((hc_code_punct(u, i, "(") || hc_code_punct(u, i, "[")) && --depth == 0) return i;
    }
    return SIZE_MAX;
}

/* The first token of the object expression of the member at member (h2 in h2.x, v in v[i].x, s in s.h.x,
 * f in f(a).x), or SIZE_MAX when it is not a plain postfix expression. */
static size_t member_object_start(const hc_unit *u, size_t member) {
    size_t dot = hc_code_prev(u, member);
    if (!hc_code_punct(u, dot, ".")) return SIZE_MAX;
    size_t i = hc_code_prev(u, dot);
    while (i != SIZE_MAX) {
        if (hc_code_punct(u, i, ")") || hc_code_punct(u, i, "]")) {
            size_t open = match_back(u, i), p = hc_code_prev(u, open);
            if (open == SIZE_MAX) return SIZE_MAX;
            bool postfix = hc_code_kind(u, p, HC_TOK_IDENT) || hc_code_punct(u, p, ")") || hc_code_punct(u, p, "]");
            if (!postfix) return hc_code_punct(u, open, "(") ? open : SIZE_MAX; /* (expr).x */
            i = p;
            continue;
        }
        if (!hc_code_kind(u, i, HC_TOK_IDENT)) return SIZE_MAX;
        size_t p = hc_code_prev(u, i);
        if (hc_code_punct(u, p, ".") || hc_code_punct(u, p, "->") || hc_code_punct(u, p, "::")) {
            i = hc_code_prev(u, p);
            continue;
        }
        return i;
    }
    return SIZE_MAX;
}

/* Why: CUDA's half2 has x and y of type half, which convert to float; HIP's (5.2 to 6.x) keeps them as
 * its raw storage type, so (float)h2.x and half arithmetic on them differ or fail. hipify-clang writes
 * reinterpret_cast<half&>(h2.x), which reads the same bits as a half; so does this rewrite. The semantic
 * pass marks the members whose object is of type half2 (HC_TOKF_HALF2_MEMBER). */
static int rewrite_half2_member(scan *s, size_t member) {
    const hc_unit *u = s->u;
    size_t start = member_object_start(u, member);
    if (start == SIZE_MAX) return 0;
    size_t open = hc_code_prev(u, start); /* already reinterpret_cast<half&>( ... ): nothing to do */
    if (hc_code_punct(u, open, "(") && hc_code_punct(u, hc_code_prev(u, open), ">") &&
        hc_code_punct(u, hc_code_prev(u, hc_code_prev(u, open)), "&"))
        return 0;
    const hc_token *m = hc_code_tok(u, member);
    if (hc_unit_edit(s->u, hc_code_tok(u, start)->off, 0, "reinterpret_cast<half&>(", HC_PRIO_REWRITE,
                     HC_EFFORT_ARGUMENTS) < 0 ||
        hc_unit_edit(s->u, m->off + m->len, 0, ")", HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0)
        return -1;
    return 0;
}

int hc_pass_unportable(hc_unit *u) {
    scan s = {.u = u, .text = u->text};
    if (hc_code_analyze(u) < 0) return -1; /* done once for the file, before the passes */
    collect_cg_namespaces(&s);
    collect_cg_variables(&s);
    for (size_t i = 0; i < u->toks.n && !s.alloc_prop; i++)
        s.alloc_prop = hc_code_is(u, i, "cudaMemAllocationProp") || hc_code_is(u, i, "CUmemAllocationProp");
    int rc = 0;
    for (size_t i = 0; i < u->toks.n && rc == 0; i++) {
        const hc_token *t = &u->toks.v[i];
        if ((t->flags & HC_TOKF_INACTIVE) && u->opt->skip_excluded_pp_blocks) continue;
        if (t->kind == HC_TOK_STRING) {
            check_cg_header(&s, i);
            rc = space_literal_suffix(&s, i);
            continue;
        }
        if (t->kind == HC_TOK_PUNCT) {
            check_device_code(&s, i);
            rc = join_spaced_launch(&s, i);
            continue;
        }
        if (t->kind != HC_TOK_IDENT) continue;
        check_atomic_add_double(&s, i);
        if (t->flags & HC_TOKF_HALF2_MEMBER) {
            rc = rewrite_half2_member(&s, i);
            continue;
        }
        if (hc_code_is(u, i, "asm") || hc_code_is(u, i, "__asm__") || hc_code_is(u, i, "__asm")) {
            check_asm(&s, i);
            continue;
        }
        if (hc_code_is(u, i, "operator")) {
            check_vector_operator(&s, i);
            continue;
        }
        if (is_removed_word(&s, i)) { /* in code and macro bodies; #ifdef CUDART_CB and #define CUDART_CB stay */
            bool defined_here = hc_code_is(u, hc_code_prev(u, i), "define") || hc_code_is(u, hc_code_prev(u, i), "undef");
            if ((!(t->flags & HC_TOKF_DIRECTIVE) || (t->flags & HC_TOKF_IN_DEFINE)) && !defined_here)
                rc = remove_word(&s, i);
            continue;
        }
        check_device_code(&s, i);
        check_rounding(&s, i);
        check_cg_name(&s, i);
        check_cg_member(&s, i);
        check_graph(&s, i);
        if (rc == 0) rc = check_alloc_flags(&s, i);
        if (rc == 0) rc = check_min_max(&s, i);
    }
    return rc;
}
