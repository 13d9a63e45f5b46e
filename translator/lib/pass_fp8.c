/* pass_fp8.c: finds where fp8 bits cross a boundary (memory copies, byte copies and reinterpretation, files,
 * unions, raw storage access) and reports each place (HC1150): the port keeps CUDA's OCP E4M3/E5M2 encoding,
 * while AMD's native fp8 on MI300 is FNUZ, where the same bits are other numbers. It changes no text. */
#include "code.h"
#include "grow.h"
#include "unit.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A name in the file's text: the fp8 types a file defines for itself (typedef, using) and the variables,
 * parameters and members declared with an fp8 type. */
typedef struct span {
    uint32_t off, len;
} span;
typedef struct span_list {
    span *v;
    size_t n, cap;
} span_list;

static const char *const fp8_types[] = {
#define FP8_TYPE(name) name,
#include "fp8_boundary.def"
};
static const struct crossing {
    const char *name, *kind;
} crossings[] = {
#define FP8_CROSSING(name, kind) {name, kind},
#include "fp8_boundary.def"
};

/* Code outside directives, in every #if branch unless the user asked to skip the excluded ones (as the
 * renames do). */
static bool is_code(const hc_unit *u, size_t i) {
    return !hc_code_skipped(u, i) && !hc_code_kind(u, i, HC_TOK_COMMENT) && !hc_code_kind(u, i, HC_TOK_HASH) &&
           !hc_code_in_directive(u, i);
}

static bool in_list(const hc_unit *u, size_t i, const span_list *l) {
    const hc_token *t = hc_code_tok(u, i);
    for (size_t k = 0; k < l->n; k++)
        if (l->v[k].len == t->len && memcmp(u->text + l->v[k].off, u->text + t->off, t->len) == 0) return true;
    return false;
}

static bool is_fp8_type(const hc_unit *u, size_t i, const span_list *aliases) {
    if (!hc_code_kind(u, i, HC_TOK_IDENT)) return false;
    for (size_t k = 0; k < COUNT_OF(fp8_types); k++)
        if (hc_code_is(u, i, fp8_types[k])) return true;
    return in_list(u, i, aliases);
}

static int add(span_list *l, const hc_token *t) {
    if (hc_grow(&l->v, &l->cap, l->n, sizeof *l->v, 16) < 0) return -1;
    l->v[l->n++] = (span){t->off, t->len};
    return 0;
}


static bool is_declarator_noise(const hc_unit *u, size_t i) {
    static const char *const words[] = {"*", "&", "&&", "const", "volatile", "__restrict__", "__restrict", "restrict", ">"};
    for (size_t w = 0; w < COUNT_OF(words); w++)
        if (hc_code_is(u, i, words[w])) return true;
    return false;
}

/* typedef ... FP8 ... NAME;  and  using NAME = ... FP8 ...; : NAME is an fp8 type too. One pass in file
 * order, so an alias of an alias is found when it follows its definition, as C++ requires. */
static int collect_aliases(const hc_unit *u, span_list *aliases) {
    for (size_t i = 0; i < u->toks.n; i++) {
        if (!is_code(u, i)) continue;
        bool is_typedef = hc_code_is(u, i, "typedef"), is_using = hc_code_is(u, i, "using");
        if (!is_typedef && !is_using) continue;
        size_t name = SIZE_MAX, end = i;
        bool fp8 = false;
        for (size_t k = hc_code_step(u, i, false); k < u->toks.n && !hc_code_punct(u, k, ";") && !hc_code_punct(u, k, "{");
             k = hc_code_step(u, k, false)) {
            if (is_fp8_type(u, k, aliases)) fp8 = true;
            if (hc_code_kind(u, k, HC_TOK_IDENT) && (is_typedef || name == SIZE_MAX)) name = k;
            end = k;
        }
        (void)end;
        if (fp8 && name != SIZE_MAX && !is_fp8_type(u, name, aliases) && add(aliases, hc_code_tok(u, name)) < 0) return -1;
    }
    return 0;
}

/* FP8 [*&const...] NAME followed by ; , = ) [ : NAME holds fp8 data (a variable, parameter or member). */
static int collect_variables(const hc_unit *u, const span_list *aliases, span_list *vars) {
    for (size_t i = 0; i < u->toks.n; i++) {
        if (!is_code(u, i) || !is_fp8_type(u, i, aliases)) continue;
        size_t k = hc_code_step(u, i, false);
        for (;;) {
            while (k < u->toks.n && is_declarator_noise(u, k)) k = hc_code_step(u, k, false);
            if (k >= u->toks.n || !hc_code_kind(u, k, HC_TOK_IDENT) || is_fp8_type(u, k, aliases)) break;
            size_t after = hc_code_step(u, k, false);
            if (after >= u->toks.n) break;
            if (!hc_code_punct(u, after, ";") && !hc_code_punct(u, after, ",") && !hc_code_punct(u, after, "=") &&
                !hc_code_punct(u, after, ")") && !hc_code_punct(u, after, "["))
                break;
            if (!in_list(u, k, vars) && add(vars, hc_code_tok(u, k)) < 0) return -1;
            if (!hc_code_punct(u, after, ",")) break;
            k = hc_code_step(u, after, false); /* another declarator of the same declaration (or the next parameter) */
        }
    }
    return 0;
}

/* The first token in [from, to) naming fp8 data or an fp8 type, or SIZE_MAX. */
static size_t find_fp8(const hc_unit *u, size_t from, size_t to, const span_list *aliases, const span_list *vars) {
    for (size_t k = from; k < to && k < u->toks.n; k = hc_code_step(u, k, false))
        if (hc_code_kind(u, k, HC_TOK_IDENT) && (is_fp8_type(u, k, aliases) || in_list(u, k, vars))) return k;
    return SIZE_MAX;
}

/* Reports the crossing at token at (named label, else by its own spelling) about the fp8 name at what. */
static void report(hc_unit *u, size_t at, const char *label, size_t what, const char *kind) {
    char name[128], data[128];
    const hc_token *a = hc_code_tok(u, at), *w = hc_code_tok(u, what);
    if (label) snprintf(name, sizeof name, "%s", label);
    else snprintf(name, sizeof name, "%.*s", (int)(a->len < 100 ? a->len : 100), u->text + a->off);
    snprintf(data, sizeof data, "%.*s", (int)(w->len < 100 ? w->len : 100), u->text + w->off);
    hc_unit_diag(u, HC_D_FP8_BOUNDARY, a->off, name, name, data, kind);
}

static const struct crossing *crossing_at(const hc_unit *u, size_t i) {
    for (size_t c = 0; c < COUNT_OF(crossings); c++)
        if (hc_code_is(u, i, crossings[c].name)) return &crossings[c];
    return NULL;
}

/* (T *)expr with an fp8 T, or with fp8 data as expr: a C-style pointer cast, the same bits seen as another
 * type. The parenthesis must hold only a type (names, '*', '&', '::', const) with at least one '*'. */
static size_t c_style_cast(const hc_unit *u, size_t open, const span_list *aliases, const span_list *vars) {
    size_t close = hc_code_match(u, open);
    if (close == SIZE_MAX) return SIZE_MAX;
    bool pointer = false;
    for (size_t k = hc_code_step(u, open, false); k < close; k = hc_code_step(u, k, false)) {
        if (hc_code_punct(u, k, "*")) pointer = true;
        else if (!hc_code_kind(u, k, HC_TOK_IDENT) && !hc_code_punct(u, k, "::") && !hc_code_punct(u, k, "&"))
            return SIZE_MAX;
    }
    size_t operand = hc_code_step(u, close, false);
    if (!pointer || operand >= u->toks.n) return SIZE_MAX;
    if (!hc_code_kind(u, operand, HC_TOK_IDENT) && !hc_code_punct(u, operand, "&") && !hc_code_punct(u, operand, "("))
        return SIZE_MAX;
    size_t inside = find_fp8(u, hc_code_step(u, open, false), close, aliases, vars);
    if (inside != SIZE_MAX) return inside;
    size_t k = operand;
    while (k < u->toks.n && (hc_code_punct(u, k, "&") || hc_code_punct(u, k, "("))) k = hc_code_step(u, k, false);
    return k < u->toks.n && in_list(u, k, vars) ? k : SIZE_MAX;
}

int hc_pass_fp8(hc_unit *u) {
    span_list aliases = {0}, vars = {0};
    int rc = -1;
    if (collect_aliases(u, &aliases) < 0 || collect_variables(u, &aliases, &vars) < 0) goto out;
    rc = 0;
    if (!vars.n && !aliases.n) {
        bool any = false; /* a file that never names an fp8 type has nothing to report */
        for (size_t i = 0; i < u->toks.n && !any; i++) any = is_code(u, i) && is_fp8_type(u, i, &aliases);
        if (!any) goto out;
    }
    for (size_t i = 0; i < u->toks.n; i = hc_code_step(u, i, false)) {
        if (!is_code(u, i)) continue;
        size_t next = hc_code_step(u, i, false);
        const struct crossing *c = hc_code_kind(u, i, HC_TOK_IDENT) ? crossing_at(u, i) : NULL;
        if (c && next < u->toks.n) {
            size_t from = next, to = SIZE_MAX;
            if (hc_code_punct(u, next, "<")) { /* reinterpret_cast<T>(x), std::bit_cast<T>(x) */
                size_t close = hc_code_template_close(u, next);
                size_t paren = close == SIZE_MAX ? SIZE_MAX : hc_code_step(u, close, false);
                if (hc_code_punct(u, paren, "(")) to = hc_code_match(u, paren);
            } else if (hc_code_punct(u, next, "(")) {
                size_t p = hc_code_prev(u, i); /* a definition or declaration of a function of that name */
                bool declared = p != SIZE_MAX && hc_code_kind(u, p, HC_TOK_IDENT) && !hc_code_is(u, p, "return");
                if (!declared) to = hc_code_match(u, next);
            }
            size_t what = to != SIZE_MAX ? find_fp8(u, from, to, &aliases, &vars) : SIZE_MAX;
            if (what != SIZE_MAX) report(u, i, NULL, what, c->kind);
            continue;
        }
        if (hc_code_punct(u, i, "(")) {
            size_t what = c_style_cast(u, i, &aliases, &vars);
            if (what != SIZE_MAX) report(u, i, "C-style cast", what, "reinterpretation");
        } else if (hc_code_is(u, i, "union")) { /* union { __nv_fp8_e4m3 f; unsigned char b; } */
            size_t open = next;
            if (open < u->toks.n && hc_code_kind(u, open, HC_TOK_IDENT)) open = hc_code_step(u, open, false);
            size_t close = open < u->toks.n && hc_code_punct(u, open, "{") ? hc_code_match(u, open) : SIZE_MAX;
            size_t what = close != SIZE_MAX ? find_fp8(u, open, close, &aliases, &vars) : SIZE_MAX;
            if (what != SIZE_MAX) report(u, i, NULL, what, "a union");
        } else if ((hc_code_punct(u, i, ".") || hc_code_punct(u, i, "->")) && hc_code_is(u, next, "__x")) {
            size_t obj = hc_code_prev(u, i); /* q.__x: the storage bits of an fp8 object, read or written raw */
            if (obj != SIZE_MAX && hc_code_punct(u, obj, "]")) {
                size_t k = obj;
                int depth = 0;
                do { /* back over the subscript: q[i].__x */
                    if (hc_code_punct(u, k, "]")) depth++;
                    else if (hc_code_punct(u, k, "[")) depth--;
                    k = hc_code_prev(u, k);
                } while (k != SIZE_MAX && depth > 0);
                obj = k;
            }
            if (obj != SIZE_MAX && in_list(u, obj, &vars)) report(u, next, NULL, obj, "raw storage access");
        }
    }
out:
    free(aliases.v);
    free(vars.v);
    return rc;
}
