/* pass_arguments.c: rewrites the arguments of CUDA calls whose HIP counterpart takes them differently
 * (HIP_SYMBOL() around symbols, kernel casts, overloads chosen by argument count), driven by
 * mappings/arguments.tsv. It does not rename plain identifiers: pass_rename.c does that. */
#include "argrewrite.h"
#include "mapping.h"
#include "code.h"
#include "unit.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Arguments are token ranges [first, last] of one call (code.h's split); a call has at most
 * HC_CODE_MAX_ARGS that a rewrite looks at. close is the call's closing parenthesis: where an argument
 * added at the end goes. */
#define HC_MAX_CALL_ARGS HC_CODE_MAX_ARGS

typedef struct call_args {
    size_t *first, *last; /* the split's ranges */
    size_t count;         /* number of arguments, possibly more than HC_MAX_CALL_ARGS (then ranges are partial) */
    size_t close;
} call_args;

/* Splits the argument list between open and close (matching parentheses) with code.h's splitter. A
 * rewrite moves, wraps and deletes argument text, so a split the template-comma rule calls doubtful
 * (f(t<int, 3>::v)), or one with an empty argument, is refused: the caller reports it instead of guessing. */
static bool split_args(const hc_unit *u, size_t open, size_t close, hc_code_args *split, call_args *out) {
    hc_code_split(u, open, close, HC_SPLIT_CALL, split);
    *out = (call_args){split->first, split->last, split->n, close};
    return !split->empty && !split->angles;
}


/* Adds ", text" as a new last argument. It goes right before the closing parenthesis (as hipify-clang
 * places it), so a call whose ')' stands on its own line keeps that layout. */
static int add_last_arg(hc_unit *u, const call_args *a, const char *text) {
    char buf[600];
    snprintf(buf, sizeof buf, ", %s", text);
    return hc_unit_edit(u, hc_code_tok(u, a->close)->off, 0, buf, HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS);
}

/* Removes arguments k..k+n-1: from the first one's start to the next argument's start ("x, "), or for
 * the last arguments from the comma after argument k-1 to the closing parenthesis (", x"). These are
 * hipify-clang's ranges, so a call split over lines keeps its line breaks where it does. */
static int remove_args(hc_unit *u, const call_args *a, size_t k, size_t n) {
    uint32_t from, to;
    if (k + n < a->count) {
        from = hc_code_tok(u, a->first[k])->off;
        to = hc_code_tok(u, a->first[k + n])->off;
    } else {
        from = hc_code_end(u, a->last[k - 1]);
        size_t comma = hc_code_next(u, a->last[k - 1]);
        if (comma < a->close) from = hc_code_tok(u, comma)->off;
        to = hc_code_tok(u, a->close)->off;
    }
    return hc_unit_edit(u, from, to - from, "", HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS);
}

/* Copies arguments k..k+n-1 (with what lies between them) into out, with the table renames applied to
 * their identifiers: a moved argument's original text is deleted, which drops the rename pass's edits
 * inside it, so the copy must carry them (MIOPEN_SOFTMAX_ACCURATE, not CUDNN_SOFTMAX_ACCURATE). Only
 * the plain renames: a name after '.', '->' or '::' is copied as written. Returns false when the text
 * does not fit. */
static bool render_args(const hc_unit *u, const call_args *a, size_t k, size_t n, char *out, size_t cap) {
    const char *t = u->text;
    size_t len = 0;
    uint32_t pos = hc_code_tok(u, a->first[k])->off, end = hc_code_end(u, a->last[k + n - 1]);
    for (size_t i = a->first[k]; i <= a->last[k + n - 1]; i = hc_code_next(u, i)) {
        const hc_token *tok = hc_code_tok(u, i);
        if (tok->kind != HC_TOK_IDENT || (tok->flags & HC_TOKF_VETO)) continue; /* a user entity keeps its name */
        const hc_mapping *m = hc_mapping_find(t + tok->off, tok->len);
        if (!m || m->kind == HC_KIND_MEMBER || m->kind == HC_KIND_NAMESPACE) continue;
        size_t p = hc_code_prev(u, i);
        if (p != SIZE_MAX && (hc_code_punct(u, p, ".") || hc_code_punct(u, p, "->") || hc_code_punct(u, p, "::"))) continue;
        hc_resolution r = hc_mapping_resolve(m, u->opt);
        if (r.kind != HC_RES_CONVERT) continue;
        size_t gap = tok->off - pos, tl = strlen(r.target);
        if (len + gap + tl >= cap) return false;
        memcpy(out + len, t + pos, gap);
        memcpy(out + len + gap, r.target, tl);
        len += gap + tl;
        pos = tok->off + tok->len;
    }
    if (len + (end - pos) >= cap) return false;
    memcpy(out + len, t + pos, end - pos);
    out[len + (end - pos)] = '\0';
    return true;
}

/* The target HIP version as hipGetProcAddress's version parameter wants it (100 * major + minor), or
 * the macros of the HIP compiled against when no target is known. */
static void hip_version_text(const hc_unit *u, char *out, size_t cap) {
    hc_version v = u->opt->hip_version;
    if (v)
        snprintf(out, cap, "%u", (unsigned)((v >> 16) * 100 + ((v >> 8) & 0xff)));
    else
        snprintf(out, cap, "HIP_VERSION_MAJOR * 100 + HIP_VERSION_MINOR");
}

/* True when the file is C (not C++/CUDA): casts are then spelled (T)(x). */
static bool is_c_file(const hc_unit *u) {
    size_t n = u->path ? strlen(u->path) : 0;
    return n > 2 && strcmp(u->path + n - 2, ".c") == 0;
}

/* The argument already has the wrapping this rewrite would add (the file was translated before). */
static bool already_wrapped(const hc_unit *u, const call_args *a, size_t k, const hc_arg_rewrite *rw) {
    if (rw->action == HC_ARGACT_SYMBOL) return hc_code_is(u, a->first[k], "HIP_SYMBOL");
    if (hc_code_is(u, a->first[k], "reinterpret_cast")) return true;
    /* (const void*) x */
    size_t i = a->first[k];
    if (!hc_code_punct(u, i, "(")) return false;
    i = hc_code_next(u, i);
    if (!hc_code_is(u, i, "const")) return false;
    return hc_code_is(u, hc_code_next(u, i), "void");
}

/* The argument is already spelled as a C-style cast to type: "(void **) &p" for "void**". Compared
 * with spaces ignored, token by token, up to the closing parenthesis. */
/* True when argument k is a null pointer constant spelled alone (NULL, nullptr, 0): it converts to any
 * pointer type, so it needs no cast, and reinterpret_cast of nullptr would not compile. */
static bool is_null_literal(const hc_unit *u, const call_args *a, size_t k) {
    if (a->first[k] != a->last[k]) return false;
    static const char *const nulls[] = {"NULL", "nullptr", "0"};
    return hc_code_is_any(u, a->first[k], nulls, COUNT_OF(nulls));
}

static bool already_cast_to(const hc_unit *u, const call_args *a, size_t k, const char *type) {
    size_t i = a->first[k];
    if (!hc_code_punct(u, i, "(")) return false;
    const char *want = type;
    for (i = hc_code_next(u, i); i <= a->last[k] && i < u->toks.n && !hc_code_punct(u, i, ")"); i = hc_code_next(u, i)) {
        const hc_token *t = hc_code_tok(u, i);
        while (*want == ' ') want++;
        if (strncmp(want, u->text + t->off, t->len) != 0) return false;
        want += t->len;
    }
    while (*want == ' ') want++;
    return *want == '\0' && i < a->last[k];
}

/* Wraps argument k in prefix ... suffix with two insertions, so renames inside it still apply. */
static int wrap_arg(hc_unit *u, const call_args *a, size_t k, const char *prefix, const char *suffix) {
    if (hc_unit_edit(u, hc_code_tok(u, a->first[k])->off, 0, prefix, HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0) return -1;
    return hc_unit_edit(u, hc_code_end(u, a->last[k]), 0, suffix, HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS);
}

/* True when a replacement function named by the table is available at the target HIP version. */
static bool hip_function_available(const hc_unit *u, const char *hip) {
    const hc_mapping *m = hc_mapping_find_hip(hip, strlen(hip));
    if (!m) return true; /* not a table name (a macro such as hipHostMallocDefault): nothing to check */
    hc_resolution r = hc_mapping_resolve(m, u->opt);
    return r.kind == HC_RES_CONVERT || r.kind == HC_RES_IDENTITY;
}

/* SYMBOL, CAST, CAST_UNLESS, QUALIFY_UNLESS (and SHIM_UNLESS in C): wraps argument arg_index. Returns 1 when it
 * rewrote, 0 when the row did not apply, -1 on out-of-memory. */
static int apply_cast(hc_unit *u, size_t name_tok, const char *name, const call_args *a, const hc_arg_rewrite *rw) {
    char message[256], buf[160];
    const hc_token *nt = hc_code_tok(u, name_tok);
    size_t k = rw->arg_index;
    if (k >= a->count || k >= HC_MAX_CALL_ARGS || already_wrapped(u, a, k, rw)) return 0;
    /* CUDA's template overload took a typed pointer (int **) that HIP's void ** does not: the cast is
     * left out only where the semantic pass saw the argument already has the type. Without it (no
     * parse, a macro, a type the parse could not see) the cast is written: reinterpret_cast<void **>
     * of any object pointer's address is what CUDA's template did itself. */
    bool unless = rw->action == HC_ARGACT_CAST_UNLESS || rw->action == HC_ARGACT_QUALIFY_UNLESS ||
                  rw->action == HC_ARGACT_SHIM_UNLESS;
    if (unless &&
        ((hc_code_tok(u, a->first[k])->flags & HC_TOKF_TYPED) || already_cast_to(u, a, k, rw->text) ||
         is_null_literal(u, a, k)))
        return 0;
    if (rw->action == HC_ARGACT_SYMBOL) {
        /* CUDA before 5.0 also took the symbol's name as a string, which neither CUDA 5.0 nor HIP looks up:
         * the call fails at run time either way. It is wrapped as hipify-clang wraps it (HIP_SYMBOL(X) is X
         * for AMD) and said. */
        if (hc_code_kind(u, a->first[k], HC_TOK_STRING))
            hc_unit_diag(u, HC_D_ARGUMENT_CHECK, nt->off, name,
                         "symbol given as a string, which HIP (like CUDA 5.0 and later) does not look up: pass the symbol itself");
        if (wrap_arg(u, a, k, "HIP_SYMBOL(", ")") < 0) return -1;
        snprintf(message, sizeof message, "'%s': argument %zu wrapped in HIP_SYMBOL()", name, k + 1);
    } else {
        if (is_c_file(u))
            snprintf(buf, sizeof buf, "(%s)(", rw->text);
        else
            snprintf(buf, sizeof buf, "%s<%s>(", rw->action == HC_ARGACT_QUALIFY_UNLESS ? "const_cast" : "reinterpret_cast",
                     rw->text);
        if (wrap_arg(u, a, k, buf, ")") < 0) return -1;
        snprintf(message, sizeof message, "'%s': argument %zu cast to '%s'", name, k + 1, rw->text);
    }
    hc_unit_diag(u, HC_D_ARGUMENT_REWRITE, nt->off, name, message);
    return 1;
}

/* Applies one table row to the call of `name` at token index name_tok. Returns 1 when it rewrote,
 * 0 when the row did not apply, -1 on out-of-memory. */
static int apply_rewrite(hc_unit *u, size_t name_tok, const char *name, const call_args *a, const hc_arg_rewrite *rw) {
    char message[256], buf[160];
    const hc_token *nt = hc_code_tok(u, name_tok);
    if (rw->nargs >= 0 && (size_t)rw->nargs != a->count) return 0;
    if (a->count > HC_MAX_CALL_ARGS) return 0; /* no CUDA API takes that many: not one of ours */
    if (rw->hip_since && u->opt->hip_version >= rw->hip_since) return 0; /* the target HIP needs no more */
    switch ((hc_arg_action)rw->action) {
    case HC_ARGACT_WARN_UNLESS: {
        size_t k = rw->arg_index;
        if (k >= a->count || k >= HC_MAX_CALL_ARGS || !(hc_code_tok(u, a->first[k])->flags & HC_TOKF_MISTYPED)) return 0;
        snprintf(message, sizeof message, "'%s': argument %zu has another type than the %s HIP takes; cast it "
                 "(reinterpret_cast<%s>)", name, k + 1, rw->text, rw->text);
        hc_unit_diag(u, HC_D_ARGUMENT_CHECK, nt->off, name, message);
        return 0;
    }
    case HC_ARGACT_SHIM:
    case HC_ARGACT_SHIM_UNLESS: {
        /* C has no overloads: there a typed pointer gets the cast */
        if (rw->action == HC_ARGACT_SHIM_UNLESS && is_c_file(u)) return apply_cast(u, name_tok, name, a, rw);
        if (is_c_file(u)) return 0;
        size_t k = rw->arg_index;
        if (rw->action == HC_ARGACT_SHIM_UNLESS &&
            (k >= a->count || k >= HC_MAX_CALL_ARGS || (hc_code_tok(u, a->first[k])->flags & HC_TOKF_TYPED) ||
             already_wrapped(u, a, k, rw) || already_cast_to(u, a, k, rw->text) || is_null_literal(u, a, k)))
            return 0;
        u->uses_shim = true;
        const hc_mapping *m = hc_mapping_find(u->text + nt->off, nt->len);
        hc_resolution r = m ? hc_mapping_resolve(m, u->opt) : (hc_resolution){0};
        snprintf(buf, sizeof buf, "%s (C++ template overload)", m && r.target ? r.target : name);
        hc_unit_diag(u, HC_D_SHIM_USED, nt->off, name, name, buf);
        return 1;
    }
    case HC_ARGACT_SYMBOL:
    case HC_ARGACT_CAST:
    case HC_ARGACT_CAST_UNLESS:
    case HC_ARGACT_QUALIFY_UNLESS:
        return apply_cast(u, name_tok, name, a, rw);
    case HC_ARGACT_RENAME:
        if (!rw->hip[0] || !hip_function_available(u, rw->hip)) return 0;
        if (hc_unit_edit(u, nt->off, nt->len, rw->hip, HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0) return -1;
        snprintf(message, sizeof message, "'%s' with %zu arguments is '%s' in HIP", name, a->count, rw->hip);
        break;
    case HC_ARGACT_APPEND:
        if (rw->hip[0]) {
            if (!hip_function_available(u, rw->hip)) return 0;
            if (hc_unit_edit(u, nt->off, nt->len, rw->hip, HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0) return -1;
        }
        if (a->count == 0) return 0;
        if (add_last_arg(u, a, rw->text) < 0) return -1;
        if (rw->hip[0])
            snprintf(message, sizeof message, "'%s' with %zu arguments is '%s' in HIP; argument '%s' appended", name,
                     a->count, rw->hip, rw->text);
        else
            snprintf(message, sizeof message, "'%s': argument '%s' appended", name, rw->text);
        break;
    case HC_ARGACT_DROP: {
        size_t k = rw->arg_index;
        if (k == 0 || k >= a->count) return 0;
        bool null_literal = is_null_literal(u, a, k);
        if (!null_literal) {
            snprintf(message, sizeof message, "'%s' with %zu arguments: %s", name, a->count, rw->text);
            hc_unit_diag(u, HC_D_ARGUMENT_CHECK, nt->off, name, message);
            return 1;
        }
        /* remove ", NULL": from the end of the previous argument to the end of this one */
        uint32_t from = hc_code_end(u, a->last[k - 1]), to = hc_code_end(u, a->last[k]);
        if (hc_unit_edit(u, from, to - from, "", HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0) return -1;
        snprintf(message, sizeof message, "'%s': null argument %zu dropped (HIP has no such parameter)", name, k + 1);
        break;
    }
    case HC_ARGACT_REMOVE: {
        /* hipify-clang removes these arguments whatever they hold (HIP has no such parameter); a value
         * that is not null is lost, so it is said */
        size_t k = rw->arg_index;
        if (k >= a->count || k >= HC_MAX_CALL_ARGS || a->count < 2) return 0;
        bool null_literal = is_null_literal(u, a, k);
        if (remove_args(u, a, k, 1) < 0) return -1;
        if (!null_literal) {
            snprintf(message, sizeof message, "'%s': argument %zu removed: %s", name, k + 1, rw->text);
            hc_unit_diag(u, HC_D_ARGUMENT_CHECK, nt->off, name, message);
            return 1;
        }
        snprintf(message, sizeof message, "'%s': null argument %zu removed (HIP has no such parameter)", name, k + 1);
        break;
    }
    case HC_ARGACT_INSERT: {
        size_t k = rw->arg_index;
        if (k > a->count || k > HC_MAX_CALL_ARGS || a->count == 0) return 0;
        /* "$N" inserts a copy of argument N (0-based): rocSPARSE's interleaved batch calls take the batch
         * stride that cuSPARSE derives from the batch count */
        const char *text = rw->text;
        char copy[128];
        if (strcmp(text, "$HIP_VERSION") == 0) {
            hip_version_text(u, copy, sizeof copy);
            text = copy;
        } else if (text[0] == '$' && text[1] >= '0' && text[1] <= '9') {
            size_t j = (size_t)atoi(text + 1);
            if (j >= a->count || j >= HC_MAX_CALL_ARGS) return 0;
            uint32_t from = hc_code_tok(u, a->first[j])->off, to = hc_code_end(u, a->last[j]);
            if (to - from >= sizeof copy) return 0;
            memcpy(copy, u->text + from, to - from);
            copy[to - from] = '\0';
            text = copy;
        }
        if (k == a->count) {
            if (add_last_arg(u, a, text) < 0) return -1;
        } else {
            snprintf(buf, sizeof buf, "%s, ", text);
            if (hc_unit_edit(u, hc_code_tok(u, a->first[k])->off, 0, buf, HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0) return -1;
        }
        snprintf(message, sizeof message, "'%s': argument '%s' inserted as argument %zu", name, text, k + 1);
        break;
    }
    case HC_ARGACT_REPLACE: {
        /* the argument's CUDA value means nothing to the target (rocSPARSE picks its own solve policy) */
        size_t k = rw->arg_index;
        if (k >= a->count || k >= HC_MAX_CALL_ARGS) return 0;
        uint32_t from = hc_code_tok(u, a->first[k])->off, to = hc_code_end(u, a->last[k]);
        if (to - from == strlen(rw->text) && memcmp(u->text + from, rw->text, to - from) == 0) return 0;
        if (hc_unit_edit(u, from, to - from, rw->text, HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0) return -1;
        snprintf(message, sizeof message, "'%s': argument %zu replaced by '%s'", name, k + 1, rw->text);
        break;
    }
    case HC_ARGACT_MOVE: {
        /* MIOpen takes some of cuDNN's parameters in another order (the workspace last, the softmax
         * algorithm and mode after the tensors): the block is cut and written again before the
         * original argument `to` (or at the end); positions are the CUDA call's */
        size_t k = rw->arg_index;
        unsigned n = 0, to = 0;
        if (sscanf(rw->text, "%u:%u", &n, &to) != 2 || n == 0) return 0;
        if (k + n > a->count || to > a->count || a->count > HC_MAX_CALL_ARGS || (to > k && to < k + n)) return 0;
        if (k == 0 && k + n == a->count) return 0;
        char moved[512];
        if (!render_args(u, a, k, n, moved, sizeof moved)) return 0;
        if (remove_args(u, a, k, n) < 0) return -1;
        if (to == a->count) {
            if (add_last_arg(u, a, moved) < 0) return -1;
        } else {
            char ins[520];
            snprintf(ins, sizeof ins, "%s, ", moved);
            if (hc_unit_edit(u, hc_code_tok(u, a->first[to])->off, 0, ins, HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0) return -1;
        }
        if (n == 1)
            snprintf(message, sizeof message, "'%s': argument %zu moved before argument %u", name, k + 1, to + 1);
        else
            snprintf(message, sizeof message, "'%s': arguments %zu-%zu moved %s %u", name, k + 1, k + n,
                     to == a->count ? "to the end, after argument" : "before argument", to == a->count ? to : to + 1);
        break;
    }
    case HC_ARGACT_CHECK:
        snprintf(message, sizeof message, "'%s' with %zu arguments: %s", name, a->count, rw->text);
        hc_unit_diag(u, HC_D_ARGUMENT_CHECK, nt->off, name, message);
        return 1;
    default:
        return 0;
    }
    hc_unit_diag(u, HC_D_ARGUMENT_REWRITE, nt->off, name, message);
    return 1;
}

int hc_pass_arguments(hc_unit *u) {
    const char *t = u->text;
    for (size_t i = 0; i < u->toks.n; i++) {
        const hc_token *tok = hc_code_tok(u, i);
        if (tok->kind != HC_TOK_IDENT || (tok->flags & HC_TOKF_VETO)) continue;
        if (hc_code_skipped(u, i)) continue;
        size_t nrw = 0;
        const hc_arg_rewrite *rws = hc_arg_rewrites_find(t + tok->off, tok->len, &nrw);
        if (!rws) continue;
        /* a call: name ( ... ), not a member call and not the macro being defined */
        size_t p = hc_code_prev(u, i);
        if (p != SIZE_MAX && (hc_code_punct(u, p, ".") || hc_code_punct(u, p, "->") || hc_code_is(u, p, "define")))
            continue;
        size_t open = hc_code_next(u, i);
        if (!hc_code_punct(u, open, "(")) continue;
        size_t close = hc_code_pair(u, open);
        if (close == SIZE_MAX) continue;
        /* only where the call itself is translated (the target HIP has the function) */
        const hc_mapping *m = hc_mapping_find(t + tok->off, tok->len);
        if (!m) continue;
        hc_resolution r = hc_mapping_resolve(m, u->opt);
        if (r.kind != HC_RES_CONVERT && r.kind != HC_RES_IDENTITY) continue;
        hc_code_args split;
        call_args args;
        char name[128];
        if (tok->len >= sizeof name) continue;
        memcpy(name, t + tok->off, tok->len);
        name[tok->len] = '\0';
        if (!split_args(u, open, close, &split, &args)) {
            hc_unit_diag(u, HC_D_ARGUMENT_CHECK, tok->off, name, "arguments could not be split safely: check them by hand");
            continue;
        }
        for (size_t k = 0; k < nrw; k++)
            if ((!rws[k].target[0] || strcmp(rws[k].target, r.target) == 0) && apply_rewrite(u, i, name, &args, &rws[k]) < 0) return -1;
    }
    return 0;
}
