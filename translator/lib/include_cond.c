/* include_cond.c: finds the preprocessor condition under which every use of HIP in a file is compiled
 * (#ifndef CPU_ONLY), so that the HIP headers hipify-c inserts are included under it too. It inserts nothing.
 *
 * Why: frameworks keep their CUDA code in #ifndef CPU_ONLY (or #ifdef USE_CUDA) branches and build the
 * same sources without CUDA. A .cpp file of theirs got the CUDA runtime through its own headers; an
 * unconditional #include <hip/hip_runtime.h> at its top breaks that CPU-only build (no HIP there, or
 * HIP's header refusing a host compiler). Included under the same condition as the uses, the header is
 * there exactly when the code that needs it is compiled. */
#include "code.h"
#include "grow.h"
#include "unit.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64, MAX_COND = 480 };

/* One open #if group: the condition of its current branch, and of the branches before it negated. */
typedef struct group {
    char cond[MAX_COND]; /* "" when the condition does not fit or cannot be read */
    char before[MAX_COND]; /* conjunction of the negated earlier branches ("" for the first) */
    bool guard;            /* the file's include guard: not a condition of the uses */
    bool unreadable;
} group;

typedef struct cond_scan {
    const hc_unit *u;
    group stack[MAX_DEPTH];
    size_t depth;
    bool overflow;
    char found[MAX_COND * 2]; /* disjunction of the distinct branch conditions of the uses */
    size_t nfound;
    bool unconditional; /* some use lies outside every branch, or a condition cannot be copied */
} cond_scan;

static bool ident_char(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

static bool appendf(char *buf, size_t size, const char *fmt, const char *a) {
    size_t n = strlen(buf);
    int w = snprintf(buf + n, size - n, fmt, a);
    return w >= 0 && (size_t)w < size - n;
}

/* The text token i has in the port: the replacement of the winning edit that replaces exactly that token
 * (__CUDACC__ renamed to __HIPCC__), else its own spelling. False when it does not fit. */
static bool port_spelling(const hc_unit *u, size_t i, char *out, size_t size) {
    const hc_token *tk = hc_code_tok(u, i);
    const hc_edit *best = NULL;
    for (size_t e = 0; e < u->edits.n; e++) {
        const hc_edit *ed = &u->edits.v[e];
        if (ed->offset == tk->off && ed->length == tk->len && (!best || ed->priority < best->priority)) best = ed;
    }
    int n = best ? snprintf(out, size, "%s", best->replacement) : snprintf(out, size, "%.*s", (int)tk->len, u->text + tk->off);
    return n > 0 && (size_t)n < size;
}

/* The condition of the directive whose keyword is at k as an #if expression, spelled as the port spells
 * its tokens; false when it does not fit. */
static bool condition_text(const hc_unit *u, size_t k, size_t end, char *out, size_t size) {
    out[0] = '\0';
    bool ifdef = hc_code_is(u, k, "ifdef"), ifndef = hc_code_is(u, k, "ifndef");
    if (ifdef || ifndef) {
        size_t x = hc_code_next(u, k);
        if (x >= end || !hc_code_kind(u, x, HC_TOK_IDENT)) return false;
        char name[160];
        return port_spelling(u, x, name, sizeof name) && appendf(out, size, ifdef ? "defined(%s)" : "!defined(%s)", name);
    }
    bool any = false;
    uint32_t prev_end = 0;
    for (size_t i = hc_code_next(u, k); i < end; i = hc_code_next(u, i)) {
        const hc_token *tk = hc_code_tok(u, i);
        char piece[160];
        if (!port_spelling(u, i, piece, sizeof piece)) return false;
        /* one space where the source had any blank, comment or line continuation between tokens */
        if (!appendf(out, size, any && tk->off > prev_end ? " %s" : "%s", piece)) return false;
        prev_end = tk->off + tk->len;
        any = true;
    }
    return any;
}

/* The branch condition of group g as one expression: its earlier branches false and its own true. */
static bool branch_condition(const group *g, char *out, size_t size) {
    out[0] = '\0';
    if (g->unreadable) return false;
    if (g->before[0] && !appendf(out, size, "%s", g->before)) return false;
    if (g->cond[0]) {
        if (g->before[0] && !appendf(out, size, " && ", "")) return false;
        return appendf(out, size, g->before[0] ? "(%s)" : "%s", g->cond);
    }
    return g->before[0] != '\0'; /* #else: only the negations */
}

/* A use at the current position: records the condition of its outermost branch that is not the guard. */
static void record_use(cond_scan *s) {
    if (s->unconditional) return;
    const group *outer = NULL;
    for (size_t i = 0; i < s->depth && i < MAX_DEPTH; i++)
        if (!s->stack[i].guard) { outer = &s->stack[i]; break; }
    char c[MAX_COND];
    if (!outer || s->overflow || !branch_condition(outer, c, sizeof c)) {
        s->unconditional = true;
        return;
    }
    char wrapped[MAX_COND + 4];
    snprintf(wrapped, sizeof wrapped, "(%s)", c);
    if (strstr(s->found, wrapped)) return; /* the same branch condition again (two #ifndef CPU_ONLY blocks) */
    if (!appendf(s->found, sizeof s->found, s->nfound ? " || %s" : "%s", wrapped)) s->unconditional = true;
    s->nfound++;
}

/* !cond, written as a person would: !defined(X) and defined(X) for a single test, else !(cond). */
static void negate(const char *cond, char *out, size_t size) {
    size_t n = strlen(cond);
    bool single = n > 9 && cond[n - 1] == ')' && strchr(cond, ')') == cond + n - 1 && !strpbrk(cond, " &|");
    if (single && !strncmp(cond, "defined(", 8)) snprintf(out, size, "!%s", cond);
    else if (single && !strncmp(cond, "!defined(", 9)) snprintf(out, size, "%s", cond + 1);
    else snprintf(out, size, "!(%s)", cond);
}

/* Applies the conditional directive at '#' index h with keyword k (ending at token index end). */
static void apply_directive(cond_scan *s, size_t h, size_t k, size_t end, bool guard) {
    const hc_unit *u = s->u;
    if (hc_code_is(u, k, "if") || hc_code_is(u, k, "ifdef") || hc_code_is(u, k, "ifndef")) {
        if (s->depth >= MAX_DEPTH) { s->overflow = true; s->depth++; return; }
        group *g = &s->stack[s->depth++];
        memset(g, 0, sizeof *g);
        g->guard = guard;
        g->unreadable = !condition_text(u, k, end, g->cond, sizeof g->cond);
    } else if (hc_code_is(u, k, "elif") || hc_code_is(u, k, "else") || hc_code_is(u, k, "elifdef") || hc_code_is(u, k, "elifndef")) {
        if (s->depth == 0 || s->depth > MAX_DEPTH) return;
        group *g = &s->stack[s->depth - 1];
        g->guard = false; /* a guard has no other branch; this was no guard */
        if (!g->unreadable && g->cond[0]) {
            char neg[MAX_COND];
            negate(g->cond, neg, sizeof neg);
            if (!appendf(g->before, sizeof g->before, g->before[0] ? " && %s" : "%s", neg)) g->unreadable = true;
        }
        g->cond[0] = '\0';
        if (hc_code_is(u, k, "elifdef") || hc_code_is(u, k, "elifndef")) g->unreadable = true; /* C23: not copied */
        else if (hc_code_is(u, k, "elif") && !condition_text(u, k, end, g->cond, sizeof g->cond)) g->unreadable = true;
    } else if (hc_code_is(u, k, "endif")) {
        if (s->depth > 0) s->depth--;
    }
    (void)h;
}

/* True when the file #defines or #undefs an identifier of the condition: its value at the top of the
 * file may differ from its value at the uses. */
static bool condition_names_own_macro(const hc_unit *u, const char *cond) {
    for (size_t i = 0; hc_code_valid(u, i); i++) {
        if (!hc_code_kind(u, i, HC_TOK_HASH)) continue;
        size_t k = hc_code_directive_name(u, i);
        if (!hc_code_is(u, k, "define") && !hc_code_is(u, k, "undef")) continue;
        size_t x = hc_code_next(u, k);
        if (!hc_code_kind(u, x, HC_TOK_IDENT)) continue;
        char name[160];
        size_t len = hc_code_tok(u, x)->len;
        if (len >= sizeof name) continue;
        memcpy(name, u->text + hc_code_tok(u, x)->off, len);
        name[len] = '\0';
        for (const char *p = strstr(cond, name); p; p = strstr(p + 1, name)) {
            if ((p == cond || !ident_char(p[-1])) && !ident_char(p[len])) return true;
        }
    }
    return false;
}

/* True when an edit changes a conditional directive that encloses uses other than by renaming a compiler
 * macro that reads the same in the host and the device compilation (#ifdef __CUDACC__ becoming #ifdef
 * __HIPCC__, which condition_text copies as renamed): the condition cannot be copied (#ifdef
 * __CUDA_ARCH__ holds in the device compilation only, where the header is needed by both); the runtime is
 * then inserted unconditionally. */
static bool edit_in(const hc_unit *u, size_t h, size_t end) {
    uint32_t from = hc_code_tok(u, h)->off, to = hc_code_end(u, end - 1);
    for (size_t i = 0; i < u->edits.n; i++) {
        const hc_edit *e = &u->edits.v[i];
        if (!e->length || e->offset < from || e->offset >= to) continue;
        size_t k = hc_code_first_at(u, e->offset);
        if (!hc_code_valid(u, k) || hc_code_tok(u, k)->off != e->offset || hc_code_tok(u, k)->len != e->length ||
            !hc_pp_macro_same_on_both_sides(u->text + e->offset, e->length))
            return true;
    }
    return false;
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

int hc_use_condition(const hc_unit *u, size_t guard_hash, char *cond, size_t size, uint32_t *first_use) {
    cond[0] = '\0';
    size_t cap = u->edits.n + 16, n = 0;
    uint32_t *uses = malloc(cap * sizeof *uses);
    if (!uses) return -1;
    for (size_t i = 0; i < u->edits.n; i++) /* a compiler macro renamed (#if defined(__CUDACC__)) uses no HIP */
        if (!u->edits.v[i].hip_neutral) uses[n++] = u->edits.v[i].offset;
    for (size_t i = 0; hc_code_valid(u, i); i++) { /* __global__, threadIdx, dim3: uses without an edit */
        const hc_token *k = hc_code_tok(u, i);
        if (!hc_code_kind(u, i, HC_TOK_IDENT) || hc_code_in_directive(u, i) || !hc_is_runtime_marker(u->text + k->off, k->len)) continue;
        if (hc_grow(&uses, &cap, n, sizeof *uses, 16) < 0) { free(uses); return -1; }
        uses[n++] = k->off;
    }
    if (n == 0) { free(uses); return 0; }
    qsort(uses, n, sizeof *uses, cmp_u32);
    *first_use = uses[0];

    cond_scan *s = calloc(1, sizeof *s);
    if (!s) { free(uses); return -1; }
    s->u = u;
    size_t next = 0;
    bool enclosing_edited = false;
    for (size_t h = 0; hc_code_valid(u, h) && !s->unconditional; h++) {
        if (!hc_code_kind(u, h, HC_TOK_HASH)) continue;
        size_t k = hc_code_directive_name(u, h), end = hc_code_directive_end(u, h);
        uint32_t from = hc_code_tok(u, h)->off, to = hc_code_end(u, end - 1);
        while (next < n && uses[next] < from) record_use(s), next++;
        if (k == SIZE_MAX) continue;
        static const char *const opening[] = {"if", "ifdef", "ifndef"};
        static const char *const branching[] = {"elif", "else", "endif", "elifdef", "elifndef"};
        bool opens = hc_code_is_any(u, k, opening, COUNT_OF(opening));
        bool branch = opens || hc_code_is_any(u, k, branching, COUNT_OF(branching));
        /* Uses inside the directive line itself belong to the enclosing context. */
        if (branch && !opens && s->depth > 0 && s->depth <= MAX_DEPTH) {
            size_t saved = s->depth--;
            while (next < n && uses[next] < to) record_use(s), next++;
            s->depth = saved;
        } else {
            while (next < n && uses[next] < to) record_use(s), next++;
        }
        if (branch && !(h == guard_hash && opens) && edit_in(u, h, end)) enclosing_edited = true;
        if (branch) apply_directive(s, h, k, end, h == guard_hash && opens);
    }
    while (next < n && !s->unconditional) record_use(s), next++;
    int found = !s->unconditional && s->nfound > 0 && !enclosing_edited &&
                !condition_names_own_macro(u, s->found) && strlen(s->found) < size;
    if (found) snprintf(cond, size, "%s", s->found);
    free(s);
    free(uses);
    return found;
}
