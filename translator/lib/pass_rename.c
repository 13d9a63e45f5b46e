/* pass_rename.c: renames every CUDA identifier (function, type, enum constant, macro, namespace) that
 * the tables map, everywhere in the file but comments (in strings: whole names only, see
 * rename_in_string), and counts and reports the rest.
 * It does not touch includes (pass_includes.c), launches or argument lists. */
#include "semantic.h"
#include "code.h"
#include "unit.h"
#include "user_rules.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* Identifiers that mark a file as using CUDA runtime features although no table renames them. */
static const char *const runtime_markers[] = {
    "__global__", "__device__", "__shared__", "__constant__", "__managed__", "__launch_bounds__",
    "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "__syncthreads", "dim3",
};

static bool is_runtime_marker(const char *s, size_t n) {
    if (n < 4 || (s[0] != '_' && s[0] != 't' && s[0] != 'b' && s[0] != 'g' && s[0] != 'w' && s[0] != 'd')) return false;
    for (size_t i = 0; i < COUNT_OF(runtime_markers); i++)
        if (strlen(runtime_markers[i]) == n && memcmp(runtime_markers[i], s, n) == 0) return true;
    return false;
}

bool hc_is_runtime_marker(const char *s, size_t n) { return is_runtime_marker(s, n); }

/* Keywords that can stand before a global-namespace qualifier (return ::cudaFree(p)): the name after
 * '::' is then the global (CUDA) one, not a member of a user namespace or class called like them. */
static bool is_keyword_before_global(const hc_unit *u, size_t k) {
    static const char *const keywords[] = {
        "return", "case", "throw", "sizeof", "alignof", "new", "delete", "else", "do", "co_return", "co_yield",
        "co_await", "const", "volatile", "static", "extern", "inline", "constexpr", "consteval", "constinit",
        "typedef", "typename", "friend", "virtual", "explicit", "mutable", "register", "operator", "using",
        "thread_local", "__device__", "__host__", "__global__", "__shared__", "__constant__", "__managed__",
        "__forceinline__", "__restrict__"};
    return hc_code_is_any(u, k, keywords, COUNT_OF(keywords));
}

/* True when the nested namespace at index i (thrust::cuda, thrust::system::cuda) is qualified by a namespace
 * of the tables that is not nested itself, through at most one other name (system). */
static bool nested_in_table_namespace(const hc_unit *u, size_t i) {
    for (int hops = 0; hops < 2; hops++) {
        size_t p = hc_code_prev(u, i);
        if (!hc_code_is(u, p, "::")) return false;
        size_t q = hc_code_prev(u, p);
        if (!hc_code_kind(u, q, HC_TOK_IDENT)) return false;
        const hc_token *k = hc_code_tok(u, q);
        const hc_mapping *qm = hc_mapping_find(u->text + k->off, k->len);
        if (qm && qm->kind == HC_KIND_NAMESPACE && !(qm->flags & HC_MAPF_NESTED)) return true;
        i = q;
    }
    return false;
}

/* True when the identifier at index i is used in a position where the table entry applies: not a
 * member access (unless the row is a member), not qualified by a user namespace or class. */
static bool context_allows(const hc_unit *u, size_t i, const hc_mapping *m) {
    size_t p = hc_code_prev(u, i);
    if (m->flags & HC_MAPF_NESTED) return nested_in_table_namespace(u, i); /* thrust::cuda::par, using namespace thrust::cuda */
    if (m->kind == HC_KIND_NAMESPACE) /* cub::, namespace cub, using namespace cub */
        return hc_code_is(u, hc_code_next(u, i), "::") || hc_code_is(u, p, "namespace");
    if (hc_code_is(u, p, ".") || hc_code_is(u, p, "->")) return m->kind == HC_KIND_MEMBER;
    if (m->kind == HC_KIND_MEMBER) return false;
    if (hc_code_is(u, p, "::")) {
        size_t q = hc_code_prev(u, p);
        if (hc_code_is(u, q, ">") || hc_code_is(u, q, ">>")) return false; /* Traits<T>::cudaMalloc: a member of a user template */
        if (!hc_code_kind(u, q, HC_TOK_IDENT) || is_keyword_before_global(u, q))
            return true; /* ::cudaMalloc, return ::cudaMalloc(...) */
        const hc_mapping *qm = hc_mapping_find(u->text + hc_code_tok(u, q)->off, hc_code_tok(u, q)->len);
        return qm && qm->kind == HC_KIND_NAMESPACE; /* cub::X yes, mylib::cudaMalloc no */
    }
    if (hc_code_kind(u, p, HC_TOK_HASH) && hc_code_in_directive(u, p)) return false; /* #define etc. */
    return true;
}

/* The product whose releases a row's CUDA-side versions number: cuDNN is released apart from the toolkit
 * and its rows carry cuDNN's versions ("removed in cuDNN 8.0.1"); every other family ships with CUDA. */
static const char *cuda_side_product(const hc_mapping *m) { return m->family == HC_FAM_DNN ? "cuDNN" : "CUDA"; }

static void report_version_notes(hc_unit *u, uint32_t off, const hc_mapping *m, const char *name, const char *target) {
    char v[32];
    if (m->cuda_removed)
        hc_unit_diag(u, HC_D_REMOVED_CUDA_API, off, name, name, cuda_side_product(m),
                     hc_version_format(m->cuda_removed, v, sizeof v), target);
    else if (m->cuda_deprecated)
        hc_unit_diag(u, HC_D_DEPRECATED_CUDA_API, off, name, name, cuda_side_product(m),
                     hc_version_format(m->cuda_deprecated, v, sizeof v));
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
        const hc_token *k = hc_code_tok(u, i);
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

static bool ident_char(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/* CUDA names inside a string literal: printf("cudaMemcpy time") prints the API's name, so the HIP
 * program prints the HIP one (as hipify-clang does). Only whole identifiers (bounded by characters
 * that cannot continue one, escape sequences included) that the tables rename are changed; names HIP
 * spells the same, unsupported ones and anything inside #include "..." stay. No diagnostic: a string
 * is text, not a reference, but each rename is counted as converted. */
static int rename_in_string(hc_unit *u, size_t i) {
    const hc_token *tok = hc_code_tok(u, i);
    const char *t = u->text;
    if (tok->flags & HC_TOKF_DIRECTIVE) {
        size_t p = hc_code_prev(u, i);
        if (p != SIZE_MAX && (hc_code_is(u, p, "include") || hc_code_is(u, p, "include_next") ||
                              hc_code_is(u, p, "import")))
            return 0;
    }
    const char *q = memchr(t + tok->off, '"', tok->len);
    if (!q) return 0;
    uint32_t end = tok->off + tok->len;
    for (uint32_t k = (uint32_t)(q - t) + 1; k < end;) {
        if (t[k] == '\\') { k += 2; continue; } /* \n, \t...: the letter after it does not start a name */
        if (!ident_char(t[k])) { k++; continue; }
        uint32_t b = k;
        while (k < end && ident_char(t[k])) k++;
        if (t[b] >= '0' && t[b] <= '9') continue; /* 2cudaMalloc is no identifier */
        const hc_mapping *m = hc_mapping_find(t + b, k - b);
        if (!m || m->kind == HC_KIND_MEMBER || m->kind == HC_KIND_HEADER || (m->flags & HC_MAPF_NESTED)) continue;
        hc_resolution r = hc_mapping_resolve(m, u->opt);
        if (r.kind != HC_RES_CONVERT) continue;
        if (hc_unit_edit(u, b, k - b, r.target, HC_PRIO_RENAME, HC_EFFORT_RENAME) < 0) return -1;
        hc_unit_count_ref(u, t + b, k - b, (hc_family)m->family, true);
    }
    return 0;
}

/* Proposes the rename of one name token. A CUDA compiler macro with a table row (__CUDACC__) renamed to
 * its HIP twin is no use of HIP by itself: such an edit is marked HIP-neutral. */
static int rename_token(hc_unit *u, const hc_token *tok, const char *target) {
    const char *pp = hc_pp_macro_hip(u->text + tok->off, tok->len);
    if (pp && strcmp(pp, target) == 0)
        return hc_unit_edit_hip_neutral(u, tok->off, tok->len, target, HC_PRIO_RENAME, HC_EFFORT_RENAME);
    return hc_unit_edit(u, tok->off, tok->len, target, HC_PRIO_RENAME, HC_EFFORT_RENAME);
}

/* True when the file itself includes header (#include "header" or <header>). */
static bool includes_header(const hc_unit *u, const char *header) {
    size_t n = strlen(header);
    for (size_t i = 1; i < u->toks.n; i++) {
        const hc_token *k = hc_code_tok(u, i);
        if (k->kind != HC_TOK_STRING || !(k->flags & HC_TOKF_DIRECTIVE) || k->len != n + 2) continue;
        size_t p = hc_code_prev(u, i);
        if (p != SIZE_MAX && hc_code_is(u, p, "include") && memcmp(u->text + k->off + 1, header, n) == 0)
            return true;
    }
    return false;
}

/* The legacy cuBLAS API (cublas.h) has calls without a handle (cublasSscal(n, alpha, x, incx)) under
 * the names that cublas_v2.h maps to the handle form (cublasSscal -> cublasSscal_v2). hipBLAS has only
 * the handle form, so those calls are left and reported (hipify-clang leaves them too). Only a file
 * that includes cublas.h and not cublas_v2.h counts as legacy: one including neither gets its cuBLAS
 * through some other header, most often cublas_v2.h, and is translated as v2. A file that includes
 * hipBLAS and still names a call with a v2 twin is the port of a legacy file (every v2 call would have
 * been renamed): it counts as legacy too, so a second run leaves what the first left. */
static bool is_cublas_v1_call(const hc_mapping *m) {
    char v2[160];
    if (m->family != HC_FAM_BLAS || m->kind != HC_KIND_FUNCTION) return false;
    int n = snprintf(v2, sizeof v2, "%s_v2", m->cuda);
    return n > 0 && (size_t)n < sizeof v2 && hc_mapping_find(v2, (size_t)n) != NULL;
}

/* True when the marker at index i is CUDA's built-in, not a member (prop.warpSize) or a variable the
 * file declares itself (int blockDim = 256). */
static bool marker_is_builtin(const hc_unit *u, const declared_names *d, size_t i) {
    if (u->text[hc_code_tok(u, i)->off] == '_') return true; /* __global__ and the like are keywords */
    size_t p = hc_code_prev(u, i);
    if (p != SIZE_MAX && (hc_code_is(u, p, ".") || hc_code_is(u, p, "->"))) return false;
    return !is_declared(u, d, hc_code_tok(u, i));
}

/* `struct cudaGraphicsResource *r`: CUDA's name is a struct tag, HIP's only a typedef, which clang refuses
 * after `struct`. The keyword is left, as hipify-clang leaves it (its tests expect `struct
 * hipGraphicsResource`), and the place is named with what to do. */
static void check_tag_keyword(hc_unit *u, size_t i, const char *cuda, const char *hip) {
    size_t k = hc_code_prev(u, i);
    static const char *const tags[] = {"struct", "union", "class"};
    if (!hc_code_is_any(u, k, tags, COUNT_OF(tags))) return;
    const hc_token *kw = hc_code_tok(u, k);
    char word[8];
    snprintf(word, sizeof word, "%.*s", (int)kw->len, u->text + kw->off);
    hc_unit_diag(u, HC_D_TAG_OF_TYPEDEF, kw->off, cuda, word, cuda, word, hip, hip, word);
}

/* The HIP name of "cuda" + the identifier at index k is "hip" + it (Malloc, MemsetAsync: the runtime's
 * names); *hip gets the HIP name there is, "" for none. */
static bool pasted_hip_alike(const hc_unit *u, size_t k, char *cuda, char *hip, size_t size) {
    const hc_token *x = hc_code_tok(u, k);
    hip[0] = '\0';
    if (x->len + 5 >= size) return false;
    snprintf(cuda, size, "cuda%.*s", (int)x->len, u->text + x->off);
    const hc_mapping *m = hc_mapping_find(cuda, strlen(cuda));
    if (!m) return false;
    hc_resolution r = hc_mapping_resolve(m, u->opt);
    if (r.kind != HC_RES_CONVERT) return false;
    snprintf(hip, size, "%s", r.target);
    return strncmp(hip, "hip", 3) == 0 && strcmp(hip + 3, cuda + 4) == 0;
}

/* A macro that forms runtime names by pasting (#define CALL(x) check(cuda##x), used as CALL(Malloc(&p, n))):
 * no name is written out for the tables to rename, and the port kept pasting cuda names. HIP's runtime
 * names are CUDA's with the prefix hip, so the prefix becomes hip (HC1166). A use of the macro in this file
 * that pastes a name HIP spells otherwise (or lacks) keeps the prefix and is reported there (HC1167); uses in
 * other files are not seen. */
static int rename_pasted_prefix(hc_unit *u) {
    for (size_t i = 0; i < u->toks.n; i++) {
        if (!hc_code_in_directive(u, i) || hc_code_skipped(u, i) || !hc_code_is(u, i, "cuda")) continue;
        size_t op = hc_code_next(u, i);
        if (!hc_code_valid(u, op) || !hc_code_punct(u, op, "##")) continue;
        size_t h = i;
        while (h > 0 && hc_code_tok(u, h)->kind != HC_TOK_HASH) h--;
        size_t d = hc_code_directive_name(u, h);
        if (!hc_code_valid(u, d) || !hc_code_is(u, d, "define")) continue;
        size_t name = hc_code_next(u, d);
        if (!hc_code_valid(u, name) || !hc_code_kind(u, name, HC_TOK_IDENT) || name >= i) continue;
        char macro[128], cuda[160], hip[160];
        const hc_token *mt = hc_code_tok(u, name);
        if (mt->len >= sizeof macro) continue;
        snprintf(macro, sizeof macro, "%.*s", (int)mt->len, u->text + mt->off);
        size_t pasted = hc_code_next(u, op);
        const hc_token *pt = hc_code_valid(u, pasted) ? hc_code_tok(u, pasted) : NULL;
        bool agree = true;
        size_t end = hc_code_directive_end(u, h);
        for (size_t k = 0; k < u->toks.n && agree; k++) { /* the macro's uses here: NAME(Ident ... */
            if ((k >= h && k < end) || hc_code_skipped(u, k) || !hc_code_same(u, k, name)) continue;
            size_t open = hc_code_next(u, k), arg = hc_code_valid(u, open) ? hc_code_next(u, open) : u->toks.n;
            if (!hc_code_valid(u, arg) || !hc_code_punct(u, open, "(") || !hc_code_kind(u, arg, HC_TOK_IDENT)) continue;
            if (pasted_hip_alike(u, arg, cuda, hip, sizeof cuda)) continue;
            hc_unit_diag(u, HC_D_PASTED_PREFIX_LEFT, hc_code_tok(u, k)->off, cuda, macro, cuda, hip[0] ? hip : "none", macro);
            agree = false;
        }
        if (!agree) continue;
        if (hc_unit_edit(u, hc_code_tok(u, i)->off, 4, "hip", HC_PRIO_RENAME, HC_EFFORT_RENAME) < 0) return -1;
        char operand[64];
        snprintf(operand, sizeof operand, "%.*s", pt && pt->len < 60 ? (int)pt->len : 3, pt && pt->len < 60 ? u->text + pt->off : "...");
        hc_unit_diag(u, HC_D_PASTED_PREFIX, hc_code_tok(u, i)->off, macro, operand, macro, operand);
    }
    return 0;
}

int hc_pass_rename(hc_unit *u) {
    if (rename_pasted_prefix(u) < 0) return -1;
    const char *t = u->text;
    declared_names declared;
    collect_declared_identities(u, &declared);
    /* A port of such a file includes hipBLAS and still names the calls left: translated again, they stay */
    bool hipblas = includes_header(u, "hipblas.h") || includes_header(u, "hipblas/hipblas.h");
    bool cublas_v1 = !includes_header(u, "cublas_v2.h") && (includes_header(u, "cublas.h") || hipblas);
    for (size_t i = 0; i < u->toks.n; i++) {
        const hc_token *tok = hc_code_tok(u, i);
        if (tok->kind == HC_TOK_STRING && !hc_code_skipped(u, i)) {
            if (rename_in_string(u, i) < 0) return -1;
            continue;
        }
        if (tok->kind != HC_TOK_IDENT) continue;
        if (hc_code_skipped(u, i)) continue;
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
                if (hc_unit_edit(u, tok->off, tok->len, repl, HC_PRIO_USER_RENAME, HC_EFFORT_RENAME) < 0) return -1;
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
        if (cublas_v1 && r.kind == HC_RES_CONVERT && is_cublas_v1_call(m)) {
            hc_unit_count_ref(u, s, tok->len, (hc_family)m->family, false);
            hc_unit_diag(u, HC_D_CUBLAS_V1_LEFT, tok->off, name, name, name);
            continue;
        }
        if (r.kind == HC_RES_IDENTITY && is_declared(u, &declared, tok)) {
            /* 'namespace thrust {' or 'namespace caffe2 {' reopens the library's namespace: nothing of the user's */
            if (hc_tok_declarator_position(u, i) && m->kind != HC_KIND_NAMESPACE)
                hc_unit_diag(u, HC_D_USER_ENTITY, tok->off, name, name);
            continue;
        }
        /* A name HIP spells the same (min, exp) changes nothing: it neither calls for the runtime header
         * nor counts as a conversion. */
        if (in_code && r.kind == HC_RES_CONVERT && /* a name left unchanged (no HIP equivalent) uses nothing of HIP */
            (m->family == HC_FAM_RUNTIME || m->family == HC_FAM_DRIVER || m->family == HC_FAM_DEVICE))
            u->uses_runtime = true;
        char v1[32], v2[32];
        switch (r.kind) {
        case HC_RES_CONVERT:
            if (rename_token(u, tok, r.target) < 0) return -1;
            if (m->flags & HC_MAPF_TYPEDEF_ONLY) check_tag_keyword(u, i, name, r.target);
            if (m->flags & HC_MAPF_ROCM_REJECTS)
                hc_unit_diag(u, HC_D_ROCM_REJECTS, tok->off, name, name, r.target,
                             "check the result, or read the limit from hipGetDeviceProperties");
            hc_unit_count_ref(u, s, tok->len, (hc_family)m->family, true);
            /* fall through */
        case HC_RES_IDENTITY:
            if (hc_mapping_uses_shim(m, u->opt)) {
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
        case HC_RES_EXPERIMENTAL:
            hc_unit_count_ref(u, s, tok->len, (hc_family)m->family, false);
            hc_unit_diag(u, HC_D_EXPERIMENTAL_LEFT, tok->off, name, name, r.target, hc_version_format(r.needed, v1, sizeof v1));
            break;
        }
    }
    return 0;
}
