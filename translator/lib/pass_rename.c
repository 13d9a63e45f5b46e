/* pass_rename.c: renames every CUDA identifier (function, type, enum constant, macro, namespace) that
 * the tables map, everywhere in the file but comments and strings, and counts and reports the rest.
 * It does not touch includes (pass_includes.c), launches or argument lists. */
#include "semantic.h"
#include "unit.h"
#include "user_rules.h"

#include <stdio.h>
#include <string.h>

/* Identifiers that mark a file as using CUDA runtime features although no table renames them. */
static const char *const runtime_markers[] = {
    "__global__", "__device__", "__shared__", "__constant__", "__managed__", "__launch_bounds__",
    "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "__syncthreads", "dim3",
};

static bool is_runtime_marker(const char *s, size_t n) {
    if (n < 4 || (s[0] != '_' && s[0] != 't' && s[0] != 'b' && s[0] != 'g' && s[0] != 'w' && s[0] != 'd')) return false;
    for (size_t i = 0; i < sizeof runtime_markers / sizeof *runtime_markers; i++)
        if (strlen(runtime_markers[i]) == n && memcmp(runtime_markers[i], s, n) == 0) return true;
    return false;
}

/* Keywords that can stand before a global-namespace qualifier (return ::cudaFree(p)): the name after
 * '::' is then the global (CUDA) one, not a member of a user namespace or class called like them. */
static bool is_keyword_before_global(const char *t, const hc_token *k) {
    static const char *const keywords[] = {
        "return", "case", "throw", "sizeof", "alignof", "new", "delete", "else", "do", "co_return", "co_yield",
        "co_await", "const", "volatile", "static", "extern", "inline", "constexpr", "consteval", "constinit",
        "typedef", "typename", "friend", "virtual", "explicit", "mutable", "register", "operator", "using",
        "thread_local", "__device__", "__host__", "__global__", "__shared__", "__constant__", "__managed__",
        "__forceinline__", "__restrict__"};
    for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
        if (hc_tok_is(t, k, keywords[i])) return true;
    return false;
}

/* True when the identifier at index i is used in a position where the table entry applies: not a
 * member access (unless the row is a member), not qualified by a user namespace or class. */
static bool context_allows(const hc_unit *u, size_t i, const hc_mapping *m) {
    const char *t = u->text;
    size_t p = hc_tok_prev(&u->toks, i);
    size_t nx = hc_tok_next(&u->toks, i);
    const hc_token *prev = p == SIZE_MAX ? NULL : &u->toks.v[p];
    const hc_token *next = nx >= u->toks.n ? NULL : &u->toks.v[nx];
    if (m->kind == HC_KIND_NAMESPACE) /* cub::, namespace cub, using namespace cub */
        return (next && hc_tok_is(t, next, "::")) || (prev && hc_tok_is(t, prev, "namespace"));
    if (prev && (hc_tok_is(t, prev, ".") || hc_tok_is(t, prev, "->")))
        return m->kind == HC_KIND_MEMBER;
    if (m->kind == HC_KIND_MEMBER) return false;
    if (prev && hc_tok_is(t, prev, "::")) {
        size_t q = hc_tok_prev(&u->toks, p);
        if (q != SIZE_MAX && (hc_tok_is(t, &u->toks.v[q], ">") || hc_tok_is(t, &u->toks.v[q], ">>")))
            return false; /* Traits<T>::cudaMalloc: a member of a user template */
        if (q == SIZE_MAX || u->toks.v[q].kind != HC_TOK_IDENT || is_keyword_before_global(t, &u->toks.v[q]))
            return true; /* ::cudaMalloc, return ::cudaMalloc(...) */
        const hc_mapping *qm = hc_mapping_find(t + u->toks.v[q].off, u->toks.v[q].len);
        return qm && qm->kind == HC_KIND_NAMESPACE; /* cub::X yes, mylib::cudaMalloc no */
    }
    if (prev && prev->flags & HC_TOKF_DIRECTIVE && prev->kind == HC_TOK_HASH) return false; /* #define etc. */
    return true;
}

static void report_version_notes(hc_unit *u, uint32_t off, const hc_mapping *m, const char *name, const char *target) {
    char v[32];
    if (m->cuda_removed)
        hc_unit_diag(u, HC_D_REMOVED_CUDA_API, off, name, name, hc_version_format(m->cuda_removed, v, sizeof v), target);
    else if (m->cuda_deprecated)
        hc_unit_diag(u, HC_D_DEPRECATED_CUDA_API, off, name, name, hc_version_format(m->cuda_deprecated, v, sizeof v));
    if (m->hip_deprecated && (!u->opt->hip_version || m->hip_deprecated <= u->opt->hip_version))
        hc_unit_diag(u, HC_D_DEPRECATED_HIP_API, off, target, target, hc_version_format(m->hip_deprecated, v, sizeof v));
    if (m->hip_experimental)
        hc_unit_diag(u, HC_D_EXPERIMENTAL_HIP_API, off, target, target, hc_version_format(m->hip_experimental, v, sizeof v));
}

/* Names that HIP spells the same (round, tanh, and built-ins such as blockDim) and that this file
 * declares itself: their uses are the user's, not CUDA references. Found by tokens, since the semantic
 * pass is not run for them. */
typedef struct declared_names { const hc_token *v[64]; size_t n; } declared_names;

static void collect_declared_identities(const hc_unit *u, declared_names *d) {
    d->n = 0;
    for (size_t i = 0; i < u->toks.n && d->n < 64; i++) {
        const hc_token *k = &u->toks.v[i];
        if (k->kind != HC_TOK_IDENT) continue;
        const hc_mapping *m = hc_mapping_find(u->text + k->off, k->len);
        bool same_in_hip = (m && hc_mapping_resolve(m, u->opt).kind == HC_RES_IDENTITY) ||
                           (is_runtime_marker(u->text + k->off, k->len) && u->text[k->off] != '_'); /* int blockDim */
        if (same_in_hip && hc_tok_declarator_position(u, i)) d->v[d->n++] = k;
    }
}

static bool is_declared(const hc_unit *u, const declared_names *d, const hc_token *k) {
    for (size_t i = 0; i < d->n; i++)
        if (d->v[i]->len == k->len && memcmp(u->text + d->v[i]->off, u->text + k->off, k->len) == 0) return true;
    return false;
}

/* True when the marker at index i is CUDA's built-in, not a member (prop.warpSize) or a variable the
 * file declares itself (int blockDim = 256). */
static bool marker_is_builtin(const hc_unit *u, const declared_names *d, size_t i) {
    if (u->text[u->toks.v[i].off] == '_') return true; /* __global__ and the like are keywords */
    size_t p = hc_tok_prev(&u->toks, i);
    if (p != SIZE_MAX && (hc_tok_is(u->text, &u->toks.v[p], ".") || hc_tok_is(u->text, &u->toks.v[p], "->"))) return false;
    return !is_declared(u, d, &u->toks.v[i]);
}

int hc_pass_rename(hc_unit *u) {
    const char *t = u->text;
    declared_names declared;
    collect_declared_identities(u, &declared);
    for (size_t i = 0; i < u->toks.n; i++) {
        const hc_token *tok = &u->toks.v[i];
        if (tok->kind != HC_TOK_IDENT) continue;
        if ((tok->flags & HC_TOKF_INACTIVE) && u->opt->skip_excluded_pp_blocks) continue;
        const char *s = t + tok->off;
        char name[256];
        if (tok->len >= sizeof name) continue;
        memcpy(name, s, tok->len);
        name[tok->len] = '\0';

        if (u->opt->rules) { /* user rules come first: they override and extend the tables */
            bool disabled = false;
            const char *rule = NULL;
            const char *repl = hc_rule_set_rename_rule(u->opt->rules, s, tok->len, &disabled, &rule);
            if (disabled) {
                if (rule) hc_unit_count_rule(u, rule);
                hc_unit_diag(u, HC_D_RULE_DISABLED, tok->off, name, name);
                continue;
            }
            if (repl) {
                if (rule) hc_unit_count_rule(u, rule);
                hc_unit_diag(u, HC_D_RULE_HIT, tok->off, rule ? rule : name, rule ? rule : name);
                if (hc_unit_edit(u, tok->off, tok->len, repl, HC_RULE_USER_RENAME, HC_EFFORT_RENAME) < 0) return -1;
                continue;
            }
        }
        /* Code in directives (#if defined(__CUDACC__), a #define body) needs no declaration where it is
         * written, so only uses outside them make the file need the HIP runtime header. */
        bool in_code = !(tok->flags & HC_TOKF_DIRECTIVE);
        if (in_code && !u->uses_runtime && is_runtime_marker(s, tok->len) && marker_is_builtin(u, &declared, i)) u->uses_runtime = true;
        const hc_mapping *m = hc_mapping_find(s, tok->len);
        if (!m || !context_allows(u, i, m)) continue;
        if (tok->flags & HC_TOKF_VETO) {
            hc_unit_diag(u, HC_D_USER_ENTITY, tok->off, name, name);
            continue;
        }
        hc_resolution r = hc_mapping_resolve(m, u->opt);
        if (r.kind == HC_RES_IDENTITY && is_declared(u, &declared, tok)) {
            if (hc_tok_declarator_position(u, i)) hc_unit_diag(u, HC_D_USER_ENTITY, tok->off, name, name);
            continue;
        }
        /* A name HIP spells the same (min, exp) changes nothing: it neither calls for the runtime header
         * nor counts as a conversion. */
        if (in_code && r.kind != HC_RES_IDENTITY &&
            (m->family == HC_FAM_RUNTIME || m->family == HC_FAM_DRIVER || m->family == HC_FAM_DEVICE))
            u->uses_runtime = true;
        char v1[32], v2[32];
        switch (r.kind) {
        case HC_RES_CONVERT:
            if (hc_unit_edit(u, tok->off, tok->len, r.target, HC_RULE_RENAME, HC_EFFORT_RENAME) < 0) return -1;
            hc_unit_count_ref(u, s, tok->len, (hc_family)m->family, true);
            /* fall through */
        case HC_RES_IDENTITY:
            if (m->flags & HC_MAPF_SHIMMED) {
                u->uses_shim = true;
                hc_unit_diag(u, HC_D_SHIM_USED, tok->off, name, name, r.target);
            }
            report_version_notes(u, tok->off, m, name, r.target);
            break;
        case HC_RES_UNSUPPORTED:
            hc_unit_count_ref(u, s, tok->len, (hc_family)m->family, false);
            hc_unit_diag(u, HC_D_UNSUPPORTED_API, tok->off, name, name);
            break;
        case HC_RES_NEWER:
            hc_unit_count_ref(u, s, tok->len, (hc_family)m->family, false);
            hc_unit_diag(u, HC_D_NEWER_THAN_TARGET, tok->off, name, name, r.target,
                         hc_version_format(r.needed, v1, sizeof v1), hc_version_format(u->opt->hip_version, v2, sizeof v2));
            break;
        case HC_RES_HIP_REMOVED:
            hc_unit_count_ref(u, s, tok->len, (hc_family)m->family, false);
            hc_unit_diag(u, HC_D_REMOVED_HIP_API, tok->off, name, name, r.target, hc_version_format(r.needed, v1, sizeof v1));
            break;
        case HC_RES_NO_MIOPEN:
            hc_unit_count_ref(u, s, tok->len, (hc_family)m->family, false);
            hc_unit_diag(u, HC_D_MIOPEN_NOT_DIRECT, tok->off, name, name);
            break;
        }
    }
    return 0;
}
