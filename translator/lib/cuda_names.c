/* cuda_names.c: tells whether a file's code names something of CUDA that HIP must provide (a marker, an API,
 * type or constant of the tables, a CUDA header). It proposes no edit and no diagnostic; the resolution reads it. */
#include "code.h"
#include "mapping.h"
#include "unit.h"

/* True when the identifier at i names something of CUDA that HIP must provide: a runtime marker
 * (__global__, threadIdx, dim3), an API, type or constant of the tables, supported or not, or a device
 * intrinsic HIP spells the same (__syncthreads). Names HIP spells the same that are plain C or C++ (min,
 * exp) are not: host code uses them too. */
static bool names_cuda(const hc_unit *u, size_t i) {
    const hc_token *t = hc_code_tok(u, i);
    const char *s = u->text + t->off;
    const hc_mapping *m = hc_mapping_find(s, t->len);
    size_t p = hc_code_prev(u, i);
    bool member = p != SIZE_MAX && (hc_code_is(u, p, ".") || hc_code_is(u, p, "->")); /* info.warpSize */
    if (hc_is_runtime_marker(s, t->len)) return !member;
    if (!m || (t->flags & HC_TOKF_VETO) || hc_is_cuda_macro(s, t->len)) return false;
    if (m->flags & HC_MAPF_NESTED) return false; /* thrust::cuda: thrust:: already tells */
    if (member && m->kind != HC_KIND_MEMBER) return false;
    if (hc_mapping_resolve(m, u->opt).kind != HC_RES_IDENTITY) return true;
    return s[0] == '_' || m->kind == HC_KIND_TYPE;
}

/* True when the #include at '#' index h names a header of the CUDA toolkit or its libraries. */
static bool includes_cuda_header(const hc_unit *u, size_t h) {
    size_t k = hc_code_directive_name(u, h);
    if (!hc_code_is(u, k, "include") && !hc_code_is(u, k, "include_next")) return false;
    size_t pi = hc_code_next(u, k);
    if (!hc_code_kind(u, pi, HC_TOK_STRING) || hc_code_tok(u, pi)->len < 2) return false;
    const hc_token *pt = hc_code_tok(u, pi);
    const hc_header_map *hm = hc_header_find(u->text + pt->off + 1, pt->len - 2);
    /* a quoted math_functions.h and the like is as often the project's own header */
    return hm && !((hm->flags & HC_HDRF_GENERIC) && u->text[pt->off] == '"');
}

bool hc_names_cuda(const hc_unit *u) {
    for (size_t i = 0; hc_code_valid(u, i); i++) {
        if (hc_code_skipped(u, i)) continue;
        if (hc_code_kind(u, i, HC_TOK_IDENT) && names_cuda(u, i)) return true;
        if (hc_code_kind(u, i, HC_TOK_HASH) && includes_cuda_header(u, i)) return true;
    }
    return false;
}
