/* unportable_minmax.c: the min/max check of the unportable pass: a call whose two arguments have types CUDA
 * has a mixed overload for and HIP does not (casts both to the common type), or a built-in index HIP spells as
 * a proxy object (casts it to unsigned int). It types only literals, declared names and threadIdx.x. */
#include "unportable.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct minmax_type { const char *spelling, *type; } minmax_type;
typedef struct minmax_mixed { const char *a, *b, *common; } minmax_mixed;

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

/* The type an integer or floating literal has, or NULL (too large, long double, not a literal). */
static const char *literal_type(const unp_scan *s, size_t i) {
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
static const char *declared_type(const unp_scan *s, const hc_body *b, size_t use) {
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

/* The type of the argument [first, last], or NULL when the tokens do not tell. *builtin is set for
 * threadIdx.x and the like: HIP spells those as proxy objects that convert to unsigned int, so they need
 * the cast even where CUDA's type already is the common one. */
static const char *argument_type(const unp_scan *s, const hc_body *b, size_t first, size_t last, bool *builtin) {
    *builtin = false;
    if (first == last && hc_code_kind(s->u, first, HC_TOK_NUMBER)) return literal_type(s, first);
    if (first == last && hc_code_kind(s->u, first, HC_TOK_IDENT)) return declared_type(s, b, first);
    if (hc_code_is(s->u, first, "-") && hc_code_next(s->u, first) == last && hc_code_kind(s->u, last, HC_TOK_NUMBER)) {
        const char *t = literal_type(s, last);
        return t && strncmp(t, "unsigned", 8) != 0 ? t : NULL;
    }
    if (unp_builtin_index(s, first, last)) {
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
static int cast_builtin_arguments(unp_scan *s, size_t i, size_t a0, size_t b0) {
    if (a0 == NONE && b0 == NONE) return 0;
    char name[8];
    unp_tok_name(s, i, name, sizeof name);
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

int unp_check_min_max(unp_scan *s, size_t i) {
    if (!hc_code_is(s->u, i, "min") && !hc_code_is(s->u, i, "max")) return 0;
    const hc_body *b = hc_code_device_body(s->u, i);
    if (!b || !unp_global_use(s, i)) return 0;
    /* the split is taken even where the template-comma rule doubts it: only an argument that is one
     * literal, one name or threadIdx.x is typed, and a template comma leaves no such argument or makes
     * more than two */
    hc_code_args args;
    if (!unp_call_args(s, i, &args) || args.n != 2 || args.empty) return 0;
    size_t a0 = args.first[0], a1 = args.last[0], b0 = args.first[1], b1 = args.last[1];
    bool builtin_a, builtin_b;
    const char *ta = argument_type(s, b, a0, a1, &builtin_a), *tb = argument_type(s, b, b0, b1, &builtin_b);
    const char *common = ta && tb && strcmp(ta, tb) ? common_type(ta, tb) : NULL;
    if (!common) return cast_builtin_arguments(s, i, builtin_a ? a0 : NONE, builtin_b ? b0 : NONE);
    char cast[40], name[8];
    snprintf(cast, sizeof cast, "(%s)", common);
    unp_tok_name(s, i, name, sizeof name);
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
