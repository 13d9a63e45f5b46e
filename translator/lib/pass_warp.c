/* pass_warp.c: finds code that assumes 32-lane warps (lane arithmetic, 32-bit masks and ballots, shuffle loops,
 * warp-size constants) and rewrites what it can prove safe; it renames no API and parses no C++, only tokens. */
#include "unit.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The lanes that exist: 0xffffffff on a 32-lane target, all 64 bits on a 64-lane one. Written with
 * warpSize so it is right on both without the runtime shim. */
#define FULL_WAVE_MASK "(~0ull >> (64 - warpSize))"
#define NO_POS ((size_t)-1)
#define INDEPENDENT UINT32_MAX /* a fix that is exact on 32 lanes whatever else is fixed */

/* What a value holds, as far as the tokens tell. */
enum {
    CLS_THREAD = 1u, /* derived from threadIdx (or blockDim): a thread index or count */
    CLS_WARP = 2u,   /* a warp number: thread index / 32 */
    CLS_BALLOT = 4u, /* a lane mask: ballot, activemask, match, or 1 << lane */
    CLS_LANE = 8u    /* a lane number: thread index % 32 */
};

typedef struct mask_intrinsic { const char *name; int mask_arg; } mask_intrinsic;
typedef struct bitcount_intrinsic { const char *name32, *name64; int safe; } bitcount_intrinsic;
typedef struct shuffle_intrinsic { const char *name; int offset_arg, width_arg, reduces; } shuffle_intrinsic;
typedef struct lane_name { const char *name; int is_warp; } lane_name;
typedef struct lane_op {
    const char *op;
    unsigned long long value;
    int operand; /* 0: thread index, 1: warp number, 2: lane number */
    const char *replace_literal, *replace_operation;
} lane_op;

static const mask_intrinsic mask_intrinsics[] = {
#define HC_WARP_MASK_INTRINSIC(name, arg) {name, arg},
#include "warp_rules.def"
#undef HC_WARP_MASK_INTRINSIC
};
static const char *const ballot_calls[] = {
#define HC_WARP_BALLOT(name) name,
#include "warp_rules.def"
#undef HC_WARP_BALLOT
};
static const bitcount_intrinsic bitcounts[] = {
#define HC_WARP_BITCOUNT(n32, n64, safe) {n32, n64, safe},
#include "warp_rules.def"
#undef HC_WARP_BITCOUNT
};
static const shuffle_intrinsic shuffles[] = {
#define HC_WARP_SHUFFLE(name, off, width, reduces) {name, off, width, reduces},
#include "warp_rules.def"
#undef HC_WARP_SHUFFLE
};
static const lane_name lane_names[] = {
#define HC_WARP_NAME(name, is_warp) {name, is_warp},
#include "warp_rules.def"
#undef HC_WARP_NAME
};
static const lane_op lane_ops[] = {
#define HC_WARP_LANE_OP(op, value, warp, lit, oper) {op, value, warp, lit, oper},
#include "warp_rules.def"
#undef HC_WARP_LANE_OP
};
static const char *const warp_size_words[] = {
#define HC_WARP_SIZE_WORD(word) word,
#include "warp_rules.def"
#undef HC_WARP_SIZE_WORD
};
#define COUNT_OF(a) (sizeof(a) / sizeof *(a))

/* Words that end a declaration's type when walking back from a name: they start statements. */
static const char *const statement_words[] = {"return", "case", "else", "do", "goto", "throw", "delete", "new",
                                              "sizeof", "if", "while", "for", "switch", "co_return", "using",
                                              "namespace", "typedef", "default", "public", "private", "protected"};
/* Declaration qualifiers that are not part of the value's type width. */
static const char *const qualifier_words[] = {"const", "volatile", "static", "register", "__shared__", "__device__",
                                              "__constant__", "extern", "inline", "__restrict__", "constexpr",
                                              "__host__", "__forceinline__", "__inline__", "__noinline__"};

typedef struct warp_scope {
    size_t first, last;  /* code-token positions */
    bool device;         /* body of a __global__/__device__ function (or a macro using threadIdx): warpSize exists */
    bool is_define;
    bool blocked;        /* a width hazard here cannot be fixed: fix no width hazard here, so the scope stays consistent */
    size_t name;         /* position of the function's or macro's name, or NO_POS */
    size_t params;       /* position of the '(' of a function's parameter list, or NO_POS */
    bool returns_ballot; /* a return statement returns a lane mask */
    uint32_t group;      /* union-find parent: scopes that call each other fix all or nothing together */
} warp_scope;

typedef struct warp_var {
    uint32_t scope;
    size_t name;                  /* code-token position of the name */
    size_t type_first, type_last; /* declared type tokens, or NO_POS when this is a plain assignment */
    size_t init_first, init_end;  /* right-hand side [first, end), or NO_POS */
    bool single;                  /* "TYPE name = init ;" or "TYPE name ;": the only declarator */
    bool is_param;
    int param_index;              /* 0-based position in the parameter list, or -1 */
    bool widened;                 /* its type is rewritten to unsigned long long */
    unsigned cls;
} warp_var;

typedef struct warp_const { /* a #define, const or local whose value is 32 or the 32-bit full mask */
    size_t name, value, value_len; /* positions of the name and the first value token, tokens in the value */
    size_t var;                    /* index into vars, or NO_POS for a #define */
    uint32_t scope;                /* where its uses are: 0 means the whole file */
    bool is_mask;
    bool used_as_width;            /* seen in lane arithmetic, as a shuffle width or loop start */
    bool fixable;                  /* every use accepts the rewrite */
    bool fixed;
    size_t uses;                   /* uses in this file */
    bool template_param;           /* template <int WARP_SIZE = 32>: a constant by nature, never rewritten */
} warp_const;

typedef struct warp_fix {
    uint32_t off, len;
    uint32_t scope; /* width fixes: dropped when the scope is blocked; INDEPENDENT otherwise */
    size_t konst;   /* width fixes made through a constant: its index, else NO_POS */
    size_t hazard;  /* index in u->diags of the hazard it fixes (made a note once fixed), or NO_POS */
    char repl[64];
    char note[200];
} warp_fix;

/* One identifier occurrence, for the sorted name index (all uses of a name in O(log n)). */
typedef struct name_ref {
    const char *text;
    uint32_t len;
    uint32_t pos;
} name_ref;

typedef struct warp_scan {
    hc_unit *u;
    const char *text;
    size_t n;
    size_t *tok;      /* code-token position -> index in u->toks (comments dropped) */
    size_t *match;    /* matching bracket position, or NO_POS */
    uint32_t *scope_of;
    warp_scope *scopes;
    size_t nscopes, capscopes;
    warp_var *vars;
    size_t nvars, capvars;
    warp_const *consts;
    size_t nconsts, capconsts;
    warp_fix *fixes;
    size_t nfixes, capfixes;
    name_ref *idents;   /* every identifier, sorted by spelling then position */
    size_t nidents;
    uint32_t *callee;   /* per code token: the function or macro scope its identifier names, or 0 */
    size_t *scope_vars, *scope_vars_start; /* variable indices grouped by scope: [start[s], start[s + 1]) */
    size_t *arrays;     /* positions of array declarator brackets */
    size_t narrays, caparrays;
    struct const_hazard { size_t diag, konst; } *const_hazards; /* hazards a constant's rewrite fixes */
    size_t nconst_hazards, capconst_hazards;
    size_t last_hazard; /* index in u->diags of the hazard reported last, or NO_POS */
    uint32_t *reported; /* offsets already given a diagnostic of one kind, to report each place once */
    size_t nreported, capreported;
    bool oom;
} warp_scan;

static bool grow(warp_scan *w, void **v, size_t *cap, size_t n, size_t size) {
    if (n < *cap) return true;
    size_t ncap = *cap ? *cap * 2 : 32;
    void *p = realloc(*v, ncap * size);
    if (!p) {
        w->oom = true;
        return false;
    }
    *v = p;
    *cap = ncap;
    return true;
}

/* ---------- token helpers ---------- */

static const hc_token *tk(const warp_scan *w, size_t i) { return &w->u->toks.v[w->tok[i]]; }
static bool is(const warp_scan *w, size_t i, const char *s) { return i < w->n && hc_tok_is(w->text, tk(w, i), s); }
static bool is_kind(const warp_scan *w, size_t i, hc_tok_kind k) { return i < w->n && tk(w, i)->kind == k; }
static bool in_directive(const warp_scan *w, size_t i) { return i < w->n && (tk(w, i)->flags & HC_TOKF_DIRECTIVE); }
static bool same_text(const warp_scan *w, size_t i, size_t j) {
    const hc_token *a = tk(w, i), *b = tk(w, j);
    return a->len == b->len && memcmp(w->text + a->off, w->text + b->off, a->len) == 0;
}
static bool is_one_of(const warp_scan *w, size_t i, const char *const *words, size_t n) {
    for (size_t k = 0; k < n; k++)
        if (is(w, i, words[k])) return true;
    return false;
}
static bool is_ident(const warp_scan *w, size_t i) { return is_kind(w, i, HC_TOK_IDENT); }
static bool is_statement_word(const warp_scan *w, size_t i) {
    return is_one_of(w, i, statement_words, COUNT_OF(statement_words));
}
static bool is_qualifier(const warp_scan *w, size_t i) {
    return is_one_of(w, i, qualifier_words, COUNT_OF(qualifier_words));
}
/* Copies the text of tokens [a, b] (inclusive) into buf, squeezing whitespace, truncated to size. */
static void span_text(const warp_scan *w, size_t a, size_t b, char *buf, size_t size) {
    size_t o = 0;
    buf[0] = '\0';
    for (size_t i = a; i <= b && i < w->n && o + 1 < size; i++) {
        const hc_token *t = tk(w, i);
        if (i > a && o + 2 < size && (is_kind(w, i, HC_TOK_IDENT) || is_kind(w, i, HC_TOK_NUMBER)) &&
            (is_kind(w, i - 1, HC_TOK_IDENT) || is_kind(w, i - 1, HC_TOK_NUMBER)))
            buf[o++] = ' ';
        else if (i > a && o + 2 < size && !is(w, i, ")") && !is(w, i - 1, "(") && !is(w, i, ",") &&
                 !is(w, i, ".") && !is(w, i - 1, ".") && !is(w, i, "->") && !is(w, i - 1, "->") &&
                 !is(w, i, "(") && !is(w, i, "[") && !is(w, i, "]") && !is(w, i - 1, "[") && !is(w, i - 1, "~"))
            buf[o++] = ' ';
        size_t n = t->len < size - 1 - o ? t->len : size - 1 - o;
        memcpy(buf + o, w->text + t->off, n);
        o += n;
    }
    buf[o] = '\0';
}
static void tok_text(const warp_scan *w, size_t i, char *buf, size_t size) { span_text(w, i, i, buf, size); }

/* Value of an integer literal (suffixes and digit separators allowed); false for anything else. */
static bool number_value(const warp_scan *w, size_t i, unsigned long long *value, bool *has_long) {
    if (!is_kind(w, i, HC_TOK_NUMBER)) return false;
    const hc_token *t = tk(w, i);
    char buf[48];
    size_t o = 0;
    for (size_t k = 0; k < t->len && o + 1 < sizeof buf; k++)
        if (w->text[t->off + k] != '\'') buf[o++] = w->text[t->off + k];
    buf[o] = '\0';
    char *end;
    unsigned long long v = strtoull(buf, &end, 0);
    if (end == buf) return false;
    bool lng = false;
    for (char *s = end; *s; s++) {
        if (*s == 'l' || *s == 'L') lng = true;
        else if (*s != 'u' && *s != 'U') return false;
    }
    *value = v;
    if (has_long) *has_long = lng;
    return true;
}
static bool is_number(const warp_scan *w, size_t i, unsigned long long v) {
    unsigned long long x;
    return number_value(w, i, &x, NULL) && x == v;
}

/* Binary-operator precedence (higher binds tighter); 0 for tokens that end an operand. */
static int precedence(const warp_scan *w, size_t i) {
    static const struct { const char *op; int prec; } table[] = {
        {"*", 13}, {"/", 13}, {"%", 13}, {"+", 12}, {"-", 12}, {"<<", 11}, {">>", 11}, {"<", 10}, {">", 10},
        {"<=", 10}, {">=", 10}, {"==", 9}, {"!=", 9}, {"&", 8}, {"^", 7}, {"|", 6}, {"&&", 5}, {"||", 4},
        {"?", 3}, {"=", 2}, {"+=", 2}, {"-=", 2}, {"*=", 2}, {"/=", 2}, {"%=", 2}, {"&=", 2}, {"|=", 2},
        {"^=", 2}, {"<<=", 2}, {">>=", 2}, {",", 1}};
    if (i >= w->n) return 0;
    if (is(w, i, ".") || is(w, i, "->") || is(w, i, "(") || is(w, i, "[") || is(w, i, "++") || is(w, i, "--"))
        return 16;
    for (size_t k = 0; k < COUNT_OF(table); k++)
        if (is(w, i, table[k].op)) return table[k].prec;
    return 0;
}

/* threadIdx (a lane once reduced modulo the warp) and blockDim (a thread count that divides into warps). */
static bool is_thread_builtin(const warp_scan *w, size_t i) { return is(w, i, "threadIdx") || is(w, i, "blockDim"); }

static bool name_in(const warp_scan *w, size_t i, const char *const *names, size_t n) {
    return is_ident(w, i) && is_one_of(w, i, names, n);
}
static bool is_ballot_call(const warp_scan *w, size_t i) {
    return name_in(w, i, ballot_calls, COUNT_OF(ballot_calls)) && is(w, i + 1, "(");
}
static const mask_intrinsic *mask_intrinsic_at(const warp_scan *w, size_t i) {
    if (!is_ident(w, i) || !is(w, i + 1, "(")) return NULL;
    for (size_t k = 0; k < COUNT_OF(mask_intrinsics); k++)
        if (is(w, i, mask_intrinsics[k].name)) return &mask_intrinsics[k];
    return NULL;
}
static const shuffle_intrinsic *shuffle_at(const warp_scan *w, size_t i) {
    if (!is_ident(w, i) || !is(w, i + 1, "(")) return NULL;
    for (size_t k = 0; k < COUNT_OF(shuffles); k++)
        if (is(w, i, shuffles[k].name)) return &shuffles[k];
    return NULL;
}

/* Position range [*first, *end) of argument number arg of the call whose '(' is at open. */
static bool call_argument(const warp_scan *w, size_t open, int arg, size_t *first, size_t *end) {
    size_t close = w->match[open];
    if (close == NO_POS) return false;
    size_t a = open + 1;
    int index = 0;
    for (size_t i = open + 1; i <= close; i++) {
        if (i < close && (is(w, i, "(") || is(w, i, "[") || is(w, i, "{")) && w->match[i] != NO_POS) {
            i = w->match[i];
            continue;
        }
        if (i == close || is(w, i, ",")) {
            if (index == arg) {
                *first = a;
                *end = i;
                return a < i;
            }
            index++;
            a = i + 1;
        }
    }
    return false;
}

/* ---------- structure: brackets and scopes ---------- */

static int build_tokens(warp_scan *w) {
    const hc_token_list *l = &w->u->toks;
    w->tok = malloc((l->n + 1) * sizeof *w->tok);
    w->match = malloc((l->n + 1) * sizeof *w->match);
    w->scope_of = calloc(l->n + 1, sizeof *w->scope_of);
    size_t *stack = malloc((l->n + 1) * sizeof *stack), *dstack = malloc((l->n + 1) * sizeof *dstack);
    if (!w->tok || !w->match || !w->scope_of || !stack || !dstack) {
        free(stack);
        free(dstack);
        return -1;
    }
    for (size_t k = 0; k < l->n; k++)
        if (l->v[k].kind != HC_TOK_COMMENT) w->tok[w->n++] = k;
    size_t depth = 0, ddepth = 0;
    for (size_t i = 0; i < w->n; i++) {
        w->match[i] = NO_POS;
        bool dir = in_directive(w, i);
        if (is_kind(w, i, HC_TOK_HASH)) ddepth = 0; /* each directive balances its own brackets */
        size_t *st = dir ? dstack : stack, *dp = dir ? &ddepth : &depth;
        if (is(w, i, "(") || is(w, i, "[") || is(w, i, "{")) {
            st[(*dp)++] = i;
        } else if (is(w, i, ")") || is(w, i, "]") || is(w, i, "}")) {
            const char *want = is(w, i, ")") ? "(" : is(w, i, "]") ? "[" : "{";
            /* An unmatched closer (from #if branches) pops only when its opener is on top. */
            if (*dp > 0 && is(w, st[*dp - 1], want)) {
                size_t o = st[--(*dp)];
                w->match[o] = i;
                w->match[i] = o;
            }
        }
    }
    free(stack);
    free(dstack);
    return 0;
}

static int compare_name_ref(const void *a, const void *b) {
    const name_ref *x = a, *y = b;
    int c = memcmp(x->text, y->text, x->len < y->len ? x->len : y->len);
    if (c) return c;
    if (x->len != y->len) return x->len < y->len ? -1 : 1;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static int build_name_index(warp_scan *w) {
    w->idents = malloc((w->n + 1) * sizeof *w->idents);
    w->callee = calloc(w->n + 1, sizeof *w->callee);
    if (!w->idents || !w->callee) return -1;
    for (size_t i = 0; i < w->n; i++)
        if (is_ident(w, i)) {
            name_ref *r = &w->idents[w->nidents++];
            r->text = w->text + tk(w, i)->off;
            r->len = tk(w, i)->len;
            r->pos = (uint32_t)i;
        }
    qsort(w->idents, w->nidents, sizeof *w->idents, compare_name_ref);
    return 0;
}

/* The index range [*first, *end) of the identifiers spelled like the token at pos. */
static void uses_of(const warp_scan *w, size_t pos, size_t *first, size_t *end) {
    name_ref key = {w->text + tk(w, pos)->off, tk(w, pos)->len, 0};
    size_t lo = 0, hi = w->nidents;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (compare_name_ref(&w->idents[mid], &key) < 0) lo = mid + 1;
        else hi = mid;
    }
    *first = lo;
    while (lo < w->nidents && w->idents[lo].len == key.len && !memcmp(w->idents[lo].text, key.text, key.len)) lo++;
    *end = lo;
}

static uint32_t add_scope(warp_scan *w, size_t first, bool device, bool is_define) {
    if (!grow(w, (void **)&w->scopes, &w->capscopes, w->nscopes, sizeof *w->scopes)) return 0;
    warp_scope *s = &w->scopes[w->nscopes];
    memset(s, 0, sizeof *s);
    s->first = s->last = first;
    s->name = s->params = NO_POS;
    s->group = (uint32_t)w->nscopes;
    s->device = device;
    s->is_define = is_define;
    return (uint32_t)w->nscopes++;
}

/* Position of the '(' of the parameter list of the function whose body opens at brace, or NO_POS. */
static size_t parameter_list(const warp_scan *w, size_t brace) {
    size_t i = brace;
    while (i > 0 && is_ident(w, i - 1) &&
           (is(w, i - 1, "const") || is(w, i - 1, "noexcept") || is(w, i - 1, "override") || is(w, i - 1, "final") ||
            is(w, i - 1, "mutable")))
        i--;
    if (i == 0 || !is(w, i - 1, ")") || w->match[i - 1] == NO_POS) return NO_POS;
    return w->match[i - 1];
}

/* Whether the function whose parameter list opens at paren is __global__ or __device__ only. */
static bool header_is_device(const warp_scan *w, size_t paren) {
    bool global = false, device = false, host = false;
    for (size_t i = paren; i-- > 0;) {
        if (in_directive(w, i) || is(w, i, ";") || is(w, i, "{") || is(w, i, "}")) break;
        if (is(w, i, ")") && w->match[i] != NO_POS) {
            i = w->match[i];
            continue;
        }
        global |= is(w, i, "__global__");
        device |= is(w, i, "__device__");
        host |= is(w, i, "__host__");
    }
    return (global || device) && !host;
}

static void add_parameters(warp_scan *w, uint32_t scope, size_t open);

static int build_scopes(warp_scan *w) {
    add_scope(w, 0, false, false); /* scope 0: file level, directives, everything outside functions */
    uint32_t fn = 0, define = 0;
    size_t depth = 0, fn_depth = 0;
    for (size_t i = 0; i < w->n && !w->oom; i++) {
        if (in_directive(w, i)) {
            if (is_kind(w, i, HC_TOK_HASH)) {
                define = is(w, i + 1, "define") ? add_scope(w, i + 2, false, true) : 0;
                if (define && is_ident(w, i + 2)) w->scopes[define].name = i + 2;
            }
            bool body = define && (tk(w, i)->flags & HC_TOKF_IN_DEFINE);
            w->scope_of[i] = body ? define : 0;
            if (body) {
                w->scopes[define].last = i;
                if (is(w, i, "threadIdx") || mask_intrinsic_at(w, i) || shuffle_at(w, i) || is_ballot_call(w, i))
                    w->scopes[define].device = true;
            }
            continue;
        }
        if (is(w, i, "{")) {
            size_t params = fn ? NO_POS : parameter_list(w, i);
            if (params != NO_POS) {
                fn = add_scope(w, i, header_is_device(w, params), false);
                fn_depth = depth;
                if (fn && params > 0 && is_ident(w, params - 1)) w->scopes[fn].name = params - 1;
                if (fn) w->scopes[fn].params = params;
                if (fn) add_parameters(w, fn, params);
            }
            depth++;
        } else if (is(w, i, "}") && depth > 0) {
            depth--;
            if (fn && depth == fn_depth) {
                w->scope_of[i] = fn;
                w->scopes[fn].last = i;
                fn = 0;
                continue;
            }
        }
        w->scope_of[i] = fn;
        if (fn) w->scopes[fn].last = i;
    }
    return w->oom ? -1 : 0;
}

/* ---------- variables ---------- */

static warp_var *add_var(warp_scan *w, uint32_t scope, size_t name) {
    if (!grow(w, (void **)&w->vars, &w->capvars, w->nvars, sizeof *w->vars)) return NULL;
    warp_var *v = &w->vars[w->nvars++];
    memset(v, 0, sizeof *v);
    v->scope = scope;
    v->name = name;
    v->type_first = v->type_last = v->init_first = v->init_end = NO_POS;
    v->param_index = -1;
    return v;
}

static unsigned name_table_class(const warp_scan *w, size_t i) {
    for (size_t k = 0; k < COUNT_OF(lane_names); k++)
        if (is(w, i, lane_names[k].name)) return lane_names[k].is_warp ? CLS_WARP : CLS_THREAD | CLS_LANE;
    return 0;
}

static void add_parameters(warp_scan *w, uint32_t scope, size_t open) {
    size_t close = w->match[open], start = open + 1;
    int index = 0;
    for (size_t i = open + 1; i <= close && close != NO_POS; i++) {
        if (i < close && (is(w, i, "(") || is(w, i, "[")) && w->match[i] != NO_POS) {
            i = w->match[i];
            continue;
        }
        if (i != close && !is(w, i, ",")) continue;
        size_t end = i; /* the name is the last identifier before '=' or the end */
        for (size_t k = start; k < i; k++)
            if (is(w, k, "=")) {
                end = k;
                break;
            }
        if (end > start + 1 && is_ident(w, end - 1)) {
            warp_var *v = add_var(w, scope, end - 1);
            if (!v) return;
            v->type_first = start;
            v->type_last = end - 2;
            v->is_param = true;
            v->param_index = index;
            v->single = true;
            v->cls = name_table_class(w, end - 1);
        }
        start = i + 1;
        index++;
    }
}

/* End of the expression starting at first: the first ';' or ',' outside brackets, or an unmatched closer. */
static size_t expression_end(const warp_scan *w, size_t first, size_t limit) {
    size_t i = first;
    for (; i < w->n && i <= limit; i++) {
        if ((is(w, i, "(") || is(w, i, "[") || is(w, i, "{")) && w->match[i] != NO_POS) {
            i = w->match[i];
            continue;
        }
        if (is(w, i, ";") || is(w, i, ",") || is(w, i, ")") || is(w, i, "]") || is(w, i, "}")) break;
    }
    return i;
}

/* Walks back over a declaration's type from the name at pos; true when tokens before form a type
 * (identifiers, '*', '&', '::') that starts a statement, a for-init or a parameter. */
static bool declared_type(const warp_scan *w, size_t pos, size_t *first, size_t *last) {
    size_t j = pos;
    while (j > 0 && w->scope_of[j - 1] == w->scope_of[pos] && in_directive(w, j - 1) == in_directive(w, pos) &&
           ((is_ident(w, j - 1) && !is_statement_word(w, j - 1)) || is(w, j - 1, "*") || is(w, j - 1, "&") ||
            is(w, j - 1, "::")))
        j--;
    if (j == pos) return false;
    if (j > 0 && !(is(w, j - 1, ";") || is(w, j - 1, "{") || is(w, j - 1, "}") || is(w, j - 1, "(") ||
                   is(w, j - 1, ")") || is(w, j - 1, ":")) && !(in_directive(w, pos) && is_kind(w, j - 1, HC_TOK_HASH)))
        return false;
    if (!is_ident(w, j)) return false;
    *first = j;
    *last = pos - 1;
    return true;
}

static bool is_declarator_bracket(const warp_scan *w, size_t open);

static void gather_vars(warp_scan *w) {
    for (size_t i = 1; i < w->n && !w->oom; i++) {
        if (is(w, i, "[") && is_declarator_bracket(w, i) &&
            grow(w, (void **)&w->arrays, &w->caparrays, w->narrays, sizeof *w->arrays))
            w->arrays[w->narrays++] = i;
        if (in_directive(w, i) && !(tk(w, i)->flags & HC_TOKF_IN_DEFINE)) continue;
        size_t name = i - 1;
        bool assign = is(w, i, "=");
        bool bare = is(w, i, ";");
        if ((!assign && !bare) || !is_ident(w, name) || is_statement_word(w, name)) continue;
        if (name > 0 && (is(w, name - 1, ".") || is(w, name - 1, "->"))) continue;
        size_t tf = NO_POS, tl = NO_POS;
        bool typed = declared_type(w, name, &tf, &tl);
        if (bare && !typed) continue;
        warp_var *v = add_var(w, w->scope_of[name], name);
        if (!v) return;
        v->type_first = typed ? tf : NO_POS;
        v->type_last = typed ? tl : NO_POS;
        size_t scope_last = w->scopes[v->scope].last > name ? w->scopes[v->scope].last : w->n - 1;
        if (assign) {
            v->init_first = i + 1;
            v->init_end = expression_end(w, i + 1, scope_last);
        }
        v->single = typed && (bare || is(w, v->init_end, ";")) && !(tf > 0 && is(w, tf - 1, ","));
        v->cls = name_table_class(w, name);
    }
}

/* Groups variable records by scope (stable, so declarations come before later assignments). */
static int index_vars(warp_scan *w) {
    w->scope_vars = malloc((w->nvars + 1) * sizeof *w->scope_vars);
    w->scope_vars_start = calloc(w->nscopes + 2, sizeof *w->scope_vars_start);
    if (!w->scope_vars || !w->scope_vars_start) return -1;
    for (size_t k = 0; k < w->nvars; k++) w->scope_vars_start[w->vars[k].scope + 2]++;
    for (size_t s = 2; s < w->nscopes + 2; s++) w->scope_vars_start[s] += w->scope_vars_start[s - 1];
    for (size_t k = 0; k < w->nvars; k++) w->scope_vars[w->scope_vars_start[w->vars[k].scope + 1]++] = k;
    return 0;
}
#define FOR_SCOPE_VARS(w, s, v)                                                                            \
    for (size_t vk_ = (w)->scope_vars_start[(s)]; vk_ < (w)->scope_vars_start[(s) + 1]; vk_++)           \
        for (warp_var *v = &(w)->vars[(w)->scope_vars[vk_]]; v; v = NULL)

/* Union of the classes of every record of the variable spelled at pos, in pos's scope. */
static unsigned var_class(const warp_scan *w, size_t pos) {
    unsigned cls = name_table_class(w, pos);
    FOR_SCOPE_VARS(w, w->scope_of[pos], v)
    if (same_text(w, v->name, pos)) cls |= v->cls;
    return cls;
}
/* The declaration (a record with a type) of the variable spelled at pos, or NULL. */
static warp_var *var_decl(const warp_scan *w, size_t pos) {
    FOR_SCOPE_VARS(w, w->scope_of[pos], v)
    if (v->type_first != NO_POS && same_text(w, v->name, pos)) return v;
    return NULL;
}

/* ---------- constants ---------- */

static bool name_looks_like_warp_size(const warp_scan *w, size_t pos) {
    char name[128], lower[128];
    tok_text(w, pos, name, sizeof name);
    size_t k = 0;
    for (; name[k]; k++) lower[k] = (char)tolower((unsigned char)name[k]);
    lower[k] = '\0';
    for (size_t i = 0; i < COUNT_OF(warp_size_words); i++) {
        const char *hit = strstr(lower, warp_size_words[i]);
        /* "warps" counts warps (WARPS_PER_BLOCK, kNumWarps), not lanes; "warpsize" is a size */
        const char *after = hit ? hit + strlen(warp_size_words[i]) : NULL;
        if (hit && (after[0] != 's' || !strncmp(after, "size", 4))) return true;
    }
    return false;
}

/* Whether tokens [first, end) spell a 32-bit full mask: 0xffffffff (any suffix) or ~0u. */
static bool is_full_mask32(const warp_scan *w, size_t first, size_t end) {
    unsigned long long v;
    bool lng;
    while (end - first >= 3 && is(w, first, "(") && w->match[first] == end - 1) first++, end--;
    if (end - first == 1) return number_value(w, first, &v, &lng) && v == 0xffffffffull;
    if (end - first == 2 && is(w, first, "~") && number_value(w, first + 1, &v, &lng) && v == 0 && !lng) {
        const hc_token *t = tk(w, first + 1);
        return memchr(w->text + t->off, 'u', t->len) || memchr(w->text + t->off, 'U', t->len);
    }
    return false;
}

static void add_const(warp_scan *w, size_t name, size_t value, size_t value_len, size_t var, uint32_t scope,
                      bool is_mask) {
    if (!grow(w, (void **)&w->consts, &w->capconsts, w->nconsts, sizeof *w->consts)) return;
    warp_const *c = &w->consts[w->nconsts++];
    memset(c, 0, sizeof *c);
    c->name = name;
    c->value = value;
    c->value_len = value_len;
    c->var = var;
    c->scope = scope;
    c->is_mask = is_mask;
}

static void gather_consts(warp_scan *w) {
    for (size_t i = 0; i + 2 < w->n; i++) { /* #define NAME 32 / (32) / 0xffffffff / ~0u */
        if (!is_kind(w, i, HC_TOK_HASH) || !is(w, i + 1, "define") || !is_ident(w, i + 2)) continue;
        size_t name = i + 2, first = i + 3, end = first;
        const hc_token *nt = tk(w, name);
        if (w->text[nt->off + nt->len] == '(') continue; /* function-like */
        while (end < w->n && (tk(w, end)->flags & HC_TOKF_IN_DEFINE) && !is_kind(w, end, HC_TOK_HASH)) end++;
        size_t a = first, b = end;
        while (b - a >= 3 && is(w, a, "(") && w->match[a] == b - 1) a++, b--;
        if (b - a == 1 && is_number(w, a, 32)) add_const(w, name, a, 1, NO_POS, 0, false);
        else if (is_full_mask32(w, first, end)) add_const(w, name, a, b - a, NO_POS, 0, true);
    }
    for (size_t i = 3; i + 2 < w->n; i++) { /* template <int WARP_SIZE = 32> */
        if (!is(w, i, "=") || !is_ident(w, i - 1) || !is_ident(w, i - 2) || !is_number(w, i + 1, 32) ||
            !(is(w, i + 2, ">") || is(w, i + 2, ",")) || !(is(w, i - 3, "<") || is(w, i - 3, ",")) ||
            !name_looks_like_warp_size(w, i - 1))
            continue;
        add_const(w, i - 1, i + 1, 1, NO_POS, 0, false);
        if (!w->oom) w->consts[w->nconsts - 1].template_param = true;
    }
    for (size_t k = 0; k < w->nvars; k++) { /* const int W = 32; enum { W = 32 }; unsigned m = 0xffffffff; */
        warp_var *v = &w->vars[k];
        if (v->init_first == NO_POS || v->is_param || w->scopes[v->scope].is_define) continue;
        size_t a = v->init_first, b = v->init_end;
        while (b - a >= 3 && is(w, a, "(") && w->match[a] == b - 1) a++, b--;
        bool is_const = false;
        for (size_t t = v->type_first; v->type_first != NO_POS && t <= v->type_last; t++)
            is_const |= is(w, t, "const") || is(w, t, "constexpr");
        bool enumerator = v->type_first == NO_POS && v->scope == 0 && v->name > 0 &&
                          (is(w, v->name - 1, "{") || is(w, v->name - 1, ","));
        if (b - a == 1 && is_number(w, a, 32) && (is_const || enumerator || name_looks_like_warp_size(w, v->name)) &&
            (v->type_first != NO_POS || enumerator))
            add_const(w, v->name, a, 1, k, v->scope, false);
        else if (is_full_mask32(w, v->init_first, v->init_end) && v->type_first != NO_POS && v->single)
            add_const(w, v->name, a, b - a, k, v->scope, true);
    }
}

static warp_const *const_at(const warp_scan *w, size_t pos) {
    if (!is_ident(w, pos)) return NULL;
    for (size_t k = 0; k < w->nconsts; k++) {
        warp_const *c = &w->consts[k];
        if (c->name != pos && same_text(w, c->name, pos) && (c->scope == 0 || c->scope == w->scope_of[pos]))
            return c;
    }
    return NULL;
}

/* ---------- expression classification ---------- */

static unsigned classify_range(const warp_scan *w, size_t a, size_t b, int depth);

/* Class and first position of the operand that ends just before position end. */
static unsigned left_primary(const warp_scan *w, size_t end, size_t *start, int depth) {
    if (end == 0) return 0;
    size_t e = end - 1;
    *start = e;
    if (is(w, e, ")") && w->match[e] != NO_POS) {
        size_t o = w->match[e];
        *start = o;
        if (o > 0 && is_ident(w, o - 1) && !is_statement_word(w, o - 1)) {
            *start = o - 1;
            if (is_ballot_call(w, o - 1)) return CLS_BALLOT;
            if (is(w, o - 1, "__lane_id")) return CLS_THREAD;
            return 0;
        }
        return classify_range(w, o + 1, e, depth + 1);
    }
    if (!is_ident(w, e)) return 0;
    if (e >= 2 && (is(w, e - 1, ".") || is(w, e - 1, "->"))) {
        *start = e - 2;
        return is_thread_builtin(w, e - 2) ? CLS_THREAD : 0;
    }
    return var_class(w, e);
}

/* Whether the operator at p has the literal (or constant) right operand of a lane division: / 32,
 * >> 5, / WARP_SIZE, / warpSize. */
static bool divides_by_warp(const warp_scan *w, size_t p) {
    if (!(is(w, p, "/") || is(w, p, ">>") || is(w, p, "/=") || is(w, p, ">>="))) return false;
    bool shift = is(w, p, ">>") || is(w, p, ">>=");
    if (precedence(w, p + 2) > precedence(w, p)) return false;
    if (shift) return is_number(w, p + 1, 5);
    if (is_number(w, p + 1, 32) || is(w, p + 1, "warpSize")) return true;
    warp_const *c = const_at(w, p + 1);
    return c && !c->is_mask;
}

/* Whether the operator at p reduces its left operand to a lane: % 32, & 31, % warpSize, & (warpSize - 1),
 * % WARP_SIZE, & (WARP_SIZE - 1). */
static bool reduces_to_lane(const warp_scan *w, size_t p) {
    bool mod = is(w, p, "%") || is(w, p, "%="), and = is(w, p, "&") || is(w, p, "&=");
    if (!mod && !and) return false;
    warp_const *c = const_at(w, p + 1);
    if (mod) return is_number(w, p + 1, 32) || is(w, p + 1, "warpSize") || (c && !c->is_mask);
    if (is_number(w, p + 1, 31)) return true;
    c = const_at(w, p + 2);
    return is(w, p + 1, "(") && (is(w, p + 2, "warpSize") || (c && !c->is_mask)) && is(w, p + 3, "-") &&
           is_number(w, p + 4, 1) && is(w, p + 5, ")");
}

/* Whether the identifier at i calls a function of this file that returns a lane mask. */
static bool returns_ballot(const warp_scan *w, size_t i) { return w->callee[i] && w->scopes[w->callee[i]].returns_ballot; }

static unsigned classify_range(const warp_scan *w, size_t a, size_t b, int depth) {
    unsigned found = 0;
    bool boolean = false, warp_division = false, warp_scaled = false, lane_modulo = false;
    if (depth > 8) return 0;
    for (size_t k = a; k < b && k < w->n; k++) {
        if (is(w, k, "[") && w->match[k] != NO_POS) { /* a subscript reads data, not an index */
            k = w->match[k];
            continue;
        }
        if (is_ident(w, k) && is(w, k + 1, "(") && w->match[k + 1] != NO_POS && !is_statement_word(w, k)) {
            if (is_ballot_call(w, k) || returns_ballot(w, k)) found |= CLS_BALLOT;
            if (is(w, k, "__lane_id")) found |= CLS_THREAD | CLS_LANE;
            k = w->match[k + 1];
            continue;
        }
        if (is(w, k, "==") || is(w, k, "!=") || is(w, k, "<") || is(w, k, ">") || is(w, k, "<=") ||
            is(w, k, ">=") || is(w, k, "&&") || is(w, k, "||") || is(w, k, "!"))
            boolean = true;
        if (divides_by_warp(w, k)) {
            size_t s;
            if (left_primary(w, k, &s, depth + 1) & CLS_THREAD) warp_division = true;
        }
        if (reduces_to_lane(w, k)) {
            size_t s;
            if (left_primary(w, k, &s, depth + 1) & CLS_THREAD) lane_modulo = true;
        }
        if (is(w, k, "<<") && k > 0 && is_number(w, k - 1, 1) && is_ident(w, k + 1) &&
            ((is_thread_builtin(w, k + 1)) || (var_class(w, k + 1) & CLS_THREAD)))
            found |= CLS_BALLOT; /* 1 << lane: a lane mask */
        if ((is(w, k, "*") && (is_number(w, k + 1, 32) || is(w, k + 1, "warpSize"))) ||
            (is(w, k, "<<") && is_number(w, k + 1, 5))) {
            size_t s;
            if (left_primary(w, k, &s, depth + 1) & CLS_WARP) warp_scaled = true;
        }
        if (!is_ident(w, k) || (k > 0 && (is(w, k - 1, ".") || is(w, k - 1, "->")))) continue;
        if (is_thread_builtin(w, k)) found |= CLS_THREAD;
        else found |= var_class(w, k);
    }
    if (boolean) return 0;
    unsigned cls = found & CLS_BALLOT;
    if (warp_division) cls |= CLS_WARP;
    else if (lane_modulo) cls |= CLS_THREAD | CLS_LANE;
    else if ((found & CLS_THREAD) || warp_scaled) cls |= CLS_THREAD | (found & CLS_LANE);
    else if (found & CLS_WARP) cls |= CLS_WARP;
    return cls;
}

static void classify_vars(warp_scan *w) {
    for (int round = 0; round < 4; round++) {
        bool changed = false;
        for (uint32_t s = 1; s < w->nscopes; s++) { /* functions that return a lane mask */
            warp_scope *sc = &w->scopes[s];
            for (size_t i = sc->first; !sc->returns_ballot && !sc->is_define && i <= sc->last && i < w->n; i++)
                if (is(w, i, "return") && w->scope_of[i] == s &&
                    (classify_range(w, i + 1, expression_end(w, i + 1, sc->last), 0) & CLS_BALLOT))
                    changed = sc->returns_ballot = true;
        }
        for (size_t k = 0; k < w->nvars; k++) { /* parameters every call passes a lane mask to */
            warp_var *p = &w->vars[k];
            const warp_scope *sc = &w->scopes[p->scope];
            if (!p->is_param || p->param_index < 0 || (p->cls & CLS_BALLOT) || sc->name == NO_POS) continue;
            size_t first, end, calls = 0, ballots = 0;
            uses_of(w, sc->name, &first, &end);
            for (size_t u = first; u < end; u++) {
                size_t i = w->idents[u].pos, af, ae;
                if (w->callee[i] != p->scope || !is(w, i + 1, "(")) continue;
                calls++;
                ballots += call_argument(w, i + 1, p->param_index, &af, &ae) &&
                           (classify_range(w, af, ae, 0) & CLS_BALLOT);
            }
            if (calls && ballots == calls) {
                p->cls |= CLS_BALLOT;
                changed = true;
            }
        }
        for (size_t k = 0; k < w->nvars; k++) {
            warp_var *v = &w->vars[k];
            if (v->init_first == NO_POS) continue;
            unsigned cls = classify_range(w, v->init_first, v->init_end, 0) | name_table_class(w, v->name);
            if ((cls | v->cls) != v->cls) {
                v->cls |= cls;
                changed = true;
            }
        }
        if (!changed) break;
    }
}

/* ---------- reporting and fixing ---------- */

/* True the first time (offset, id) is seen: each place is reported once per kind. */
static bool first_report(warp_scan *w, uint32_t off, hc_diag_id id) {
    uint32_t key = off * 16u + (uint32_t)(id - HC_D_WARP_LANE_ARITH);
    for (size_t k = 0; k < w->nreported; k++)
        if (w->reported[k] == key) return false;
    if (!grow(w, (void **)&w->reported, &w->capreported, w->nreported, sizeof *w->reported)) return false;
    w->reported[w->nreported++] = key;
    return true;
}

static uint32_t off_of(const warp_scan *w, size_t i) { return tk(w, i)->off; }

/* Reports a hazard; returns its index in u->diags (NO_POS when the id is suppressed), also kept as
 * last_hazard so the rewrite proposed next can turn it into a note once applied. */
static size_t hazard(warp_scan *w, hc_diag_id id, uint32_t off, const char *name, ...) {
    size_t before = w->u->diags.n;
    va_list ap;
    va_start(ap, name);
    hc_unit_vdiag(w->u, id, off, name, ap);
    va_end(ap);
    w->last_hazard = w->u->diags.n > before ? w->u->diags.n - 1 : NO_POS;
    return w->last_hazard;
}
static uint32_t end_of(const warp_scan *w, size_t i) { return tk(w, i)->off + tk(w, i)->len; }

/* Queues a rewrite of tokens [a, b] (inclusive) with repl; scope is the width group or INDEPENDENT. */
static void propose(warp_scan *w, size_t a, size_t b, const char *repl, uint32_t scope, size_t konst,
                    const char *what, size_t hazard_diag) {
    if (!grow(w, (void **)&w->fixes, &w->capfixes, w->nfixes, sizeof *w->fixes)) return;
    warp_fix *f = &w->fixes[w->nfixes++];
    char old[64];
    span_text(w, a, b, old, sizeof old);
    f->off = off_of(w, a);
    f->len = end_of(w, b) - f->off;
    f->scope = scope;
    f->konst = konst;
    f->hazard = hazard_diag;
    snprintf(f->repl, sizeof f->repl, "%s", repl);
    snprintf(f->note, sizeof f->note, "%s: '%s' -> '%s'", what, old, repl);
}

/* The innermost '[' that encloses position p, or NO_POS. */
static size_t enclosing_subscript(const warp_scan *w, size_t p) {
    for (size_t i = p; i-- > 0;) {
        if (is(w, i, ";") || is(w, i, "{") || is(w, i, "}")) return NO_POS;
        if ((is(w, i, ")") || is(w, i, "]")) && w->match[i] != NO_POS) {
            i = w->match[i];
            continue;
        }
        if (is(w, i, "[")) return w->match[i] != NO_POS && w->match[i] > p ? i : NO_POS;
    }
    return NO_POS;
}

/* Whether '[' at open declares an array (TYPE NAME [ ... ]) rather than subscripting one. */
static bool is_declarator_bracket(const warp_scan *w, size_t open) {
    if (open < 2 || !is_ident(w, open - 1)) return false;
    size_t before = open - 2;
    return (is_ident(w, before) && !is_statement_word(w, before)) || is(w, before, "*");
}

/* Whether position p sits where C++ needs a constant expression, so warpSize (not constexpr in CUDA)
 * cannot replace a literal there. */
static bool in_constant_context(const warp_scan *w, size_t p) {
    size_t s = enclosing_subscript(w, p);
    if (s != NO_POS && is_declarator_bracket(w, s)) return true;
    if (((is(w, p - 1, "<") || is(w, p - 1, ",")) && (is(w, p + 1, ">") || is(w, p + 1, ">>"))) ||
        (is(w, p - 1, "<") && is(w, p + 1, ",")))
        return true; /* template argument */
    for (size_t i = p; i-- > 0;) { /* static_assert(...), __launch_bounds__(...), alignas(...), case X: */
        if (is(w, i, ";") || is(w, i, "{") || is(w, i, "}")) break;
        if (is(w, i, "case")) return true;
        if ((is(w, i, ")") || is(w, i, "]")) && w->match[i] != NO_POS) {
            i = w->match[i];
            continue;
        }
        if (is(w, i, "(") && i > 0 &&
            (is(w, i - 1, "static_assert") || is(w, i - 1, "__launch_bounds__") || is(w, i - 1, "alignas")))
            return true;
    }
    return false;
}

/* The declared constant bound of array NAME (spelled at pos) in pos's scope or the file, or 0. */
static unsigned long long array_bound(const warp_scan *w, size_t pos, size_t *decl) {
    for (size_t a = 0; a < w->narrays; a++) {
        size_t i = w->arrays[a];
        if (i + 2 >= w->n || !same_text(w, i - 1, pos)) continue;
        if (w->scope_of[i] != w->scope_of[pos] && w->scope_of[i] != 0) continue;
        unsigned long long v;
        warp_const *c;
        *decl = i - 1;
        if (is(w, i + 2, "]") && number_value(w, i + 1, &v, NULL)) return v;
        if (is(w, i + 2, "]") && (c = const_at(w, i + 1)) && !c->is_mask) return 32;
    }
    return 0;
}

/* Whether sizeof is applied to the array named at decl anywhere in the file. */
static bool sizeof_reads(const warp_scan *w, size_t decl) {
    size_t first, end;
    uses_of(w, decl, &first, &end);
    for (size_t u = first; u < end; u++) {
        size_t i = w->idents[u].pos;
        if (i > 0 && (is(w, i - 1, "sizeof") || (is(w, i - 1, "(") && i > 1 && is(w, i - 2, "sizeof")))) return true;
    }
    return false;
}

/* Whether the subscript opening at sub indexes an array declared with fewer than 64 elements that cannot
 * be enlarged to 64. Reports each such array once, and proposes [32] -> [64] where that is safe. */
static bool lane_overflows_array(warp_scan *w, size_t sub) {
    size_t decl = NO_POS;
    unsigned long long bound = sub > 0 && is_ident(w, sub - 1) ? array_bound(w, sub - 1, &decl) : 0;
    if (bound == 0 || bound >= 64) return false;
    /* A literal [32] becomes [64]: every index valid before stays valid, and a lane of a 64-lane
     * wave fits. Not when sizeof reads the array (its size would change) or outside device code. */
    size_t lit = decl + 2;
    bool enlargeable = bound == 32 && is_kind(w, lit, HC_TOK_NUMBER) && !sizeof_reads(w, decl) &&
                       w->scopes[w->scope_of[decl]].device;
    /* [WARP_SIZE] becomes [64] together with the constant (examine_const_uses); if the constant stays,
     * so does every width rewrite of the scopes using it */
    warp_const *c = const_at(w, lit);
    if (c && !c->is_mask && is(w, lit + 1, "]")) return false;
    if (first_report(w, off_of(w, decl), HC_D_SHARED_BY_WARP)) {
        char name[64], bound_text[32];
        tok_text(w, decl, name, sizeof name);
        snprintf(bound_text, sizeof bound_text, "%llu", bound);
        hazard(w, HC_D_SHARED_BY_WARP, off_of(w, decl), name, bound_text);
        /* enlarging is safe whatever else is rewritten: no index valid before becomes invalid */
        if (enlargeable) propose(w, lit, lit, "64", INDEPENDENT, NO_POS, "array sized for 64 lanes", w->last_hazard);
    }
    return !enlargeable;
}

/* Whether the lane value computed at p would index an array of fewer than 64 elements once it ranges
 * over 64 lanes (directly, or through the variable it initialises) and the array cannot be enlarged. */
static bool widens_into_small_array(warp_scan *w, size_t p) {
    size_t subs[64], nsubs = 0;
    size_t s = enclosing_subscript(w, p);
    if (s != NO_POS) subs[nsubs++] = s;
    FOR_SCOPE_VARS(w, w->scope_of[p], v) {
        if (v->init_first == NO_POS || p < v->init_first || p >= v->init_end) continue;
        const warp_scope *sc = &w->scopes[v->scope];
        for (size_t i = v->init_end; i <= sc->last && i < w->n && nsubs < COUNT_OF(subs); i++)
            if (same_text(w, i, v->name) && !is(w, i - 1, ".") && (s = enclosing_subscript(w, i)) != NO_POS)
                subs[nsubs++] = s;
    }
    bool small = false;
    for (size_t k = 0; k < nsubs; k++) small |= lane_overflows_array(w, subs[k]);
    return small;
}

static uint32_t group_of(warp_scan *w, uint32_t s) {
    while (w->scopes[s].group != s) s = w->scopes[s].group = w->scopes[w->scopes[s].group].group;
    return s;
}
/* Remembers that the hazard reported as diagnostic h is fixed exactly when constant c is rewritten. */
static void link_const_hazard(warp_scan *w, size_t h, const warp_const *c) {
    if (h == NO_POS ||
        !grow(w, (void **)&w->const_hazards, &w->capconst_hazards, w->nconst_hazards, sizeof *w->const_hazards))
        return;
    w->const_hazards[w->nconst_hazards].diag = h;
    w->const_hazards[w->nconst_hazards++].konst = (size_t)(c - w->consts);
}

static void block_scope(warp_scan *w, uint32_t scope) { w->scopes[group_of(w, scope)].blocked = true; }
static bool scope_blocked(warp_scan *w, uint32_t scope) { return w->scopes[group_of(w, scope)].blocked; }

/* Joins the width groups of scopes that call (or expand) one another: a warp reduction fixed to 64
 * lanes and a caller still indexing 32-lane warps would compute worse than neither fixed. */
static void link_scopes(warp_scan *w) {
    for (uint32_t s = 1; s < w->nscopes; s++) {
        const warp_scope *sc = &w->scopes[s];
        size_t first, end;
        if (sc->name == NO_POS) continue;
        uses_of(w, sc->name, &first, &end);
        for (size_t u = first; u < end; u++) {
            size_t i = w->idents[u].pos;
            if (i == sc->name || (i > 0 && (is(w, i - 1, ".") || is(w, i - 1, "->")))) continue;
            if (!sc->is_define && !is(w, i + 1, "(") && !is(w, i + 1, "<")) continue;
            w->callee[i] = s;
            uint32_t a = group_of(w, s), b = group_of(w, w->scope_of[i]);
            if (a != b) w->scopes[a].group = b;
        }
    }
}

/* Lane arithmetic: thread % 32, thread / 32, thread & 31, thread >> 5, warp * 32, warp << 5. */
static void check_lane_arithmetic(warp_scan *w, size_t p) {
    for (size_t k = 0; k < COUNT_OF(lane_ops); k++) {
        const lane_op *op = &lane_ops[k];
        if (!is(w, p, op->op)) continue;
        static const unsigned operand_class[] = {CLS_THREAD, CLS_WARP, CLS_LANE};
        unsigned want = operand_class[op->operand];
        size_t lit = NO_POS, start = p;
        unsigned cls = 0;
        if (is_number(w, p + 1, op->value) && precedence(w, p + 2) <= precedence(w, p)) {
            lit = p + 1;
            cls = left_primary(w, p, &start, 0);
        } else if (!strcmp(op->op, "*") && p > 0 && is_number(w, p - 1, op->value) &&
                   (p < 2 || precedence(w, p - 2) < 13) && is_ident(w, p + 1) && precedence(w, p + 2) <= 13) {
            lit = p - 1; /* 32 * warp */
            cls = var_class(w, p + 1);
        }
        if (lit == NO_POS || !(cls & want)) continue;
        uint32_t scope = w->scope_of[p];
        char construct[64]; /* the whole lane expression: "threadIdx.x % 32", "32 * warp" */
        if (lit < p) span_text(w, lit, p + 1, construct, sizeof construct);
        else span_text(w, start, lit, construct, sizeof construct);
        if (!first_report(w, off_of(w, p), HC_D_WARP_LANE_ARITH)) return;
        size_t h = hazard(w, HC_D_WARP_LANE_ARITH, off_of(w, lit < p ? lit : start), construct, construct);
        bool fixable = w->scopes[scope].device && !in_constant_context(w, p);
        bool widening = !strcmp(op->op, "%") || !strcmp(op->op, "&") || !strcmp(op->op, "%=") || !strcmp(op->op, "&=");
        if (fixable && widening && widens_into_small_array(w, p)) fixable = false;
        if (fixable && op->replace_operation) {
            /* Changing >> to / (or << to *) raises precedence: the left operand must stand alone, and a
             * right shift equals division only for non-negative values (threadIdx or unsigned). */
            bool alone = start > 0 && (is(w, start - 1, "(") || is(w, start - 1, "=") || is(w, start - 1, ",") ||
                                       is(w, start - 1, "[") || is(w, start - 1, "return") || is(w, start - 1, "?") ||
                                       is(w, start - 1, ":") || (precedence(w, start - 1) >= 2 &&
                                                                 precedence(w, start - 1) < 11));
            bool nonnegative = !strcmp(op->op, "<<") || is_thread_builtin(w, start);
            if (!nonnegative && is_ident(w, p - 1) && start == p - 1) {
                warp_var *d = var_decl(w, p - 1);
                for (size_t t = d ? d->type_first : 1; d && t <= d->type_last; t++)
                    nonnegative |= is(w, t, "unsigned") || is(w, t, "size_t") || is(w, t, "uint32_t");
            }
            fixable = alone && nonnegative;
        }
        if (!fixable) {
            block_scope(w, scope);
            return;
        }
        if (op->replace_operation) propose(w, p, lit, op->replace_operation, scope, NO_POS, "lane arithmetic", h);
        else propose(w, lit, lit, op->replace_literal, scope, NO_POS, "lane arithmetic", h);
        return;
    }
}

/* Uses of constant c: which contexts accept warpSize (or the full-wave mask) in place of its value. */
static void examine_const_uses(warp_scan *w, size_t ci) {
    warp_const *c = &w->consts[ci];
    c->fixable = !c->template_param;
    size_t uses = 0;
    if (c->var != NO_POS) {
        const warp_var *v = &w->vars[c->var];
        for (size_t t = v->type_first; t != NO_POS && t <= v->type_last; t++)
            if (is(w, t, "constexpr") || is(w, t, "static")) c->fixable = false;
        if (c->scope == 0 || !w->scopes[c->scope].device) c->fixable = false;
    }
    size_t first, end;
    uses_of(w, c->name, &first, &end);
    for (size_t u = first; u < end; u++) {
        size_t i = w->idents[u].pos;
        if (i == c->name || (i > 0 && (is(w, i - 1, ".") || is(w, i - 1, "->")))) continue;
        if (c->scope != 0 && w->scope_of[i] != c->scope) continue;
        if (is(w, i - 1, "define") || is(w, i - 1, "ifdef") || is(w, i - 1, "ifndef") || is(w, i - 1, "undef") ||
            is(w, i - 1, "defined") || (is(w, i - 1, "(") && is(w, i - 2, "defined")))
            continue; /* the include-guard idiom #ifndef WARP_SIZE only asks whether it exists */
        uint32_t s = w->scope_of[i];
        uses++;
        /* a use that assigns it (c = ...) makes it a variable, not a constant */
        if (is(w, i + 1, "=") || is(w, i + 1, "++") || is(w, i + 1, "--")) c->fixable = false;
        if (c->is_mask) {
            bool mask_arg = is(w, i - 1, "(") && (is(w, i + 1, ",") || is(w, i + 1, ")")) && i >= 2 &&
                            mask_intrinsic_at(w, i - 2);
            if (!mask_arg || s == 0 || !w->scopes[s].device) c->fixable = false;
            continue;
        }
        size_t start;
        bool modulo = (is(w, i - 1, "%") || is(w, i - 1, "%=")) && (left_primary(w, i - 1, &start, 0) & CLS_THREAD);
        bool masked = is(w, i - 1, "(") && i >= 2 && is(w, i - 2, "&") && is(w, i + 1, "-") && is_number(w, i + 2, 1) &&
                      (left_primary(w, i - 2, &start, 0) & CLS_THREAD);
        /* the lane it computes ranges over 64 values once the constant is warpSize */
        if ((modulo && widens_into_small_array(w, i - 1)) || (masked && widens_into_small_array(w, i - 2)))
            c->fixable = false;
        bool lane_use = modulo || masked ||
                        ((is(w, i - 1, "/") || is(w, i - 1, "/=")) && (left_primary(w, i - 1, &start, 0) & CLS_THREAD)) ||
                        (is(w, i - 1, "*") && (left_primary(w, i - 1, &start, 0) & CLS_WARP)) ||
                        (is(w, i + 1, "*") && (var_class(w, i + 2) & CLS_WARP));
        bool loop_use = is(w, i + 1, "/") && is_number(w, i + 2, 2);
        bool width_use = false;
        for (size_t q = i; q-- > 0 && !width_use;) { /* a shuffle's width argument */
            if (is(w, q, ";") || is(w, q, "{")) break;
            const shuffle_intrinsic *sh = is(w, q, "(") ? shuffle_at(w, q - 1) : NULL;
            size_t af, ae;
            if (sh && q > 0 && call_argument(w, q, sh->width_arg, &af, &ae) && af == i && ae == i + 1)
                width_use = true;
        }
        if (lane_use || loop_use || width_use) c->used_as_width = true;
        size_t sub = enclosing_subscript(w, i);
        if (sub != NO_POS && is_declarator_bracket(w, sub) && !c->template_param) {
            /* An array bound needs a constant, and warpSize is none in CUDA: an array of one element per
             * lane ([WARP_SIZE]) gets the widest wave, 64; one of one element per warp ([N / WARP_SIZE])
             * the count for the narrowest warp, N / 32. Either only over-allocates on the other width. */
            size_t close = w->match[sub];
            if (close == i + 1 && sub + 1 == i && !sizeof_reads(w, sub - 1))
                propose(w, i, i, "64", 0, ci, "per-lane array bound", NO_POS);
            else if (close == i + 1 && is(w, i - 1, "/") && !sizeof_reads(w, sub - 1))
                propose(w, i, i, "32", 0, ci, "per-warp array bound", NO_POS);
            else
                c->fixable = false;
            continue;
        }
        if (s == 0 || w->scopes[s].is_define || !w->scopes[s].device || in_constant_context(w, i))
            c->fixable = false;
    }
    c->uses = uses;
}

/* Whether the file is a header: its macros are used by files this pass does not see. */
static bool is_header(const warp_scan *w) {
    static const char *const exts[] = {".h", ".hh", ".hpp", ".hxx", ".cuh", ".inc", ".inl", ".ipp"};
    const char *path = w->u->path, *dot = path ? strrchr(path, '.') : NULL;
    for (size_t k = 0; dot && k < COUNT_OF(exts); k++)
        if (!strcmp(dot, exts[k])) return true;
    return false;
}

static bool name_looks_like_mask(const warp_scan *w, size_t pos) {
    const hc_token *t = tk(w, pos);
    for (size_t k = 0; k + 4 <= t->len; k++)
        if (!strncasecmp(w->text + t->off + k, "mask", 4)) return true;
    return false;
}

static void check_consts(warp_scan *w) {
    for (size_t k = 0; k < w->nconsts; k++) {
        examine_const_uses(w, k);
        warp_const *c = &w->consts[k];
        char name[96];
        tok_text(w, c->name, name, sizeof name);
        /* A macro of a header, or one this file never uses, serves other files: rewriting it could put
         * warpSize into their host code or array bounds. Reported, kept. */
        if (c->var == NO_POS && (is_header(w) || !c->uses)) c->fixable = false;
        if (c->is_mask) { /* reported where it is passed (check_mask_arguments), or here when unused */
            if (!c->uses && name_looks_like_mask(w, c->name))
                hazard(w, HC_D_WARP_MASK_32, off_of(w, c->name), name, name, "warp intrinsics in other files");
            continue;
        }
        if (!c->used_as_width && !name_looks_like_warp_size(w, c->name)) continue;
        c->used_as_width = true;
        hazard(w, HC_D_WARP_SIZE_CONSTANT, off_of(w, c->name), name, name);
        if (c->fixable) propose(w, c->value, c->value, "warpSize", 0, k, "warp-size constant", w->last_hazard);
    }
}

static int type_width32(const warp_scan *w, const warp_var *v, size_t *tw, size_t *tl);

/* The mask argument of a mask-taking intrinsic: a 32-bit full mask (rewritten to the full-wave mask), a
 * mask constant (rewritten at its definition when every use is a mask argument), a 32-bit variable. */
static void check_mask_arguments(warp_scan *w, size_t call) {
    const mask_intrinsic *mi = mask_intrinsic_at(w, call);
    size_t a, e;
    if (!mi || !call_argument(w, call + 1, mi->mask_arg, &a, &e)) return;
    char shown[64], name[64];
    tok_text(w, call, name, sizeof name);
    uint32_t scope = w->scope_of[call];
    if (is_full_mask32(w, a, e)) {
        size_t la = a, le = e;
        while (le - la >= 3 && is(w, la, "(") && w->match[la] == le - 1) la++, le--;
        span_text(w, la, le - 1, shown, sizeof shown);
        if (!first_report(w, off_of(w, la), HC_D_WARP_MASK_32)) return;
        hazard(w, HC_D_WARP_MASK_32, off_of(w, la), name, shown, name);
        if (w->scopes[scope].device) propose(w, la, le - 1, FULL_WAVE_MASK, INDEPENDENT, NO_POS, "full-wave mask", w->last_hazard);
        return;
    }
    warp_const *c = e == a + 1 ? const_at(w, a) : NULL;
    if (!c && e == a + 1 && is_ident(w, a) && !(var_class(w, a) & CLS_BALLOT)) {
        size_t tw, tl;
        if (type_width32(w, var_decl(w, a), &tw, &tl)) {
            tok_text(w, a, shown, sizeof shown);
            hazard(w, HC_D_MASK_VAR_32BIT, off_of(w, a), shown, shown, name);
        }
        return;
    }
    if (c && c->is_mask) {
        tok_text(w, a, shown, sizeof shown);
        link_const_hazard(w, hazard(w, HC_D_WARP_MASK_32, off_of(w, a), name, shown, name), c);
        if (c->fixable && !c->fixed) {
            const warp_var *v = c->var != NO_POS ? &w->vars[c->var] : NULL;
            size_t tw = NO_POS, tl = NO_POS; /* the type words to widen, qualifiers left alone */
            for (size_t t = v ? v->type_first : 1; v && t <= v->type_last; t++)
                if (!is_qualifier(w, t)) {
                    if (tw == NO_POS) tw = t;
                    tl = t;
                }
            bool wide = false;
            for (size_t t = tw; tw != NO_POS && t <= tl; t++)
                wide |= is(w, t, "long") || is(w, t, "uint64_t") || is(w, t, "auto") || is(w, t, "size_t");
            if (v && tw == NO_POS) return;
            c->fixed = true;
            if (v && !wide) propose(w, tw, tl, "unsigned long long", INDEPENDENT, NO_POS, "64-bit mask type", w->last_hazard);
            propose(w, c->value, c->value + c->value_len - 1, FULL_WAVE_MASK, INDEPENDENT, NO_POS, "full-wave mask", w->last_hazard);
        }
    }
}

/* The 32-bit-ness of a declared type: 0 not 32-bit (or unknown), 1 unsigned 32-bit, 2 signed 32-bit. */
static int type_width32(const warp_scan *w, const warp_var *v, size_t *tw, size_t *tl) {
    *tw = *tl = NO_POS;
    if (!v || v->type_first == NO_POS) return 0;
    bool is_unsigned = false, is_int = false, other = false;
    for (size_t t = v->type_first; t <= v->type_last; t++) {
        if (is_qualifier(w, t)) continue;
        if (*tw == NO_POS) *tw = t;
        *tl = t;
        if (is(w, t, "unsigned") || is(w, t, "uint32_t") || is(w, t, "uint")) is_unsigned = true;
        else if (is(w, t, "int") || is(w, t, "signed") || is(w, t, "int32_t")) is_int = true;
        else if (!is(w, t, "::") && !is(w, t, "std")) other = true;
    }
    if (other) return 0;
    return is_unsigned ? 1 : is_int ? 2 : 0;
}

/* Whether the use of a ballot value spelled by tokens [a, b] (a variable, or a call of a function
 * returning one) keeps its low 32 bits and adds no high ones, so widening it to 64 bits changes nothing
 * on a 32-lane target. */
static bool ballot_use_is_width_safe(const warp_scan *w, size_t a, size_t b) {
    size_t i = a;
    while (a > 0 && is(w, a - 1, "(") && is(w, b + 1, ")") && !(a >= 2 && is_ident(w, a - 2))) a--, b++;
    size_t prev = a - 1, next = b + 1;
    static const char *const safe_next[] = {";", ")", ",", "]", "}", "&", "|", "^", ">>", "==", "!=", "&&", "||",
                                            "?", ":", "&=", "|=", "^=", ">>="};
    static const char *const safe_prev[] = {"(", ",", "&", "|", "^", "=", "==", "!=", "&&", "||", "!", "return",
                                            "?", ":", "&=", "|=", "^=", "{", ";"};
    /* x &= x - 1 and x & (x - 1) clear the lowest set bit whatever the width */
    if (is(w, next, "-") && is_number(w, next + 1, 1) && prev > 0 &&
        ((is(w, prev, "&=") && same_text(w, prev - 1, i)) ||
         (is(w, prev, "(") && prev > 1 && is(w, prev - 1, "&") && same_text(w, prev - 2, i))))
        return true;
    if (is(w, next, "=")) return true; /* reassigned: the assignment is checked on its own */
    /* pending &= ~group: the complement's new high ones meet a mask whose high bits are zero on 32 lanes */
    if (is(w, prev, "~") && prev > 0 && is_one_of(w, next, safe_next, COUNT_OF(safe_next))) {
        size_t p2 = prev - 1, s;
        if (is(w, p2, "&=") && p2 > 0 && is_ident(w, p2 - 1) && (var_class(w, p2 - 1) & CLS_BALLOT)) return true;
        return is(w, p2, "&") && (left_primary(w, p2, &s, 0) & CLS_BALLOT);
    }
    if (prev > 0 && is(w, prev, "(") && is(w, prev - 1, "printf")) return false;
    if (prev > 1 && is(w, prev, ",")) {
        for (size_t q = prev; q-- > 0;) /* an argument of printf: the format names its width */
            if (is(w, q, "(") && w->match[q] != NO_POS && w->match[q] > i) return !(q > 0 && is(w, q - 1, "printf"));
    }
    return is_one_of(w, next, safe_next, COUNT_OF(safe_next)) && is_one_of(w, prev, safe_prev, COUNT_OF(safe_prev));
}

/* Whether every use and every assignment of the variable declared by d tolerates 64 bits. */
static bool uses_are_width_safe(const warp_scan *w, const warp_var *d) {
    const warp_scope *sc = &w->scopes[d->scope];
    for (size_t i = sc->first; i <= sc->last && i < w->n; i++) {
        if (i == d->name || !same_text(w, i, d->name) || w->scope_of[i] != d->scope) continue;
        if (i > 0 && (is(w, i - 1, ".") || is(w, i - 1, "->"))) continue;
        if (is(w, i + 1, "=")) {
            size_t end = expression_end(w, i + 2, sc->last);
            if (!(classify_range(w, i + 2, end, 0) & CLS_BALLOT) && !(end == i + 3 && is_number(w, i + 2, 0)))
                return false;
            continue;
        }
        if (is(w, i + 1, "<<=") || is(w, i + 1, "+=") || is(w, i + 1, "-=") || is(w, i + 1, "*=")) return false;
        if (!ballot_use_is_width_safe(w, i, i)) return false;
    }
    return true;
}

/* Ballot results kept in 32-bit variables. */
static void check_ballot_vars(warp_scan *w) {
    for (size_t k = 0; k < w->nvars; k++) {
        warp_var *v = &w->vars[k];
        if (v->init_first == NO_POS || !(classify_range(w, v->init_first, v->init_end, 0) & CLS_BALLOT)) continue;
        warp_var *d = v->type_first != NO_POS ? v : var_decl(w, v->name);
        size_t tw, tl;
        int width = type_width32(w, d, &tw, &tl);
        if (!width) continue;
        char name[64], call[64];
        span_text(w, v->init_first, v->init_end - 1, call, sizeof call); /* e.g. (1u << lane) - 1 */
        for (size_t i = v->init_first; i < v->init_end; i++)
            if (is_ballot_call(w, i) || returns_ballot(w, i) || (is_ident(w, i) && (var_class(w, i) & CLS_BALLOT))) {
                tok_text(w, i, call, sizeof call);
                break;
            }
        tok_text(w, v->name, name, sizeof name);
        if (!first_report(w, off_of(w, v->name), HC_D_BALLOT_32BIT)) continue;
        size_t h = hazard(w, HC_D_BALLOT_32BIT, off_of(w, v->name), name, call);
        /* a later assignment to a variable already widened is fixed by that same rewrite */
        if (d->widened && w->u->opt->fix_warp_size && h != NO_POS) w->u->diags.v[h].severity = HC_SEV_NOTE;
        if (width != 1 || !d->single) continue;
        if (d->scope != 0 && uses_are_width_safe(w, d)) {
            propose(w, tw, tl, "unsigned long long", INDEPENDENT, NO_POS, "64-bit ballot variable", h);
            d->widened = true;
        }
        d->single = false; /* one rewrite per declaration */
    }
}

/* __device__ int count(unsigned mask) { ... } called as count(__ballot_sync(...)): a lane mask converted to a
 * 32-bit parameter. The parameter is widened when every call passes a lane mask (so no caller's value
 * could sign-extend) and every use in the function tolerates 64 bits. */
static void check_ballot_params(warp_scan *w) {
    for (size_t k = 0; k < w->nvars; k++) {
        warp_var *p = &w->vars[k];
        size_t tw, tl, calls = 0, ballots = 0;
        if (!p->is_param || p->param_index < 0) continue;
        int width = type_width32(w, p, &tw, &tl);
        const warp_scope *sc = &w->scopes[p->scope];
        if (!width || sc->name == NO_POS) continue;
        size_t first, end, shown = NO_POS;
        uses_of(w, sc->name, &first, &end);
        for (size_t u = first; u < end; u++) {
            size_t i = w->idents[u].pos, af, ae;
            if (w->callee[i] != p->scope || !is(w, i + 1, "(")) continue;
            calls++;
            if (call_argument(w, i + 1, p->param_index, &af, &ae) && (classify_range(w, af, ae, 0) & CLS_BALLOT)) {
                ballots++;
                if (shown == NO_POS) shown = af;
            }
        }
        if (!ballots) continue;
        char call[64], name[64];
        tok_text(w, shown, call, sizeof call);
        tok_text(w, p->name, name, sizeof name);
        hazard(w, HC_D_BALLOT_32BIT, off_of(w, p->name), name, call);
        if (width == 1 && ballots == calls && uses_are_width_safe(w, p))
            propose(w, tw, tl, "unsigned long long", INDEPENDENT, NO_POS, "64-bit lane-mask parameter", w->last_hazard);
    }
}

/* __device__ unsigned f(...) { return __ballot_sync(...); }: a lane mask returned in 32 bits. */
static void check_ballot_returns(warp_scan *w) {
    for (uint32_t s = 1; s < w->nscopes; s++) {
        const warp_scope *sc = &w->scopes[s];
        if (!sc->returns_ballot || sc->name == NO_POS || sc->params == NO_POS) continue;
        warp_var ret;
        memset(&ret, 0, sizeof ret);
        ret.type_first = ret.type_last = sc->name - 1;
        while (ret.type_first > 0 && (is_ident(w, ret.type_first - 1) || is(w, ret.type_first - 1, "::")) &&
               !is_statement_word(w, ret.type_first - 1) && !in_directive(w, ret.type_first - 1))
            ret.type_first--;
        size_t tw, tl;
        int width = sc->name > 0 && is_ident(w, sc->name - 1) ? type_width32(w, &ret, &tw, &tl) : 0;
        if (!width) continue;
        char name[64];
        tok_text(w, sc->name, name, sizeof name);
        hazard(w, HC_D_BALLOT_32BIT, off_of(w, sc->name), name, name);
        bool safe = width == 1;
        size_t first, end;
        uses_of(w, sc->name, &first, &end);
        for (size_t u = first; u < end && safe; u++) { /* every call must tolerate a 64-bit result */
            size_t i = w->idents[u].pos;
            if (i != sc->name && is(w, i + 1, "(") && w->match[i + 1] != NO_POS)
                safe = ballot_use_is_width_safe(w, i, w->match[i + 1]);
        }
        for (size_t t = tw; safe && t <= tl; t++) safe = !is_qualifier(w, t);
        if (safe) propose(w, tw, tl, "unsigned long long", INDEPENDENT, NO_POS, "64-bit lane-mask return type", w->last_hazard);
    }
}

/* (unsigned)__ballot_sync(...): a cast that drops the upper 32 lanes. */
static void check_ballot_cast(warp_scan *w, size_t i) {
    if (!is(w, i, ")") || w->match[i] == NO_POS || !is_ballot_call(w, i + 1)) return;
    size_t o = w->match[i];
    if (o > 0 && is_ident(w, o - 1)) return; /* a call, not a cast */
    warp_var fake = {0};
    fake.type_first = o + 1;
    fake.type_last = i - 1;
    size_t tw, tl;
    if (o + 1 >= i || !type_width32(w, &fake, &tw, &tl)) return;
    char call[64];
    tok_text(w, i + 1, call, sizeof call);
    if (first_report(w, off_of(w, o), HC_D_BALLOT_32BIT)) hazard(w, HC_D_BALLOT_32BIT, off_of(w, o), call, call);
}

/* __popc/__ffs/__clz applied to a ballot result. */
static void check_bitcount(warp_scan *w, size_t i) {
    if (!is_ident(w, i) || !is(w, i + 1, "(") || w->match[i + 1] == NO_POS) return;
    const bitcount_intrinsic *bc = NULL;
    for (size_t k = 0; k < COUNT_OF(bitcounts); k++)
        if (is(w, i, bitcounts[k].name32)) bc = &bitcounts[k];
    if (!bc || !(classify_range(w, i + 2, w->match[i + 1], 0) & CLS_BALLOT)) return;
    hazard(w, HC_D_POPC_ON_BALLOT, off_of(w, i), bc->name32, bc->name32);
    bool safe = bc->safe;
    for (size_t k = i + 2; k < w->match[i + 1] && safe; k++) { /* a signed int would sign-extend */
        size_t tw, tl;
        if (is_ident(w, k) && !is(w, k + 1, "(") && (var_class(w, k) & CLS_BALLOT) &&
            type_width32(w, var_decl(w, k), &tw, &tl) == 2)
            safe = false;
        if (is(w, k, "(") && k + 2 < w->n && is(w, k + 1, "int") && is(w, k + 2, ")")) safe = false;
    }
    if (safe) propose(w, i, i, bc->name64, INDEPENDENT, NO_POS, "64-bit bit count", w->last_hazard);
}

/* Whether statement/body tokens [a, b) contain a reducing shuffle whose offset argument uses the
 * variable spelled at var. */
static bool shuffles_by(const warp_scan *w, size_t a, size_t b, size_t var) {
    for (size_t k = a; k < b; k++) {
        const shuffle_intrinsic *sh = shuffle_at(w, k);
        size_t af, ae;
        if (!sh || !sh->reduces || !call_argument(w, k + 1, sh->offset_arg, &af, &ae)) continue;
        for (size_t q = af; q < ae; q++)
            if (same_text(w, q, var)) return true;
    }
    return false;
}

/* for (int offset = 16; offset > 0; offset /= 2) shfl...; and for (d = 1; d < 32; d *= 2) shfl...; */
static void check_shuffle_loop(warp_scan *w, size_t f) {
    if (!is(w, f, "for") || !is(w, f + 1, "(") || w->match[f + 1] == NO_POS) return;
    size_t open = f + 1, close = w->match[open], s1 = NO_POS, s2 = NO_POS;
    for (size_t k = open + 1; k < close; k++)
        if (is(w, k, ";")) {
            if (s1 == NO_POS) s1 = k;
            else if (s2 == NO_POS) s2 = k;
        }
    if (s1 == NO_POS || s2 == NO_POS) return;
    size_t eq = NO_POS;
    for (size_t k = open + 1; k < s1; k++)
        if (is(w, k, "=")) {
            eq = k;
            break;
        }
    if (eq == NO_POS || !is_ident(w, eq - 1)) return;
    size_t var = eq - 1, body_end = is(w, close + 1, "{") && w->match[close + 1] != NO_POS ? w->match[close + 1]
                                                                                        : expression_end(w, close + 1, w->n);
    if (!shuffles_by(w, close + 1, body_end, var)) return;
    uint32_t scope = w->scope_of[f];
    bool halving = false, doubling = false;
    for (size_t k = s2 + 1; k < close; k++) {
        halving |= is(w, k, "/=") || is(w, k, ">>=") || is(w, k, "/") || is(w, k, ">>");
        doubling |= is(w, k, "*=") || is(w, k, "<<=") || is(w, k, "*") || is(w, k, "<<");
    }
    char shown[32];
    if (halving && s1 == eq + 2 && is_number(w, eq + 1, 16)) {
        tok_text(w, eq + 1, shown, sizeof shown);
        hazard(w, HC_D_SHUFFLE_OFFSET_16, off_of(w, eq + 1), shown, shown);
        if (w->scopes[scope].device) propose(w, eq + 1, eq + 1, "(warpSize / 2)", scope, NO_POS, "shuffle loop start", w->last_hazard);
        else block_scope(w, scope);
    }
    if (doubling) { /* the bound: var < 32, var <= 16 */
        for (size_t k = s1 + 1; k + 1 < s2; k++) {
            if (!same_text(w, k, var)) continue;
            bool lt32 = is(w, k + 1, "<") && is_number(w, k + 2, 32), le16 = is(w, k + 1, "<=") && is_number(w, k + 2, 16);
            if ((!lt32 && !le16) || precedence(w, k + 3) > 10) continue;
            tok_text(w, k + 2, shown, sizeof shown);
            hazard(w, HC_D_SHUFFLE_BOUND_32, off_of(w, k + 2), shown, shown);
            if (w->scopes[scope].device)
                propose(w, k + 2, k + 2, lt32 ? "warpSize" : "(warpSize / 2)", scope, NO_POS, "shuffle loop bound", w->last_hazard);
            else block_scope(w, scope);
        }
    }
}

/* A shuffle with a literal offset of 16 (an unrolled reduction) or a literal width of 32. */
static void check_shuffle_literals(warp_scan *w, size_t i) {
    const shuffle_intrinsic *sh = shuffle_at(w, i);
    size_t a, e;
    if (!sh) return;
    uint32_t scope = w->scope_of[i];
    char name[64];
    tok_text(w, i, name, sizeof name);
    if (sh->reduces && call_argument(w, i + 1, sh->offset_arg, &a, &e) && e == a + 1 && is_number(w, a, 16)) {
        hazard(w, HC_D_SHUFFLE_OFFSET_16, off_of(w, a), name, "16");
        block_scope(w, scope); /* the missing step 32 cannot be added by a token rewrite */
    }
    if (call_argument(w, i + 1, sh->width_arg, &a, &e) && e == a + 1 && is_number(w, a, 32)) {
        hazard(w, HC_D_SHUFFLE_WIDTH_32, off_of(w, a), name, name);
        if (w->scopes[scope].device) propose(w, a, a, "warpSize", scope, NO_POS, "shuffle width", w->last_hazard);
        else block_scope(w, scope);
    }
}

/* s[lane] on an array of 32 (or fewer) elements: a lane of a 64-lane wave indexes past its end, even in
 * code that already computes lanes with warpSize. */
static void check_lane_subscript(warp_scan *w, size_t open) {
    if (!is(w, open, "[") || open == 0 || !is_ident(w, open - 1) || w->match[open] == NO_POS ||
        is_declarator_bracket(w, open))
        return;
    if (!(classify_range(w, open + 1, w->match[open], 0) & CLS_LANE)) return;
    for (size_t k = open + 1; k < w->match[open]; k++) /* the lane itself, not a value computed from it */
        if (is(w, k, "*") || is(w, k, "/") || is(w, k, ">>") || is(w, k, "<<") || is(w, k, "+") || is(w, k, "-"))
            return;
    lane_overflows_array(w, open);
}

/* __shared__ T s[BLOCK / 32]: per-warp arrays sized for 32-lane warps. */
static void check_array_bound(warp_scan *w, size_t open) {
    if (!is(w, open, "[") || w->match[open] == NO_POS || !is_declarator_bracket(w, open)) return;
    size_t close = w->match[open];
    for (size_t k = open + 1; k < close; k++) {
        warp_const *c = const_at(w, k + 1);
        bool by32 = (is(w, k, "/") && (is_number(w, k + 1, 32) || (c && !c->is_mask))) ||
                    (is(w, k, ">>") && is_number(w, k + 1, 5));
        if (!by32) continue;
        char bound[64];
        span_text(w, open + 1, close - 1, bound, sizeof bound);
        if (!first_report(w, off_of(w, open - 1), HC_D_SHARED_BY_WARP)) return;
        size_t h = hazard(w, HC_D_SHARED_BY_WARP, off_of(w, open - 1), bound, bound);
        if (c && !c->is_mask) link_const_hazard(w, h, c); /* [N / WARP_SIZE] is rewritten with the constant */
        return;
    }
}

/* kernel<<<grid, block, block / 32 * sizeof(float)>>>: dynamic shared memory sized by 32-lane warps. */
static void check_launch_shared(warp_scan *w, size_t open) {
    if (!is(w, open, "<<<")) return;
    int arg = 0;
    size_t first = open + 1;
    for (size_t k = open + 1; k < w->n && !is(w, k, ";") && !is(w, k, "{"); k++) {
        if ((is(w, k, "(") || is(w, k, "[")) && w->match[k] != NO_POS) {
            k = w->match[k];
            continue;
        }
        bool end = is(w, k, ">>>");
        if (!end && !is(w, k, ",")) continue;
        for (size_t q = first; arg == 2 && q + 1 < k; q++) {
            warp_const *c = const_at(w, q + 1);
            if ((is(w, q, "/") && (is_number(w, q + 1, 32) || (c && !c->is_mask))) || (is(w, q, ">>") && is_number(w, q + 1, 5))) {
                char shown[64];
                span_text(w, first, k - 1, shown, sizeof shown);
                hazard(w, HC_D_SHARED_BY_WARP, off_of(w, first), shown, shown);
                break;
            }
        }
        if (end) return;
        arg++;
        first = k + 1;
    }
}

/* warpSize == 32, 32 != warpSize: an assumption no rewrite can keep. */
static void check_warpsize_assumed(warp_scan *w, size_t i) {
    if (!is(w, i, "warpSize")) return;
    bool cmp_after = (is(w, i + 1, "==") || is(w, i + 1, "!=")) && is_number(w, i + 2, 32);
    bool cmp_before = i >= 2 && (is(w, i - 1, "==") || is(w, i - 1, "!=")) && is_number(w, i - 2, 32);
    if (!cmp_after && !cmp_before) return;
    char shown[48];
    span_text(w, cmp_after ? i : i - 2, cmp_after ? i + 2 : i, shown, sizeof shown);
    hazard(w, HC_D_WARPSIZE_ASSUMED, off_of(w, i), "warpSize", shown);
}

/* ballot == 0xffffffff: a "whole warp agrees" test that a full 64-lane wave never passes. */
static void check_mask_compare(warp_scan *w, size_t i) {
    if (!is(w, i, "==") && !is(w, i, "!=")) return;
    size_t lit = NO_POS, start;
    unsigned other = 0;
    if (is_full_mask32(w, i + 1, i + 2) && precedence(w, i + 2) <= 9) {
        lit = i + 1;
        other = left_primary(w, i, &start, 0);
    } else if (i > 0 && is_full_mask32(w, i - 1, i) && (i < 2 || precedence(w, i - 2) < 9)) {
        lit = i - 1;
        if (is_ballot_call(w, i + 1)) other = CLS_BALLOT;
        else if (is_ident(w, i + 1)) other = var_class(w, i + 1);
    }
    if (lit == NO_POS || !(other & CLS_BALLOT)) return;
    char shown[32];
    tok_text(w, lit, shown, sizeof shown);
    hazard(w, HC_D_BALLOT_COMPARED_32, off_of(w, lit), shown, shown);
    if (w->scopes[w->scope_of[i]].device) propose(w, lit, lit, FULL_WAVE_MASK, INDEPENDENT, NO_POS, "full-wave mask", w->last_hazard);
}

/* 1u << lane: a lane bit built in 32 bits overflows for lanes 32..63. */
static void check_lane_bit(warp_scan *w, size_t i) {
    if (!is(w, i, "<<") || i == 0 || !is_number(w, i - 1, 1) || !is_ident(w, i + 1)) return;
    bool lng;
    unsigned long long v;
    if (!number_value(w, i - 1, &v, &lng) || lng) return;
    if (i >= 2 && !(is(w, i - 2, "(") || is(w, i - 2, "=") || is(w, i - 2, ",") || is(w, i - 2, "return") ||
                    (precedence(w, i - 2) >= 2 && precedence(w, i - 2) < 11)))
        return;
    unsigned cls = is(w, i + 1, "threadIdx") ? CLS_THREAD : var_class(w, i + 1);
    if (!(cls & CLS_THREAD) || precedence(w, i + 2) > 11) return;
    char shown[48];
    span_text(w, i - 1, i + 1, shown, sizeof shown);
    hazard(w, HC_D_LANE_BIT_32, off_of(w, i - 1), shown, shown);
    propose(w, i - 1, i - 1, "1ull", INDEPENDENT, NO_POS, "64-bit lane bit", w->last_hazard);
}

/* Drops width fixes of blocked scopes; a constant used in a blocked scope stays, and blocks every scope
 * that uses it (half-converted lane arithmetic is worse than none). */
static void settle_blocked_scopes(warp_scan *w) {
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t k = 0; k < w->nconsts; k++) {
            warp_const *c = &w->consts[k];
            if (c->is_mask || !c->used_as_width) continue;
            bool keep = c->fixable;
            size_t first, end;
            uses_of(w, c->name, &first, &end);
            for (size_t u = first; u < end && keep; u++)
                if (w->idents[u].pos != c->name && scope_blocked(w, w->scope_of[w->idents[u].pos])) keep = false;
            if (keep) continue;
            for (size_t u = first; u < end; u++) {
                size_t i = w->idents[u].pos;
                if (i != c->name && !scope_blocked(w, w->scope_of[i])) {
                    block_scope(w, w->scope_of[i]);
                    changed = true;
                }
            }
            c->fixable = false;
        }
    }
}

static int apply_fixes(warp_scan *w) {
    for (size_t k = 0; k < w->nfixes; k++) {
        const warp_fix *f = &w->fixes[k];
        if (f->konst != NO_POS && (!w->consts[f->konst].fixable || !w->consts[f->konst].used_as_width)) continue;
        if (f->konst == NO_POS && f->scope != INDEPENDENT && scope_blocked(w, f->scope)) continue;
        if (hc_unit_edit(w->u, f->off, f->len, f->repl, HC_RULE_WARP, HC_EFFORT_ARGUMENTS) < 0) return -1;
        /* the hazard stays reported, as a note: it no longer needs a person (nor fails --fail-on warning) */
        if (f->hazard != NO_POS) w->u->diags.v[f->hazard].severity = HC_SEV_NOTE;
        hc_unit_diag(w->u, HC_D_WARP_FIXED, f->off, NULL, f->note);
    }
    for (size_t k = 0; k < w->nconst_hazards; k++) {
        const warp_const *c = &w->consts[w->const_hazards[k].konst];
        bool rewritten = c->is_mask ? c->fixed : c->fixable && c->used_as_width;
        if (rewritten) w->u->diags.v[w->const_hazards[k].diag].severity = HC_SEV_NOTE;
    }
    return 0;
}

int hc_pass_warp(hc_unit *u) {
    warp_scan w;
    memset(&w, 0, sizeof w);
    w.u = u;
    w.text = u->text;
    w.last_hazard = NO_POS;
    int rc = -1;
    if (build_tokens(&w) < 0 || build_name_index(&w) < 0 || build_scopes(&w) < 0) goto done;
    gather_vars(&w);
    if (w.oom || index_vars(&w) < 0) goto done;
    link_scopes(&w);
    gather_consts(&w);
    classify_vars(&w);
    check_consts(&w);
    for (size_t i = 0; i < w.n && !w.oom; i++) {
        if (tk(&w, i)->flags & HC_TOKF_INACTIVE) continue;
        check_lane_arithmetic(&w, i);
        if (mask_intrinsic_at(&w, i)) check_mask_arguments(&w, i);
        check_ballot_cast(&w, i);
        check_bitcount(&w, i);
        check_shuffle_loop(&w, i);
        check_shuffle_literals(&w, i);
        check_array_bound(&w, i);
        check_lane_subscript(&w, i);
        check_launch_shared(&w, i);
        check_warpsize_assumed(&w, i);
        check_mask_compare(&w, i);
        check_lane_bit(&w, i);
    }
    check_ballot_vars(&w);
    check_ballot_params(&w);
    check_ballot_returns(&w);
    if (w.oom) goto done;
    settle_blocked_scopes(&w);
    rc = u->opt->fix_warp_size ? apply_fixes(&w) : 0;
    if (w.oom) rc = -1;
done:
    free(w.tok);
    free(w.match);
    free(w.scope_of);
    free(w.scopes);
    free(w.vars);
    free(w.consts);
    free(w.fixes);
    free(w.reported);
    free(w.const_hazards);
    free(w.idents);
    free(w.callee);
    free(w.scope_vars);
    free(w.scope_vars_start);
    free(w.arrays);
    return rc;
}
