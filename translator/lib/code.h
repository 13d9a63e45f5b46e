/* code.h: one way for every pass to read a unit's tokens as code: bounds-checked token predicates, the
 * next and previous token past comments, brackets matched across #if lines, argument lists split at
 * their commas. It proposes nothing and knows no CUDA name. */
#ifndef HC_CODE_H
#define HC_CODE_H
#include "unit.h"

/* Token i exists (i may be SIZE_MAX or past the end: every predicate below is then false). */
static inline bool hc_code_valid(const hc_unit *u, size_t i) { return i < u->toks.n; }
static inline const hc_token *hc_code_tok(const hc_unit *u, size_t i) { return &u->toks.v[i]; }
/* Token i exists and spells s. */
static inline bool hc_code_is(const hc_unit *u, size_t i, const char *s) {
    return i < u->toks.n && hc_tok_is(u->text, &u->toks.v[i], s);
}
/* Token i exists and is of kind k. */
static inline bool hc_code_kind(const hc_unit *u, size_t i, hc_tok_kind k) {
    return i < u->toks.n && u->toks.v[i].kind == k;
}
/* Token i is punctuation spelled s (a string "<" is not). */
static inline bool hc_code_punct(const hc_unit *u, size_t i, const char *s) {
    return hc_code_kind(u, i, HC_TOK_PUNCT) && hc_tok_is(u->text, &u->toks.v[i], s);
}
/* Token i spells one of the n words (a keyword list: `hc_code_is_any(u, i, words, COUNT_OF(words))`). */
static inline bool hc_code_is_any(const hc_unit *u, size_t i, const char *const *words, size_t n) {
    for (size_t w = 0; w < n; w++)
        if (hc_code_is(u, i, words[w])) return true;
    return false;
}
/* Token i spells the n bytes at str. */
static inline bool hc_code_spelled(const hc_unit *u, size_t i, const char *str, size_t n) {
    return i < u->toks.n && u->toks.v[i].len == n && memcmp(u->text + u->toks.v[i].off, str, n) == 0;
}
/* Tokens a and b spell the same. */
static inline bool hc_code_same(const hc_unit *u, size_t a, size_t b) {
    return hc_code_spelled(u, b, u->text + u->toks.v[a].off, u->toks.v[a].len);
}
/* The byte offset just past token i (i must exist). */
static inline uint32_t hc_code_end(const hc_unit *u, size_t i) { return u->toks.v[i].off + u->toks.v[i].len; }
/* Token i lies in a branch the semantic pass found excluded, and the options tell the passes to leave such
 * branches alone (--skip-excluded-preprocessor-conditional-blocks). */
static inline bool hc_code_skipped(const hc_unit *u, size_t i) {
    return i < u->toks.n && (u->toks.v[i].flags & HC_TOKF_INACTIVE) && u->opt->skip_excluded_pp_blocks;
}
/* Token i lies on a preprocessor directive line. */
static inline bool hc_code_in_directive(const hc_unit *u, size_t i) {
    return i < u->toks.n && (u->toks.v[i].flags & HC_TOKF_DIRECTIVE);
}
/* The next token that is not a comment (u->toks.n when none, also from past the end; SIZE_MAX gives the first),
 * and the previous one (SIZE_MAX when none; SIZE_MAX and positions past the end give SIZE_MAX, so walks backwards
 * can be chained). Inline with a fast path for the common case, a neighbour that is code: passes call them for
 * nearly every token. */
static inline size_t hc_code_next(const hc_unit *u, size_t i) {
    if (i + 1 < u->toks.n && u->toks.v[i + 1].kind != HC_TOK_COMMENT) return i + 1;
    return hc_tok_next(&u->toks, i);
}
static inline size_t hc_code_prev(const hc_unit *u, size_t i) {
    if (i == SIZE_MAX || i == 0 || i > u->toks.n) return SIZE_MAX;
    if (u->toks.v[i - 1].kind != HC_TOK_COMMENT) return i - 1;
    return hc_tok_prev(&u->toks, i);
}

/* The first token in [i, end) that is not a comment, or end when none: where the code of a range that may start
 * with comments (a directive's condition, a macro's body, the file) begins. */
static inline size_t hc_code_from(const hc_unit *u, size_t i, size_t end) {
    size_t k = hc_tok_next(&u->toks, i - 1); /* i - 1 is SIZE_MAX for i == 0: the walk starts at 0 */
    return k < end ? k : end;
}

/* The first token that starts at or after byte offset off (u->toks.n when none): tokens are in offset order. */
size_t hc_code_first_at(const hc_unit *u, uint32_t off);

/* The next and previous token past comments that lies in [first, end) (one directive's condition, say), or
 * SIZE_MAX. */
static inline size_t hc_code_next_in(const hc_unit *u, size_t i, size_t end) {
    size_t n = hc_code_next(u, i);
    return n >= end ? SIZE_MAX : n;
}
static inline size_t hc_code_prev_in(const hc_unit *u, size_t i, size_t first) {
    size_t p = hc_code_prev(u, i);
    return p == SIZE_MAX || p < first ? SIZE_MAX : p;
}

/* The next code token after i, skipping comments and, when the walk did not start in a directive
 * (directive false), whole preprocessor lines: a function body may hold #if lines. A walk that started
 * in a directive ends with it (u->toks.n), since a bracket opened there never closes outside it. This is
 * how #if lines are handled everywhere code is walked across them; only the body scan (below) also reads
 * which branch a brace is in, since a body's end must not depend on how many branches open a brace. */
size_t hc_code_step(const hc_unit *u, size_t i, bool directive);
/* The matching closer of the ( [ { at open, stepping with hc_code_step (so across #if lines, unlike
 * hc_tok_match), or SIZE_MAX. Read from the unit's facts once hc_code_analyze ran. */
size_t hc_code_match(const hc_unit *u, size_t open);

/* The ( [ { whose hc_code_match is the ) ] } at close, or SIZE_MAX: the same match read from the closer. Read
 * from the unit's facts once hc_code_analyze ran. */
size_t hc_code_opener(const hc_unit *u, size_t close);
/* The other bracket of the ( [ { or ) ] } at i (hc_code_match or hc_code_opener), or SIZE_MAX (no bracket, or
 * none matches it). */
size_t hc_code_other(const hc_unit *u, size_t i);

/* ---- preprocessor directives, each starting at its '#' token (HC_TOK_HASH) ---- */

/* The token after the '#' at hash when it lies on the same directive (the `include` of #include, the `if`
 * of #if), or SIZE_MAX (a '#' alone on its line). */
static inline size_t hc_code_directive_name(const hc_unit *u, size_t hash) {
    size_t k = hc_code_next(u, hash);
    return hc_code_in_directive(u, k) && !hc_code_kind(u, k, HC_TOK_HASH) ? k : SIZE_MAX;
}
/* One past the last token of the directive at hash (its continuation lines and comments included): the next
 * '#' or the first token after it that lies on no directive line. */
static inline size_t hc_code_directive_end(const hc_unit *u, size_t hash) {
    size_t e = hash + 1;
    while (hc_code_in_directive(u, e) && !hc_code_kind(u, e, HC_TOK_HASH)) e++;
    return e;
}

/* ---- facts computed once per file (hc_code_analyze), read by every pass ---- */

/* ---- function and lambda bodies: one scan finds them all, by these rules ----
 *
 * - A '{' opens a body when it ends the declaration of a parameter list. Between the list's ')' and the '{'
 *   may stand qualifiers (const volatile & && noexcept override final mutable constexpr consteval, the try
 *   of a function-try-block), a group after noexcept, throw, __attribute__, __declspec, alignas, __align__
 *   or __launch_bounds__, a trailing return type (-> T), and a constructor's member initializers
 *   (: a(x), b{y}). A list after if, for, while, switch, catch, return, sizeof, decltype (and the other
 *   words of code.c's not_function_words) is no parameter list. So a declaration (`__device__ void
 *   f(int);`), a variable (`__device__ int x{1};`) and a struct (`typedef struct __align__(8) {`) have no
 *   body.
 * - Outside every body such a '{' opens a function body, a member function's inside a class or namespace
 *   too. Inside a body it opens a nested body only for a lambda ([=] __device__ (int i) {) or a function
 *   whose specifiers name an execution space (a member of a functor struct declared in a function); every
 *   other '{' there is a block.
 * - Braces count on code lines only. An #if group counts as its first branch: at #elif or #else the count
 *   returns to where #if left it, and at #endif to where the first branch left it, so a body whose branches
 *   each open a brace (`#if A` `if (a) {` `#else` `if (b) {` `#endif`) still ends at its own '}'. A body
 *   that is still open when the file ends runs to the last code token; one opened in a later branch and
 *   left open there is no body.
 * - A body's specifiers are the __global__, __device__ and __host__ words read back from its parameter
 *   list's '(' over parenthesised groups (__launch_bounds__(256)) and #if lines, to a ';' '{' '}' or, for a
 *   lambda, to its capture's ']'. So `__global__` on the line before `#if X` `__launch_bounds__(256)`
 *   `#endif` still makes a kernel.
 * - Device code: a body whose specifiers say __global__ or __device__ (__host__ __device__ included), and
 *   everything inside it, nested bodies too. */
enum { HC_BODY_GLOBAL = 1, HC_BODY_DEVICE = 2, HC_BODY_HOST = 4 }; /* a body's specifier bits */

#define HC_BODY_NONE UINT32_MAX /* a body's field that names no token or body */

typedef struct hc_body { /* token indexes in 32 bits, as the facts keep them (a file is under 64 MiB) */
    uint32_t open, close; /* its braces: close is the last code token when the file ends first */
    uint32_t params;      /* the '(' of its parameter list */
    uint32_t name;        /* the token before params when a word (a function's name), or HC_BODY_NONE (lambdas) */
    uint32_t outer;       /* the index (in hc_code_bodies) of the body it is nested in, or HC_BODY_NONE */
    uint8_t spec;         /* HC_BODY_ bits: the specifiers its declaration reads */
    bool lambda;
    bool device; /* device code: its specifiers say __global__ or __device__, or its outer body is device code */
} hc_body;

/* Its specifiers say __global__ or __device__ and not __host__: code only the device compiles. */
static inline bool hc_body_device_only(const hc_body *b) {
    return (b->spec & (HC_BODY_GLOBAL | HC_BODY_DEVICE)) && !(b->spec & HC_BODY_HOST);
}

/* Computes the unit's code facts (bracket matches and pairs, bodies, host-only branches) unless done:
 * translate.c runs it once before the passes, and a pass that reads bodies runs it too, so a unit built by
 * hand (a test) gets them. Returns 0, or -1 when memory runs out. */
int hc_code_analyze(hc_unit *u);
void hc_code_facts_free(hc_unit *u);
/* Every body, nested ones included, in token order of their '{' (none before hc_code_analyze ran). */
const hc_body *hc_code_bodies(const hc_unit *u, size_t *n);
/* The outermost device-code body holding token i (strictly between its braces), or NULL: outside every
 * device body, in a branch only the host compilation reads (#ifndef __CUDA_ARCH__, the #else of #ifdef
 * __CUDA_ARCH__), or before hc_code_analyze ran. */
const hc_body *hc_code_device_body(const hc_unit *u, size_t i);

/* ---- blocks, and the statements that control other statements: computed once, by these rules ----
 *
 * - A block is a '{' on a code line with its hc_code_match, and the tokens strictly between them: a function
 *   or lambda body, a statement's block, a class body, a namespace, an initializer alike. Braces in macro
 *   bodies make no block. Blocks nest as their matches do (across #if lines, as hc_code_match counts).
 * - A controlling statement is `if (c)` (`if constexpr (c)`), `for (...)`, `while (c)`, `switch (v)`, `do ...
 *   while (c);` or `else`, on code lines, with its body: a block, another controlling statement (with its
 *   else), or a simple statement up to its ';' at its own bracket level (brackets stepped over whole, #if lines
 *   stepped over as hc_code_step does; an unmatched closer or the file's end also ends it). Its condition is
 *   the parenthesised group after the keyword (the whole `(init; cond; step)` of a for; for a do, the group
 *   after the while that ends it). A `while (c);` ends a do, or loops over nothing: it controls nothing.
 * - An `else` belongs to the `if` whose body ends just before it; it reads that if's condition (its body runs
 *   when the condition is false) and `prior` links it to that if. In `if (a) A else if (b) B else C`, C's
 *   statement is the second else (condition b), inside the first else (condition a): reading `outer` from a
 *   token's statement visits every condition that decides whether it runs.
 * - A token's controlling statement is the innermost whose body holds it (a block's braces excluded), looked
 *   for no further out than the function or lambda body holding the token: a lambda's body runs where it is
 *   called. `outer` follows the same rule. */
typedef enum hc_control {
    HC_CTL_IF = 1,
    HC_CTL_ELSE,
    HC_CTL_FOR,
    HC_CTL_WHILE,
    HC_CTL_DO,
    HC_CTL_SWITCH
} hc_control;

typedef struct hc_control_stmt { /* token and statement indexes in 32 bits; HC_BODY_NONE: none */
    uint32_t keyword;               /* the if, else, for, while, do or switch */
    uint32_t cond_open, cond_close; /* the ( ) of the condition (the rules above) */
    uint32_t body_first, body_last; /* its body: a block's braces, or a statement's first and last token */
    uint32_t outer;                 /* the statement (index in hc_code_controls) whose body holds this one */
    uint32_t prior;                 /* an else's if */
    uint8_t control;                /* hc_control */
} hc_control_stmt;

typedef struct hc_block { /* token and block indexes (in hc_code_blocks) in 32 bits; HC_BODY_NONE: none */
    uint32_t open, close; /* its braces */
    uint32_t outer;       /* the block it is nested in */
    uint32_t control;     /* the statement whose body it is (index in hc_code_controls) */
    bool body;            /* a function or lambda body (hc_code_bodies has one opening here) */
} hc_block;

/* Every block, nested ones included, in token order of their '{' (none before hc_code_analyze ran). */
const hc_block *hc_code_blocks(const hc_unit *u, size_t *n);
/* Block number k of hc_code_blocks (an outer field), or NULL for HC_BODY_NONE. */
const hc_block *hc_code_block_at(const hc_unit *u, uint32_t k);
/* The innermost block holding token i strictly between its braces, or NULL (O(log n)). */
const hc_block *hc_code_block_of(const hc_unit *u, size_t i);
/* Every controlling statement, in token order of their keywords (none before hc_code_analyze ran). */
const hc_control_stmt *hc_code_controls(const hc_unit *u, size_t *n);
/* Statement number k of hc_code_controls (an outer, prior or control field), or NULL for HC_BODY_NONE. */
const hc_control_stmt *hc_code_control_at(const hc_unit *u, uint32_t k);
/* The statement whose keyword is token kw, or NULL (O(log n)): the body of a `for` from its `for`. */
const hc_control_stmt *hc_code_statement_at(const hc_unit *u, size_t kw);
/* The statement controlling token i (the rules above), or NULL (O(log n)): for `if (c) { ... __syncthreads(); }`
 * and `if (c) __syncthreads();` the if, its condition in cond_open..cond_close. */
const hc_control_stmt *hc_code_control_of(const hc_unit *u, size_t i);

/* The closer of the ( [ { or <<< at open without leaving open's kind of line (code, or a run of directive
 * lines: never across an #if line, unlike hc_code_match), or SIZE_MAX: tokens.h's hc_tok_match, read from
 * the unit's facts once hc_code_analyze ran. */
size_t hc_code_pair(const hc_unit *u, size_t open);

/* ---- template argument lists: the one reading of '<' '>' as brackets ----
 *
 * A template argument list opened by the '<' at lt closes at the '>' that brings the count of '<' minus '>' to
 * zero, where '>>' counts two (C++11: `a<b<c>>`, the '>>' then closes both lists) and '<<' is a shift (no list
 * opens with it: `a<1 << 3>`). ( and [ groups are stepped
 * over whole (a '>' inside parentheses is a comparison: `f<(a > b)>`); a ) ] } ; or { at the list's own level
 * ends the walk unanswered (what looked like a list was a comparison). Preprocessor lines are stepped over as
 * hc_code_step does, so a list may hold #if lines. */
/* The '>' or '>>' closing the list opened at lt, or SIZE_MAX. */
size_t hc_code_template_close(const hc_unit *u, size_t lt);
/* The '<' whose list the '>' or '>>' at gt closes (for '>>', the outer of the two lists it closes), by the same
 * rule read backwards, or SIZE_MAX. */
size_t hc_code_template_open(const hc_unit *u, size_t gt);

/* ---- argument lists split at their commas: the one splitter every pass uses ----
 *
 * The rule for template commas: in an expression list (HC_SPLIT_CALL, HC_SPLIT_MACRO) '<' and '>' are
 * never brackets. Without a parse, f(a < b, c > d)
 * (two comparisons) and f(t<a, b>::v) (one template argument list) are the same tokens, so every comma
 * outside brackets separates two arguments, and the split says where that may be wrong: an argument in
 * which '<' and '>' do not balance outside its brackets ('<' counts 1, '>' -1, '>>' -2) sets `angles`.
 * A caller that rewrites an argument's text refuses such a split (it cannot tell which reading holds); one
 * that only reads arguments it can type from one literal or name may use it, since a template comma
 * splits an argument into parts that are neither. One shape has a single reading: in HC_SPLIT_CALL a name
 * followed by '<' whose closing '>' (hc_code_template_close) is followed by ',' or the list's end, as in
 * f(k<T, 4>, a): a comparison's '>' would need a right operand, so that is a template-id, its commas
 * separate nothing and its angles are not counted (f(t<a, b>::v) and f(a < b, c > d) stay doubtful).
 *
 * A parameter declaration list (HC_SPLIT_PARAMS) holds types, where '<' and '>' are template brackets:
 * `vector<vector<int>> v, int x` is two parameters. There '<' opens a bracket, '>' closes one, '>>'
 * closes two and '>>>' (one token, as a launch's closer) three (C++11's rule for a template argument list: a comparison or shift there needs parentheses);
 * `angles` stays false. A '<' in a default argument (int n = a < b) opens a bracket that never closes, so
 * the parameters after it are read as part of that one.
 *
 * Tokens on a preprocessor line inside a list that does not start on one (an #if line between arguments)
 * belong to the argument they fall in, but their brackets and commas are the directive's, not the
 * call's: the same #if handling as hc_code_step's. Comments are in no argument. */
#define HC_CODE_MAX_ARGS 32 /* arguments whose token ranges a split records; it counts them all */

typedef enum hc_split_mode {
    HC_SPLIT_CALL, /* a C++ list (call arguments, a launch configuration): (), [] and {} protect commas */
    HC_SPLIT_MACRO, /* the arguments of a function-like macro's use: only () protect commas, as the
                     * preprocessor splits them */
    HC_SPLIT_PARAMS /* a function's parameter declarations: (), [], {} and template brackets < > protect commas */
} hc_split_mode;

typedef struct hc_code_args {
    size_t n;                       /* arguments: 0 for an empty list, else the separating commas + 1 */
    size_t first[HC_CODE_MAX_ARGS]; /* first and last token of each of the first HC_CODE_MAX_ARGS arguments; */
    size_t last[HC_CODE_MAX_ARGS];  /* both SIZE_MAX for an argument without tokens */
    bool empty;                     /* some argument has no tokens: f(a, , b), f(a, ) */
    bool angles;                    /* some argument's '<' and '>' do not balance (the rule above) */
} hc_code_args;

/* Splits the tokens strictly between open and close (an opening bracket and its match) into arguments. */
void hc_code_split(const hc_unit *u, size_t open, size_t close, hc_split_mode mode, hc_code_args *out);

#endif
