/* pass_opaque.c: rewrites a pointer to a CUDA opaque struct tag (struct CUstream_st *) to the HIP name of
 * the handle typedef CUDA declares as that pointer (hipStream_t), and reports the forms it cannot rewrite.
 * It does not rename the tag itself (pass_rename.c does, as hipify-clang does); the table is
 * mappings/opaque_tags.def. */
#include "code.h"
#include "mapping.h"
#include "unit.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

typedef struct opaque_tag {
    const char *tag;
    const char *handle;
} opaque_tag;

static const opaque_tag opaque_tags[] = {
#define HC_OPAQUE_TAG(tag, handle) {tag, handle},
#include "../../mappings/opaque_tags.def"
#undef HC_OPAQUE_TAG
};

static const opaque_tag *find_tag(const hc_unit *u, size_t i) {
    const hc_token *k = hc_code_tok(u, i);
    if (k->len < 8 || (u->text[k->off] != 'C' && u->text[k->off] != 'c')) return NULL; /* every tag: CU.. or cu.. */
    for (size_t t = 0; t < COUNT_OF(opaque_tags); t++)
        if (hc_code_spelled(u, i, opaque_tags[t].tag, strlen(opaque_tags[t].tag))) return &opaque_tags[t];
    return NULL;
}

static bool ident_char(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/* True when the declaration the '*' at star belongs to goes on with another declarator (struct X *a, *b;):
 * only the first would get the handle type. A ',' inside brackets, or one that turns out to separate
 * parameters or template arguments (a ')' or '>' closes the list before any ';'), is no such comma. */
static bool more_declarators(const hc_unit *u, size_t star) {
    size_t depth = 0;
    bool comma = false;
    for (size_t i = hc_code_next(u, star); hc_code_valid(u, i); i = hc_code_next(u, i)) {
        if (hc_code_in_directive(u, i) != hc_code_in_directive(u, star)) break;
        if (hc_code_punct(u, i, "(") || hc_code_punct(u, i, "[") || hc_code_punct(u, i, "{")) depth++;
        else if (hc_code_punct(u, i, ")") || hc_code_punct(u, i, "]") || hc_code_punct(u, i, "}")) {
            if (depth == 0) return false; /* a parameter list, a cast, a braced list: the ',' separated entries */
            depth--;
        } else if (depth == 0 && (hc_code_punct(u, i, ">") || hc_code_punct(u, i, ">>"))) {
            if (comma) return false; /* template arguments */
        } else if (depth == 0 && hc_code_punct(u, i, ",")) {
            comma = true;
        } else if (depth == 0 && hc_code_punct(u, i, ";")) {
            return comma;
        }
    }
    return comma;
}

/* True when the file includes a CUDA header of the family (cublas_v2.h for cuBLAS): a library's handle
 * is declared by the library's header, which a file naming only the tag need not include. The runtime's
 * handles come with hip_runtime.h, which the include pass inserts where needed. */
static bool includes_family(const hc_unit *u, uint8_t family) {
    if (family == HC_FAM_RUNTIME || family == HC_FAM_DRIVER) return true;
    for (size_t h = 0; hc_code_valid(u, h); h++) {
        if (!hc_code_kind(u, h, HC_TOK_HASH)) continue;
        size_t k = hc_code_directive_name(u, h), p = hc_code_next(u, k);
        if (!hc_code_is(u, k, "include") || !hc_code_kind(u, p, HC_TOK_STRING) || !hc_code_in_directive(u, p)) continue;
        const hc_token *pt = hc_code_tok(u, p);
        const hc_header_map *row = pt->len > 2 ? hc_header_find(u->text + pt->off + 1, pt->len - 2) : NULL;
        if (row && row->family == family) return true;
    }
    return false;
}

/* One use of a tag at token i. */
static int rewrite_use(hc_unit *u, size_t i, const opaque_tag *t) {
    static const char *const keywords[] = {"struct", "class", "union"};
    static const char *const qualifiers[] = {"const", "volatile"};
    size_t kw = hc_code_prev(u, i), star = hc_code_next(u, i);
    bool keyword = hc_code_is_any(u, kw, keywords, COUNT_OF(keywords));
    const hc_token *tok = hc_code_tok(u, i);
    char spelled[64], handle_hip[96];
    snprintf(spelled, sizeof spelled, "%s%s", keyword ? "struct " : "", t->tag);

    const hc_mapping *m = hc_mapping_find(t->handle, strlen(t->handle));
    hc_resolution r = m ? hc_mapping_resolve(m, u->opt) : (hc_resolution){HC_RES_UNSUPPORTED, "", 0};
    if (r.kind != HC_RES_CONVERT && r.kind != HC_RES_IDENTITY) return 0; /* the tag's own report (HC1001) stands */
    snprintf(handle_hip, sizeof handle_hip, "%s", r.target);

    if (keyword && (hc_code_punct(u, star, ";") || hc_code_punct(u, star, "{"))) return 0; /* struct X; declares nothing of use */
    const char *why = NULL;
    size_t start = keyword ? kw : i;
    if (!keyword)
        why = "without 'struct': kept as hipify-clang writes it, which HIPIFY's tests pin";
    else if (!hc_code_punct(u, star, "*"))
        why = "the struct itself is named, not a pointer to it";
    else if (hc_code_is_any(u, hc_code_prev(u, start), qualifiers, COUNT_OF(qualifiers)))
        why = "the pointee is qualified, which the handle cannot say";
    else if (more_declarators(u, star))
        why = "further declarators follow, which the handle would not reach";
    else if (!includes_family(u, m->family))
        why = "the file includes no header of the library that declares the handle";
    if (why) {
        hc_unit_diag(u, HC_D_OPAQUE_TAG_LEFT, tok->off, t->tag, spelled, why, handle_hip, handle_hip);
        return 0;
    }
    /* The handle replaces `struct TAG *`; a space keeps it apart from a name or '*' glued to the star. */
    uint32_t from = hc_code_tok(u, start)->off, to = hc_code_end(u, star);
    char repl[112];
    char after = to < u->len ? u->text[to] : '\0';
    snprintf(repl, sizeof repl, "%s%s", handle_hip, ident_char(after) || after == '*' || after == '&' ? " " : "");
    if (hc_unit_edit(u, from, to - from, repl, HC_PRIO_REWRITE, HC_EFFORT_RENAME) < 0) return -1;
    hc_unit_diag(u, HC_D_OPAQUE_TAG_REWRITTEN, tok->off, t->tag, spelled, handle_hip, t->handle);
    return 0;
}

int hc_pass_opaque(hc_unit *u) {
    for (size_t i = 0; hc_code_valid(u, i); i++) {
        if (!hc_code_kind(u, i, HC_TOK_IDENT) || hc_code_skipped(u, i)) continue;
        if (u->toks.v[i].flags & HC_TOKF_VETO) continue; /* a struct of the user's own with that name */
        const opaque_tag *t = find_tag(u, i);
        if (!t) continue;
        size_t p = hc_code_prev(u, i);
        if (hc_code_is(u, p, ".") || hc_code_is(u, p, "->") || hc_code_is(u, p, "::")) continue;
        if (rewrite_use(u, i, t) < 0) return -1;
    }
    return 0;
}
