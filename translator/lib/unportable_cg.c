/* unportable_cg.c: the cooperative-groups checks of the unportable pass: names, members and headers CUDA's
 * groups have and HIP's lack, found through the file's using-directives, aliases and group variables. It
 * rewrites nothing and knows no other construct. */
#include "semantic.h"
#include "unportable.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

static const char *const cg_headers[] = {
#define HC_UNPORTABLE_CG_HEADER(path) path,
#include "unportable.def"
#undef HC_UNPORTABLE_CG_HEADER
};
static const char *const cg_names[] = {
#define HC_UNPORTABLE_CG_NAME(name) name,
#include "unportable.def"
#undef HC_UNPORTABLE_CG_NAME
};
static const char *const cg_members[] = {
#define HC_UNPORTABLE_CG_MEMBER(name) name,
#include "unportable.def"
#undef HC_UNPORTABLE_CG_MEMBER
};
static const named2 cg_types[] = {
#define HC_UNPORTABLE_CG_TYPE(word, type) {word, type},
#include "unportable.def"
#undef HC_UNPORTABLE_CG_TYPE
};

static void collect_cg_namespaces(unp_scan *s) {
    for (size_t i = 0; hc_code_valid(s->u, i); i++) {
        if (!hc_code_is(s->u, i, "namespace") && !hc_code_is(s->u, i, "using")) continue;
        size_t a = hc_code_next(s->u, i), b = hc_code_next(s->u, a), c = hc_code_next(s->u, b);
        if (hc_code_is(s->u, i, "using") && hc_code_is(s->u, a, "namespace") && hc_code_is(s->u, b, "cooperative_groups")) s->cg_using = true;
        if (hc_code_is(s->u, i, "namespace") && hc_code_kind(s->u, a, HC_TOK_IDENT) && hc_code_is(s->u, b, "=") && hc_code_is(s->u, c, "cooperative_groups") &&
            s->ncg_alias < COUNT_OF(s->cg_alias))
            s->cg_alias[s->ncg_alias++] = hc_code_tok(s->u, a);
    }
}

static bool names_cg(const unp_scan *s, size_t q) {
    if (hc_code_is(s->u, q, "cooperative_groups")) return true;
    for (size_t k = 0; k < s->ncg_alias; k++)
        if (hc_code_spelled(s->u, q, s->text + s->cg_alias[k]->off, s->cg_alias[k]->len)) return true;
    return false;
}

void unp_check_cg_name(unp_scan *s, size_t i) {
    size_t p = hc_code_prev(s->u, i);
    if (!s->cg_using && !hc_code_is(s->u, p, "::")) return; /* neither qualified nor brought in: not a CG name */
    if (unp_word(s, i, cg_names, COUNT_OF(cg_names)) == NONE) return;
    if (hc_code_tok(s->u, i)->flags & HC_TOKF_VETO) return;
    bool qualified = hc_code_is(s->u, p, "::") && names_cg(s, hc_code_prev(s->u, p));
    /* Unqualified names count only where `using namespace cooperative_groups` brings them, as a call or
     * template in device code: `wait(` or `less<` elsewhere are someone else's. */
    bool unqualified = s->cg_using && !hc_code_is(s->u, p, "::") && !hc_code_is(s->u, p, ".") && !hc_code_is(s->u, p, "->") &&
                       (hc_code_is(s->u, hc_code_next(s->u, i), "(") || hc_code_is(s->u, hc_code_next(s->u, i), "<")) && hc_code_device_body(s->u, i) &&
                       !hc_tok_declarator_position(s->u, i);
    if (!qualified && !unqualified) return;
    char name[96], full[128];
    unp_tok_name(s, i, name, sizeof name);
    snprintf(full, sizeof full, "cooperative_groups::%s", name);
    hc_unit_diag(s->u, HC_D_CG_EXTENSION, hc_code_tok(s->u, i)->off, full, full);
}

/* The group type a cooperative-groups type or factory word names, or NULL. */
static const char *cg_type_of(const unp_scan *s, size_t i) {
    for (size_t t = 0; t < COUNT_OF(cg_types); t++)
        if (hc_code_is(s->u, i, cg_types[t].name)) return cg_types[t].what;
    return NULL;
}

/* Records variables declared with a group type (thread_block_tile<32> t, cg::thread_block b) or
 * initialised from a factory (auto t = cg::tiled_partition<32>(...)). Only in a file that uses cooperative
 * groups (a using-directive, an alias or a qualified name): thread_block or all are common words elsewhere. */
static void collect_cg_variables(unp_scan *s) {
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
                size_t close = hc_code_template_close(s->u, j);
                if (close == SIZE_MAX) continue; /* a comparison, not a type */
                j = hc_code_next(s->u, close);
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
void unp_check_cg_member(unp_scan *s, size_t i) {
    if (!s->ncg_vars || !hc_code_is(s->u, hc_code_prev(s->u, i), ".") || !hc_code_is(s->u, hc_code_next(s->u, i), "(")) return;
    if (unp_word(s, i, cg_members, COUNT_OF(cg_members)) == NONE) return;
    size_t object = hc_code_prev(s->u, hc_code_prev(s->u, i));
    for (size_t k = 0; k < s->ncg_vars; k++) {
        if (!hc_code_spelled(s->u, object, s->text + s->cg_vars[k].name->off, s->cg_vars[k].name->len)) continue;
        char member[64], full[160];
        unp_tok_name(s, i, member, sizeof member);
        snprintf(full, sizeof full, "cooperative_groups::%s::%s", s->cg_vars[k].type, member);
        hc_unit_diag(s->u, HC_D_CG_EXTENSION, hc_code_tok(s->u, i)->off, full, full);
        return;
    }
}

/* #include <cooperative_groups/reduce.h> and friends (HC1106 supersedes the include pass's HC1010 there). */
void unp_check_cg_header(unp_scan *s, size_t i) {
    if (!hc_code_kind(s->u, i, HC_TOK_STRING) || !hc_code_in_directive(s->u, i) || !hc_code_is(s->u, hc_code_prev(s->u, i), "include")) return;
    const hc_token *t = hc_code_tok(s->u, i);
    if (t->len < 3) return;
    const char *path = s->text + t->off + 1;
    size_t n = t->len - 2;
    for (size_t k = 0; k < COUNT_OF(cg_headers); k++) {
        const char *header = cg_headers[k];
        if (strlen(header) != n || memcmp(header, path, n) != 0) continue;
        hc_unit_diag(s->u, HC_D_CG_EXTENSION, t->off, header, header);
        return;
    }
}

void unp_collect_cg(unp_scan *s) {
    collect_cg_namespaces(s);
    collect_cg_variables(s);
}
