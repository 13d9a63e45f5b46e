/* tokens.c: a raw C/C++/CUDA lexer that returns every token of a buffer (all #if branches, macro
 * bodies, comments), with directive and line-start flags. It does not preprocess or parse. */
#include "tokens.h"
#include "grow.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Multi-character punctuators, longest first within each leading character; <<< and >>> are single
 * tokens because kernel launches are found by them. */
typedef struct punct { const char *s; size_t len; } punct;
static const punct multi_punct[] = {
    {"<<<", 3}, {">>>", 3}, {"<<=", 3}, {">>=", 3}, {"->*", 3}, {"...", 3}, {"<=>", 3}, {"::", 2}, {"->", 2},
    {"++", 2},  {"--", 2},  {"<<", 2},  {">>", 2},  {"<=", 2},  {">=", 2},  {"==", 2},  {"!=", 2}, {"&&", 2},
    {"||", 2},  {"+=", 2},  {"-=", 2},  {"*=", 2},  {"/=", 2},  {"%=", 2},  {"&=", 2},  {"|=", 2}, {"^=", 2},
    {"##", 2},  {".*", 2},
};

static int push(hc_token_list *l, uint32_t off, uint32_t len, uint8_t kind, uint16_t flags) {
    if (hc_grow(&l->v, &l->cap, l->n, sizeof *l->v, 1024) < 0) return -1;
    l->v[l->n++] = (hc_token){off, len, kind, flags};
    return 0;
}

static int is_ident_start(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
static int is_ident_char(unsigned char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* Length of the well-formed UTF-8 sequence of 2 to 4 bytes at p, or 0. Such a character continues an
 * identifier (C++ and clang accept them); any other byte of 0x80 and above is never part of one, so
 * a Latin-1 byte next to a CUDA name does not hide the name, and is copied untouched. */
static size_t utf8_len(const char *p, const char *end) {
    const unsigned char *s = (const unsigned char *)p;
    size_t avail = (size_t)(end - p), need;
    if (s[0] >= 0xc2 && s[0] <= 0xdf) need = 1;
    else if (s[0] >= 0xe0 && s[0] <= 0xef) need = 2;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4) need = 3;
    else return 0;
    if (avail <= need) return 0;
    for (size_t k = 1; k <= need; k++)
        if ((s[k] & 0xc0) != 0x80) return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) || (s[0] == 0xf0 && s[1] < 0x90) ||
        (s[0] == 0xf4 && s[1] >= 0x90))
        return 0; /* overlong, surrogate, beyond U+10FFFF */
    return need + 1;
}

/* Bytes of the identifier character at p (ASCII or a UTF-8 sequence), 0 when none; digits count only
 * when digits is set. */
static size_t ident_char_len(const char *p, const char *end, int digits) {
    unsigned char c = (unsigned char)*p;
    if (c < 0x80) return (digits ? is_ident_char(c) : is_ident_start(c)) ? 1 : 0;
    return utf8_len(p, end);
}

/* Length of a backslash-newline splice at p (0 when none): "\\\n" or "\\\r\n". */
static size_t splice_len(const char *p, const char *end) {
    if (p < end && *p == '\\') {
        if (p + 1 < end && p[1] == '\n') return 2;
        if (p + 2 < end && p[1] == '\r' && p[2] == '\n') return 3;
    }
    return 0;
}

/* Length of an encoding prefix + quote start at p for string/char literals (0 when not a literal).
 * Sets *raw for R"..." literals. */
static size_t literal_prefix(const char *p, const char *end, int *raw, char *quote) {
    static const char *const prefixes[] = {"u8R", "uR", "UR", "LR", "R", "u8", "u", "U", "L", ""};
    for (size_t i = 0; i < COUNT_OF(prefixes); i++) {
        size_t n = strlen(prefixes[i]);
        if ((size_t)(end - p) > n && memcmp(p, prefixes[i], n) == 0 && (p[n] == '"' || p[n] == '\'')) {
            *raw = strchr(prefixes[i], 'R') != NULL;
            if (*raw && p[n] != '"') continue;
            *quote = p[n];
            return n;
        }
    }
    return 0;
}

/* ---- lexically dead text ----
 * The preprocessor never lexes the lines of a group it skips, except as directives, so prose there
 * ("#if 0 / don't ... / #endif") is accepted by every compiler. The lexer knows one kind of skipped group
 * without evaluating anything: one whose condition is the literal 0 or false. In such a group, and in the
 * text of #error and #warning (which is not C), a quote that does not close on its line is a lone
 * character, not an unterminated literal. */

static const char *skip_blanks(const char *p, const char *end) {
    for (;;) {
        size_t k = splice_len(p, end);
        if (k) p += k;
        else if (p < end && (*p == ' ' || *p == '\t')) p++;
        else return p;
    }
}

/* The directive name after the '#' at p: its length, *w set to it (0 when none). */
static size_t directive_name(const char *p, const char *end, const char **w) {
    p = skip_blanks(p, end);
    *w = p;
    while (p < end && is_ident_char((unsigned char)*p)) p++;
    return (size_t)(p - *w);
}

/* True when the condition at p (after "if" or "elif") is the literal 0 or false, parenthesized or not,
 * with nothing but a comment after it on the line. */
static int zero_condition(const char *p, const char *end) {
    p = skip_blanks(p, end);
    int parens = 0;
    while (p < end && *p == '(') p = skip_blanks(p + 1, end), parens++;
    if ((size_t)(end - p) >= 5 && !memcmp(p, "false", 5) && !(p + 5 < end && is_ident_char((unsigned char)p[5]))) {
        p += 5;
    } else {
        if (p >= end || *p != '0') return 0;
        if (p + 2 < end && (p[1] == 'x' || p[1] == 'X') && p[2] == '0') p += 2; /* 0x0 */
        while (p < end && *p == '0') p++;
        while (p < end && strchr("uUlL", *p) && *p) p++;
        if (p < end && is_ident_char((unsigned char)*p)) return 0;
    }
    for (p = skip_blanks(p, end); parens && p < end && *p == ')'; parens--) p = skip_blanks(p + 1, end);
    if (parens) return 0;
    return p >= end || *p == '\n' || *p == '\r' || (*p == '/' && p + 1 < end && (p[1] == '/' || p[1] == '*'));
}

static int word_is(const char *w, size_t n, const char *s) { return strlen(s) == n && !memcmp(w, s, n); }

/* Conditional-group state of the directive whose name starts at w: dead > 0 while inside a group whose
 * condition is literally false (nest counts the conditionals opened inside it). */
typedef struct dead_state {
    int dead, nest;
} dead_state;

static void dead_directive(dead_state *d, const char *w, size_t n, const char *end) {
    int opens = word_is(w, n, "if") || word_is(w, n, "ifdef") || word_is(w, n, "ifndef");
    int branch = word_is(w, n, "else") || word_is(w, n, "elif") || word_is(w, n, "elifdef") || word_is(w, n, "elifndef");
    if (!d->dead) {
        /* "#if 0" opens a dead group; "#elif 0" makes its own branch dead, up to the next branch */
        if ((word_is(w, n, "if") || word_is(w, n, "elif")) && zero_condition(w + n, end)) d->dead = 1, d->nest = 0;
        return;
    }
    if (opens) d->nest++;
    else if (word_is(w, n, "endif")) {
        if (d->nest) d->nest--;
        else d->dead = 0;
    } else if (branch && !d->nest) {
        d->dead = word_is(w, n, "elif") && zero_condition(w + n, end);
    }
}

/* A quote at s (after a prefix of pre letters) that closes nowhere, in text no compiler lexes: the prefix
 * is an identifier and the quote a lone punctuator, and lexing goes on after it. Returns the end. */
static const char *lone_quote(const char *s, size_t pre, uint8_t *kind) {
    *kind = pre ? HC_TOK_IDENT : HC_TOK_PUNCT;
    return s + (pre ? pre : 1);
}

int hc_tokenize(const char *text, size_t len, hc_token_list *out) {
    const char *p = text, *end = text + len;
    uint32_t line = 1;
    int line_start = 1;   /* no token yet on this physical line */
    int in_directive = 0; /* inside a # directive until an unspliced newline */
    int directive_tokens = 0;
    int include_directive = 0, define_directive = 0;
    int prose_directive = 0; /* #error, #warning: their text is not C */
    dead_state dead = {0, 0};
    memset(out, 0, sizeof *out);
    if (len > HC_TOK_MAX_TEXT) return -1; /* offsets and lengths would not fit a token */

    while (p < end) {
        unsigned char c = (unsigned char)*p;
        size_t sl = splice_len(p, end);
        if (sl) { /* line splice: continues the directive, if any */
            p += sl;
            line++;
            continue;
        }
        if (c == '\n') {
            p++;
            line++;
            line_start = 1;
            in_directive = 0;
            include_directive = define_directive = prose_directive = 0;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            p++;
            continue;
        }
        const char *s = p;
        uint32_t sline = line;
        uint8_t kind;
        uint16_t flags = 0;
        if (line_start) flags |= HC_TOKF_LINE_START;

        if (c == '/' && p + 1 < end && p[1] == '/') {
            kind = HC_TOK_COMMENT; /* runs to an unspliced newline */
            while (p < end && *p != '\n') {
                size_t k = splice_len(p, end);
                if (k) { p += k; line++; } else p++;
            }
        } else if (c == '/' && p + 1 < end && p[1] == '*') {
            kind = HC_TOK_COMMENT;
            p += 2;
            while (p < end && !(p[0] == '*' && p + 1 < end && p[1] == '/')) {
                if (*p == '\n') line++;
                p++;
            }
            if (p < end) p += 2;
            else if (!out->unterminated_comment_line) out->unterminated_comment_line = sline;
        } else if (c == '#' && line_start) {
            kind = HC_TOK_HASH;
            p++;
            in_directive = 1;
            directive_tokens = 0;
            const char *w;
            size_t wn = directive_name(p, end, &w);
            dead_directive(&dead, w, wn, end);
            prose_directive = word_is(w, wn, "error") || word_is(w, wn, "warning");
        } else if (include_directive && c == '<') {
            kind = HC_TOK_STRING; /* <header> */
            p++;
            while (p < end && *p != '>' && *p != '\n') p++;
            if (p < end && *p == '>') p++;
        } else {
            int raw = 0;
            char quote = 0;
            /* only u, U, L, R can start an encoding prefix */
            size_t pre = c == 'u' || c == 'U' || c == 'L' || c == 'R' ? literal_prefix(p, end, &raw, &quote) : 0;
            if (pre || c == '"' || c == '\'') {
                if (!quote) quote = (char)c;
                kind = quote == '"' ? HC_TOK_STRING : HC_TOK_CHAR;
                p += pre + 1;
                if (raw) { /* R"delim( ... )delim" */
                    const char *d = p;
                    while (p < end && *p != '(' && *p != '\n' && p - d < 16) p++;
                    size_t dlen = (size_t)(p - d);
                    int closed = 0;
                    if (p < end && *p == '(') {
                        p++;
                        while (p < end) {
                            if (*p == ')' && (size_t)(end - p) > dlen + 1 && memcmp(p + 1, d, dlen) == 0 &&
                                p[1 + dlen] == '"') {
                                p += dlen + 2;
                                closed = 1;
                                break;
                            }
                            if (*p == '\n') line++;
                            p++;
                        }
                    }
                    if (!closed && (dead.dead || prose_directive)) p = lone_quote(s, pre, &kind), line = sline;
                    else if (!closed && !out->unterminated_literal_line) out->unterminated_literal_line = sline;
                } else {
                    int closed = 0;
                    while (p < end && *p != '\n') {
                        size_t k = splice_len(p, end);
                        if (k) { p += k; line++; continue; }
                        if (*p == '\\' && p + 1 < end && p[1] != '\n') { p += 2; continue; }
                        if (*p == quote) { p++; closed = 1; break; }
                        p++;
                    }
                    if (!closed && (dead.dead || prose_directive)) p = lone_quote(s, pre, &kind), line = sline;
                    else if (!closed && !out->unterminated_literal_line) out->unterminated_literal_line = sline;
                }
            } else if (ident_char_len(p, end, 0)) {
                kind = HC_TOK_IDENT;
                for (size_t k; p < end && (k = ident_char_len(p, end, 1)) > 0;) p += k;
            } else if (is_digit(c) || (c == '.' && p + 1 < end && is_digit((unsigned char)p[1]))) {
                kind = HC_TOK_NUMBER; /* pp-number: digits, letters, '.', exponent signs, digit separators */
                p++;
                while (p < end) {
                    unsigned char d = (unsigned char)*p;
                    if ((d == '+' || d == '-') && (p[-1] == 'e' || p[-1] == 'E' || p[-1] == 'p' || p[-1] == 'P')) p++;
                    else if (d == '.') p++;
                    else if (ident_char_len(p, end, 1)) p += ident_char_len(p, end, 1);
                    else if (d == '\'' && p + 1 < end && is_ident_char((unsigned char)p[1])) p++;
                    else break;
                }
            } else {
                kind = HC_TOK_PUNCT;
                size_t n = 1;
                if ((size_t)(end - p) >= 2 && strchr("<>-.:+&|=!*/%^#", c))
                    for (size_t i = 0; i < COUNT_OF(multi_punct); i++) {
                        const punct *m = &multi_punct[i];
                        if (m->s[0] == c && m->s[1] == p[1] && (size_t)(end - p) >= m->len &&
                            (m->len == 2 || m->s[2] == p[2])) { n = m->len; break; }
                    }
                p += n;
            }
        }
        if (in_directive) {
            flags |= HC_TOKF_DIRECTIVE;
            if (define_directive) flags |= HC_TOKF_IN_DEFINE;
        }
        if (push(out, (uint32_t)(s - text), (uint32_t)(p - s), kind, flags) < 0) return -1;
        if (kind != HC_TOK_COMMENT) line_start = 0;
        if (in_directive && kind != HC_TOK_COMMENT && kind != HC_TOK_HASH) {
            if (directive_tokens == 0 && kind == HC_TOK_IDENT) {
                size_t n = (size_t)(p - s);
                include_directive = (n == 7 && !memcmp(s, "include", 7)) || (n == 12 && !memcmp(s, "include_next", 12)) ||
                                    (n == 6 && !memcmp(s, "import", 6));
                define_directive = n == 6 && !memcmp(s, "define", 6);
            } else if (directive_tokens >= 1) {
                include_directive = 0;
            }
            directive_tokens++;
        }
    }
    /* the list lives as long as the file's translation: the doubling's slack (up to half) is given back */
    if (out->n && out->cap > out->n + out->n / 8) {
        hc_token *fit = realloc(out->v, out->n * sizeof *out->v);
        if (fit) out->v = fit, out->cap = out->n;
    }
    return 0;
}

void hc_token_list_free(hc_token_list *l) {
    free(l->v);
    memset(l, 0, sizeof *l);
}

size_t hc_tok_next(const hc_token_list *l, size_t i) {
    for (i++; i < l->n; i++)
        if (l->v[i].kind != HC_TOK_COMMENT) return i;
    return l->n;
}

size_t hc_tok_prev(const hc_token_list *l, size_t i) {
    while (i-- > 0)
        if (l->v[i].kind != HC_TOK_COMMENT) return i;
    return SIZE_MAX;
}

size_t hc_tok_at(const hc_token_list *l, uint32_t off) {
    size_t lo = 0, hi = l->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (l->v[mid].off < off) lo = mid + 1;
        else hi = mid;
    }
    return lo < l->n && l->v[lo].off == off ? lo : SIZE_MAX;
}

size_t hc_tok_match(const char *text, const hc_token_list *l, size_t open) {
    if (open >= l->n || l->v[open].kind != HC_TOK_PUNCT) return SIZE_MAX;
    const hc_token *o = &l->v[open];
    int launch = hc_tok_is(text, o, "<<<");
    if (!launch && !hc_tok_is(text, o, "(") && !hc_tok_is(text, o, "[") && !hc_tok_is(text, o, "{")) return SIZE_MAX;
    int depth = 0; /* brackets of every kind opened since open */
    uint8_t dir = o->flags & HC_TOKF_DIRECTIVE;
    for (size_t i = open + 1; i < l->n; i++) {
        const hc_token *t = &l->v[i];
        if ((t->flags & HC_TOKF_DIRECTIVE) != dir) return SIZE_MAX; /* never match across a directive boundary */
        if (t->kind != HC_TOK_PUNCT) continue;
        char c = text[t->off];
        if (t->len == 1 && (c == '(' || c == '[' || c == '{')) depth++;
        else if (t->len == 1 && (c == ')' || c == ']' || c == '}')) {
            if (depth == 0) return launch ? SIZE_MAX : i;
            depth--;
        } else if (launch && depth == 0 && hc_tok_is(text, t, ">>>")) return i;
    }
    return SIZE_MAX;
}
