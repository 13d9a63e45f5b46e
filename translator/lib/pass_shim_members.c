/* pass_shim_members.c: rewrites reads of cudaDeviceProp members the target HIP lacks into runtime-shim
 * accessor calls where the declaration is in the file, and diagnoses the rest. It renames no types. */

/* prop.member and p->member become accessor(&prop) and accessor(p); any other access to such a member
 * is left unchanged and diagnosed (HC1001). */
#include "code.h"
#include "unit.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* Members the shim answers, from the table the shim library is built from (one truth). */
static const struct shim_member {
    const char *member;
    const char *accessor;
} shim_members[] = {
#define HIPIFY_SHIM_PROP(member, accessor, type, hip_attr, cuda_attr, amd_fallback) {#member, #accessor},
#include "../../runtime-shim/include/hipify_shim_props.def"
#undef HIPIFY_SHIM_PROP
};

/* Every cudaDeviceProp member and the HIP releases whose hipDeviceProp_t has it, derived from the CUDA
 * and HIP headers by scripts/gen-device-props.py (one truth; no hand list to fall behind). */
static const struct prop_member {
    const char *member;
    hc_version hip_added, hip_removed; /* 0: never / not removed */
} prop_members[] = {
#define HC_DEVICE_PROP(member, in_cuda13, hip_added, hip_removed) {#member, hip_added, hip_removed},
#include "../../mappings/device_props.def"
#undef HC_DEVICE_PROP
};

/* The shim's own target when the caller names none: the HIP it is written against (docs/shim.md). */
#define SHIM_BASELINE_HIP HC_VERSION(5, 2, 0)

/* True when s names a cudaDeviceProp member that hipDeviceProp_t of the target HIP lacks; *added is the
 * HIP release that has it after all (newer than the target), or 0. */
static bool missing_in_target(const hc_unit *u, const char *s, size_t n, hc_version *added) {
    *added = 0;
    hc_version target = u->opt->hip_version ? u->opt->hip_version : SHIM_BASELINE_HIP;
    for (size_t k = 0; k < COUNT_OF(prop_members); k++) {
        const struct prop_member *m = &prop_members[k];
        if (strlen(m->member) != n || memcmp(m->member, s, n) != 0) continue;
        bool has = m->hip_added && m->hip_added <= target && !(m->hip_removed && m->hip_removed <= target);
        if (!has && m->hip_added > target && !m->hip_removed) *added = m->hip_added;
        return !has;
    }
    return false;
}

/* Longest variable name tracked; longer ones are simply not recognised (then diagnosed, not rewritten). */
enum { MAX_NAME = 128, MAX_TRACKED = 256 };

typedef struct prop_variable {
    uint32_t off, len; /* the name, in the text */
    bool pointer;      /* declared as cudaDeviceProp *name: accessed with -> */
} prop_variable;

typedef struct prop_variables {
    prop_variable v[MAX_TRACKED];
    size_t n;
} prop_variables;

static bool is_prop_type(const hc_unit *u, size_t i) { return hc_code_is(u, i, "cudaDeviceProp") || hc_code_is(u, i, "hipDeviceProp_t"); }

static const struct shim_member *find_shim_member(const char *s, size_t n) {
    for (size_t k = 0; k < COUNT_OF(shim_members); k++)
        if (strlen(shim_members[k].member) == n && memcmp(shim_members[k].member, s, n) == 0) return &shim_members[k];
    return NULL;
}

/* Records the declarators that follow a cudaDeviceProp type at index i: [*|&|const]... name, up to a
 * token that ends the declaration. Arrays are not recorded (their elements are then diagnosed). */
static void collect_declarators(const hc_unit *u, size_t i, prop_variables *vars) {
    size_t k = hc_code_next(u, i);
    while (k < u->toks.n) {
        bool pointer = false;
        while (hc_code_is(u, k, "*") || hc_code_is(u, k, "&") || hc_code_is(u, k, "const") || hc_code_is(u, k, "__restrict__")) {
            if (hc_code_is(u, k, "*")) pointer = true;
            k = hc_code_next(u, k);
        }
        if (!hc_code_kind(u, k, HC_TOK_IDENT)) return;
        size_t after = hc_code_next(u, k);
        bool ends = hc_code_is(u, after, ",") || hc_code_is(u, after, ";") || hc_code_is(u, after, "=") || hc_code_is(u, after, ")") ||
                    hc_code_is(u, after, "{");
        if (!ends) return; /* an array, a function name, or not a declaration at all */
        if (vars->n < MAX_TRACKED && hc_code_tok(u, k)->len < MAX_NAME)
            vars->v[vars->n++] = (prop_variable){hc_code_tok(u, k)->off, hc_code_tok(u, k)->len, pointer};
        if (!hc_code_is(u, after, ",")) return; /* an initializer or the end: one declarator is enough here */
        k = hc_code_next(u, after);
        /* In a parameter list the next item starts with a type (two identifiers in a row): stop. */
        size_t look = k;
        while (hc_code_is(u, look, "*") || hc_code_is(u, look, "&")) look = hc_code_next(u, look);
        if (hc_code_kind(u, look, HC_TOK_IDENT) && hc_code_kind(u, hc_code_next(u, look), HC_TOK_IDENT)) return;
    }
}

static const prop_variable *find_variable(const hc_unit *u, const prop_variables *vars, const hc_token *t) {
    for (size_t k = 0; k < vars->n; k++)
        if (vars->v[k].len == t->len && memcmp(u->text + vars->v[k].off, u->text + t->off, t->len) == 0) return &vars->v[k];
    return NULL;
}

/* True when the member access at [object, member] is written to, or its address taken: an accessor call
 * cannot stand there. */
static bool used_as_lvalue(const hc_unit *u, size_t object, size_t member) {
    static const char *const writes[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++", "--"};
    if (hc_code_is_any(u, hc_code_next(u, member), writes, COUNT_OF(writes))) return true;
    size_t prev = hc_code_prev(u, object);
    if (hc_code_is(u, prev, "++") || hc_code_is(u, prev, "--")) return true;
    if (hc_code_is(u, prev, "&")) { /* unary & unless an operand stands before it */
        size_t before = hc_code_prev(u, prev);
        if (before == SIZE_MAX) return true;
        bool operand = hc_code_kind(u, before, HC_TOK_IDENT) || hc_code_kind(u, before, HC_TOK_NUMBER) ||
                       hc_code_is(u, before, ")") || hc_code_is(u, before, "]");
        return !operand;
    }
    return false;
}

static void member_name(const hc_unit *u, const hc_token *member, char *out, size_t size) {
    snprintf(out, size, "cudaDeviceProp::%.*s", (int)member->len, u->text + member->off);
}

int hc_pass_shim_members(hc_unit *u) {
    const char *t = u->text;
    prop_variables vars;
    vars.n = 0;
    bool mentions_props = false;
    for (size_t i = 0; i < u->toks.n; i++) {
        if (!is_prop_type(u, i)) continue;
        mentions_props = true;
        collect_declarators(u, i, &vars);
    }
    if (!mentions_props) return 0; /* a member of that name belongs to some other structure here */

    for (size_t i = 0; i < u->toks.n; i++) {
        const hc_token *member = hc_code_tok(u, i);
        if (member->kind != HC_TOK_IDENT) continue;
        if (hc_code_skipped(u, i)) continue;
        hc_version added;
        if (!missing_in_target(u, t + member->off, member->len, &added)) continue; /* HIP has it, or not a member */
        const struct shim_member *shim = find_shim_member(t + member->off, member->len);
        bool unanswered = !shim;
        size_t op = hc_code_prev(u, i);
        if (!(hc_code_is(u, op, ".") || hc_code_is(u, op, "->"))) continue; /* not a member access */
        char name[MAX_NAME + 32];
        member_name(u, member, name, sizeof name);
        if (unanswered) {
            hc_unit_count_ref(u, name, strlen(name), HC_FAM_RUNTIME, false);
            if (added) {
                char hip_name[MAX_NAME + 32], v1[32], v2[32];
                snprintf(hip_name, sizeof hip_name, "hipDeviceProp_t::%.*s", (int)member->len, t + member->off);
                hc_version target = u->opt->hip_version ? u->opt->hip_version : SHIM_BASELINE_HIP;
                hc_unit_diag(u, HC_D_NEWER_THAN_TARGET, member->off, name, name, hip_name, hc_version_format(added, v1, sizeof v1),
                             hc_version_format(target, v2, sizeof v2));
            } else {
                hc_unit_diag(u, HC_D_UNSUPPORTED_API, member->off, name, name);
            }
            continue;
        }
        size_t object = hc_code_prev(u, op);
        size_t before = object == SIZE_MAX ? SIZE_MAX : hc_code_prev(u, object);
        const prop_variable *var = hc_code_kind(u, object, HC_TOK_IDENT) ? find_variable(u, &vars, hc_code_tok(u, object)) : NULL;
        bool arrow = hc_code_is(u, op, "->");
        /* Sure only for a plain variable declared as cudaDeviceProp here, accessed with the right operator,
         * not itself a member of something else, and only read. */
        bool sure = var && var->pointer == arrow && !(hc_code_is(u, before, ".") || hc_code_is(u, before, "->") || hc_code_is(u, before, "::")) &&
                    !used_as_lvalue(u, object, i) && !(hc_code_tok(u, object)->flags & HC_TOKF_VETO);
        if (!sure) {
            hc_unit_count_ref(u, name, strlen(name), HC_FAM_RUNTIME, false);
            hc_unit_diag(u, HC_D_UNSUPPORTED_API, member->off, name, name);
            continue;
        }
        const hc_token *obj = hc_code_tok(u, object);
        char repl[2 * MAX_NAME + 96];
        snprintf(repl, sizeof repl, "%s(%s%.*s)", shim->accessor, arrow ? "" : "&", (int)obj->len, t + obj->off);
        if (hc_unit_edit(u, obj->off, member->off + member->len - obj->off, repl, HC_PRIO_RENAME, HC_EFFORT_RENAME) < 0)
            return -1;
        u->uses_shim = true;
        u->uses_runtime = true;
        hc_unit_count_ref(u, name, strlen(name), HC_FAM_RUNTIME, true);
        hc_unit_diag(u, HC_D_SHIM_USED, member->off, name, name, shim->accessor);
    }
    return 0;
}
