/* pass_unportable.c: finds constructs the HIP target cannot compile or computes differently (runtime calls in
 * device code, inline PTX, directed rounding, cooperative-groups extensions: unportable_cg.c, conditional graph
 * nodes, allocFlags, mixed-type min/max: unportable_minmax.c, operators HIP's vector types already declare,
 * words HIP has no use for, a user's atomicAdd(double *), half2 members) and diagnoses them, rewriting only
 * where HIP has an exact equivalent. Launches in device code and spaced chevrons are the launch pass's,
 * identifiers glued to literals the lexical pass's, overloads HIP merges pass_overloads.c's. It renames no API
 * (the rename pass does) and parses no C++: it reads tokens, with the tables in unportable.def. */
#include "semantic.h"
#include "unportable.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rounding { const char *name, *cuda, *hip; hc_version fixed; } rounding;

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
static const char *const graph_conditionals[] = {
#define HC_UNPORTABLE_GRAPH_CONDITIONAL(name) name,
#include "unportable.def"
#undef HC_UNPORTABLE_GRAPH_CONDITIONAL
};
static const char *const alloc_flags[] = {
#define HC_UNPORTABLE_ALLOC_FLAG(member) member,
#include "unportable.def"
#undef HC_UNPORTABLE_ALLOC_FLAG
};
static const char *const vector_types[] = {
#define HC_UNPORTABLE_VECTOR_TYPE(name) name,
#include "unportable.def"
#undef HC_UNPORTABLE_VECTOR_TYPE
};
static const char *const vector_member_ops[] = {
#define HC_UNPORTABLE_VECTOR_MEMBER_OP(op) op,
#include "unportable.def"
#undef HC_UNPORTABLE_VECTOR_MEMBER_OP
};

/* ---------- token helpers (the walks are code.h's) ---------- */

void unp_tok_name(const unp_scan *s, size_t i, char *buf, size_t size) {
    size_t n = hc_code_valid(s->u, i) ? hc_code_tok(s->u, i)->len : 0;
    if (n >= size) n = size - 1;
    memcpy(buf, hc_code_valid(s->u, i) ? s->text + hc_code_tok(s->u, i)->off : "", n);
    buf[n] = '\0';
}

static void body_label(const unp_scan *s, const hc_body *b, char *buf, size_t size) {
    char name[128];
    if (b && b->name != HC_BODY_NONE) {
        unp_tok_name(s, b->name, name, sizeof name);
        snprintf(buf, size, " in device function '%s'", name);
    } else
        snprintf(buf, size, "%s", b ? " in a device lambda" : "");
}

/* Built-in variables whose members are unsigned int in CUDA (threadIdx.x ...). */
static const char *const unsigned_builtins[] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};

bool unp_builtin_index(const unp_scan *s, size_t first, size_t last) {
    size_t dot = hc_code_next(s->u, first), member = hc_code_next(s->u, dot);
    if (member != last || !hc_code_is(s->u, dot, ".")) return false;
    if (!hc_code_is(s->u, member, "x") && !hc_code_is(s->u, member, "y") && !hc_code_is(s->u, member, "z")) return false;
    for (size_t k = 0; k < COUNT_OF(unsigned_builtins); k++)
        if (hc_code_is(s->u, first, unsigned_builtins[k])) return true;
    return false;
}

bool unp_call_args(const unp_scan *s, size_t i, hc_code_args *args) {
    size_t open = hc_code_next(s->u, i);
    if (!hc_code_is(s->u, open, "(")) return false;
    size_t close = hc_code_match(s->u, open);
    if (close == NONE) return false;
    hc_code_split(s->u, open, close, HC_SPLIT_CALL, args);
    return true;
}

/* ---------- shared context checks ---------- */

bool unp_global_use(const unp_scan *s, size_t i) {
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

static bool is_runtime_api_name(const unp_scan *s, size_t i) {
    const hc_token *t = hc_code_tok(s->u, i);
    const char *p = s->text + t->off;
    return t->len > 5 && memcmp(p, "cuda", 4) == 0 && p[4] >= 'A' && p[4] <= 'Z';
}

/* Strings in an asm statement that only PTX uses: type suffixes and special registers. Host assembly
 * (x86 AT&T, AArch64) spells none of them. */
static bool looks_like_ptx(const unp_scan *s, size_t open, size_t close) {
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

static void check_asm(unp_scan *s, size_t i) {
    size_t j = hc_code_next(s->u, i);
    while (hc_code_is(s->u, j, "volatile") || hc_code_is(s->u, j, "__volatile__") || hc_code_is(s->u, j, "goto") || hc_code_is(s->u, j, "inline")) j = hc_code_next(s->u, j);
    if (!hc_code_is(s->u, j, "(")) return;
    size_t close = hc_code_match(s->u, j);
    const hc_body *b = hc_code_device_body(s->u, i);
    char where[160];
    if (b) body_label(s, b, where, sizeof where);
    else if (close != NONE && looks_like_ptx(s, j, close))
        snprintf(where, sizeof where, "%s", hc_code_in_directive(s->u, i) ? " in a macro" : " outside a device function");
    else
        return; /* host assembly: not ours */
    hc_unit_diag(s->u, HC_D_INLINE_PTX, hc_code_tok(s->u, i)->off, "asm", where);
}

/* A call of the runtime API in device code (dynamic parallelism; launches there are the launch pass's). */
static void check_device_code(unp_scan *s, size_t i) {
    if (!hc_code_device_body(s->u, i)) return;
    char name[128];
    if (hc_code_kind(s->u, i, HC_TOK_IDENT) && is_runtime_api_name(s, i) && hc_code_is(s->u, hc_code_next(s->u, i), "(") && unp_global_use(s, i)) {
        unp_tok_name(s, i, name, sizeof name);
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
static int remove_word(unp_scan *s, size_t i) {
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

static bool is_removed_word(const unp_scan *s, size_t i) {
    if (hc_code_is(s->u, i, "__grid_constant__")) return true;
    for (size_t k = 0; k < COUNT_OF(empty_macros); k++)
        if (hc_code_is(s->u, i, empty_macros[k].name)) return true;
    return false;
}

/* ---------- rounding intrinsics ---------- */

static void check_rounding(unp_scan *s, size_t i) {
    const hc_token *t = hc_code_tok(s->u, i);
    /* every name in both tables starts with "__": most identifiers end here, before the table walks */
    if (t->len < 8 || s->text[t->off] != '_' || s->text[t->off + 1] != '_' || !hc_code_is(s->u, hc_code_next(s->u, i), "(")) return;
    char name[64];
    for (size_t k = 0; k < COUNT_OF(directed); k++) {
        if (!hc_code_is(s->u, i, directed[k].name)) continue;
        if (!unp_global_use(s, i)) return;
        /* the runtime shim computes it exactly (hipify_shim_math.h): the rename pass maps it there */
        const hc_mapping *m = hc_mapping_find(s->text + t->off, t->len);
        if (m && (m->flags & HC_MAPF_SHIMMED)) return;
        unp_tok_name(s, i, name, sizeof name);
        hc_unit_diag(s->u, HC_D_DIRECTED_ROUNDING, t->off, name, name, directed[k].what);
        return;
    }
    for (size_t k = 0; k < COUNT_OF(approximated); k++) {
        if (!hc_code_is(s->u, i, approximated[k].name)) continue;
        hc_version target = s->u->opt->hip_version; /* 0: the newest HIP */
        if (approximated[k].fixed && (target == 0 || target >= approximated[k].fixed)) return;
        if (!unp_global_use(s, i)) return;
        unp_tok_name(s, i, name, sizeof name);
        hc_unit_diag(s->u, HC_D_ROUNDING_APPROXIMATED, t->off, name, name, approximated[k].cuda, approximated[k].hip);
        return;
    }
}

/* ---------- graphs and memory properties ---------- */

static void check_graph(unp_scan *s, size_t i) {
    const char *p = s->text + hc_code_tok(s->u, i)->off; /* all names start with cuda, cu or CU */
    if (hc_code_tok(s->u, i)->len < 8 || !((p[0] == 'c' && p[1] == 'u') || (p[0] == 'C' && p[1] == 'U'))) return;
    if (unp_word(s, i, graph_conditionals, COUNT_OF(graph_conditionals)) == NONE || !unp_global_use(s, i)) return;
    char name[96];
    unp_tok_name(s, i, name, sizeof name);
    hc_unit_diag(s->u, HC_D_GRAPH_CONDITIONAL, hc_code_tok(s->u, i)->off, name, name);
}

/* prop.allocFlags.usage -> prop.usage where the target HIP predates allocFlags (5.3). */
static int check_alloc_flags(unp_scan *s, size_t i) {
    hc_version target = s->u->opt->hip_version;
    if (!s->alloc_prop || target == 0 || target >= HC_VERSION(5, 3, 0)) return 0;
    if (!hc_code_is(s->u, i, "allocFlags") || !(hc_code_is(s->u, hc_code_prev(s->u, i), ".") || hc_code_is(s->u, hc_code_prev(s->u, i), "->"))) return 0;
    size_t dot = hc_code_next(s->u, i), member = hc_code_next(s->u, dot);
    char name[64];
    if (hc_code_is(s->u, dot, ".") && hc_code_kind(s->u, member, HC_TOK_IDENT)) {
        unp_tok_name(s, member, name, sizeof name);
        if (unp_word(s, member, alloc_flags, COUNT_OF(alloc_flags)) != NONE) {
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

/* ---------- operators HIP's vector types already have ---------- */

/* After an optional const/volatile, a vector type name: its index, else NONE. *type gets the name. */
static size_t vector_param(const unp_scan *s, size_t j, size_t *type) {
    while (hc_code_is(s->u, j, "const") || hc_code_is(s->u, j, "volatile")) j = hc_code_next(s->u, j);
    if (unp_word(s, j, vector_types, COUNT_OF(vector_types)) == NONE) return NONE;
    *type = j;
    return hc_code_next(s->u, j);
}

/* `float4 &operator+=(float4 &a, float4 b)` and the like (helper_math.h): a free compound assignment
 * whose operands are one vector type. HIP declares it as a member of that type: every use is ambiguous. */
static void check_vector_operator(unp_scan *s, size_t i) {
    size_t op = hc_code_next(s->u, i), open = hc_code_next(s->u, op);
    if (unp_word(s, op, vector_member_ops, COUNT_OF(vector_member_ops)) == NONE || !hc_code_is(s->u, open, "(")) return;
    size_t t1, t2, j = vector_param(s, hc_code_next(s->u, open), &t1);
    if (j == NONE || !hc_code_is(s->u, j, "&")) return; /* the left operand is a non-const reference */
    j = hc_code_next(s->u, j);
    if (hc_code_kind(s->u, j, HC_TOK_IDENT)) j = hc_code_next(s->u, j);
    if (!hc_code_is(s->u, j, ",") || (j = vector_param(s, hc_code_next(s->u, j), &t2)) == NONE) return;
    const hc_token *a = hc_code_tok(s->u, t1);
    if (!hc_code_spelled(s->u, t2, s->text + a->off, a->len)) return; /* float4 += float: HIP's is a template, no clash */
    char opname[8], type[24];
    unp_tok_name(s, op, opname, sizeof opname);
    unp_tok_name(s, t1, type, sizeof type);
    hc_unit_diag(s->u, HC_D_VECTOR_OPERATOR, hc_code_tok(s->u, i)->off, type, opname, type, type);
}

/* ---------- the pass ---------- */

/* ---------- a user's atomicAdd(double *) ---------- */

/* atomicAdd ( double * ... ) { : the definition CUDA code for devices before compute capability 6.0 carries. */
static void check_atomic_add_double(unp_scan *s, size_t i) {
    const hc_unit *u = s->u;
    if (!hc_code_is(u, i, "atomicAdd")) return;
    size_t open = hc_code_next(u, i), type = hc_code_next(u, open), star = hc_code_next(u, type);
    if (!hc_code_punct(u, open, "(") || !hc_code_is(u, type, "double") || !hc_code_punct(u, star, "*")) return;
    size_t close = hc_code_match(u, open);
    if (close == SIZE_MAX || !hc_code_punct(u, hc_code_next(u, close), "{")) return;
    hc_unit_diag(s->u, HC_D_ATOMIC_ADD_DOUBLE_FALLBACK, hc_code_tok(u, i)->off, "atomicAdd", "atomicAdd");
}

/* ---------- half2 members ---------- */

/* The first token of the object expression of the member at member (h2 in h2.x, v in v[i].x, s in s.h.x,
 * f in f(a).x), or SIZE_MAX when it is not a plain postfix expression. */
static size_t member_object_start(const hc_unit *u, size_t member) {
    size_t dot = hc_code_prev(u, member);
    if (!hc_code_punct(u, dot, ".")) return SIZE_MAX;
    size_t i = hc_code_prev(u, dot);
    while (i != SIZE_MAX) {
        if (hc_code_punct(u, i, ")") || hc_code_punct(u, i, "]")) {
            size_t open = hc_code_opener(u, i), p = hc_code_prev(u, open);
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
static int rewrite_half2_member(unp_scan *s, size_t member) {
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
    unp_scan s = {.u = u, .text = u->text};
    if (hc_code_analyze(u) < 0) return -1; /* done once for the file, before the passes */
    unp_collect_cg(&s);
    for (size_t i = 0; i < u->toks.n && !s.alloc_prop; i++)
        s.alloc_prop = hc_code_is(u, i, "cudaMemAllocationProp") || hc_code_is(u, i, "CUmemAllocationProp");
    int rc = 0;
    for (size_t i = 0; i < u->toks.n && rc == 0; i++) {
        const hc_token *t = hc_code_tok(u, i);
        if (hc_code_skipped(u, i)) continue;
        if (t->kind == HC_TOK_STRING) {
            unp_check_cg_header(&s, i);
            continue;
        }
        if (t->kind != HC_TOK_IDENT) continue;
        check_atomic_add_double(&s, i);
        unp_check_nvidia_macro(&s, i);
        if (t->flags & HC_TOKF_VECTOR_MEMBER) {
            rc = unp_check_vector_component_address(&s, i);
            continue;
        }
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
        unp_check_cg_name(&s, i);
        unp_check_cg_member(&s, i);
        check_graph(&s, i);
        if (rc == 0) rc = check_alloc_flags(&s, i);
        if (rc == 0) rc = unp_check_min_max(&s, i);
        if (rc == 0) rc = unp_check_printf_builtin_index(&s, i);
        unp_check_template_default_arg(&s, i);
        if (rc == 0) rc = unp_check_divergent_barrier(&s, i);
        /* new-check: checks added by tools/new-check are called above this line */
    }
    free(s.div_chains);
    return rc;
}
