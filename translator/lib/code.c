/* code.c: the walks of code.h that are more than a predicate: stepping over preprocessor lines, matching
 * brackets across them, splitting argument lists, and the facts computed once per file (bracket matches,
 * function and lambda bodies, host-only branches). It reads tokens only and proposes nothing. */
#include "code.h"
#include "grow.h"
#include "util.h"

#include <stddef.h>
#include <stdlib.h>

/* A bracket's answers: every ( [ { and <<< of the file has one, in token order (about one token in ten, so
 * the facts cost little beside the tokens). UINT32_MAX: none (a file is under 64 MiB). */
typedef struct bracket {
    uint32_t open;
    uint32_t match; /* hc_code_match's answer (( [ { only) */
    uint32_t pair;  /* hc_tok_match's answer */
} bracket;

/* Tokens first..last, all of a branch only the host compilation reads (no '#' among them). */
typedef struct span { uint32_t first, last; } span;

struct hc_code_facts {
    bracket *brackets;
    size_t nbrackets;
    uint32_t *closers; /* the brackets matched by hc_code_match, in token order of their closers */
    size_t nclosers;
    hc_body *bodies;        /* every function and lambda body, in token order of their '{' */
    size_t nbodies, capbodies;
    uint32_t *device_tops;  /* the device bodies inside no other: indexes into bodies, disjoint, in token order */
    size_t ndevice_tops, capdevice_tops;
    span *host_only;        /* in token order */
    size_t nhost_only, caphost_only;
    hc_block *blocks;       /* every block, in token order of their '{' */
    size_t nblocks;
    /* where the innermost block changes: from token marks[k].at on, up to the next mark, tokens are in block
     * marks[k].block (HC_BODY_NONE: in none). A '{' starts one at the token after it, a '}' at itself. */
    struct block_mark { uint32_t at, block; } *marks;
    size_t nmarks;
    hc_control_stmt *controls; /* every controlling statement, in token order of their keywords */
    size_t ncontrols;
    struct block_mark *cmarks; /* the same for the innermost controlling statement (hc_code_control_of) */
    size_t ncmarks;
};

size_t hc_code_step(const hc_unit *u, size_t i, bool directive) {
    size_t j = hc_code_next(u, i);
    if (!directive)
        while (hc_code_in_directive(u, j)) j = hc_code_next(u, j);
    else if (hc_code_valid(u, j) && !hc_code_in_directive(u, j)) return u->toks.n;
    return j;
}

size_t hc_code_first_at(const hc_unit *u, uint32_t off) {
    size_t lo = 0, hi = u->toks.n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (u->toks.v[mid].off < off) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* The closer of the bracket at open by walking: hc_code_match before the facts exist, or for a token that
 * opens nothing. */
static size_t walk_match(const hc_unit *u, size_t open) {
    bool directive = hc_code_in_directive(u, open);
    int depth = 0;
    for (size_t i = hc_code_step(u, open, directive); hc_code_valid(u, i); i = hc_code_step(u, i, directive)) {
        if (!hc_code_kind(u, i, HC_TOK_PUNCT) || u->toks.v[i].len != 1) continue;
        char c = u->text[u->toks.v[i].off];
        if (c == '(' || c == '[' || c == '{') depth++;
        else if (c == ')' || c == ']' || c == '}') {
            if (depth == 0) return i;
            depth--;
        }
    }
    return SIZE_MAX;
}

/* The opener of the closer at close by walking back, as walk_match walks forward: hc_code_opener before the
 * facts exist. */
static size_t walk_opener(const hc_unit *u, size_t close) {
    bool directive = hc_code_in_directive(u, close);
    int depth = 0;
    for (size_t i = hc_code_prev(u, close); hc_code_valid(u, i); i = hc_code_prev(u, i)) {
        if (hc_code_in_directive(u, i) != directive) {
            if (directive) return SIZE_MAX; /* a bracket closed on a directive line opened there */
            continue;
        }
        if (!hc_code_kind(u, i, HC_TOK_PUNCT) || u->toks.v[i].len != 1) continue;
        char c = u->text[u->toks.v[i].off];
        if (c == ')' || c == ']' || c == '}') depth++;
        else if (c == '(' || c == '[' || c == '{') {
            if (depth == 0) return walk_match(u, i) == close ? i : SIZE_MAX;
            depth--;
        }
    }
    return SIZE_MAX;
}

/* An opening ( [ { (one character: "<" and "<<<" are not brackets here), and its closer. */
static bool opens(const hc_unit *u, size_t i) {
    if (!hc_code_kind(u, i, HC_TOK_PUNCT) || u->toks.v[i].len != 1) return false;
    char c = u->text[u->toks.v[i].off];
    return c == '(' || c == '[' || c == '{';
}
static bool closes(const hc_unit *u, size_t i) {
    if (!hc_code_kind(u, i, HC_TOK_PUNCT) || u->toks.v[i].len != 1) return false;
    char c = u->text[u->toks.v[i].off];
    return c == ')' || c == ']' || c == '}';
}

/* The facts' entry for the bracket at token open, or NULL when open is none. */
static const bracket *bracket_at(const hc_code_facts *f, size_t open) {
    size_t lo = 0, hi = f->nbrackets;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (f->brackets[mid].open < open) lo = mid + 1;
        else hi = mid;
    }
    return lo < f->nbrackets && f->brackets[lo].open == open ? &f->brackets[lo] : NULL;
}

static size_t answer(uint32_t v) { return v == UINT32_MAX ? SIZE_MAX : v; }

size_t hc_code_match(const hc_unit *u, size_t open) {
    if (u->facts && opens(u, open)) return answer(bracket_at(u->facts, open)->match);
    return walk_match(u, open);
}

size_t hc_code_opener(const hc_unit *u, size_t close) {
    if (!u->facts) return walk_opener(u, close);
    const hc_code_facts *f = u->facts;
    size_t lo = 0, hi = f->nclosers;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (f->brackets[f->closers[mid]].match < close) lo = mid + 1;
        else hi = mid;
    }
    return lo < f->nclosers && f->brackets[f->closers[lo]].match == close ? f->brackets[f->closers[lo]].open : SIZE_MAX;
}

size_t hc_code_other(const hc_unit *u, size_t i) {
    if (opens(u, i)) return hc_code_match(u, i);
    return closes(u, i) ? hc_code_opener(u, i) : SIZE_MAX;
}

size_t hc_code_pair(const hc_unit *u, size_t open) {
    if (!u->facts) return hc_tok_match(u->text, &u->toks, open);
    const bracket *b = bracket_at(u->facts, open);
    return b ? answer(b->pair) : SIZE_MAX;
}

void hc_code_split(const hc_unit *u, size_t open, size_t close, hc_split_mode mode, hc_code_args *out) {
    out->n = 0;
    out->empty = out->angles = false;
    bool directive = hc_code_in_directive(u, open);
    size_t depth = 0, first = SIZE_MAX, last = SIZE_MAX;
    int angles = 0; /* '<' minus '>' in the current argument, outside its brackets */
    for (size_t i = hc_code_next(u, open); i < close && hc_code_valid(u, i); i = hc_code_next(u, i)) {
        const hc_token *t = hc_code_tok(u, i);
        if (mode == HC_SPLIT_CALL && depth == 0 && t->kind == HC_TOK_IDENT && hc_code_in_directive(u, i) == directive) {
            /* name<...> whose '>' ends the argument: a template-id, the one reading (a comparison's '>' needs a
             * right operand), so its commas separate nothing and its angles balance */
            size_t lt = hc_code_next(u, i);
            size_t gt = lt < close && hc_code_punct(u, lt, "<") ? hc_code_template_close(u, lt) : SIZE_MAX;
            size_t after = gt < close ? hc_code_next(u, gt) : SIZE_MAX;
            if (after == close || (after < close && hc_code_punct(u, after, ","))) {
                if (first == SIZE_MAX) first = i;
                last = gt;
                i = gt;
                continue;
            }
        }
        if (t->kind == HC_TOK_PUNCT && hc_code_in_directive(u, i) == directive) {
            char c = t->len == 1 ? u->text[t->off] : '\0';
            bool params = mode == HC_SPLIT_PARAMS;
            bool opens = c == '(' || (mode != HC_SPLIT_MACRO && (c == '[' || c == '{')) || (params && c == '<');
            bool closes = c == ')' || (mode != HC_SPLIT_MACRO && (c == ']' || c == '}')) || (params && c == '>');
            if (opens) depth++;
            else if (closes && depth > 0) depth--;
            else if (params && depth > 0 && (hc_code_punct(u, i, ">>") || hc_code_punct(u, i, ">>>"))) {
                size_t n = t->len; /* the lexer reads >>> as one token (a launch's closer) */
                depth -= depth > n ? n : depth;
            }
            else if (depth == 0 && c == ',') {
                if (out->n < HC_CODE_MAX_ARGS) out->first[out->n] = first, out->last[out->n] = last;
                out->empty |= first == SIZE_MAX;
                out->angles |= angles != 0;
                out->n++;
                first = last = SIZE_MAX;
                angles = 0;
                continue;
            } else if (!params && depth == 0) { /* angles outside brackets (in parameters they are brackets) */
                if (c == '<') angles++;
                else if (c == '>') angles--;
                else if (hc_code_punct(u, i, ">>")) angles -= 2;
            }
        }
        if (first == SIZE_MAX) first = i;
        last = i;
    }
    if (first != SIZE_MAX || out->n > 0) { /* the last argument; "()" has none */
        if (out->n < HC_CODE_MAX_ARGS) out->first[out->n] = first, out->last[out->n] = last;
        out->empty |= first == SIZE_MAX;
        out->angles |= angles != 0;
        out->n++;
    }
}

/* ---- the facts ---------------------------------------------------------------------------------- */

/* Pushes bracket number b (an index into the facts' brackets) on a stack of them. */
static int push(uint32_t **stack, size_t *n, size_t *cap, size_t b) {
    if (hc_grow(stack, cap, *n, sizeof **stack, 64) < 0) return -1;
    (*stack)[(*n)++] = (uint32_t)b;
    return 0;
}

/* Every bracket's match as walk_match finds it, in one pass: code outside directives is one stream (the
 * walk steps over #if lines), and each run of directive lines is a stream of its own, ended by the first
 * code token. Brackets of every kind nest alike: a closer closes the innermost opener, whatever its kind. */
static int compute_matches(const hc_unit *u, hc_code_facts *f) {
    uint32_t *code = NULL, *dir = NULL;
    size_t ncode = 0, capcode = 0, ndir = 0, capdir = 0, b = 0;
    int rc = 0;
    f->closers = malloc((f->nbrackets ? f->nbrackets : 1) * sizeof *f->closers); /* a bracket matches once at most */
    if (!f->closers) return -1;
    for (size_t i = 0; i < u->toks.n && rc == 0; i++) {
        bool opener = b < f->nbrackets && f->brackets[b].open == i;
        if (hc_code_kind(u, i, HC_TOK_COMMENT)) continue;
        bool in_dir = hc_code_in_directive(u, i);
        if (!in_dir) ndir = 0; /* a run of directive lines ends: what it left open never closes */
        if (opener && opens(u, i)) rc = in_dir ? push(&dir, &ndir, &capdir, b) : push(&code, &ncode, &capcode, b);
        else if (closes(u, i)) {
            uint32_t *stack = in_dir ? dir : code;
            size_t *depth = in_dir ? &ndir : &ncode;
            if (*depth > 0) {
                f->closers[f->nclosers++] = stack[--*depth];
                f->brackets[stack[*depth]].match = (uint32_t)i;
            }
        }
        b += opener;
    }
    free(code), free(dir);
    return rc;
}

/* Every bracket's and launch's pair as hc_tok_match finds it, in one pass. The tokens (comments included)
 * fall into runs of one kind of line, code or directive; nothing pairs across two runs. Brackets of every kind
 * nest alike. A <<< waits, at the bracket depth where it stands, for a >>> at that depth; a closer at that
 * depth ends its wait unanswered, and so does the end of its run. Launch chevrons are no brackets for
 * ( [ {. */
static int compute_pairs(const hc_unit *u, hc_code_facts *f) {
    uint32_t *open = NULL, *launches = NULL, *depths = NULL;
    size_t nb = 0, capb = 0, nl = 0, capl = 0, capd = 0, b = 0;
    uint8_t kind = 0;
    int rc = 0;
    for (size_t i = 0; i < u->toks.n && rc == 0; i++) {
        const hc_token *t = hc_code_tok(u, i);
        bool opener = b < f->nbrackets && f->brackets[b].open == i;
        if ((t->flags & HC_TOKF_DIRECTIVE) != kind) { /* a new run: what the last one left open never closes */
            kind = t->flags & HC_TOKF_DIRECTIVE;
            nb = nl = 0;
        }
        if (opener && opens(u, i)) {
            rc = push(&open, &nb, &capb, b);
        } else if (opener) { /* <<< */
            rc = push(&launches, &nl, &capl, b);
            if (rc == 0 && (rc = hc_grow_to(&depths, &capd, capl, sizeof *depths, 64)) == 0) depths[nl - 1] = (uint32_t)nb;
        } else if (closes(u, i)) {
            while (nl > 0 && depths[nl - 1] == nb) nl--; /* a closer at a waiting <<<'s depth */
            if (nb > 0) f->brackets[open[--nb]].pair = (uint32_t)i;
        } else if (hc_code_punct(u, i, ">>>")) {
            while (nl > 0 && depths[nl - 1] == nb) f->brackets[launches[--nl]].pair = (uint32_t)i;
        }
        b += opener;
    }
    free(open), free(launches), free(depths);
    return rc;
}

/* The facts' bracket list: every ( [ { and <<<, unanswered. */
static int list_brackets(const hc_unit *u, hc_code_facts *f) {
    size_t n = 0;
    for (size_t i = 0; i < u->toks.n; i++) n += opens(u, i) || hc_code_punct(u, i, "<<<");
    f->brackets = malloc((n ? n : 1) * sizeof *f->brackets);
    if (!f->brackets) return -1;
    for (size_t i = 0; i < u->toks.n; i++)
        if (opens(u, i) || hc_code_punct(u, i, "<<<"))
            f->brackets[f->nbrackets++] = (bracket){(uint32_t)i, UINT32_MAX, UINT32_MAX};
    return 0;
}

/* ---- function and lambda bodies: one scan, the rules of code.h ---------------------------------- */

/* The code token before i: comments and whole preprocessor lines stepped over, as hc_code_step steps
 * forward. SIZE_MAX when none. */
static size_t step_back(const hc_unit *u, size_t i) {
    size_t j = hc_code_prev(u, i);
    while (hc_code_in_directive(u, j)) j = hc_code_prev(u, j);
    return j;
}

static bool word_in(const hc_unit *u, size_t i, const char *const *words, size_t n) {
    return hc_code_kind(u, i, HC_TOK_IDENT) && hc_code_is_any(u, i, words, n);
}

/* Words that may stand between a parameter list's ')' and its body (try: a function-try-block). */
static const char *const qualifier_words[] = {"const", "volatile", "noexcept", "override", "final", "mutable", "constexpr", "consteval", "try"};
/* Words whose parenthesised group may stand there too (noexcept(true), __attribute__((used))). */
static const char *const group_words[] = {"noexcept", "throw", "__attribute__", "__declspec", "alignas", "__align__", "__launch_bounds__"};
/* Words before a '(' that opens no parameter list: statements, operators and attributes. */
static const char *const not_function_words[] = {"if", "for", "while", "switch", "catch", "return", "sizeof", "alignof",
                                                 "decltype", "typeid", "static_assert", "noexcept", "throw", "__attribute__",
                                                 "__declspec", "alignas", "__align__", "__launch_bounds__"};
/* The execution space words, in the order of their HC_BODY_ bits. */
static const char *const space_words[] = {"__global__", "__device__", "__host__"};

/* Walking back from i past what may follow a parameter list's ')': qualifier words, & and &&, and a group
 * after a group word. The first token that is none of these. */
static size_t skip_qualifiers(const hc_unit *u, size_t i) {
    for (;;) {
        if (word_in(u, i, qualifier_words, COUNT_OF(qualifier_words)) || hc_code_punct(u, i, "&") || hc_code_punct(u, i, "&&")) {
            i = step_back(u, i);
            continue;
        }
        size_t open = hc_code_punct(u, i, ")") ? hc_code_opener(u, i) : SIZE_MAX;
        size_t word = open == SIZE_MAX ? SIZE_MAX : step_back(u, open);
        if (!word_in(u, word, group_words, COUNT_OF(group_words))) return i;
        i = step_back(u, word);
    }
}

/* Walking back from i over a trailing return type (-> const T &, -> decltype(x), -> pair<int, int>) to its
 * '->': the token before that '->', or SIZE_MAX when i ends no trailing return type. */
static size_t skip_trailing_type(const hc_unit *u, size_t i) {
    static const char *const type_punct[] = {"::", "<", ">", ">>", ",", "*", "&", "&&", "..."};
    for (; hc_code_valid(u, i); i = step_back(u, i)) {
        if (hc_code_punct(u, i, "->")) return step_back(u, i);
        if (hc_code_punct(u, i, ")")) {
            if ((i = hc_code_opener(u, i)) == SIZE_MAX) return SIZE_MAX;
            continue;
        }
        bool word = hc_code_kind(u, i, HC_TOK_IDENT) || hc_code_kind(u, i, HC_TOK_NUMBER);
        if (!word && !(hc_code_kind(u, i, HC_TOK_PUNCT) && hc_code_is_any(u, i, type_punct, COUNT_OF(type_punct))))
            return SIZE_MAX;
    }
    return SIZE_MAX;
}

/* The token before the name that ends at i (a word, a qualified one a::b, a template's b<T>), or SIZE_MAX when
 * i ends no name. */
static size_t before_name(const hc_unit *u, size_t i) {
    if (hc_code_punct(u, i, ">") || hc_code_punct(u, i, ">>")) { /* template arguments: back to their '<' */
        i = hc_code_template_open(u, i);
        if (i == SIZE_MAX) return SIZE_MAX;
        i = step_back(u, i);
    }
    if (!hc_code_kind(u, i, HC_TOK_IDENT)) return SIZE_MAX;
    size_t p = step_back(u, i);
    while (hc_code_punct(u, p, "::") && hc_code_kind(u, step_back(u, p), HC_TOK_IDENT)) p = step_back(u, step_back(u, p));
    return p;
}

/* When the ')' or '}' at i closes the last of a constructor's member initializers (S(int a) : x(a), y{a} {),
 * the ')' of the constructor's parameter list (past its qualifiers); else i. */
static size_t skip_initializers(const hc_unit *u, size_t i) {
    for (size_t k = i;;) {
        size_t open = hc_code_punct(u, k, ")") || hc_code_punct(u, k, "}") ? hc_code_opener(u, k) : SIZE_MAX;
        size_t p = open == SIZE_MAX ? SIZE_MAX : before_name(u, step_back(u, open));
        if (hc_code_punct(u, p, ",")) {
            k = step_back(u, p);
        } else if (hc_code_punct(u, p, ":")) {
            size_t q = skip_qualifiers(u, step_back(u, p));
            return hc_code_punct(u, q, ")") ? q : i;
        } else
            return i;
    }
}

/* The '(' of the parameter list whose ')' is at i, or before the member initializers ending at i; SIZE_MAX
 * when the list follows a word of not_function_words or there is none. */
static size_t list_ending_at(const hc_unit *u, size_t i) {
    i = skip_initializers(u, i);
    size_t open = hc_code_punct(u, i, ")") ? hc_code_opener(u, i) : SIZE_MAX;
    if (!hc_code_punct(u, open, "(") || word_in(u, step_back(u, open), not_function_words, COUNT_OF(not_function_words)))
        return SIZE_MAX;
    return open;
}

/* The '(' of the parameter list whose declaration the '{' at brace ends, or SIZE_MAX: the '{' then opens no
 * function or lambda body. */
static size_t params_before(const hc_unit *u, size_t brace) {
    size_t open = list_ending_at(u, skip_qualifiers(u, step_back(u, brace)));
    if (open != SIZE_MAX) return open;
    size_t arrow = skip_trailing_type(u, step_back(u, brace)); /* -> decltype(x): that group is no list */
    return arrow == SIZE_MAX ? SIZE_MAX : list_ending_at(u, skip_qualifiers(u, arrow));
}

/* The ']' of the capture when the parameter list at params is a lambda's ([=] __device__ (int i)), or SIZE_MAX:
 * a ']' after a word or a bracket closes a subscript or operator[]. */
static size_t lambda_capture(const hc_unit *u, size_t params) {
    size_t p = step_back(u, params);
    while (word_in(u, p, space_words, COUNT_OF(space_words))) p = step_back(u, p);
    size_t open = hc_code_punct(u, p, "]") ? hc_code_opener(u, p) : SIZE_MAX;
    if (!hc_code_punct(u, open, "[")) return SIZE_MAX;
    size_t before = step_back(u, open);
    if (hc_code_punct(u, before, ")") || hc_code_punct(u, before, "]")) return SIZE_MAX;
    if (hc_code_kind(u, before, HC_TOK_IDENT) && !hc_code_is(u, before, "return")) return SIZE_MAX;
    return p;
}

/* The execution space specifiers of the declaration whose parameter list opens at params: the words of
 * space_words read back from it, over parenthesised groups (__launch_bounds__(256)) and #if lines, to a ';'
 * '{' or '}', or to stop (a lambda's capture). */
static unsigned read_specifiers(const hc_unit *u, size_t params, size_t stop) {
    unsigned spec = 0;
    for (size_t i = step_back(u, params); hc_code_valid(u, i) && i != stop; i = step_back(u, i)) {
        if (hc_code_punct(u, i, ";") || hc_code_punct(u, i, "{") || hc_code_punct(u, i, "}")) break;
        if (hc_code_punct(u, i, ")") && hc_code_opener(u, i) != SIZE_MAX) {
            i = hc_code_opener(u, i);
            continue;
        }
        for (size_t w = 0; w < COUNT_OF(space_words); w++)
            if (hc_code_kind(u, i, HC_TOK_IDENT) && hc_code_is(u, i, space_words[w])) spec |= 1u << w;
    }
    return spec;
}

/* The scan's state: the open braces, each with the body it opened (HC_BODY_NONE: a block or a class), and for
 * each open #if group the copies of that stack its branches restore. */
typedef struct cond_frame {
    size_t at_if, first;         /* offsets in saved of the stack as #if found it and as its first branch left it */
    size_t len_at_if, len_first;
    bool have_first;             /* an #elif or #else came */
} cond_frame;

typedef struct body_scan {
    uint32_t *braces;
    size_t nbraces, capbraces;
    uint32_t *saved;
    size_t nsaved, capsaved;
    cond_frame *frames;
    size_t nframes, capframes;
} body_scan;

/* Appends a copy of the brace stack to saved; *off gets where it starts. */
static int save_braces(body_scan *s, size_t *off, size_t *len) {
    if (hc_grow_to(&s->saved, &s->capsaved, s->nsaved + s->nbraces, sizeof *s->saved, 64) < 0) return -1;
    if (s->nbraces) memcpy(s->saved + s->nsaved, s->braces, s->nbraces * sizeof *s->braces); /* both NULL before any */
    *off = s->nsaved, *len = s->nbraces;
    s->nsaved += s->nbraces;
    return 0;
}

static int restore_braces(body_scan *s, size_t off, size_t len) {
    if (hc_grow_to(&s->braces, &s->capbraces, len, sizeof *s->braces, 64) < 0) return -1;
    if (len) memcpy(s->braces, s->saved + off, len * sizeof *s->braces);
    s->nbraces = len;
    return 0;
}

/* Follows the #if, #elif, #else or #endif at hash: each group counts as its first branch (code.h). */
static int conditional(const hc_unit *u, size_t hash, body_scan *s) {
    size_t kw = hc_code_directive_name(u, hash);
    cond_frame *top = s->nframes ? &s->frames[s->nframes - 1] : NULL;
    if (hc_code_is(u, kw, "if") || hc_code_is(u, kw, "ifdef") || hc_code_is(u, kw, "ifndef")) {
        if (hc_grow(&s->frames, &s->capframes, s->nframes, sizeof *s->frames, 16) < 0) return -1;
        cond_frame *f = &s->frames[s->nframes++];
        *f = (cond_frame){0, 0, 0, 0, false};
        return save_braces(s, &f->at_if, &f->len_at_if);
    }
    if (!top) return 0;
    if (hc_code_is(u, kw, "elif") || hc_code_is(u, kw, "elifdef") || hc_code_is(u, kw, "elifndef") || hc_code_is(u, kw, "else")) {
        if (!top->have_first && save_braces(s, &top->first, &top->len_first) < 0) return -1;
        top->have_first = true;
        return restore_braces(s, top->at_if, top->len_at_if);
    }
    if (!hc_code_is(u, kw, "endif")) return 0;
    if (top->have_first && restore_braces(s, top->first, top->len_first) < 0) return -1;
    s->nsaved = top->at_if;
    s->nframes--;
    return 0;
}

/* The innermost body the brace stack is inside, or HC_BODY_NONE. */
static uint32_t enclosing_body(const body_scan *s) {
    for (size_t k = s->nbraces; k > 0; k--)
        if (s->braces[k - 1] != HC_BODY_NONE) return s->braces[k - 1];
    return HC_BODY_NONE;
}

/* The '{' at brace: a new body's index in f->bodies, or HC_BODY_NONE for a block, a class or an initializer. */
static int open_brace(const hc_unit *u, size_t brace, hc_code_facts *f, uint32_t outer, uint32_t *body) {
    *body = HC_BODY_NONE;
    size_t params = params_before(u, brace);
    if (params == SIZE_MAX) return 0;
    size_t capture = lambda_capture(u, params);
    unsigned spec = read_specifiers(u, params, capture);
    if (outer != HC_BODY_NONE && capture == SIZE_MAX && spec == 0) return 0; /* a statement's block */
    if (hc_grow(&f->bodies, &f->capbodies, f->nbodies, sizeof *f->bodies, 16) < 0) return -1;
    size_t name = capture == SIZE_MAX && hc_code_kind(u, step_back(u, params), HC_TOK_IDENT) ? step_back(u, params) : SIZE_MAX;
    bool device = (spec & (HC_BODY_GLOBAL | HC_BODY_DEVICE)) || (outer != HC_BODY_NONE && f->bodies[outer].device);
    f->bodies[f->nbodies] = (hc_body){(uint32_t)brace, HC_BODY_NONE, (uint32_t)params,
                                      name == SIZE_MAX ? HC_BODY_NONE : (uint32_t)name, outer, (uint8_t)spec,
                                      capture != SIZE_MAX, device};
    *body = (uint32_t)f->nbodies++;
    return 0;
}

/* Ends the scan: a body still open runs to the last code token; one opened in a branch that the first branch
 * replaced never closed, and goes (its nested bodies move to its outer one). Then lists the outermost device
 * bodies. */
static int finish_bodies(hc_code_facts *f, const body_scan *s, size_t last_code) {
    for (size_t k = 0; k < s->nbraces; k++)
        if (s->braces[k] != HC_BODY_NONE) f->bodies[s->braces[k]].close = (uint32_t)last_code;
    uint32_t *index = malloc((f->nbodies ? f->nbodies : 1) * sizeof *index); /* old index -> new, or the outer's */
    if (!index) return -1;
    size_t n = 0;
    for (size_t k = 0; k < f->nbodies; k++) {
        hc_body b = f->bodies[k];
        b.outer = b.outer == HC_BODY_NONE ? HC_BODY_NONE : index[b.outer];
        if (b.close == HC_BODY_NONE) {
            index[k] = b.outer;
            continue;
        }
        index[k] = (uint32_t)n;
        f->bodies[n++] = b;
    }
    free(index);
    f->nbodies = n;
    for (size_t k = 0; k < f->nbodies; k++)
        if (f->bodies[k].device && (f->bodies[k].outer == HC_BODY_NONE || !f->bodies[f->bodies[k].outer].device)) {
            if (hc_grow(&f->device_tops, &f->capdevice_tops, f->ndevice_tops, sizeof *f->device_tops, 16) < 0) return -1;
            f->device_tops[f->ndevice_tops++] = (uint32_t)k;
        }
    return 0;
}

/* Every function and lambda body (the rules of code.h), in one pass over the tokens. */
static int find_bodies(const hc_unit *u, hc_code_facts *f) {
    body_scan s = {0};
    size_t last_code = SIZE_MAX;
    int rc = 0;
    for (size_t i = 0; hc_code_valid(u, i) && rc == 0; i++) {
        if (hc_code_kind(u, i, HC_TOK_HASH)) rc = conditional(u, i, &s);
        if (hc_code_in_directive(u, i) || hc_code_kind(u, i, HC_TOK_COMMENT)) continue;
        last_code = i;
        if (hc_code_punct(u, i, "{")) {
            uint32_t body;
            rc = open_brace(u, i, f, enclosing_body(&s), &body);
            if (rc == 0 && (rc = hc_grow(&s.braces, &s.capbraces, s.nbraces, sizeof *s.braces, 64)) == 0)
                s.braces[s.nbraces++] = body;
        } else if (hc_code_punct(u, i, "}") && s.nbraces > 0) {
            uint32_t body = s.braces[--s.nbraces];
            if (body != HC_BODY_NONE) f->bodies[body].close = (uint32_t)i;
        }
    }
    if (rc == 0) rc = finish_bodies(f, &s, last_code);
    free(s.braces), free(s.saved), free(s.frames);
    return rc;
}

const hc_body *hc_code_bodies(const hc_unit *u, size_t *n) {
    *n = u->facts ? u->facts->nbodies : 0;
    return u->facts ? u->facts->bodies : NULL;
}
/* ---- blocks and controlling statements: the rules of code.h ---------------------------------------- */

/* The index of the element whose first uint32_t field is key in a list sorted by it (blocks by '{', bodies by
 * '{', statements by keyword), or HC_BODY_NONE. */
static uint32_t index_in(const void *list, size_t n, size_t size, size_t key) {
    const char *v = list;
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (*(const uint32_t *)(const void *)(v + mid * size) < key) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && *(const uint32_t *)(const void *)(v + lo * size) == key ? (uint32_t)lo : HC_BODY_NONE;
}
_Static_assert(offsetof(hc_block, open) == 0 && offsetof(hc_body, open) == 0 && offsetof(hc_control_stmt, keyword) == 0,
               "index_in reads the key first");

/* Every block, and the marks of hc_code_block_of, in one pass over the brackets (after the bodies). */
static int find_blocks(const hc_unit *u, hc_code_facts *f) {
    size_t n = 0;
    for (size_t k = 0; k < f->nbrackets; k++)
        n += f->brackets[k].match != UINT32_MAX && hc_code_punct(u, f->brackets[k].open, "{") &&
             !hc_code_in_directive(u, f->brackets[k].open);
    f->blocks = malloc((n ? n : 1) * sizeof *f->blocks);
    f->marks = malloc((2 * n + 1) * sizeof *f->marks);
    uint32_t *open = malloc((n ? n : 1) * sizeof *open); /* the blocks holding the walk's position */
    if (!f->blocks || !f->marks || !open) {
        free(open);
        return -1;
    }
    size_t depth = 0;
    for (size_t k = 0; k < f->nbrackets; k++) {
        const bracket *br = &f->brackets[k];
        if (br->match == UINT32_MAX || !hc_code_punct(u, br->open, "{") || hc_code_in_directive(u, br->open)) continue;
        while (depth && f->blocks[open[depth - 1]].close < br->open) { /* blocks closed before this one opens */
            uint32_t done = open[--depth];
            f->marks[f->nmarks++] = (struct block_mark){f->blocks[done].close, f->blocks[done].outer};
        }
        uint32_t outer = depth ? open[depth - 1] : HC_BODY_NONE;
        bool body = index_in(f->bodies, f->nbodies, sizeof *f->bodies, br->open) != HC_BODY_NONE;
        f->blocks[f->nblocks] = (hc_block){br->open, br->match, outer, HC_BODY_NONE, body};
        f->marks[f->nmarks++] = (struct block_mark){br->open + 1, (uint32_t)f->nblocks};
        open[depth++] = (uint32_t)f->nblocks++;
    }
    while (depth) {
        uint32_t done = open[--depth];
        f->marks[f->nmarks++] = (struct block_mark){f->blocks[done].close, f->blocks[done].outer};
    }
    free(open);
    return 0;
}

/* The control keyword at i on a code line, or 0. */
static uint8_t control_word(const hc_unit *u, size_t i) {
    static const struct { const char *word; uint8_t control; } words[] = {
        {"if", HC_CTL_IF}, {"else", HC_CTL_ELSE}, {"for", HC_CTL_FOR}, {"while", HC_CTL_WHILE}, {"do", HC_CTL_DO},
        {"switch", HC_CTL_SWITCH}};
    if (!hc_code_kind(u, i, HC_TOK_IDENT) || hc_code_in_directive(u, i)) return 0;
    for (size_t k = 0; k < COUNT_OF(words); k++)
        if (hc_code_is(u, i, words[k].word)) return words[k].control;
    return 0;
}

/* The matched '(' right after the keyword at kw (past the constexpr of an if), or SIZE_MAX. */
static size_t condition_after(const hc_unit *u, size_t kw) {
    size_t o = hc_code_step(u, kw, false);
    if (hc_code_is(u, kw, "if") && hc_code_is(u, o, "constexpr")) o = hc_code_step(u, o, false);
    return hc_code_punct(u, o, "(") && hc_code_match(u, o) != SIZE_MAX ? o : SIZE_MAX;
}

/* The last token of the statement starting at first: a block's '}', a controlling statement's end (ends, by
 * statement, for the statements after first: the caller goes backwards), or a simple statement's ';'. An
 * unmatched closer ends it before itself, the file's end at its last token. */
static size_t statement_end(const hc_unit *u, const hc_code_facts *f, const uint32_t *ends, size_t first) {
    if (hc_code_punct(u, first, "{") && hc_code_match(u, first) != SIZE_MAX) return hc_code_match(u, first);
    uint32_t s = index_in(f->controls, f->ncontrols, sizeof *f->controls, first);
    if (s != HC_BODY_NONE) return ends[s];
    size_t last = first;
    for (size_t j = first; hc_code_valid(u, j); j = hc_code_step(u, j, false)) {
        if (hc_code_punct(u, j, ";")) return j;
        if (opens(u, j) && hc_code_match(u, j) != SIZE_MAX) j = hc_code_match(u, j);
        else if (closes(u, j)) return last;
        last = j;
    }
    return last;
}

/* The value of the last mark at or before token i, or HC_BODY_NONE. */
static uint32_t mark_before(const struct block_mark *marks, size_t n, size_t i) {
    size_t lo = 0, hi = n;
    while (lo < hi) { /* the first mark after i: the one before it says */
        size_t mid = (lo + hi) / 2;
        if (marks[mid].at <= i) lo = mid + 1;
        else hi = mid;
    }
    return lo ? marks[lo - 1].block : HC_BODY_NONE;
}

/* One region of the token sweep behind hc_code_control_of: tokens first..last are controlled by statement
 * value, or (value HC_BODY_NONE) by none: a function or lambda body, which no statement outside controls. */
typedef struct region { uint32_t first, last, value; } region;

static int compare_region(const void *a, const void *b) {
    const region *x = a, *y = b;
    if (x->first != y->first) return x->first < y->first ? -1 : 1;
    if (x->last != y->last) return x->last > y->last ? -1 : 1; /* the outer first */
    return x->value < y->value ? -1 : x->value > y->value;
}

/* The marks of hc_code_control_of, from the regions, which nest (one that would
 * end past the region around it is cut there). */
static int mark_regions(hc_code_facts *f, region *r, size_t n) {
    qsort(r, n, sizeof *r, compare_region);
    f->cmarks = malloc((2 * n + 1) * sizeof *f->cmarks);
    region *stack = malloc((n ? n : 1) * sizeof *stack);
    if (!f->cmarks || !stack) {
        free(stack);
        return -1;
    }
    size_t depth = 0;
    for (size_t k = 0; k <= n; k++) {
        while (depth && (k == n || stack[depth - 1].last < r[k].first)) { /* regions ended before this one */
            uint32_t end = stack[--depth].last;
            f->cmarks[f->ncmarks++] = (struct block_mark){end + 1, depth ? stack[depth - 1].value : HC_BODY_NONE};
        }
        if (k == n) break;
        region g = r[k];
        if (depth && g.last > stack[depth - 1].last) g.last = stack[depth - 1].last;
        stack[depth++] = g;
        f->cmarks[f->ncmarks++] = (struct block_mark){g.first, g.value};
    }
    free(stack);
    return 0;
}

/* Every controlling statement (after the blocks and bodies): the keywords in one pass forward, their bodies
 * backwards (an outer statement's body ends where the inner one it holds ends), then the marks. */
static int find_controls(const hc_unit *u, hc_code_facts *f) {
    size_t n = 0;
    for (size_t i = 0; hc_code_valid(u, i); i++) n += control_word(u, i) != 0;
    f->controls = malloc((n ? n : 1) * sizeof *f->controls);
    uint32_t *ends = malloc((n ? n : 1) * sizeof *ends);
    region *r = malloc((n + f->nbodies + 1) * sizeof *r);
    int rc = -1;
    if (!f->controls || !ends || !r) goto done;
    for (size_t i = 0; hc_code_valid(u, i); i++) {
        uint8_t c = control_word(u, i);
        size_t open = c && c != HC_CTL_ELSE && c != HC_CTL_DO ? condition_after(u, i) : SIZE_MAX;
        if (!c || (open == SIZE_MAX && c != HC_CTL_ELSE && c != HC_CTL_DO)) continue;
        size_t close = open == SIZE_MAX ? SIZE_MAX : hc_code_match(u, open);
        if (c == HC_CTL_WHILE && hc_code_punct(u, hc_code_step(u, close, false), ";")) continue; /* do's end, or empty */
        hc_control_stmt *s = &f->controls[f->ncontrols++];
        *s = (hc_control_stmt){(uint32_t)i, HC_BODY_NONE, HC_BODY_NONE, HC_BODY_NONE, HC_BODY_NONE, HC_BODY_NONE,
                               HC_BODY_NONE, c};
        if (open != SIZE_MAX) s->cond_open = (uint32_t)open, s->cond_close = (uint32_t)close;
    }
    for (size_t k = f->ncontrols; k-- > 0;) {
        hc_control_stmt *s = &f->controls[k];
        size_t first = hc_code_step(u, s->cond_close != HC_BODY_NONE ? s->cond_close : s->keyword, false);
        ends[k] = s->cond_close != HC_BODY_NONE ? s->cond_close : s->keyword;
        if (!hc_code_valid(u, first)) continue;
        size_t last = statement_end(u, f, ends, first);
        s->body_first = (uint32_t)first, s->body_last = (uint32_t)last;
        ends[k] = (uint32_t)last;
        uint32_t block = hc_code_punct(u, first, "{") ? index_in(f->blocks, f->nblocks, sizeof *f->blocks, first) : HC_BODY_NONE;
        if (block != HC_BODY_NONE && f->blocks[block].close == last) f->blocks[block].control = (uint32_t)k;
        size_t after = hc_code_step(u, last, false);
        if (s->control == HC_CTL_DO) { /* do BODY while (c); */
            size_t o = hc_code_step(u, after, false);
            if (hc_code_is(u, after, "while") && hc_code_punct(u, o, "(") && hc_code_match(u, o) != SIZE_MAX) {
                s->cond_open = (uint32_t)o, s->cond_close = (uint32_t)hc_code_match(u, o);
                size_t semi = hc_code_step(u, s->cond_close, false);
                ends[k] = hc_code_punct(u, semi, ";") ? (uint32_t)semi : s->cond_close;
            }
        } else if (s->control == HC_CTL_IF) { /* its else, if one follows, runs when its condition is false */
            uint32_t e = hc_code_is(u, after, "else") ? index_in(f->controls, f->ncontrols, sizeof *f->controls, after)
                                                     : HC_BODY_NONE;
            if (e != HC_BODY_NONE) {
                f->controls[e].prior = (uint32_t)k;
                f->controls[e].cond_open = s->cond_open, f->controls[e].cond_close = s->cond_close;
                ends[k] = ends[e];
            }
        }
    }
    size_t nr = 0;
    for (size_t k = 0; k < f->ncontrols; k++) {
        const hc_control_stmt *s = &f->controls[k];
        if (s->body_first == HC_BODY_NONE) continue;
        bool braced = hc_code_punct(u, s->body_first, "{") && hc_code_match(u, s->body_first) == s->body_last;
        if (braced && s->body_first + 1 == s->body_last) continue; /* {}: holds no token */
        r[nr++] = braced ? (region){s->body_first + 1, s->body_last - 1, (uint32_t)k}
                         : (region){s->body_first, s->body_last, (uint32_t)k};
    }
    for (size_t k = 0; k < f->nbodies; k++)
        if (f->bodies[k].open + 1 < f->bodies[k].close)
            r[nr++] = (region){f->bodies[k].open + 1, f->bodies[k].close - 1, HC_BODY_NONE};
    rc = mark_regions(f, r, nr);
    for (size_t k = 0; rc == 0 && k < f->ncontrols; k++) /* a keyword stands in the body of the statement around it */
        f->controls[k].outer = mark_before(f->cmarks, f->ncmarks, f->controls[k].keyword);
done:
    free(ends), free(r);
    return rc;
}

const hc_block *hc_code_blocks(const hc_unit *u, size_t *n) {
    *n = u->facts ? u->facts->nblocks : 0;
    return u->facts ? u->facts->blocks : NULL;
}

const hc_block *hc_code_block_at(const hc_unit *u, uint32_t k) {
    return u->facts && k < u->facts->nblocks ? &u->facts->blocks[k] : NULL;
}

const hc_control_stmt *hc_code_controls(const hc_unit *u, size_t *n) {
    *n = u->facts ? u->facts->ncontrols : 0;
    return u->facts ? u->facts->controls : NULL;
}

const hc_control_stmt *hc_code_control_at(const hc_unit *u, uint32_t k) {
    return u->facts && k < u->facts->ncontrols ? &u->facts->controls[k] : NULL;
}

const hc_block *hc_code_block_of(const hc_unit *u, size_t i) {
    return u->facts ? hc_code_block_at(u, mark_before(u->facts->marks, u->facts->nmarks, i)) : NULL;
}

const hc_control_stmt *hc_code_statement_at(const hc_unit *u, size_t kw) {
    return u->facts ? hc_code_control_at(u, index_in(u->facts->controls, u->facts->ncontrols, sizeof *u->facts->controls, kw))
                    : NULL;
}

const hc_control_stmt *hc_code_control_of(const hc_unit *u, size_t i) {
    return u->facts ? hc_code_control_at(u, mark_before(u->facts->cmarks, u->facts->ncmarks, i)) : NULL;
}

/* Macros defined only in the device compilation pass (nvcc's and HIP's). */
static bool is_device_pass_macro(const hc_unit *u, size_t i) {
    return hc_code_is(u, i, "__CUDA_ARCH__") || hc_code_is(u, i, "__HIP_DEVICE_COMPILE__");
}

enum { COND_OTHER = 0, COND_DEVICE, COND_HOST };

/* What the condition of the #if/#ifdef/#ifndef directive at keyword kw says about the compilation pass:
 * COND_DEVICE for `#ifdef __CUDA_ARCH__`, `#if defined(__CUDA_ARCH__)`, `#if __CUDA_ARCH__`;
 * COND_HOST for `#ifndef __CUDA_ARCH__`, `#if !defined(__CUDA_ARCH__)`; COND_OTHER for anything else,
 * `#if __CUDA_ARCH__ >= 700` too: its #else is compiled for the host and for older devices (and it is what
 * HIP, which has no __CUDA_ARCH__, compiles for the device), so it is no host-only branch. */
static int condition_kind(const hc_unit *u, size_t kw) {
    size_t a = hc_code_next(u, kw);
    if (!hc_code_in_directive(u, a) || hc_code_kind(u, a, HC_TOK_HASH)) return COND_OTHER;
    if (hc_code_is(u, kw, "ifdef") || hc_code_is(u, kw, "ifndef"))
        return is_device_pass_macro(u, a) ? (hc_code_is(u, kw, "ifdef") ? COND_DEVICE : COND_HOST) : COND_OTHER;
    bool negated = hc_code_is(u, a, "!");
    if (negated) a = hc_code_next(u, a);
    size_t last = a;
    if (hc_code_is(u, a, "defined")) {
        size_t m = hc_code_next(u, a);
        bool paren = hc_code_is(u, m, "(");
        if (paren) m = hc_code_next(u, m);
        if (!is_device_pass_macro(u, m)) return COND_OTHER;
        last = paren ? hc_code_next(u, m) : m;
        if (paren && !hc_code_is(u, last, ")")) return COND_OTHER;
    } else if (!is_device_pass_macro(u, a)) {
        return COND_OTHER; /* #if __CUDA_ARCH__ alone reads as defined(); a comparison is checked below */
    }
    size_t after = hc_code_next(u, last); /* the condition must end here: `defined(X) && Y` says nothing */
    if (hc_code_valid(u, after) && hc_code_in_directive(u, after) && !hc_code_kind(u, after, HC_TOK_HASH))
        return COND_OTHER;
    return negated ? COND_HOST : COND_DEVICE;
}

/* One open #if while marking host-only branches: what its condition says, and which branch is current. */
typedef struct pp_cond { int kind, branch; } pp_cond;

static bool branch_is_host_only(const pp_cond *c) {
    return (c->kind == COND_HOST && c->branch == 0) || (c->kind == COND_DEVICE && c->branch > 0);
}

/* Marks the tokens of branches only the host pass compiles: the first branch of a COND_HOST
 * conditional, and the #elif/#else branches of a COND_DEVICE one. Code there is not device code. */
static int mark_host_only(const hc_unit *u, hc_code_facts *f) {
    enum { MAX_DEPTH = 64 }; /* deeper nesting is followed for balance but not classified */
    pp_cond stack[MAX_DEPTH];
    size_t depth = 0;
    int host = 0; /* open conditionals whose current branch is host-only */
    for (size_t i = 0; hc_code_valid(u, i); i++) {
        if (hc_code_kind(u, i, HC_TOK_HASH)) {
            size_t kw = hc_code_directive_name(u, i);
            pp_cond *top = depth > 0 && depth <= MAX_DEPTH ? &stack[depth - 1] : NULL;
            if (hc_code_is(u, kw, "if") || hc_code_is(u, kw, "ifdef") || hc_code_is(u, kw, "ifndef")) {
                if (depth < MAX_DEPTH) {
                    stack[depth] = (pp_cond){condition_kind(u, kw), 0};
                    host += branch_is_host_only(&stack[depth]);
                }
                depth++;
            } else if ((hc_code_is(u, kw, "elif") || hc_code_is(u, kw, "else")) && top) {
                host -= branch_is_host_only(top);
                top->branch++;
                host += branch_is_host_only(top);
            } else if (hc_code_is(u, kw, "endif") && depth > 0) {
                if (top) host -= branch_is_host_only(top);
                depth--;
            }
            continue;
        }
        if (host > 0) {
            span *last = f->nhost_only ? &f->host_only[f->nhost_only - 1] : NULL;
            if (last && last->last + 1 == i) {
                last->last = (uint32_t)i;
                continue;
            }
            if (hc_grow(&f->host_only, &f->caphost_only, f->nhost_only, sizeof *f->host_only, 16) < 0) return -1;
            f->host_only[f->nhost_only++] = (span){(uint32_t)i, (uint32_t)i};
        }
    }
    return 0;
}

void hc_code_facts_free(hc_unit *u) {
    if (!u->facts) return;
    free(u->facts->brackets);
    free(u->facts->closers);
    free(u->facts->bodies);
    free(u->facts->device_tops);
    free(u->facts->host_only);
    free(u->facts->blocks);
    free(u->facts->marks);
    free(u->facts->controls);
    free(u->facts->cmarks);
    free(u->facts);
    u->facts = NULL;
}

int hc_code_analyze(hc_unit *u) {
    if (u->facts) return 0;
    hc_code_facts *f = calloc(1, sizeof *f);
    if (!f) return -1;
    if (list_brackets(u, f) < 0 || compute_matches(u, f) < 0 || compute_pairs(u, f) < 0) {
        free(f->brackets);
        free(f->closers);
        free(f);
        return -1;
    }
    u->facts = f; /* the body finder reads the matches */
    if (find_bodies(u, f) < 0 || mark_host_only(u, f) < 0 || find_blocks(u, f) < 0 || find_controls(u, f) < 0) {
        hc_code_facts_free(u);
        return -1;
    }
    return 0;
}

const hc_body *hc_code_device_body(const hc_unit *u, size_t i) {
    const hc_code_facts *f = u->facts;
    if (!f) return NULL;
    size_t lo = 0, hi = f->nhost_only;
    while (lo < hi) { /* the first host-only span not before i */
        size_t mid = (lo + hi) / 2;
        if (f->host_only[mid].last < i) lo = mid + 1;
        else hi = mid;
    }
    if (lo < f->nhost_only && f->host_only[lo].first <= i) return NULL;
    lo = 0, hi = f->ndevice_tops;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (f->bodies[f->device_tops[mid]].close < i) lo = mid + 1;
        else hi = mid;
    }
    const hc_body *b = lo < f->ndevice_tops ? &f->bodies[f->device_tops[lo]] : NULL;
    return b && b->open < i && i < b->close ? b : NULL;
}

/* ---- template argument lists ------------------------------------------------------------------- */

/* What a token means to a template argument list walk: its change to the count of open lists, a group to step
 * over, or the end of the walk. */
enum { TPL_OTHER, TPL_ANGLES, TPL_GROUP_OPEN, TPL_GROUP_CLOSE, TPL_STOP };

static int template_role(const hc_unit *u, size_t i, int *angles) {
    if (!hc_code_kind(u, i, HC_TOK_PUNCT)) return TPL_OTHER;
    static const struct { const char *s; int angles; } counted[] = {{"<", 1}, {">", -1}, {">>", -2}};
    for (size_t k = 0; k < COUNT_OF(counted); k++)
        if (hc_code_is(u, i, counted[k].s)) {
            *angles = counted[k].angles;
            return TPL_ANGLES;
        }
    if (hc_code_is(u, i, "(") || hc_code_is(u, i, "[")) return TPL_GROUP_OPEN;
    if (hc_code_is(u, i, ")") || hc_code_is(u, i, "]")) return TPL_GROUP_CLOSE;
    return hc_code_is(u, i, ";") || hc_code_is(u, i, "{") || hc_code_is(u, i, "}") ? TPL_STOP : TPL_OTHER;
}

size_t hc_code_template_close(const hc_unit *u, size_t lt) {
    if (!hc_code_punct(u, lt, "<")) return SIZE_MAX;
    bool directive = hc_code_in_directive(u, lt);
    int depth = 1;
    for (size_t i = hc_code_step(u, lt, directive); hc_code_valid(u, i); i = hc_code_step(u, i, directive)) {
        int angles = 0;
        switch (template_role(u, i, &angles)) {
        case TPL_ANGLES:
            depth += angles;
            if (depth <= 0) return i;
            break;
        case TPL_GROUP_OPEN:
            i = hc_code_match(u, i);
            if (i == SIZE_MAX) return SIZE_MAX;
            break;
        case TPL_GROUP_CLOSE:
        case TPL_STOP: return SIZE_MAX;
        default: break;
        }
    }
    return SIZE_MAX;
}

size_t hc_code_template_open(const hc_unit *u, size_t gt) {
    if (!hc_code_punct(u, gt, ">") && !hc_code_punct(u, gt, ">>")) return SIZE_MAX;
    bool directive = hc_code_in_directive(u, gt);
    int depth = hc_code_tok(u, gt)->len;
    for (size_t i = hc_code_prev(u, gt); hc_code_valid(u, i); i = hc_code_prev(u, i)) {
        if (hc_code_in_directive(u, i) != directive) {
            if (directive) return SIZE_MAX; /* a list closed on a directive line opened there */
            continue;
        }
        int angles = 0;
        switch (template_role(u, i, &angles)) {
        case TPL_ANGLES:
            depth -= angles;
            if (depth == 0) return i;
            if (depth < 0) return SIZE_MAX;
            break;
        case TPL_GROUP_CLOSE:
            i = hc_code_opener(u, i);
            if (i == SIZE_MAX) return SIZE_MAX;
            break;
        case TPL_GROUP_OPEN:
        case TPL_STOP: return SIZE_MAX;
        default: break;
        }
    }
    return SIZE_MAX;
}
