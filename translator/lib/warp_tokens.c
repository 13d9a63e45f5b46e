/* warp_tokens.c: token reading for the warp pass: literals, precedence, one call argument (code.h's splitter),
 * expression ends, spans. It keeps no state and decides nothing about warps. */
#include "warp_scan.h"
#include "grow.h"

#include <stdlib.h>
#include <string.h>

bool warp_grow(warp_scan *w, void *array_ptr, size_t *cap, size_t n, size_t size) {
    if (hc_grow(array_ptr, cap, n, size, 32) == 0) return true;
    w->oom = true;
    return false;
}

/* Copies the text of tokens [a, b] (inclusive) into buf, squeezing whitespace, truncated to size. */
void warp_span_text(const warp_scan *w, size_t a, size_t b, char *buf, size_t size) {
    size_t o = 0;
    buf[0] = '\0';
    for (size_t i = a; i <= b && i < w->n && o + 1 < size; i = nx(w, i)) {
        const hc_token *t = tk(w, i);
        size_t p = pv(w, i);
        if (i > a && o + 2 < size && (is_kind(w, i, HC_TOK_IDENT) || is_kind(w, i, HC_TOK_NUMBER)) &&
            (is_kind(w, p, HC_TOK_IDENT) || is_kind(w, p, HC_TOK_NUMBER)))
            buf[o++] = ' ';
        else if (i > a && o + 2 < size && !is(w, i, ")") && !is(w, p, "(") && !is(w, i, ",") &&
                 !is(w, i, ".") && !is(w, p, ".") && !is(w, i, "->") && !is(w, p, "->") &&
                 !is(w, i, "(") && !is(w, i, "[") && !is(w, i, "]") && !is(w, p, "[") && !is(w, p, "~"))
            buf[o++] = ' ';
        size_t n = t->len < size - 1 - o ? t->len : size - 1 - o;
        memcpy(buf + o, w->text + t->off, n);
        o += n;
    }
    buf[o] = '\0';
}

void warp_tok_text(const warp_scan *w, size_t i, char *buf, size_t size) { warp_span_text(w, i, i, buf, size); }

/* Value of an integer literal (suffixes and digit separators allowed); false for anything else. */
bool warp_number_value(const warp_scan *w, size_t i, unsigned long long *value, bool *has_long) {
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

bool warp_is_number(const warp_scan *w, size_t i, unsigned long long v) {
    unsigned long long x;
    return warp_number_value(w, i, &x, NULL) && x == v;
}

/* Binary-operator precedence (higher binds tighter); 0 for tokens that end an operand. */
int warp_precedence(const warp_scan *w, size_t i) {
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

/* Position range [*first, *end) of argument number arg of the call whose '(' is at open, as code.h's splitter
 * reads a call (HC_SPLIT_CALL); false for an empty argument, one past the list, or one past the split's
 * HC_CODE_MAX_ARGS. */
bool warp_call_argument(const warp_scan *w, size_t open, int arg, size_t *first, size_t *end) {
    size_t close = mt(w, open);
    if (close == NO_POS || arg < 0 || arg >= HC_CODE_MAX_ARGS) return false;
    hc_code_args args;
    hc_code_split(w->u, open, close, HC_SPLIT_CALL, &args);
    if ((size_t)arg >= args.n || args.first[arg] == SIZE_MAX) return false;
    *first = args.first[arg];
    *end = nx(w, args.last[arg]);
    return true;
}

/* End of the expression starting at first: the first ';' or ',' outside brackets, or an unmatched closer. */
size_t warp_expression_end(const warp_scan *w, size_t first, size_t limit) {
    size_t i = first;
    for (; i < w->n && i <= limit; i = nx(w, i)) {
        if ((is(w, i, "(") || is(w, i, "[") || is(w, i, "{")) && mt(w, i) != NO_POS) {
            i = mt(w, i);
            continue;
        }
        if (is(w, i, ";") || is(w, i, ",") || is(w, i, ")") || is(w, i, "]") || is(w, i, "}")) break;
    }
    return i;
}

/* Whether tokens [first, end) spell a 32-bit full mask: 0xffffffff (any suffix) or ~0u. */
bool warp_is_full_mask32(const warp_scan *w, size_t first, size_t end) {
    unsigned long long v;
    bool lng;
    while (span_count(w, first, end, 3) >= 3 && is(w, first, "(") && mt(w, first) == pv(w, end))
        first = nx(w, first), end = pv(w, end);
    size_t n = span_count(w, first, end, 3);
    if (n == 1) return warp_number_value(w, first, &v, &lng) && v == 0xffffffffull;
    if (n == 2 && is(w, first, "~") && warp_number_value(w, nx(w, first), &v, &lng) && v == 0 && !lng) {
        const hc_token *t = tk(w, nx(w, first));
        return memchr(w->text + t->off, 'u', t->len) || memchr(w->text + t->off, 'U', t->len);
    }
    return false;
}

/* The identifier shifted by "1 << X" when X (starting at i) is one, alone or in parentheses, "(lane)";
 * *last (when not NULL) is X's last token. NO_POS otherwise. */
size_t warp_shift_operand(const warp_scan *w, size_t i, size_t *last) {
    size_t id = i, end = i;
    if (is(w, i, "(") && is_ident(w, nx(w, i)) && is(w, nx_n(w, i, 2), ")")) id = nx(w, i), end = nx(w, id);
    if (!is_ident(w, id)) return NO_POS;
    if (last) *last = end;
    return id;
}

/* What replaces the floating literal 32 at i (32.f, 32.0, 32e0L) so it reads warpSize in the same type:
 * "(float)warpSize", "(double)warpSize", "(long double)warpSize"; NULL for any other token. */
const char *warp_float_warp_literal(const warp_scan *w, size_t i) {
    if (!is_kind(w, i, HC_TOK_NUMBER)) return NULL;
    const hc_token *t = tk(w, i);
    char buf[48];
    if (t->len >= sizeof buf) return NULL;
    memcpy(buf, w->text + t->off, t->len);
    buf[t->len] = '\0';
    if (!strpbrk(buf, ".eE") || !strncmp(buf, "0x", 2) || !strncmp(buf, "0X", 2)) return NULL;
    char *end;
    double v = strtod(buf, &end);
    if (end == buf || v != 32.0) return NULL;
    if (!*end) return "(double)warpSize";
    if (end[1]) return NULL;
    return *end == 'f' || *end == 'F' ? "(float)warpSize" : *end == 'l' || *end == 'L' ? "(long double)warpSize" : NULL;
}
