/* pass_launch.c: finds kernel launches (name<<<config>>>(args)) on the token stream, macro bodies
 * included, and with --hip-kernel-execution-syntax rewrites them to hipLaunchKernelGGL in the form
 * hipify-clang writes; it reports launches in device code (dynamic parallelism) and joins chevrons nvcc
 * reads spaced (k << < g, b >> > ()). It never edits the text of the kernel name, the configuration parts
 * or the arguments (renames inside them survive): it only rewrites the separators between them. */
#include "code.h"
#include "grow.h"
#include "sbuf.h"
#include "unit.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- facts about the file gathered once: template kernels and macro definitions ---------------- */

typedef struct macro_def {
    size_t name;           /* token index of the macro name */
    size_t first, last;    /* body tokens (comments included); first > last when the body is empty */
    bool fnlike;
    size_t params[32];     /* token indices of the parameter names; "..." stands for __VA_ARGS__ */
    size_t nparams;
    bool variadic;         /* the last parameter is ... (or name...) */
} macro_def;

typedef struct launch_ctx {
    hc_unit *u;
    size_t *templates; /* token indices of names declared as function templates */
    size_t ntemplates, templates_cap;
    macro_def *macros;
    size_t nmacros, macros_cap;
} launch_ctx;

/* template <...> [specifiers] name(...): records name. hipify-clang wraps the kernel name in
 * HIP_KERNEL_NAME exactly when the launched kernel is a template instantiation; the token pass knows
 * that from the declarations in the file. */
static int collect_templates(launch_ctx *c) {
    hc_unit *u = c->u;
    for (size_t i = 0; hc_code_valid(u, i); i++) {
        if (!hc_code_kind(u, i, HC_TOK_IDENT) || !hc_code_is(u, i, "template")) continue;
        size_t lt = hc_code_next(u, i);
        if (!hc_code_punct(u, lt, "<")) continue;
        size_t gt = hc_code_template_close(u, lt);
        if (gt == SIZE_MAX) continue;
        size_t prev = SIZE_MAX;
        static const char *const not_functions[] = {"struct", "class", "union", "using", "template"};
        for (size_t j = hc_code_next(u, gt); hc_code_valid(u, j); prev = j, j = hc_code_next(u, j)) {
            if (hc_code_kind(u, j, HC_TOK_IDENT) && hc_code_is_any(u, j, not_functions, COUNT_OF(not_functions))) break;
            if (!hc_code_kind(u, j, HC_TOK_PUNCT)) continue;
            if (hc_code_is(u, j, "(")) {
                const hc_token *pk = hc_code_valid(u, prev) ? hc_code_tok(u, prev) : NULL;
                if (pk && pk->kind == HC_TOK_IDENT && pk->len > 4 && !memcmp(u->text + pk->off, "__", 2) &&
                    !memcmp(u->text + pk->off + pk->len - 2, "__", 2)) { /* __launch_bounds__(...), __attribute__((...)) */
                    size_t close = hc_code_pair(u, j);
                    if (close == SIZE_MAX) break;
                    j = close;
                    continue;
                }
                if (pk && pk->kind == HC_TOK_IDENT) {
                    if (hc_grow(&c->templates, &c->templates_cap, c->ntemplates, sizeof *c->templates, 32) < 0)
                        return -1;
                    c->templates[c->ntemplates++] = prev;
                }
                break;
            }
            if (hc_code_is(u, j, ";") || hc_code_is(u, j, "{") || hc_code_is(u, j, "=")) break;
        }
    }
    return 0;
}

/* Every #define: name, parameters and body tokens. */
static int collect_macros(launch_ctx *c) {
    hc_unit *u = c->u;
    for (size_t i = 0; hc_code_valid(u, i); i++) {
        if (!hc_code_kind(u, i, HC_TOK_HASH)) continue;
        size_t kw = hc_code_directive_name(u, i);
        if (!hc_code_is(u, kw, "define")) continue;
        size_t name = hc_code_next(u, kw);
        if (!hc_code_in_directive(u, name) || !hc_code_kind(u, name, HC_TOK_IDENT)) continue;
        macro_def m = {.name = name};
        size_t j = name + 1;
        if (hc_code_punct(u, j, "(") && hc_code_tok(u, j)->off == hc_code_end(u, name)) { /* function-like */
            m.fnlike = true;
            for (j = hc_code_next(u, j); hc_code_in_directive(u, j); j = hc_code_next(u, j)) {
                if (hc_code_punct(u, j, ")")) break;
                if (hc_code_punct(u, j, ",")) continue;
                if (hc_code_punct(u, j, "...")) m.variadic = true;
                else if (!hc_code_kind(u, j, HC_TOK_IDENT)) break;
                else if (hc_code_punct(u, hc_code_next(u, j), "...")) { /* GNU named variadic: args... */
                    m.variadic = true;
                    if (m.nparams < 32) m.params[m.nparams++] = j;
                    j = hc_code_next(u, j);
                    continue;
                }
                if (m.nparams < 32) m.params[m.nparams++] = j;
            }
            if (!hc_code_punct(u, j, ")") || m.nparams == 32) continue; /* malformed: ignore */
            j++;
        }
        m.first = j;
        while (hc_code_in_directive(u, j) && !hc_code_kind(u, j, HC_TOK_HASH)) j++;
        m.last = j - 1;
        m.first = hc_code_from(u, m.first, m.last + 1);
        if (hc_grow(&c->macros, &c->macros_cap, c->nmacros, sizeof *c->macros, 32) < 0) return -1;
        c->macros[c->nmacros++] = m;
        i = m.last;
    }
    return 0;
}

/* The definition whose body holds token i, or NULL. */
static const macro_def *macro_holding(const launch_ctx *c, size_t i) {
    size_t lo = 0, hi = c->nmacros;
    while (lo < hi) { /* last definition starting at or before i */
        size_t mid = (lo + hi) / 2;
        if (c->macros[mid].name <= i) lo = mid + 1;
        else hi = mid;
    }
    if (lo == 0) return NULL;
    const macro_def *m = &c->macros[lo - 1];
    return i >= m->first && i <= m->last ? m : NULL;
}

/* The object-like definition of identifier token i seen before it, or NULL. */
static const macro_def *object_macro_named(const launch_ctx *c, size_t i) {
    for (size_t k = c->nmacros; k-- > 0;)
        if (c->macros[k].name < i && !c->macros[k].fnlike && hc_code_same(c->u, c->macros[k].name, i)) return &c->macros[k];
    return NULL;
}

/* Index of parameter named by token i in m, or -1. __VA_ARGS__ names the ... parameter. */
static int param_index(const hc_unit *u, const macro_def *m, size_t i) {
    if (!hc_code_kind(u, i, HC_TOK_IDENT)) return -1;
    if (m->variadic && hc_code_is(u, i, "__VA_ARGS__"))
        return hc_code_punct(u, m->params[m->nparams - 1], "...") ? (int)m->nparams - 1 : -1;
    for (size_t k = 0; k < m->nparams; k++)
        if (hc_code_kind(u, m->params[k], HC_TOK_IDENT) && hc_code_same(u, m->params[k], i)) return (int)k;
    return -1;
}

/* True when the kernel name in tokens [first, last] is a template instantiation: it has template
 * arguments, names a function template of this file, or is an object-like macro that expands to one. */
static bool names_template(const launch_ctx *c, size_t first, size_t last, int depth) {
    const hc_unit *u = c->u;
    size_t ident = SIZE_MAX;
    for (size_t i = first; i <= last && i < u->toks.n; i++) {
        if (hc_code_punct(u, i, "<")) return true;
        if (hc_code_kind(u, i, HC_TOK_IDENT)) ident = i;
    }
    if (ident == SIZE_MAX) return false;
    for (size_t k = 0; k < c->ntemplates; k++)
        if (hc_code_same(u, c->templates[k], ident)) return true;
    const macro_def *m = depth < 4 ? object_macro_named(c, ident) : NULL;
    return m && m->first <= m->last && names_template(c, m->first, m->last, depth + 1);
}

/* ---- the token shape of a launch ------------------------------------------------------------- */

/* Start index of the kernel-name expression that ends at token index end (the token before <<<):
 * an identifier, optionally qualified (a::b) or pasted in a macro body (a##b), optionally followed
 * by template arguments <...>. SIZE_MAX when no name is there. */
static size_t kernel_name_start(const hc_unit *u, size_t end, bool dir) {
    size_t i = end;
    if (hc_code_is(u, i, ">") || hc_code_is(u, i, ">>")) {
        i = hc_code_prev(u, hc_code_template_open(u, i));
        if (i == SIZE_MAX) return SIZE_MAX;
    }
    for (size_t k = i; k <= end; k++) /* never across a directive line: k <newline> #if X <newline> <<<... */
        if (hc_code_in_directive(u, k) != dir) return SIZE_MAX;
    if (!hc_code_kind(u, i, HC_TOK_IDENT)) return SIZE_MAX;
    for (;;) { /* qualified names: ns::kernel, ::kernel; pasted names: prefix##_kernel */
        if (i != end && hc_code_in_directive(u, i) != dir) return SIZE_MAX;
        size_t p = hc_code_prev(u, i);
        if (p == SIZE_MAX) break;
        if (hc_code_is(u, p, "##")) {
            size_t q = hc_code_prev(u, p);
            if (!hc_code_kind(u, q, HC_TOK_IDENT) && !hc_code_kind(u, q, HC_TOK_NUMBER)) break;
            i = q;
            continue;
        }
        if (!hc_code_is(u, p, "::")) break;
        size_t q = hc_code_prev(u, p);
        if (hc_code_kind(u, q, HC_TOK_IDENT)) i = q;
        else { i = p; break; }
    }
    return i;
}

/* True when tokens [first, last] already form dim3(...). */
static bool is_dim3_call(const hc_unit *u, size_t first, size_t last) {
    if (!hc_code_is(u, first, "dim3")) return false;
    size_t open = hc_code_next(u, first);
    return open < last && hc_code_is(u, open, "(") && hc_code_pair(u, open) == last;
}


/* ---- the rewrite plan: literal text and byte ranges of the file kept in place ------------------ */

typedef struct piece {
    bool ref;          /* a range of the file (off, len) kept as it is; else literal text in plan.lit */
    uint32_t off, len;
} piece;

typedef struct plan {
    piece *v;
    size_t n, cap;
    hc_sbuf lit;
    bool oom;
} plan;

static void plan_push(plan *p, bool ref, uint32_t off, uint32_t len) {
    if (p->oom || len == 0) return;
    if (!ref && p->n && !p->v[p->n - 1].ref && p->v[p->n - 1].off + p->v[p->n - 1].len == off) {
        p->v[p->n - 1].len += len; /* adjacent literal text: one piece */
        return;
    }
    if (hc_grow(&p->v, &p->cap, p->n, sizeof *p->v, 32) < 0) {
        p->oom = true;
        return;
    }
    p->v[p->n++] = (piece){ref, off, len};
}
static void plan_lit(plan *p, const char *s, size_t n) {
    uint32_t off = (uint32_t)p->lit.len;
    hc_sbuf_add(&p->lit, s, n);
    if (p->lit.failed) p->oom = true;
    else plan_push(p, false, off, (uint32_t)n);
}
static void plan_lits(plan *p, const char *s) { plan_lit(p, s, strlen(s)); }
static void plan_ref(plan *p, uint32_t from, uint32_t to) { if (to > from) plan_push(p, true, from, to - from); }
static void plan_free(plan *p) { free(p->v); hc_sbuf_free(&p->lit); }

/* Proposes the edits that turn the file's bytes [start, end) into the plan's text. The ranges of the
 * file the plan keeps stay untouched, so renames inside them apply; they must come in file order.
 * Returns 0, 1 when they do not (nothing proposed: a macro use that reorders its arguments would
 * need them retyped, without their renames), or -1 on out-of-memory. */
static int plan_emit(hc_unit *u, const plan *p, uint32_t start, uint32_t end) {
    if (p->oom) return -1;
    uint32_t cur = start;
    for (size_t i = 0; i < p->n; i++)
        if (p->v[i].ref) {
            if (p->v[i].off < cur) return 1;
            cur = p->v[i].off + p->v[i].len;
        }
    if (cur > end) return 1;
    hc_sbuf pend = {0};
    int rc = 0;
    cur = start;
    for (size_t i = 0; i < p->n && rc == 0 && !pend.failed; i++) {
        const piece *k = &p->v[i];
        if (!k->ref) { hc_sbuf_add(&pend, p->lit.data + k->off, k->len); continue; }
        if (k->off > cur || pend.len)
            rc = hc_unit_edit(u, cur, k->off - cur, pend.len ? pend.data : "", HC_PRIO_LAUNCH, HC_EFFORT_ARGUMENTS);
        pend.len = 0;
        cur = k->off + k->len;
    }
    if (pend.failed) rc = -1;
    if (rc == 0 && (end > cur || pend.len))
        rc = hc_unit_edit(u, cur, end - cur, pend.len ? pend.data : "", HC_PRIO_LAUNCH, HC_EFFORT_ARGUMENTS);
    hc_sbuf_free(&pend);
    return rc;
}

/* Comments between byte offsets from and to, kept in the rewritten text: each after a blank; a line
 * comment ends its line and the text goes on indented like the line of offset to. Returns false
 * when the stretch holds a token other than a comment or one of the separators the rewrite drops. */
static bool plan_gap(plan *p, const hc_unit *u, uint32_t from, uint32_t to, bool in_define) {
    static const char *const launch_punct[] = {"<<<", ">>>", ",", "(", ")"};
    for (size_t i = hc_code_first_at(u, from); hc_code_valid(u, i) && hc_code_tok(u, i)->off < to; i++) {
        const hc_token *k = hc_code_tok(u, i);
        if (k->kind != HC_TOK_COMMENT) {
            if (!hc_code_kind(u, i, HC_TOK_PUNCT) || !hc_code_is_any(u, i, launch_punct, COUNT_OF(launch_punct)))
                return false;
            continue;
        }
        bool line = k->len >= 2 && u->text[k->off + 1] == '/';
        if (line && in_define) return false; /* it would swallow the rest of the definition */
        char last = p->n && !p->v[p->n - 1].ref && p->lit.len ? p->lit.data[p->lit.len - 1] : '\0';
        if (last != '\n' && last != ' ') plan_lits(p, " ");
        plan_lit(p, u->text + k->off, k->len);
        if (line) {
            plan_lits(p, "\n");
            uint32_t ls = to;
            while (ls > 0 && u->text[ls - 1] != '\n') ls--;
            uint32_t ie = ls;
            while (ie < to && (u->text[ie] == ' ' || u->text[ie] == '\t')) ie++;
            plan_lit(p, u->text + ls, ie - ls);
        }
    }
    return true;
}

/* ---- a launch rewritten where it is ----------------------------------------------------------- */

static int rewrite_in_place(launch_ctx *c, size_t name, size_t lt, size_t open, size_t close, const hc_code_args *cfg) {
    hc_unit *u = c->u;
    size_t before = hc_code_prev(u, lt);
    bool in_define = (hc_code_tok(u, lt)->flags & HC_TOKF_IN_DEFINE) != 0;
    bool tmpl = names_template(c, name, before, 0);
    size_t args[2] = {hc_code_next(u, open), close}; /* first and last argument token */
    if (args[0] >= close) args[0] = SIZE_MAX;
    else args[1] = hc_code_prev(u, close);
    plan p = {0};
    bool ok = true;
    plan_lits(&p, tmpl ? "hipLaunchKernelGGL(HIP_KERNEL_NAME(" : "hipLaunchKernelGGL(");
    plan_ref(&p, hc_code_tok(u, name)->off, hc_code_end(u, before));
    if (tmpl) plan_lits(&p, ")");
    uint32_t from = hc_code_end(u, before);
    for (size_t k = 0; k < cfg->n; k++) {
        bool wrap = k < 2 && !is_dim3_call(u, cfg->first[k], cfg->last[k]);
        ok = ok && plan_gap(&p, u, from, hc_code_tok(u, cfg->first[k])->off, in_define);
        plan_lits(&p, wrap ? ", dim3(" : ", ");
        plan_ref(&p, hc_code_tok(u, cfg->first[k])->off, hc_code_end(u, cfg->last[k]));
        if (wrap) plan_lits(&p, ")");
        from = hc_code_end(u, cfg->last[k]);
    }
    for (size_t k = cfg->n; k < 4; k++) plan_lits(&p, ", 0");
    if (args[0] != SIZE_MAX) {
        ok = ok && plan_gap(&p, u, from, hc_code_tok(u, args[0])->off, in_define);
        plan_lits(&p, ", ");
        plan_ref(&p, hc_code_tok(u, args[0])->off, hc_code_end(u, args[1]));
        from = hc_code_end(u, args[1]);
    }
    ok = ok && plan_gap(&p, u, from, hc_code_tok(u, close)->off, in_define);
    plan_lits(&p, ")");
    int rc = 0;
    if (!ok) hc_unit_diag(u, HC_D_LAUNCH_NOT_REWRITTEN, hc_code_tok(u, lt)->off, NULL,
                          "a preprocessor line or a line comment inside a macro body splits it");
    else rc = plan_emit(u, &p, hc_code_tok(u, name)->off, hc_code_end(u, close));
    plan_free(&p);
    return rc;
}

/* ---- launches written by a macro, rewritten where the macro is used ---------------------------- */

/* A use of macro m: the tokens of its arguments. */
typedef struct macro_use {
    size_t name, open, close;
    hc_code_args args; /* split as the preprocessor splits them */
} macro_use;

/* Appends body tokens [a, b] of m with the use's arguments in place of parameters: argument text stays
 * a range of the file (renames apply), body text is copied with single blanks where it had blanks.
 * Returns false on # or ## (stringizing and pasting are left to the preprocessor). */
static bool plan_subst(plan *p, const hc_unit *u, const macro_def *m, const macro_use *use, size_t a, size_t b) {
    size_t prev = SIZE_MAX;
    for (size_t j = hc_code_from(u, a, b + 1); j <= b; j = hc_code_next(u, j)) {
        const hc_token *k = hc_code_tok(u, j);
        if (k->kind == HC_TOK_HASH || hc_code_is(u, j, "#") || hc_code_is(u, j, "##")) return false;
        if (prev != SIZE_MAX && k->off > hc_code_end(u, prev)) plan_lits(p, " ");
        prev = j;
        int pi = m ? param_index(u, m, j) : -1;
        if (pi < 0) { plan_lit(p, u->text + k->off, k->len); continue; }
        size_t from = (size_t)pi, to = (size_t)pi; /* the argument(s) this parameter stands for */
        if (m->variadic && (size_t)pi == m->nparams - 1) to = use->args.n ? use->args.n - 1 : 0;
        if (from >= use->args.n) continue; /* an empty variadic part */
        size_t s = use->args.first[from], e = use->args.last[to];
        if (s == SIZE_MAX || e == SIZE_MAX) continue; /* an empty argument */
        plan_ref(p, hc_code_tok(u, s)->off, hc_code_end(u, e));
    }
    return true;
}

/* True when body tokens [a, b] of m expand to nothing for this use. */
static bool subst_empty(const hc_unit *u, const macro_def *m, const macro_use *use, size_t a, size_t b) {
    for (size_t j = hc_code_from(u, a, b + 1); j <= b; j = hc_code_next(u, j)) {
        int pi = m ? param_index(u, m, j) : -1;
        if (pi < 0) return false;
        size_t last = m->variadic && (size_t)pi == m->nparams - 1 ? use->args.n : (size_t)pi + 1;
        for (size_t k = (size_t)pi; k < last && k < use->args.n; k++)
            if (use->args.first[k] != SIZE_MAX) return false;
    }
    return true;
}

/* The body range [a, b] as the use sees it: the argument tokens when it is one parameter. */
static void as_seen(const hc_unit *u, const macro_def *m, const macro_use *use, size_t *a, size_t *b) {
    if (!m || *a != *b) return;
    int pi = param_index(u, m, *a);
    if (pi < 0 || (size_t)pi >= use->args.n || use->args.first[pi] == SIZE_MAX) return;
    if (m->variadic && (size_t)pi == m->nparams - 1) return;
    *a = use->args.first[pi], *b = use->args.last[pi];
}

/* Rewrites one use of macro m (fn: the function-like m whose parameters the launch names, else NULL for
 * an object-like m that ends in <<<...>>>, its arguments given at the use) to hipLaunchKernelGGL. */
static int rewrite_use(launch_ctx *c, const macro_def *m, const macro_use *use, size_t name, size_t name_last,
                       const hc_code_args *cfg, size_t args_first, size_t args_last) {
    hc_unit *u = c->u;
    const macro_def *fn = m->fnlike ? m : NULL;
    size_t na = name, nb = name_last;
    as_seen(u, fn, use, &na, &nb);
    bool tmpl = names_template(c, na, nb, 0);
    plan p = {0};
    bool ok = true;
    plan_lits(&p, tmpl ? "hipLaunchKernelGGL(HIP_KERNEL_NAME(" : "hipLaunchKernelGGL(");
    ok = ok && plan_subst(&p, u, fn, use, name, name_last);
    if (tmpl) plan_lits(&p, ")");
    for (size_t k = 0; k < cfg->n; k++) {
        size_t a = cfg->first[k], b = cfg->last[k];
        as_seen(u, fn, use, &a, &b);
        bool wrap = k < 2 && !is_dim3_call(u, a, b);
        plan_lits(&p, wrap ? ", dim3(" : ", ");
        ok = ok && plan_subst(&p, u, fn, use, cfg->first[k], cfg->last[k]);
        if (wrap) plan_lits(&p, ")");
    }
    for (size_t k = cfg->n; k < 4; k++) plan_lits(&p, ", 0");
    if (fn && args_first != SIZE_MAX && !subst_empty(u, fn, use, args_first, args_last)) {
        plan_lits(&p, ", ");
        ok = ok && plan_subst(&p, u, fn, use, args_first, args_last);
    } else if (!fn) { /* MACRO(args): the use gives the launch's arguments */
        size_t a0 = hc_code_next(u, use->open), a1 = hc_code_prev(u, use->close);
        if (a0 < use->close) {
            plan_lits(&p, ", ");
            plan_ref(&p, hc_code_tok(u, a0)->off, hc_code_end(u, a1));
        }
    }
    plan_lits(&p, ")");
    int rc = ok ? plan_emit(u, &p, hc_code_tok(u, use->name)->off, hc_code_end(u, use->close)) : 1;
    plan_free(&p);
    return rc;
}

/* Rewrites every use of m after its definition; returns the number rewritten, or -1 on out-of-memory.
 * name..name_last, cfg and args_first..args_last are the launch's tokens in m's body (no arguments for
 * an object-like m, whose uses give them). */
static int rewrite_uses(launch_ctx *c, const macro_def *m, size_t name, size_t name_last, const hc_code_args *cfg,
                        size_t args_first, size_t args_last) {
    hc_unit *u = c->u;
    int done = 0;
    macro_use use;
    for (size_t i = m->last + 1; i < u->toks.n; i++) {
        if (!hc_code_kind(u, i, HC_TOK_IDENT) || !hc_code_same(u, i, m->name)) continue;
        if (hc_code_skipped(u, i)) continue;
        size_t open = hc_code_next(u, i);
        if (!hc_code_punct(u, open, "(")) continue;
        size_t close = hc_code_pair(u, open);
        if (close == SIZE_MAX) continue;
        memset(&use, 0, sizeof use);
        use.name = i, use.open = open, use.close = close;
        hc_code_split(u, open, close, HC_SPLIT_MACRO, &use.args);
        size_t nargs = use.args.n;
        if (nargs > HC_CODE_MAX_ARGS) continue;
        if (m->fnlike && !(nargs == m->nparams || (m->variadic && nargs + 1 >= m->nparams) ||
                           (m->nparams == 0 && nargs == 0)))
            continue; /* not a use the preprocessor accepts */
        int rc = rewrite_use(c, m, &use, name, name_last, cfg, args_first, args_last);
        if (rc < 0) return -1;
        if (rc == 0) done++;
        i = close;
    }
    return done;
}

/* ---- launches the HIP target cannot make, and spaced chevrons ------------------------------------ */

/* A launch inside a device body: dynamic parallelism, which HIP does not have. */
static void check_device_launch(hc_unit *u, size_t i) {
    if (!hc_code_device_body(u, i)) return;
    char name[128];
    size_t k = hc_code_prev(u, i);
    if (hc_code_is(u, k, ">")) { /* kernel<T><<<...>>>: the name before the template arguments */
        int depth = 0;
        for (; hc_code_valid(u, k); k = hc_code_prev(u, k)) {
            if (hc_code_is(u, k, ">")) depth++;
            else if (hc_code_is(u, k, "<") && --depth == 0) break;
        }
        k = hc_code_prev(u, k);
    }
    if (hc_code_kind(u, k, HC_TOK_IDENT)) {
        const hc_token *t = hc_code_tok(u, k);
        snprintf(name, sizeof name, "%.*s", (int)(t->len < sizeof name ? t->len : sizeof name - 1), u->text + t->off);
    } else
        snprintf(name, sizeof name, "(expression)");
    hc_unit_diag(u, HC_D_DEVICE_LAUNCH, hc_code_tok(u, i)->off, name, name);
}

/* The tokens from i on that spell c three times (<< <, < <<, < < <) with only blanks between them: the
 * index of the last, or SIZE_MAX when i starts no such run or the run is one token already. */
static size_t split_chevron(const hc_unit *u, size_t i, char c) {
    size_t chars = 0, j = i;
    for (; hc_code_valid(u, j) && hc_code_kind(u, j, HC_TOK_PUNCT) && chars < 3; j++) {
        const hc_token *t = hc_code_tok(u, j);
        for (uint32_t k = 0; k < t->len; k++)
            if (u->text[t->off + k] != c) return SIZE_MAX;
        if (j > i) /* tokens j-1 and j must be separated by blanks only: no comment, no line of its own */
            for (uint32_t k = hc_code_tok(u, j - 1)->off + hc_code_tok(u, j - 1)->len; k < t->off; k++)
                if (u->text[k] != ' ' && u->text[k] != '\t') return SIZE_MAX;
        chars += t->len;
    }
    return chars == 3 && j - 1 > i ? j - 1 : SIZE_MAX;
}

/* nvcc reads `k << < grid, block >> > (args)` as a launch (rodinia writes it so); clang does not. An
 * opener `<<` `<` can be nothing else in C++ (no expression starts with '<'); its closer is the first
 * `>>>` or spaced `>> >` after it outside brackets, before the statement ends. Both are joined. */
static int join_spaced_launch(hc_unit *u, size_t i) {
    if (!hc_code_is(u, i, "<<") && !hc_code_is(u, i, "<")) return 0;
    size_t open_last = split_chevron(u, i, '<');
    if (open_last == SIZE_MAX || (hc_code_in_directive(u, i) && !(hc_code_tok(u, i)->flags & HC_TOKF_IN_DEFINE))) return 0;
    bool directive = hc_code_in_directive(u, i);
    size_t close = SIZE_MAX, close_last = SIZE_MAX;
    for (size_t j = hc_code_step(u, open_last, directive); hc_code_valid(u, j); j = hc_code_step(u, j, directive)) {
        if (hc_code_is(u, j, "(") || hc_code_is(u, j, "[") || hc_code_is(u, j, "{")) {
            if ((j = hc_code_match(u, j)) == SIZE_MAX) return 0;
            continue;
        }
        if (hc_code_is(u, j, ";") || hc_code_is(u, j, "}") || hc_code_is(u, j, ")") || hc_code_is(u, j, "]")) return 0;
        if (hc_code_is(u, j, ">>>")) {
            close = close_last = j;
            break;
        }
        if ((hc_code_is(u, j, ">>") || hc_code_is(u, j, ">")) && (close_last = split_chevron(u, j, '>')) != SIZE_MAX) {
            close = j;
            break;
        }
    }
    if (close == SIZE_MAX) return 0;
    const hc_token *a = hc_code_tok(u, i), *b = hc_code_tok(u, open_last);
    uint32_t n = b->off + b->len - a->off;
    char written[16];
    snprintf(written, sizeof written, "%.*s", n < 12 ? (int)n : 12, u->text + a->off);
    hc_unit_diag(u, HC_D_LAUNCH_CHEVRONS_JOINED, a->off, written, written, "<<<");
    if (hc_unit_edit(u, a->off, b->off + b->len - a->off, "<<<", HC_PRIO_REWRITE, HC_EFFORT_RENAME) < 0) return -1;
    if (close == close_last) return 0;
    const hc_token *c = hc_code_tok(u, close), *d = hc_code_tok(u, close_last);
    return hc_unit_edit(u, c->off, d->off + d->len - c->off, ">>>", HC_PRIO_REWRITE, HC_EFFORT_RENAME);
}

/* ---- the pass ---------------------------------------------------------------------------------- */

static int rewrite_launch(launch_ctx *c, size_t lt, size_t gt) {
    hc_unit *u = c->u;
    size_t before = hc_code_prev(u, lt);
    size_t name = before == SIZE_MAX ? SIZE_MAX : kernel_name_start(u, before, hc_code_in_directive(u, lt));
    size_t open = hc_code_next(u, gt);
    size_t close = open < u->toks.n && hc_code_is(u, open, "(") ? hc_code_pair(u, open) : SIZE_MAX;
    /* a split the template-comma rule doubts is taken: grid and block are dim3 or integer expressions,
     * where '<' is far more often a comparison than a template (a template call with two arguments
     * written there is split wrongly) */
    hc_code_args cfg;
    hc_code_split(u, lt, gt, HC_SPLIT_CALL, &cfg);
    const macro_def *m = (hc_code_tok(u, lt)->flags & HC_TOKF_IN_DEFINE) ? macro_holding(c, lt) : NULL;
    const char *why = NULL;
    if (name == SIZE_MAX) why = "the kernel name is not a (qualified, templated) identifier";
    else if (cfg.n < 2 || cfg.n > 4) why = "the launch configuration does not have 2 to 4 parts";
    else if (cfg.empty) why = "an empty launch configuration part";
    if (!why && close == SIZE_MAX) {
        /* #define CALL k<<<g, b>>> used as CALL(args): the launch is completed where it is used */
        if (m && !m->fnlike && hc_code_next(u, gt) > m->last && name == m->first) {
            int n = rewrite_uses(c, m, name, before, &cfg, SIZE_MAX, SIZE_MAX);
            if (n < 0) return -1;
            if (n > 0) return 0;
        }
        why = "no argument list after >>>";
    }
    if (why) {
        hc_unit_diag(u, HC_D_LAUNCH_NOT_REWRITTEN, hc_code_tok(u, lt)->off, NULL, why);
        return 0;
    }
    /* #define LAUNCH(kernel, g, b, ...) kernel<<<g, b>>>(__VA_ARGS__): hipify-clang rewrites each use of
     * such a macro into the launch it expands to (the kernel name comes from the use). The definition
     * is rewritten too, for uses in other files and so that a second run finds nothing left to do. */
    if (m && m->fnlike && param_index(u, m, name) >= 0 && name == m->first) {
        size_t after = hc_code_next(u, close);
        if (after > m->last || (hc_code_punct(u, after, ";") && hc_code_next(u, after) > m->last)) {
            size_t a0 = hc_code_next(u, open), a1 = hc_code_prev(u, close);
            if (rewrite_uses(c, m, name, before, &cfg, a0 < close ? a0 : SIZE_MAX, a0 < close ? a1 : SIZE_MAX) < 0)
                return -1;
        }
    }
    return rewrite_in_place(c, name, lt, open, close, &cfg);
}

/* nvcc takes a braced list as a launch's grid or block (k<<<g, {32, 8, 1}>>>, NVIDIA's
 * multi-gpu-programming-models); clang's <<<>>> takes only expressions ("expected expression"). With
 * the launch kept as it is, dim3 goes before the brace: dim3{32, 8, 1}. */
static int type_braced_dims(hc_unit *u, size_t lt, size_t gt) {
    hc_code_args cfg;
    hc_code_split(u, lt, gt, HC_SPLIT_CALL, &cfg);
    for (size_t k = 0; k < 2 && k < cfg.n && cfg.n <= 4; k++)
        if (cfg.first[k] != SIZE_MAX && hc_code_punct(u, cfg.first[k], "{") &&
            hc_unit_edit(u, hc_code_tok(u, cfg.first[k])->off, 0, "dim3", HC_PRIO_LAUNCH, HC_EFFORT_ARGUMENTS) < 0)
            return -1;
    return 0;
}

int hc_pass_launch(hc_unit *u) {
    launch_ctx c = {.u = u};
    int rc = 0;
    bool prepared = false;
    for (size_t i = 0; i < u->toks.n && rc == 0; i++) {
        if (!hc_code_kind(u, i, HC_TOK_PUNCT) || !hc_code_is(u, i, "<<<")) continue;
        u->uses_runtime = true;
        if (hc_code_skipped(u, i)) continue;
        if (u->opt->launch_syntax != HC_LAUNCH_HIP) {
            size_t end = hc_code_pair(u, i);
            if (end != SIZE_MAX && type_braced_dims(u, i, end) < 0) { rc = -1; break; }
            continue;
        }
        if (!prepared) { /* only files with a launch to rewrite pay for the scans */
            prepared = true;
            if (collect_templates(&c) < 0 || collect_macros(&c) < 0) { rc = -1; break; }
        }
        size_t gt = hc_code_pair(u, i);
        if (gt == SIZE_MAX) {
            hc_unit_diag(u, HC_D_LAUNCH_NOT_REWRITTEN, hc_code_tok(u, i)->off, NULL, "no matching >>>");
            continue;
        }
        rc = rewrite_launch(&c, i, gt);
        i = gt;
    }
    free(c.templates);
    free(c.macros);
    /* launches in device code and spaced chevrons, whatever the launch syntax */
    if (rc == 0 && hc_code_analyze(u) < 0) rc = -1; /* done once for the file, before the passes */
    for (size_t i = 0; i < u->toks.n && rc == 0; i++) {
        const hc_token *t = hc_code_tok(u, i);
        if (t->kind != HC_TOK_PUNCT || hc_code_skipped(u, i)) continue;
        if (hc_code_is(u, i, "<<<")) check_device_launch(u, i);
        rc = join_spaced_launch(u, i);
    }
    return rc;
}
