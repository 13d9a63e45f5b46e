/* warp_scan.h: the state the warp-size pass's modules share for one file (tokens without comments, scopes,
 * variables, constants, queued fixes) and the functions they call across modules; no logic of its own. */
#ifndef HC_WARP_SCAN_H
#define HC_WARP_SCAN_H
#include "util.h"
#include "values.h"

/* The lanes that exist: 0xffffffff on a 32-lane target, all 64 bits on a 64-lane one. Written with
 * warpSize so it is right on both without the runtime shim. */
#define FULL_WAVE_MASK "(~0ull >> (64 - warpSize))"
/* Positions and indices are stored in 32 bits: an input is at most 64 MiB (translate.c refuses a larger
 * file, naming it), so it has fewer than 2^32 tokens. NO_POS is the 32-bit maximum even in a size_t, so a
 * stored "none" and a computed one compare equal. */
#define NO_POS ((size_t)UINT32_MAX)
#define INDEPENDENT UINT32_MAX /* a fix that is exact on 32 lanes whatever else is fixed */

/* What a value holds, as far as the tokens tell: the shared value facts' classes (values.h). */
enum {
    CLS_THREAD = HC_VALUE_THREAD, /* derived from threadIdx (or blockDim): a thread index or count */
    CLS_WARP = HC_VALUE_WARP,     /* a warp number: thread index / 32 */
    CLS_BALLOT = HC_VALUE_BALLOT, /* a lane mask: ballot, activemask, match, or 1 << lane */
    CLS_LANE = HC_VALUE_LANE      /* a lane number: thread index % 32 */
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


/* Orders the key triples (a1, a2, a3) and (b1, b2, b3), first key first: -1, 0 or 1. Every sorted index
 * of the pass (names, variables, constants, arrays, scopes) sorts and searches with it, so a sort and
 * the binary search over its result cannot disagree about the order. */
static inline int warp_compare_keys(uint64_t a1, uint64_t a2, uint64_t a3, uint64_t b1, uint64_t b2, uint64_t b3) {
    if (a1 != b1) return a1 < b1 ? -1 : 1;
    if (a2 != b2) return a2 < b2 ? -1 : 1;
    return a3 < b3 ? -1 : a3 > b3;
}

/* The tables of warp_rules.def (warp_tables.c). */
extern const mask_intrinsic warp_mask_intrinsics[];
extern const size_t warp_mask_intrinsics_count;
extern const char *const warp_ballot_calls[];
extern const size_t warp_ballot_calls_count;
extern const bitcount_intrinsic warp_bitcounts[];
extern const size_t warp_bitcounts_count;
extern const shuffle_intrinsic warp_shuffles[];
extern const size_t warp_shuffles_count;
extern const lane_name warp_lane_names[];
extern const size_t warp_lane_names_count;
extern const lane_op warp_lane_ops[];
extern const size_t warp_lane_ops_count;
extern const char *const warp_size_words[];
extern const size_t warp_size_words_count;

typedef struct warp_scope {
    uint32_t first, last; /* positions */
    uint32_t name;       /* position of the function's or macro's name, or NO_POS */
    uint32_t params;     /* position of the '(' of a function's parameter list, or NO_POS */
    uint32_t group;      /* union-find parent: scopes that call each other fix all or nothing together */
    bool device;         /* body of a __global__/__device__ function (or a macro using threadIdx): warpSize exists */
    bool is_define;
    bool blocked;        /* a width hazard here cannot be fixed: fix no width hazard here, so the scope stays consistent */
    bool returns_ballot; /* a return statement returns a lane mask */
} warp_scope;

/* One declaration or assignment of a variable: a file has about one for every 60 bytes, so it is kept to 28
 * bytes (the type's last token is the one before the name, and the flags share a word). A variable's first
 * record in its scope also holds what its lookups read of all its records (decl, var_cls). */
typedef struct warp_var {
    uint32_t scope;
    uint32_t name;                 /* position of the name */
    uint32_t type_first;           /* first token of the declared type (it runs to the name), or NO_POS when
                                    * this is a plain assignment */
    uint32_t init_first, init_end; /* right-hand side [first, end), or NO_POS */
    uint32_t decl;                 /* on a first record: the variable's first record with a type, or NO_POS */
    unsigned cls : 4;              /* CLS_* */
    unsigned var_cls : 4;          /* on a first record: the union of the classes of the variable's records */
    unsigned single : 1;           /* "TYPE name = init ;" or "TYPE name ;": the only declarator */
    unsigned is_param : 1;
    unsigned widened : 1;          /* its type is rewritten to unsigned long long */
    signed int param_index : 21;   /* 0-based position in the parameter list, or -1 */
} warp_var;

typedef struct warp_const { /* a #define, const or local whose value is 32 or the 32-bit full mask */
    uint32_t name, value, value_last; /* positions of the name and of the value's first and last tokens */
    uint32_t var;                  /* index into vars, or NO_POS for a #define */
    uint32_t scope;                /* where its uses are: 0 means the whole file */
    bool is_mask;
    bool used_as_width;            /* seen in lane arithmetic, as a shuffle width or loop start */
    bool fixable;                  /* every use accepts the rewrite */
    bool fixed;
    uint32_t uses;                 /* uses in this file */
    bool template_param;           /* template <int WARP_SIZE = 32>: a constant by nature, never rewritten */
} warp_const;

typedef struct warp_fix {
    uint32_t off, len;
    uint32_t scope; /* width fixes: dropped when the scope is blocked; INDEPENDENT otherwise */
    uint32_t konst; /* width fixes made through a constant: its index, else NO_POS */
    uint32_t hazard; /* index in u->diags of the hazard it fixes (made a note once fixed), or NO_POS */
    char repl[64];
    char note[200];
} warp_fix;

/* One identifier occurrence, for the sorted name index (all uses of a name in O(log n)); its spelling is
 * read from the token. */
typedef struct name_ref {
    uint32_t pos;
} name_ref;

/* The tables of warp_context.c's lookups, built only when a file's walks have cost more steps than it
 * has tokens; lookups fill them from const functions, so they live behind a pointer. */
typedef struct warp_lookups {
    uint32_t *sub_stop;   /* per position: where the backward walk of enclosing_subscript stops, or NO_POS */
    uint32_t *const_stop; /* per position: where the backward walk of in_constant_context stops, or NO_POS */
    uint32_t *paren_of;   /* per position: the innermost matched '(' enclosing it, or NO_POS */
    size_t steps;         /* walk steps taken so far */
    bool failed;          /* the tables could not be allocated: walks go on */
} warp_lookups;

/* One spelling of the name index: its run [start, end) in idents, and whether sizeof is applied to an
 * identifier spelled so; start is UINT32_MAX in an empty slot. */
typedef struct name_slot {
    uint32_t start, end;
    bool sizeof_read;
} name_slot;

/* A position and a scope: where an identifier names a function or macro. */
typedef struct pos_scope { uint32_t pos, scope; } pos_scope;

typedef struct warp_scan {
    hc_unit *u;
    const char *text;
    size_t n;           /* the unit's tokens */
    uint32_t *fn_scopes, *def_scopes; /* function and #define scopes, each ascending by position (warp_scope_of) */
    size_t nfn, capfn, ndef, capdef;
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
    pos_scope *callees; /* identifiers that name a function or macro scope (warp_callee), by position */
    size_t ncallees, capcallees;
    uint32_t *arrays;     /* positions of array declarator brackets */
    size_t narrays, caparrays;
    struct const_hazard { uint32_t diag, konst; } *const_hazards; /* hazards a constant's rewrite fixes */
    size_t nconst_hazards, capconst_hazards;
    size_t last_hazard; /* index in u->diags of the hazard reported last, or NO_POS */
    size_t first_diag;  /* index in u->diags of the pass's first diagnostic */
    uint64_t *reported; /* hash set of (offset, kind) + 1 already reported, to report each place once */
    size_t nreported, capreported;
    /* Indexes that keep every lookup O(1) or O(log n), so the pass is linear in the file (warp_index.c,
     * warp_vars.c, warp_context.c): no lookup walks all functions, variables, constants or tokens. */
    name_slot *names;    /* hash set of the spellings of identifiers, each with its run in idents */
    size_t capnames;     /* a power of two, at least twice the spellings */
    uint32_t *calls, *calls_start; /* positions calling scope s ("name("), ascending: [start[s], start[s + 1]) */
    uint32_t *var_slots; /* hash set of the variables by (scope, spelling): the first record's index, or
                          * UINT32_MAX when free */
    size_t capvar_slots; /* a power of two, at least twice the records */
    uint32_t *init_vars, *init_vars_start; /* records with an initialiser, by scope ([start[s], start[s + 1])), in
                                            * position order */
    uint32_t *init_parent; /* per entry of init_vars: the entry whose initialiser encloses its own, or NO_POS */
    uint32_t *const_index; /* constant indices sorted by (spelling, scope, index) */
    struct array_key { uint32_t name, scope, order; unsigned long long bound; } *array_index;
    size_t narray_index; /* array declarators with a literal or constant bound, sorted by (name, scope, order) */
    struct warp_lookups *look; /* where a token stands: walks, or tables once walks cost too much */
    bool oom;
} warp_scan;

/* ---------- token helpers (inline: called for nearly every token) ----------
 * A position is an index into the unit's tokens, always of a code token (no comment); the pass steps from
 * one to the next or previous with nx/pv (code.h's walk past comments), never with + 1 or - 1. */

static inline const hc_token *tk(const warp_scan *w, size_t i) { return &w->u->toks.v[i]; }
/* The next code token after i (w->n when none, also past the end), and the previous
 * one (NO_POS when none, also for NO_POS itself and positions past the end): code.h's walk, in positions. */
static inline size_t nx(const warp_scan *w, size_t i) { return hc_code_next(w->u, i); }
/* The first code token (w->n when none). */
static inline size_t first_code(const warp_scan *w) { return hc_code_next(w->u, SIZE_MAX); }
static inline size_t pv(const warp_scan *w, size_t i) {
    size_t p = hc_code_prev(w->u, i);
    return p == SIZE_MAX ? NO_POS : p;
}
/* k steps forward or back. */
static inline size_t nx_n(const warp_scan *w, size_t i, int k) {
    while (k-- > 0) i = nx(w, i);
    return i;
}
static inline size_t pv_n(const warp_scan *w, size_t i, int k) {
    while (k-- > 0 && i != NO_POS) i = pv(w, i);
    return i;
}
/* The other bracket of the ( [ { or ) ] } at i (code.h's match across #if lines), or NO_POS. */
static inline size_t mt(const warp_scan *w, size_t i) {
    size_t m = hc_code_other(w->u, i);
    return m == SIZE_MAX ? NO_POS : m;
}
/* Code tokens in [a, b) (a a code token), counted up to cap. */
static inline size_t span_count(const warp_scan *w, size_t a, size_t b, size_t cap) {
    size_t n = 0;
    for (size_t i = a; i < b && i < w->n && n < cap; i = nx(w, i)) n++;
    return n;
}
/* code.h's predicates, spelled short: the pass tests a token at nearly every line. */
static inline bool is(const warp_scan *w, size_t i, const char *s) { return hc_code_is(w->u, i, s); }
static inline bool is_kind(const warp_scan *w, size_t i, hc_tok_kind k) { return hc_code_kind(w->u, i, k); }
static inline bool in_directive(const warp_scan *w, size_t i) { return hc_code_in_directive(w->u, i); }
static inline bool same_text(const warp_scan *w, size_t i, size_t j) { return hc_code_same(w->u, i, j); }
static inline bool is_ident(const warp_scan *w, size_t i) { return hc_code_kind(w->u, i, HC_TOK_IDENT); }
static inline uint32_t off_of(const warp_scan *w, size_t i) { return tk(w, i)->off; }
static inline uint32_t end_of(const warp_scan *w, size_t i) { return hc_code_end(w->u, i); }
/* threadIdx (a lane once reduced modulo the warp) and blockDim (a thread count that divides into warps). */
static inline bool is_thread_builtin(const warp_scan *w, size_t i) { return is(w, i, "threadIdx") || is(w, i, "blockDim"); }

/* ---------- values.c: the index below and the classes are the unit's value facts ----------
 * hc_values_analyze builds a scan's index (names, scopes, variables, constants, calls) and classifies the
 * variables once per file; the warp pass starts from a copy of that scan and keeps its own copies of what
 * it marks (scopes, variables, constants), so the facts other passes read stay as computed. */
/* The unit's analysed scan, or NULL before hc_values_analyze ran. */
const warp_scan *warp_shared_scan(const hc_unit *u);

/* ---------- warp_tables.c ---------- */
bool warp_is_statement_word(const warp_scan *w, size_t i);
bool warp_is_qualifier(const warp_scan *w, size_t i);
bool warp_is_ballot_call(const warp_scan *w, size_t i);
const mask_intrinsic *warp_mask_intrinsic_at(const warp_scan *w, size_t i);
const shuffle_intrinsic *warp_shuffle_at(const warp_scan *w, size_t i);
unsigned warp_name_table_class(const warp_scan *w, size_t i);
bool warp_name_looks_like_warp_size(const warp_scan *w, size_t pos);

/* ---------- warp_tokens.c ---------- */
bool warp_grow(warp_scan *w, void *array_ptr, size_t *cap, size_t n, size_t size);
/* Copies the text of tokens [a, b] (inclusive) into buf, squeezing whitespace, truncated to size. */
void warp_span_text(const warp_scan *w, size_t a, size_t b, char *buf, size_t size);
void warp_tok_text(const warp_scan *w, size_t i, char *buf, size_t size);
/* Value of an integer literal (suffixes and digit separators allowed); false for anything else. */
bool warp_number_value(const warp_scan *w, size_t i, unsigned long long *value, bool *has_long);
bool warp_is_number(const warp_scan *w, size_t i, unsigned long long v);
/* Binary-operator precedence (higher binds tighter); 0 for tokens that end an operand. */
int warp_precedence(const warp_scan *w, size_t i);
/* Position range [*first, *end) of argument number arg of the call whose '(' is at open. */
bool warp_call_argument(const warp_scan *w, size_t open, int arg, size_t *first, size_t *end);
/* End of the expression starting at first: the first ';' or ',' outside brackets, or an unmatched closer. */
size_t warp_expression_end(const warp_scan *w, size_t first, size_t limit);
/* The identifier shifted by "1 << X" when X (starting at i) is one, alone or in parentheses, "(lane)";
 * *last (when not NULL) is X's last token. NO_POS otherwise. */
size_t warp_shift_operand(const warp_scan *w, size_t i, size_t *last);
/* What replaces the floating literal 32 at i (32.f, 32.0, 32e0L) so it reads warpSize in the same type:
 * "(float)warpSize", "(double)warpSize", "(long double)warpSize"; NULL for any other token. */
const char *warp_float_warp_literal(const warp_scan *w, size_t i);
/* Whether tokens [first, end) spell a 32-bit full mask: 0xffffffff (any suffix) or ~0u. */
bool warp_is_full_mask32(const warp_scan *w, size_t first, size_t end);

/* ---------- warp_index.c ---------- */
int warp_build_name_index(warp_scan *w);
/* The index in idents where the run of identifiers spelled like the token at pos starts (the same for
 * all of them: a name's identity), or UINT32_MAX when pos is no identifier. */
uint32_t warp_name_of(const warp_scan *w, size_t pos);
/* Where the run that starts at index start of idents ends, and whether sizeof reads one of it. */
uint32_t warp_name_end(const warp_scan *w, size_t start);
bool warp_name_sizeof(const warp_scan *w, size_t start);
/* The index range [*first, *end) of the identifiers spelled like the token at pos. */
void warp_uses_of(const warp_scan *w, size_t pos, size_t *first, size_t *end);
/* The same, narrowed to the identifiers at positions lo..hi (inclusive). */
void warp_uses_between(const warp_scan *w, size_t pos, size_t lo, size_t hi, size_t *first, size_t *end);
/* The scope of this file that the identifier at i names (the last same-named function or macro but the
 * one it defines), or 0 (binary search; after warp_link_scopes). */
uint32_t warp_callee(const warp_scan *w, size_t i);
/* Groups the call sites of each scope (after warp_link_scopes). Returns 0, or -1 when out of memory. */
int warp_index_calls(warp_scan *w);
int warp_build_scopes(warp_scan *w);
/* The scope of the token at position i: a function body, a #define body, or 0 (file level). */
uint32_t warp_scope_of(const warp_scan *w, size_t i);
void warp_block_scope(warp_scan *w, uint32_t scope);
bool warp_scope_blocked(warp_scan *w, uint32_t scope);
/* Joins the width groups of scopes that call (or expand) one another: a warp reduction fixed to 64
 * lanes and a caller still indexing 32-lane warps would compute worse than neither fixed. */
int warp_link_scopes(warp_scan *w);

/* ---------- warp_vars.c ---------- */
warp_var *warp_add_var(warp_scan *w, uint32_t scope, size_t name);
void warp_gather_vars(warp_scan *w);
/* Finds each variable's first record and indexes the initialisers. Returns 0, or -1 when out of memory. */
int warp_index_vars(warp_scan *w);
/* The index of the first record of the variable spelled at pos in pos's scope, or NO_POS. */
size_t warp_var_first(const warp_scan *w, size_t pos);
/* Union of the classes of every record of the variable spelled at pos, in pos's scope. */
unsigned warp_var_class(const warp_scan *w, size_t pos);
/* The declaration (a record with a type) of the variable spelled at pos, or NULL. */
warp_var *warp_var_decl(const warp_scan *w, size_t pos);
/* Adds classes to a record (and to the union its variable's lookups read). */
void warp_var_add_class(warp_scan *w, warp_var *v, unsigned cls);
/* Indexes the constants for warp_const_at (after warp_gather_consts). Returns 0, or -1 when out of memory. */
int warp_index_consts(warp_scan *w);
void warp_gather_consts(warp_scan *w);
warp_const *warp_const_at(const warp_scan *w, size_t pos);

/* ---------- warp_classify.c ---------- */
/* Class and first position of the operand that ends just before position end. */
unsigned warp_left_primary(const warp_scan *w, size_t end, size_t *start, int depth);
/* Whether the identifier at i calls a function of this file that returns a lane mask. */
bool warp_returns_ballot(const warp_scan *w, size_t i);
unsigned warp_classify_range(const warp_scan *w, size_t a, size_t b, int depth);
void warp_classify_vars(warp_scan *w);

/* ---------- warp_context.c ---------- */
/* Indexes the array declarators whose bound is a literal or a constant, for warp_array_bound (after the
 * constants are indexed). Returns 0, or -1 when out of memory. */
int warp_build_context(warp_scan *w);
/* The innermost matched '(' that encloses position p (its pair still open after p), or NO_POS. */
size_t warp_paren_of(const warp_scan *w, size_t p);
/* The '(' of the shuffle call whose width argument is the token at p alone, when the call opens in p's
 * statement, or NO_POS. */
size_t warp_width_call(const warp_scan *w, size_t p);
/* The innermost '[' that encloses position p, or NO_POS. */
size_t warp_enclosing_subscript(const warp_scan *w, size_t p);
/* Whether '[' at open declares an array (TYPE NAME [ ... ]) rather than subscripting one. */
bool warp_is_declarator_bracket(const warp_scan *w, size_t open);
/* Whether position p sits where C++ needs a constant expression, so warpSize (not constexpr in CUDA)
 * cannot replace a literal there. */
bool warp_in_constant_context(const warp_scan *w, size_t p);
/* The declared constant bound of array NAME (spelled at pos) in pos's scope or the file, or 0. */
unsigned long long warp_array_bound(const warp_scan *w, size_t pos, size_t *decl);
/* Whether sizeof is applied to the array named at decl anywhere in the file. */
bool warp_sizeof_reads(const warp_scan *w, size_t decl);

/* ---------- warp_lanes.c ---------- */
/* Lane arithmetic: thread % 32, thread / 32, thread & 31, thread >> 5, warp * 32, warp << 5. */
void warp_check_lane_arithmetic(warp_scan *w, size_t p);
void warp_check_consts(warp_scan *w);
/* threadIdx.y or threadIdx.z: a block of more than one dimension keeps its scope's width hazards as written. */
void warp_check_multi_dim(warp_scan *w, size_t i);
/* s[lane] on an array of 32 (or fewer) elements: a lane of a 64-lane wave indexes past its end, even in
 * code that already computes lanes with warpSize. */
void warp_check_lane_subscript(warp_scan *w, size_t open);
/* __shared__ T s[BLOCK / 32]: per-warp arrays sized for 32-lane warps. */
void warp_check_array_bound(warp_scan *w, size_t open);
/* kernel<<<grid, block, block / 32 * sizeof(float)>>>: dynamic shared memory sized by 32-lane warps. */
void warp_check_launch_shared(warp_scan *w, size_t open);

/* ---------- warp_masks.c ---------- */
/* The mask argument of a mask-taking intrinsic: a 32-bit full mask (rewritten to the full-wave mask), a
 * mask constant (rewritten at its definition when every use is a mask argument), a 32-bit variable. */
void warp_check_mask_arguments(warp_scan *w, size_t call);
/* Ballot results kept in 32-bit variables. */
void warp_check_ballot_vars(warp_scan *w);
/* __device__ int count(unsigned mask) { ... } called as count(__ballot_sync(...)): a lane mask converted to a
 * 32-bit parameter. The parameter is widened when every call passes a lane mask (so no caller's value
 * could sign-extend) and every use in the function tolerates 64 bits. */
void warp_check_ballot_params(warp_scan *w);
/* __device__ unsigned f(...) { return __ballot_sync(...); }: a lane mask returned in 32 bits. */
void warp_check_ballot_returns(warp_scan *w);
/* (unsigned)__ballot_sync(...): a cast that drops the upper 32 lanes. */
void warp_check_ballot_cast(warp_scan *w, size_t i);
/* __popc/__ffs/__clz applied to a ballot result. */
void warp_check_bitcount(warp_scan *w, size_t i);
/* ballot == 0xffffffff: a "whole warp agrees" test that a full 64-lane wave never passes. */
void warp_check_mask_compare(warp_scan *w, size_t i);
/* 1u << lane: a lane bit built in 32 bits overflows for lanes 32..63. */
void warp_check_lane_bit(warp_scan *w, size_t i);

/* ---------- warp_shuffles.c ---------- */
/* for (int offset = 16; offset > 0; offset /= 2) shfl...; and for (d = 1; d < 32; d *= 2) shfl...; */
void warp_check_shuffle_loop(warp_scan *w, size_t f);
/* A shuffle with a literal offset of 16 (an unrolled reduction) or a literal width of 32. */
void warp_check_shuffle_literals(warp_scan *w, size_t i);
/* warpSize == 32, 32 != warpSize: an assumption no rewrite can keep. */
void warp_check_warpsize_assumed(warp_scan *w, size_t i);
/* s[i] = t += s[i - 1]; ... s[i - 16]: a warp scan or reduction unrolled over shared memory up to 16 (32 lanes). */
void warp_check_shared_steps(warp_scan *w, size_t i);

/* ---------- warp_fixes.c ---------- */
/* True the first time (offset, id) is seen: each place is reported once per kind. */
bool warp_first_report(warp_scan *w, uint32_t off, hc_diag_id id);
/* Reports a hazard; returns its index in u->diags (NO_POS when memory ran out), also kept as
 * last_hazard so the rewrite proposed next can turn it into a note once applied. */
size_t warp_hazard(warp_scan *w, hc_diag_id id, uint32_t off, const char *name, ...);
/* Queues a rewrite of tokens [a, b] (inclusive) with repl; scope is the width group or INDEPENDENT. */
void warp_propose(warp_scan *w, size_t a, size_t b, const char *repl, uint32_t scope, size_t konst,
                    const char *what, size_t hazard_diag);
/* Remembers that the hazard reported as diagnostic h is fixed exactly when constant c is rewritten. */
void warp_link_const_hazard(warp_scan *w, size_t h, const warp_const *c);
/* Drops width fixes of blocked scopes; a constant used in a blocked scope stays, and blocks every scope
 * that uses it (half-converted lane arithmetic is worse than none). */
void warp_settle_blocked_scopes(warp_scan *w);
int warp_apply_fixes(warp_scan *w);

#endif
