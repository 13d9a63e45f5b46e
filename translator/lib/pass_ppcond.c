/* pass_ppcond.c: CUDA compiler, version and header-guard macros in preprocessor conditions: renames
 * those HIP has a faithful counterpart for and diagnoses the conditions whose branch HIP would drop.
 * It does not preprocess the file: it reads each #if/#elif/#ifdef/#ifndef line alone (facts: pp_macros.def). */

/* Why: `#if CUDA_VERSION >= 6000` is silently false under hipcc (CUDA_VERSION is undefined there), and
 * `#ifdef __DRIVER_TYPES_H__` tests a header guard HIP never defines; whole switch cases and helper
 * functions disappear without a word. Each condition that mentions a macro of the table is evaluated
 * twice per compilation side (host, device) with three-valued logic: once with the untranslated CUDA
 * macros undefined, as hipcc will see them, and once with them unknown. When the first is decided and
 * the second is not, the CUDA macro alone decided the branch: HC1080 names the dead lines. */
#include "code.h"
#include "cuda_version.h"
#include "unit.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum pp_use { PP_USE_ANY, PP_USE_DEFINED, PP_USE_NONE } pp_use;
typedef enum pp_state { PP_UNDEF, PP_ONE, PP_DEPENDS } pp_state;

typedef struct pp_macro {
    const char *cuda, *hip;
    pp_use use;
    pp_state host, device;
    const char *family, *fact;
} pp_macro;

static const pp_macro pp_macros[] = {
#define HC_PP_MACRO(cuda, hip, use, host, device, family, fact) {#cuda, #hip, use, host, device, family, fact},
#include "../../mappings/pp_macros.def"
#undef HC_PP_MACRO
};
enum { PP_NMACROS = COUNT_OF(pp_macros) };

static const pp_macro *find_macro(const char *s, size_t n) {
    /* Every name in the table starts with '_', 'C' or 'N' and is at least 8 long: most identifiers stop here. */
    if (n < 8 || (s[0] != '_' && s[0] != 'C' && s[0] != 'N')) return NULL;
    for (size_t k = 0; k < PP_NMACROS; k++)
        if (strlen(pp_macros[k].cuda) == n && memcmp(pp_macros[k].cuda, s, n) == 0) return &pp_macros[k];
    return NULL;
}

bool hc_is_cuda_macro(const char *s, size_t n) { return find_macro(s, n) != NULL; }

static hc_family family_of(const pp_macro *m) {
    for (int f = 0; f < HC_FAMILY__COUNT; f++)
        if (strcmp(hc_family_key((hc_family)f), m->family) == 0) return (hc_family)f;
    return HC_FAM_RUNTIME;
}

/* ---- directives and their #if groups ---- */

typedef enum dir_kind { DIR_IF, DIR_IFDEF, DIR_IFNDEF, DIR_ELIF, DIR_ELSE, DIR_ENDIF, DIR_DEFINE, DIR_UNDEF, DIR_OTHER } dir_kind;

typedef struct directive {
    dir_kind kind;
    size_t hash, first, end; /* the '#', the first token after the directive name, one past the last token */
    uint32_t line, last_line;
    size_t next;             /* the next directive of the same #if group (elif/else/endif), or SIZE_MAX */
} directive;

typedef struct directives {
    directive *v;
    size_t n;
} directives;

static dir_kind kind_of(const hc_unit *u, size_t name) {
    static const struct { const char *s; dir_kind k; } names[] = {
        {"if", DIR_IF}, {"ifdef", DIR_IFDEF}, {"ifndef", DIR_IFNDEF}, {"elif", DIR_ELIF}, {"elifdef", DIR_ELIF},
        {"elifndef", DIR_ELIF}, {"else", DIR_ELSE}, {"endif", DIR_ENDIF}, {"define", DIR_DEFINE}, {"undef", DIR_UNDEF}};
    for (size_t k = 0; k < COUNT_OF(names); k++)
        if (hc_code_is(u, name, names[k].s)) return names[k].k;
    return DIR_OTHER;
}

/* Collects every directive and links the branches of each #if group. -1 on out-of-memory. */
static int collect_directives(const hc_unit *u, directives *d) {
    size_t count = 0;
    for (size_t i = 0; i < u->toks.n; i++) count += hc_code_kind(u, i, HC_TOK_HASH);
    d->n = 0;
    d->v = count ? calloc(count, sizeof *d->v) : NULL;
    if (count && !d->v) return -1;
    size_t *stack = count ? calloc(count, sizeof *stack) : NULL; /* last directive of each open group */
    if (count && !stack) {
        free(d->v);
        d->v = NULL;
        return -1;
    }
    size_t depth = 0;
    for (size_t i = 0; i < u->toks.n; i++) {
        if (!hc_code_kind(u, i, HC_TOK_HASH)) continue;
        directive *r = &d->v[d->n];
        r->hash = i;
        r->next = SIZE_MAX;
        r->line = hc_unit_line_of(u, hc_code_tok(u, i)->off, NULL);
        size_t name = hc_code_directive_name(u, i);
        bool named = hc_code_kind(u, name, HC_TOK_IDENT);
        r->kind = named ? kind_of(u, name) : DIR_OTHER;
        r->first = named ? name + 1 : i + 1;
        size_t e = hc_code_directive_end(u, i);
        r->end = e;
        r->last_line = hc_unit_line_of(u, hc_code_tok(u, e - 1)->off, NULL);
        size_t me = d->n++;
        if (r->kind == DIR_IF || r->kind == DIR_IFDEF || r->kind == DIR_IFNDEF) {
            stack[depth++] = me;
        } else if ((r->kind == DIR_ELIF || r->kind == DIR_ELSE || r->kind == DIR_ENDIF) && depth) {
            d->v[stack[depth - 1]].next = me;
            if (r->kind == DIR_ENDIF) depth--;
            else stack[depth - 1] = me;
        }
    }
    free(stack);
    return 0;
}

/* ---- what one occurrence of a table macro becomes ---- */

/* True when the identifier at i is the operand of defined (defined X, defined(X)). */
static bool in_defined(const hc_unit *u, size_t i, size_t first) {
    size_t p = hc_code_prev_in(u, i, first);
    if (p != SIZE_MAX && hc_code_is(u, p, "(")) p = hc_code_prev_in(u, p, first);
    return p != SIZE_MAX && hc_code_is(u, p, "defined");
}

/* True when the identifier at i is only tested for truth: its neighbours, past any parentheses, are
 * the ends of the condition, !, && or ||. Then "defined and non-zero" is all that matters. */
static bool in_truth_context(const hc_unit *u, size_t i, size_t first, size_t end) {
    size_t p = hc_code_prev_in(u, i, first);
    while (p != SIZE_MAX && hc_code_is(u, p, "(")) p = hc_code_prev_in(u, p, first);
    size_t n = hc_code_next_in(u, i, end);
    while (n != SIZE_MAX && hc_code_is(u, n, ")")) n = hc_code_next_in(u, n, end);
    bool before = p == SIZE_MAX || hc_code_is(u, p, "!") || hc_code_is(u, p, "&&") || hc_code_is(u, p, "||");
    bool after = n == SIZE_MAX || hc_code_is(u, n, "&&") || hc_code_is(u, n, "||") || hc_code_is(u, n, "?");
    return before && after;
}

typedef struct pp_file {
    hc_unit *u;
    directives dirs;
    bool user_owned[PP_NMACROS]; /* the file #defines or #undefs it itself: its value is the user's */
    bool value_used[PP_NMACROS]; /* used as a value in code or a macro body (__CUDA_ARCH__ >= 200 ? ..) */
} pp_file;

static size_t macro_index(const pp_macro *m) { return (size_t)(m - pp_macros); }

/* How the occurrence at i (in a condition [first, end) of a directive of kind k) is handled. */
typedef enum occ_fate { OCC_USER, OCC_TRANSLATED, OCC_UNDEFINED } occ_fate;

static occ_fate fate_of(const pp_file *f, const pp_macro *m, size_t i, dir_kind k, size_t first, size_t end) {
    if (f->user_owned[macro_index(m)]) return OCC_USER;
    if (m->use == PP_USE_ANY) return OCC_TRANSLATED;
    if (m->use == PP_USE_NONE) return OCC_UNDEFINED;
    /* `#ifdef __CUDA_ARCH__` guarding code that reads __CUDA_ARCH__'s value: renaming the test would
     * compile that code under HIP, where the value does not exist. Keep the branch out, and say so. */
    if (f->value_used[macro_index(m)]) return OCC_UNDEFINED;
    bool tested = k == DIR_IFDEF || k == DIR_IFNDEF || in_defined(f->u, i, first) ||
                  ((k == DIR_IF || k == DIR_ELIF) && in_truth_context(f->u, i, first, end));
    return tested ? OCC_TRANSLATED : OCC_UNDEFINED;
}

/* ---- three-valued evaluation of a condition ---- */

typedef struct pv { bool known; long long v; } pv;

typedef struct evaluator {
    const pp_file *f;
    size_t i, end, first;
    dir_kind kind;
    bool device;      /* which compilation side */
    bool open;        /* untranslated CUDA macros are unknown instead of undefined */
    bool kept;        /* the file is left as written: every table macro reads as hipcc sees it (undefined) */
    bool error;       /* not an expression this evaluator reads: the result is unknown */
    const hc_pp_env *env; /* when set: these macros have these values, every other name is unknown */
} evaluator;

static const pv UNKNOWN = {false, 0};
static pv known(long long v) { return (pv){true, v}; }

static size_t ev_peek(const evaluator *e) { return e->i < e->end ? e->i : SIZE_MAX; }
static bool ev_is(const evaluator *e, const char *s) { size_t k = ev_peek(e); return k != SIZE_MAX && hc_code_is(e->f->u, k, s); }
static void ev_skip(evaluator *e) { size_t n = hc_code_next_in(e->f->u, e->i, e->end); e->i = n == SIZE_MAX ? e->end : n; }
static bool ev_take(evaluator *e, const char *s) {
    if (!ev_is(e, s)) return false;
    ev_skip(e);
    return true;
}

/* The state of the table macro at token i in this evaluation, or PP_DEPENDS for anything unknown. */
static pp_state macro_state(const evaluator *e, size_t i) {
    const hc_token *t = hc_code_tok(e->f->u, i);
    const pp_macro *m = find_macro(e->f->u->text + t->off, t->len);
    if (!m) return PP_DEPENDS;
    occ_fate fate = fate_of(e->f, m, i, e->kind, e->first, e->end);
    if (fate == OCC_USER) return PP_DEPENDS;
    if (fate == OCC_UNDEFINED) return e->open ? PP_DEPENDS : PP_UNDEF;
    if (e->kept) return PP_UNDEF;
    return e->device ? m->device : m->host;
}

static pv ev_cond(evaluator *e);

/* The value an environment gives the identifier t, or NULL when it gives none. */
static const long long *env_value(const hc_pp_env *env, const hc_token *t, const char *text) {
    for (size_t k = 0; k < env->n; k++)
        if (strlen(env->names[k]) == t->len && memcmp(env->names[k], text + t->off, t->len) == 0) return &env->values[k];
    return NULL;
}

static pv ev_number(const char *s, size_t n) {
    unsigned long long v = 0;
    size_t k = 0;
    int base = 10;
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, k = 2;
    else if (n > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) base = 2, k = 2;
    else if (n > 1 && s[0] == '0') base = 8, k = 1;
    for (; k < n; k++) {
        int c = (unsigned char)s[k], d;
        if (c == '\'') continue;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (base == 16 && c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (base == 16 && c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else break;
        if (d >= base) return UNKNOWN;
        v = v * (unsigned)base + (unsigned)d;
    }
    for (; k < n; k++) /* only integer suffixes may follow */
        if (!strchr("uUlL", s[k])) return UNKNOWN;
    return known((long long)v);
}

static pv ev_primary(evaluator *e) {
    size_t k = ev_peek(e);
    if (k == SIZE_MAX) { e->error = true; return UNKNOWN; }
    const hc_token *t = hc_code_tok(e->f->u, k);
    if (ev_take(e, "(")) {
        pv v = ev_cond(e);
        if (!ev_take(e, ")")) e->error = true;
        return v;
    }
    if (t->kind == HC_TOK_NUMBER) {
        ev_skip(e);
        return ev_number(e->f->u->text + t->off, t->len);
    }
    if (t->kind != HC_TOK_IDENT) { /* character literals and the like: not worth reading */
        ev_skip(e);
        return UNKNOWN;
    }
    if (hc_code_is(e->f->u, k, "defined")) {
        ev_skip(e);
        bool paren = ev_take(e, "(");
        size_t name = ev_peek(e);
        if (name == SIZE_MAX || !hc_code_kind(e->f->u, name, HC_TOK_IDENT)) { e->error = true; return UNKNOWN; }
        ev_skip(e);
        if (paren && !ev_take(e, ")")) e->error = true;
        if (e->env) return env_value(e->env, hc_code_tok(e->f->u, name), e->f->u->text) ? known(1) : UNKNOWN;
        pp_state s = macro_state(e, name);
        return s == PP_DEPENDS ? UNKNOWN : known(s == PP_ONE);
    }
    ev_skip(e);
    if (ev_is(e, "(")) { /* a function-like macro or __has_include(...): unknown, skip its arguments */
        size_t close = hc_code_match(e->f->u, e->i); /* within the directive: its tokens all lie on directive lines */
        if (close == SIZE_MAX || close >= e->end) { e->error = true; return UNKNOWN; }
        e->i = close;
        ev_skip(e);
        return UNKNOWN;
    }
    if (hc_code_is(e->f->u, k, "true")) return known(1);
    if (hc_code_is(e->f->u, k, "false")) return known(0);
    if (e->env) {
        const long long *v = env_value(e->env, t, e->f->u->text);
        return v ? known(*v) : UNKNOWN;
    }
    pp_state s = macro_state(e, k);
    return s == PP_UNDEF ? known(0) : s == PP_ONE ? known(1) : UNKNOWN;
}

static pv ev_unary(evaluator *e) {
    if (ev_take(e, "!")) { pv v = ev_unary(e); return v.known ? known(!v.v) : UNKNOWN; }
    if (ev_take(e, "-")) { pv v = ev_unary(e); return v.known ? known(-v.v) : UNKNOWN; }
    if (ev_take(e, "+")) return ev_unary(e);
    if (ev_take(e, "~")) { pv v = ev_unary(e); return v.known ? known(~v.v) : UNKNOWN; }
    return ev_primary(e);
}

/* Binary operators by precedence level, lowest last; && and || are handled with short-circuit rules. */
static const char *const levels[][4] = {
    {"*", "/", "%", NULL}, {"+", "-", NULL}, {"<<", ">>", NULL}, {"<", ">", "<=", ">="},
    {"==", "!=", NULL}, {"&", NULL}, {"^", NULL}, {"|", NULL},
};
enum { NLEVELS = COUNT_OF(levels) };

static pv apply(const char *op, pv a, pv b) {
    if (!a.known || !b.known) return UNKNOWN;
    long long x = a.v, y = b.v;
    if (!strcmp(op, "*")) return known(x * y);
    if (!strcmp(op, "/")) return y ? known(x / y) : UNKNOWN;
    if (!strcmp(op, "%")) return y ? known(x % y) : UNKNOWN;
    if (!strcmp(op, "+")) return known(x + y);
    if (!strcmp(op, "-")) return known(x - y);
    if (!strcmp(op, "<<")) return y >= 0 && y < 63 ? known(x << y) : UNKNOWN;
    if (!strcmp(op, ">>")) return y >= 0 && y < 63 ? known(x >> y) : UNKNOWN;
    if (!strcmp(op, "<")) return known(x < y);
    if (!strcmp(op, ">")) return known(x > y);
    if (!strcmp(op, "<=")) return known(x <= y);
    if (!strcmp(op, ">=")) return known(x >= y);
    if (!strcmp(op, "==")) return known(x == y);
    if (!strcmp(op, "!=")) return known(x != y);
    if (!strcmp(op, "&")) return known(x & y);
    if (!strcmp(op, "^")) return known(x ^ y);
    return known(x | y);
}

static pv ev_level(evaluator *e, int level) {
    if (level < 0) return ev_unary(e);
    pv v = ev_level(e, level - 1);
    for (;;) {
        const char *op = NULL;
        for (int k = 0; k < 4 && levels[level][k]; k++)
            if (ev_is(e, levels[level][k])) op = levels[level][k];
        if (!op) return v;
        ev_skip(e);
        v = apply(op, v, ev_level(e, level - 1));
    }
}

static pv ev_and(evaluator *e) {
    pv v = ev_level(e, NLEVELS - 1);
    while (ev_take(e, "&&")) {
        pv w = ev_level(e, NLEVELS - 1);
        if ((v.known && !v.v) || (w.known && !w.v)) v = known(0);
        else v = v.known && w.known ? known(1) : UNKNOWN;
    }
    return v;
}

static pv ev_or(evaluator *e) {
    pv v = ev_and(e);
    while (ev_take(e, "||")) {
        pv w = ev_and(e);
        if ((v.known && v.v) || (w.known && w.v)) v = known(1);
        else v = v.known && w.known ? known(0) : UNKNOWN;
    }
    return v;
}

static pv ev_cond(evaluator *e) {
    pv c = ev_or(e);
    if (!ev_take(e, "?")) return c;
    pv a = ev_cond(e);
    if (!ev_take(e, ":")) e->error = true;
    pv b = ev_cond(e);
    if (!c.known) return a.known && b.known && !!a.v == !!b.v ? a : UNKNOWN;
    return c.v ? a : b;
}

/* The truth value of directive d under hipcc on one side; #ifdef/#ifndef read as defined(X). */
static pv evaluate_as(const pp_file *f, const directive *d, bool device, bool open, bool kept) {
    evaluator e = {f, d->first, d->end, d->first, d->kind, device, open, kept, false, NULL};
    size_t start = hc_code_from(f->u, d->first, d->end);
    e.i = start;
    if (start >= d->end) return UNKNOWN;
    pv v;
    if (d->kind == DIR_IFDEF || d->kind == DIR_IFNDEF) {
        pp_state s = macro_state(&e, start);
        v = s == PP_DEPENDS ? UNKNOWN : known(s == PP_ONE);
        if (d->kind == DIR_IFNDEF && v.known) v.v = !v.v;
        return v;
    }
    v = ev_cond(&e);
    if (e.error || ev_peek(&e) != SIZE_MAX) return UNKNOWN;
    return v.known ? known(v.v != 0) : UNKNOWN;
}

static pv evaluate(const pp_file *f, const directive *d, bool device, bool open) {
    return evaluate_as(f, d, device, open, false);
}

/* ---- diagnostics ---- */

/* The directive as written, on one line, shortened to fit a message. */
static void directive_text(const hc_unit *u, const directive *d, char *out, size_t size) {
    const hc_token *a = hc_code_tok(u, d->hash), *b = hc_code_tok(u, d->end - 1);
    size_t n = 0;
    bool space = false;
    for (uint32_t k = a->off; k < b->off + b->len && n + 4 < size; k++) {
        char c = u->text[k];
        if (c == '\\' && k + 1 < u->len && (u->text[k + 1] == '\n' || u->text[k + 1] == '\r')) continue;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') { space = n > 0; continue; }
        if (space) out[n++] = ' ';
        space = false;
        out[n++] = c;
    }
    if (n + 4 >= size) memcpy(out + n, "...", 3), n += 3;
    out[n] = '\0';
}

/* "line 6" or "lines 6-7"; returns whether more than one line is meant. */
static bool line_range(char *out, size_t size, uint32_t from, uint32_t to) {
    if (to <= from) snprintf(out, size, "line %u", from);
    else snprintf(out, size, "lines %u-%u", from, to);
    return to > from;
}

/* What a constant condition does to the group: which lines are never (or always) compiled. */
static void consequence(const pp_file *f, size_t di, bool value, char *out, size_t size) {
    const directive *d = &f->dirs.v[di];
    const directive *next = d->next == SIZE_MAX ? NULL : &f->dirs.v[d->next];
    uint32_t body_end = next ? next->line - 1 : d->last_line;
    char range[64];
    if (value && next && next->kind != DIR_ENDIF) {
        const directive *last = next;
        while (last->next != SIZE_MAX) last = &f->dirs.v[last->next];
        line_range(range, sizeof range, next->last_line + 1, last->line - 1);
        snprintf(out, size, "the %s (%s) %s never compiled", next->kind == DIR_ELSE ? "#else branch" : "later branches", range,
                 next->kind == DIR_ELSE ? "is" : "are");
        return;
    }
    if (body_end <= d->last_line) {
        snprintf(out, size, "its branch is empty");
        return;
    }
    bool many = line_range(range, sizeof range, d->last_line + 1, body_end);
    snprintf(out, size, "%s %s %s compiled", range, many ? "are" : "is", value ? "always" : "never");
}

static const char *side_text(pv v) { return !v.known ? "open (other macros decide)" : v.v ? "true" : "false"; }

/* Proposes the rename of a table macro: no use of HIP by itself (a host-only file keeps its bytes). */
static int rename_macro(hc_unit *u, const hc_token *t, const pp_macro *m) {
    if (!m->hip[0]) return hc_unit_edit(u, t->off, t->len, m->hip, HC_PRIO_RENAME, HC_EFFORT_RENAME);
    return hc_unit_edit_hip_neutral(u, t->off, t->len, m->hip, HC_PRIO_RENAME, HC_EFFORT_RENAME);
}

/* Renames and diagnoses the table macros of one conditional directive. -1 on out-of-memory. */
static int handle_condition(pp_file *f, size_t di) {
    hc_unit *u = f->u;
    const directive *d = &f->dirs.v[di];
    const pp_macro *undefined = NULL; /* the first occurrence HIP leaves undefined */
    uint32_t undefined_off = 0;
    for (size_t i = d->first; i < d->end; i++) {
        const hc_token *t = hc_code_tok(u, i);
        if (t->kind != HC_TOK_IDENT) continue;
        const pp_macro *m = find_macro(u->text + t->off, t->len);
        if (!m) continue;
        occ_fate fate = fate_of(f, m, i, d->kind, d->first, d->end);
        if (fate == OCC_USER) continue;
        if (fate == OCC_UNDEFINED) {
            if (!undefined) undefined = m, undefined_off = t->off;
            hc_unit_count_ref(u, m->cuda, strlen(m->cuda), family_of(m), false);
            continue;
        }
        /* A row of the rename tables (__CUDACC__) is renamed by pass_rename: one truth per name. */
        if (!hc_mapping_find(u->text + t->off, t->len)) {
            if (rename_macro(u, t, m) < 0) return -1;
            hc_unit_count_ref(u, m->cuda, strlen(m->cuda), family_of(m), true);
        }
    }
    if (!undefined) return 0;
    pv host = evaluate(f, d, false, false), device = evaluate(f, d, true, false);
    pv host_open = evaluate(f, d, false, true), device_open = evaluate(f, d, true, true);
    char text[128], what[160];
    directive_text(u, d, text, sizeof text);
    bool decided = host.known && device.known && host.v == device.v;
    if (decided && !(host_open.known && device_open.known)) {
        consequence(f, di, host.v != 0, what, sizeof what);
        hc_unit_diag(u, HC_D_PP_DEAD_BRANCH, undefined_off, undefined->cuda, text, host.v ? "true" : "false",
                     undefined->fact, what);
    } else {
        hc_unit_diag(u, HC_D_PP_CUDA_MACRO, undefined_off, undefined->cuda, undefined->cuda, text, undefined->fact,
                     side_text(host), side_text(device));
    }
    return 0;
}

/* A table macro outside a condition: renamed when its meaning holds everywhere, diagnosed otherwise. */
static int handle_other_use(pp_file *f, size_t i, dir_kind k, size_t first, size_t end) {
    hc_unit *u = f->u;
    const hc_token *t = hc_code_tok(u, i);
    const pp_macro *m = find_macro(u->text + t->off, t->len);
    if (!m) return 0;
    size_t p = hc_code_prev(u, i);
    if (p != SIZE_MAX && (hc_code_is(u, p, ".") || hc_code_is(u, p, "->") || hc_code_is(u, p, "::"))) return 0;
    occ_fate fate = fate_of(f, m, i, k, first, end);
    if (fate == OCC_USER) return 0;
    if (fate == OCC_TRANSLATED) {
        if (hc_mapping_find(u->text + t->off, t->len)) return 0;
        hc_unit_count_ref(u, m->cuda, strlen(m->cuda), family_of(m), true);
        return rename_macro(u, t, m);
    }
    hc_unit_count_ref(u, m->cuda, strlen(m->cuda), family_of(m), false);
    hc_unit_diag(u, HC_D_PP_CUDA_MACRO_USE, t->off, m->cuda, m->cuda, m->fact);
    return 0;
}

/* Marks the PP_USE_DEFINED macros the file reads as values: in code, or in a #define body other than
 * inside defined(...). Their definedness tests are then not renamed (fate_of). */
static void mark_value_use(pp_file *f, size_t i, size_t first) {
    const hc_token *t = hc_code_tok(f->u, i);
    if (t->kind != HC_TOK_IDENT) return;
    const pp_macro *m = find_macro(f->u->text + t->off, t->len);
    if (m && m->use == PP_USE_DEFINED && !in_defined(f->u, i, first)) f->value_used[macro_index(m)] = true;
}

static void mark_value_uses(pp_file *f) {
    const hc_unit *u = f->u;
    size_t next_dir = 0;
    for (size_t i = 0; i < u->toks.n; i++) {
        if (!hc_code_kind(u, i, HC_TOK_HASH)) {
            mark_value_use(f, i, i);
            continue;
        }
        const directive *d = &f->dirs.v[next_dir++];
        if (d->kind == DIR_DEFINE && d->first < d->end)
            for (size_t k = d->first + 1; k < d->end; k++) mark_value_use(f, k, d->first + 1);
        i = d->end - 1;
    }
}

/* Reads the file's directives and which table macros it owns or reads as values. -1 on out-of-memory. */
static int pp_file_init(pp_file *f) {
    const hc_unit *u = f->u;
    if (collect_directives(u, &f->dirs) < 0) return -1;
    for (size_t di = 0; di < f->dirs.n; di++) { /* #define X / #undef X: the file owns X's value */
        const directive *d = &f->dirs.v[di];
        if ((d->kind != DIR_DEFINE && d->kind != DIR_UNDEF) || d->first >= d->end) continue;
        const hc_token *t = hc_code_tok(u, d->first);
        const pp_macro *m = t->kind == HC_TOK_IDENT ? find_macro(u->text + t->off, t->len) : NULL;
        if (m) f->user_owned[macro_index(m)] = true;
    }
    mark_value_uses(f);
    return 0;
}

int hc_pass_ppcond(hc_unit *u) {
    pp_file f;
    memset(&f, 0, sizeof f);
    f.u = u;
    /* Cheap exit: most files mention no macro of the table. */
    bool any = false;
    for (size_t i = 0; i < u->toks.n && !any; i++)
        any = hc_code_kind(u, i, HC_TOK_IDENT) && find_macro(u->text + hc_code_tok(u, i)->off, hc_code_tok(u, i)->len);
    if (!any) return 0;
    if (pp_file_init(&f) < 0) return -1;
    int rc = 0;
    size_t next_dir = 0;
    for (size_t i = 0; i < u->toks.n && rc == 0; i++) {
        if (hc_code_kind(u, i, HC_TOK_HASH)) {
            directive *d = &f.dirs.v[next_dir++];
            if (!hc_code_skipped(u, i)) {
                if (d->kind == DIR_IF || d->kind == DIR_IFDEF || d->kind == DIR_IFNDEF || d->kind == DIR_ELIF)
                    rc = handle_condition(&f, next_dir - 1);
                else if (d->kind == DIR_DEFINE && d->first < d->end) /* the body, after the name */
                    for (size_t k = d->first + 1; k < d->end && rc == 0; k++)
                        if (hc_code_kind(u, k, HC_TOK_IDENT)) rc = handle_other_use(&f, k, DIR_DEFINE, d->first + 1, d->end);
            }
            i = d->end - 1;
            continue;
        }
        if (hc_code_kind(u, i, HC_TOK_IDENT) && !hc_code_skipped(u, i)) rc = handle_other_use(&f, i, DIR_OTHER, i, i + 1);
    }
    free(f.dirs.v);
    return rc;
}

/* ---- which environment the file's own conditions ask for ---- */

/* True when the condition of directive d reads a name of the environment. */
static bool reads_env(const pp_file *f, const directive *d, const hc_pp_env *env) {
    for (size_t i = d->first; i < d->end; i++)
        if (hc_code_kind(f->u, i, HC_TOK_IDENT) && env_value(env, hc_code_tok(f->u, i), f->u->text)) return true;
    return false;
}

/* Why: a group with an #else keeps code whatever the values are, so it says nothing about the version
 * the code was written for; a group without one (`#if CUDA_VERSION < 11000 ... #endif`) holds code that
 * exists only for some versions. Each environment scores the groups of the second kind whose code it
 * keeps (a branch condition known true); the caller takes the best. */
int hc_ppcond_score_envs(const hc_unit *u, const hc_pp_env *envs, size_t nenv, unsigned *scores) {
    pp_file f;
    memset(&f, 0, sizeof f);
    f.u = (hc_unit *)u; /* read only: the evaluator and the directive scan change nothing */
    for (size_t k = 0; k < nenv; k++) scores[k] = 0;
    if (collect_directives(u, &f.dirs) < 0) return -1;
    for (size_t di = 0; di < f.dirs.n; di++) {
        const directive *d = &f.dirs.v[di];
        if (d->kind != DIR_IF && d->kind != DIR_IFDEF && d->kind != DIR_IFNDEF) continue;
        bool has_else = false, reads = false;
        for (size_t b = di; b != SIZE_MAX; b = f.dirs.v[b].next) {
            has_else |= f.dirs.v[b].kind == DIR_ELSE;
            if (f.dirs.v[b].kind == DIR_IF || f.dirs.v[b].kind == DIR_ELIF) reads |= reads_env(&f, &f.dirs.v[b], &envs[0]);
        }
        if (has_else || !reads) continue;
        for (size_t k = 0; k < nenv; k++) {
            for (size_t b = di; b != SIZE_MAX; b = f.dirs.v[b].next) {
                const directive *br = &f.dirs.v[b];
                if (br->kind != DIR_IF && br->kind != DIR_ELIF) continue;
                evaluator e = {&f, br->first, br->end, br->first, br->kind, false, false, false, false, &envs[k]};
                size_t start = hc_code_from(u, br->first, br->end);
                if (start >= br->end) continue;
                e.i = start;
                pv v = ev_cond(&e);
                if (!e.error && ev_peek(&e) == SIZE_MAX && v.known && v.v) {
                    scores[k]++;
                    break;
                }
            }
        }
    }
    free(f.dirs.v);
    return 0;
}

/* ---- files that use nothing from HIP ---- */

static int cmp_offsets(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* The renames of this table are HIP-neutral: a file with no other use of HIP (gtest.h testing __CUDACC__
 * to work around nvcc) loses them in the resolution (resolution.c) and stays byte-identical; HC1140 then
 * says where the condition reads differently under hipcc than it did under nvcc. */
const char *hc_pp_macro_hip(const char *s, size_t n) {
    const pp_macro *m = find_macro(s, n);
    return m && m->hip[0] ? m->hip : NULL;
}

bool hc_pp_macro_same_on_both_sides(const char *s, size_t n) {
    const pp_macro *m = find_macro(s, n);
    return m && m->hip[0] && m->host == m->device && m->host != PP_DEPENDS;
}

/* HC1140 on each condition that held a dropped rename and reads differently under hipcc than under nvcc. */
static void note_kept_conditions(pp_file *f, const uint32_t *dropped, size_t ndropped) {
    hc_unit *u = f->u;
    size_t k = 0;
    for (size_t di = 0; di < f->dirs.n && k < ndropped; di++) {
        const directive *d = &f->dirs.v[di];
        if (d->first >= d->end) continue;
        uint32_t from = hc_code_tok(u, d->hash)->off, to = hc_code_tok(u, d->end - 1)->off + hc_code_tok(u, d->end - 1)->len;
        while (k < ndropped && dropped[k] < from) k++;
        if (k >= ndropped || dropped[k] >= to) continue;
        uint32_t at = dropped[k];
        while (k < ndropped && dropped[k] < to) k++;
        if (d->kind != DIR_IF && d->kind != DIR_IFDEF && d->kind != DIR_IFNDEF && d->kind != DIR_ELIF) continue;
        pv kh = evaluate_as(f, d, false, false, true), kd = evaluate_as(f, d, true, false, true);
        pv nh = evaluate(f, d, false, false), nd = evaluate(f, d, true, false);
        bool same = kh.known && nh.known && kh.v == nh.v && kd.known && nd.known && kd.v == nd.v;
        if (same) continue;
        size_t t = hc_tok_at(&u->toks, at);
        const pp_macro *m = find_macro(u->text + at, hc_code_tok(u, t)->len);
        char text[128];
        directive_text(u, d, text, sizeof text);
        hc_unit_diag(u, HC_D_PP_HOST_ONLY_KEPT, at, m->cuda, m->cuda, text, side_text(kh), side_text(kd), side_text(nh),
                     side_text(nd));
    }
}

/* Whether edit e renames a CUDA compiler macro to its HIP twin (__CUDACC__ to __HIPCC__), whichever pass
 * proposed it: read from the edit's own text, never inferred from its priority or another property that
 * means something else. */
static bool renames_cuda_macro(const hc_unit *u, const hc_edit *e) {
    const char *hip = e->length ? hc_pp_macro_hip(u->text + e->offset, e->length) : NULL;
    return hip && e->replacement && !strcmp(e->replacement, hip);
}

/* Once the resolution settled whether the file uses HIP: where it kept its macro tests because hipcc
 * compiles it (HC1142, once, at the first), or where a test whose rename was taken back reads differently
 * under hipcc than under nvcc (HC1140). */
int hc_finish_ppcond(hc_unit *u) {
    if (u->kept_for_hipcc) {
        for (size_t i = 0; i < u->edits.n; i++) {
            const hc_edit *e = &u->edits.v[i];
            if (!e->hip_neutral || !renames_cuda_macro(u, e)) continue;
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)e->length, u->text + e->offset);
            hc_unit_diag(u, HC_D_PP_HIPCC_COMPILED, e->offset, name, name);
            break;
        }
        return 0;
    }
    if (!u->cuda_macros_kept) return 0;
    size_t n = u->rolled_back.n, nd = 0;
    uint32_t *dropped = malloc((n ? n : 1) * sizeof *dropped);
    if (!dropped) return -1;
    for (size_t i = 0; i < n; i++)
        if (renames_cuda_macro(u, &u->rolled_back.v[i])) dropped[nd++] = u->rolled_back.v[i].offset;
    qsort(dropped, nd, sizeof *dropped, cmp_offsets);
    pp_file f;
    memset(&f, 0, sizeof f);
    f.u = u;
    int rc = pp_file_init(&f);
    if (rc == 0) note_kept_conditions(&f, dropped, nd);
    free(f.dirs.v);
    free(dropped);
    return rc;
}
