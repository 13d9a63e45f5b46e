/* linecmp.c: line-by-line comparison of program outputs with numbers compared as numbers (compare.c's rule)
 * and PCRE2 patterns for lines to ignore. It does not run programs or read files. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "linecmp.h"

#include <ctype.h>
#include <math.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "util.h"

int ignore_set_compile(ignore_set *set, const strvec *patterns, char *error, size_t error_size)
{
    memset(set, 0, sizeof *set);
    if (!patterns || patterns->count == 0)
        return 0;
    set->codes = calloc(patterns->count, sizeof *set->codes);
    if (!set->codes) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < patterns->count; i++) {
        int code = 0;
        PCRE2_SIZE offset = 0;
        pcre2_code *re = pcre2_compile((PCRE2_SPTR)patterns->items[i], PCRE2_ZERO_TERMINATED, 0, &code, &offset, NULL);
        if (!re) {
            PCRE2_UCHAR message[256];
            pcre2_get_error_message(code, message, sizeof message);
            snprintf(error, error_size, "ignore pattern '%s': %s at offset %zu", patterns->items[i], (char *)message,
                     (size_t)offset);
            ignore_set_free(set);
            return -1;
        }
        set->codes[set->count++] = re;
    }
    return 0;
}

void ignore_set_free(ignore_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        pcre2_code_free((pcre2_code *)set->codes[i]);
    free(set->codes);
    memset(set, 0, sizeof *set);
}

int ignore_set_matches(const ignore_set *set, const char *line, size_t length)
{
    for (size_t i = 0; set && i < set->count; i++) {
        pcre2_code *re = set->codes[i];
        pcre2_match_data *match = pcre2_match_data_create_from_pattern(re, NULL);
        int rc = match ? pcre2_match(re, (PCRE2_SPTR)line, length, 0, 0, match, NULL) : -1;
        pcre2_match_data_free(match);
        if (rc >= 0)
            return 1;
    }
    return 0;
}

/* A number token in a line: [start, end), whether it is an integer, and its value. */
typedef struct number_token {
    size_t end;
    int integer;
    double value;
} number_token;

static int is_word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Recognises "nan", "inf" and "infinity" (any case, optional sign) as whole words. */
static size_t special_length(const char *s, size_t length, size_t p)
{
    static const char *const words[] = {"infinity", "inf", "nan"};
    size_t q = p + ((s[p] == '-' || s[p] == '+') ? 1 : 0);
    for (size_t w = 0; w < COUNT_OF(words); w++) {
        size_t n = strlen(words[w]);
        if (q + n <= length && strncasecmp(s + q, words[w], n) == 0 && (q + n == length || !is_word_char(s[q + n])))
            return q + n - p;
    }
    return 0;
}

/* Is there a number at p? A digit inside a word ("sm_90", "float4", the "1f" of "0x1f") is text, and a sign
 * counts only where it cannot be an operator between two operands. */
static int number_at(const char *s, size_t length, size_t p, number_token *token)
{
    if (p > 0 && (is_word_char(s[p - 1]) || s[p - 1] == '.'))
        return 0;
    size_t q = p;
    if (s[q] == '-' || s[q] == '+') {
        if (p > 0 && (s[p - 1] == ')' || s[p - 1] == ']'))
            return 0;
        q++;
    }
    size_t special = special_length(s, length, p);
    if (special && (special > 1 || q == p)) {
        char text[16];
        snprintf(text, sizeof text, "%.*s", (int)special, s + p);
        token->end = p + special;
        token->integer = 0;
        token->value = strtod(text, NULL);
        return 1;
    }
    size_t digits = 0, r = q;
    while (r < length && isdigit((unsigned char)s[r]))
        r++, digits++;
    int integer = 1;
    if (r < length && s[r] == '.') {
        size_t f = r + 1, fraction = 0;
        while (f < length && isdigit((unsigned char)s[f]))
            f++, fraction++;
        if (digits + fraction > 0) {
            r = f;
            digits += fraction;
            integer = 0;
        }
    }
    if (digits == 0)
        return 0;
    if (r < length && (s[r] == 'e' || s[r] == 'E')) {
        size_t e = r + 1;
        if (e < length && (s[e] == '-' || s[e] == '+'))
            e++;
        size_t exponent_digits = 0;
        while (e < length && isdigit((unsigned char)s[e]))
            e++, exponent_digits++;
        if (exponent_digits) {
            r = e;
            integer = 0;
        }
    }
    char *text = strndup(s + p, r - p);
    if (!text)
        return 0;
    token->end = r;
    token->integer = integer;
    token->value = strtod(text, NULL);
    free(text);
    return 1;
}

/* Integers compare exactly, as digit strings: "+007" equals "7", "-0" equals "0", and 20-digit counters
 * that a double cannot hold still compare right. */
static int integers_equal(const char *a, size_t la, const char *b, size_t lb)
{
    int negative[2] = {0, 0};
    const char *s[2] = {a, b};
    size_t l[2] = {la, lb};
    for (int k = 0; k < 2; k++) {
        if (l[k] && (*s[k] == '-' || *s[k] == '+')) {
            negative[k] = *s[k] == '-';
            s[k]++, l[k]--;
        }
        while (l[k] > 1 && *s[k] == '0')
            s[k]++, l[k]--;
        if (l[k] == 1 && *s[k] == '0')
            negative[k] = 0;
    }
    return negative[0] == negative[1] && l[0] == l[1] && memcmp(s[0], s[1], l[0]) == 0;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static void trim(const char **s, size_t *length)
{
    while (*length && is_blank(**s))
        (*s)++, (*length)--;
    while (*length && is_blank((*s)[*length - 1]))
        (*length)--;
}

int compare_line(const char *a, size_t length_a, const char *b, size_t length_b, tolerance tol, char *detail,
                 size_t detail_size, double errors[3])
{
    errors[0] = errors[1] = errors[2] = 0;
    trim(&a, &length_a);
    trim(&b, &length_b);
    size_t pa = 0, pb = 0;
    int number_index = 0;
    while (pa < length_a || pb < length_b) {
        number_token ta, tb;
        int na = pa < length_a && number_at(a, length_a, pa, &ta);
        int nb = pb < length_b && number_at(b, length_b, pb, &tb);
        if (na && nb) {
            number_index++;
            int both_integers = ta.integer && tb.integer, ok;
            double abs_err = 0, rel_err = 0, ulp_err = 0;
            if (both_integers) {
                ok = integers_equal(a + pa, ta.end - pa, b + pb, tb.end - pb);
                if (!ok)
                    abs_err = fabs(ta.value - tb.value), rel_err = abs_err / fmax(fabs(ta.value), fabs(tb.value)),
                    ulp_err = abs_err;
            } else {
                ok = compare_values(ta.value, tb.value, HC_DTYPE_F64, tol, &abs_err, &rel_err, &ulp_err);
            }
            errors[0] = fmax(errors[0], abs_err);
            errors[1] = fmax(errors[1], rel_err);
            errors[2] = fmax(errors[2], ulp_err);
            if (!ok) {
                if (both_integers)
                    snprintf(detail, detail_size, "number %d: %.*s vs %.*s (integers are compared exactly)",
                             number_index, (int)(ta.end - pa), a + pa, (int)(tb.end - pb), b + pb);
                else
                    snprintf(detail, detail_size,
                             "number %d: %.*s vs %.*s (abs %.3g, rel %.3g; bounds abs %g rel %g ulp %g)", number_index,
                             (int)(ta.end - pa), a + pa, (int)(tb.end - pb), b + pb, abs_err, rel_err, tol.abs,
                             tol.rel, tol.ulp);
                return 0;
            }
            pa = ta.end;
            pb = tb.end;
            continue;
        }
        if (!na && !nb && pa < length_a && pb < length_b) {
            if (is_blank(a[pa]) && is_blank(b[pb])) {
                while (pa < length_a && is_blank(a[pa]))
                    pa++;
                while (pb < length_b && is_blank(b[pb]))
                    pb++;
                continue;
            }
            if (a[pa] == b[pb]) {
                pa++, pb++;
                continue;
            }
        }
        snprintf(detail, detail_size, "text differs at column %zu", pa + 1);
        return 0;
    }
    return 1;
}

/* The lines of a text that the patterns keep: start offsets, lengths and 1-based line numbers. */
typedef struct line_list {
    size_t *start, *length, *number;
    size_t count, ignored;
} line_list;

static int split_lines(const char *text, size_t length, const ignore_set *ignore, line_list *out)
{
    memset(out, 0, sizeof *out);
    size_t capacity = 1;
    for (size_t i = 0; i < length; i++)
        capacity += text[i] == '\n';
    out->start = malloc(capacity * sizeof(size_t));
    out->length = malloc(capacity * sizeof(size_t));
    out->number = malloc(capacity * sizeof(size_t));
    if (!out->start || !out->length || !out->number)
        return -1;
    size_t p = 0, number = 0;
    while (p < length) {
        const char *newline = memchr(text + p, '\n', length - p);
        size_t end = newline ? (size_t)(newline - text) : length, n = end - p;
        if (n && text[end - 1] == '\r')
            n--;
        number++;
        if (ignore_set_matches(ignore, text + p, n)) {
            out->ignored++;
        } else {
            out->start[out->count] = p;
            out->length[out->count] = n;
            out->number[out->count] = number;
            out->count++;
        }
        p = end + 1;
    }
    return 0;
}

static void free_lines(line_list *l)
{
    free(l->start);
    free(l->length);
    free(l->number);
}

int compare_texts(const char *a, size_t length_a, const char *b, size_t length_b, const ignore_set *ignore,
                  tolerance tol, text_comparison *out)
{
    memset(out, 0, sizeof *out);
    line_list lines[2];
    const char *texts[2] = {a, b};
    if (split_lines(a, length_a, ignore, &lines[0]) != 0 || split_lines(b, length_b, ignore, &lines[1]) != 0) {
        free_lines(&lines[0]);
        free_lines(&lines[1]);
        return -1;
    }
    size_t common = lines[0].count < lines[1].count ? lines[0].count : lines[1].count;
    size_t longer = lines[0].count > lines[1].count ? lines[0].count : lines[1].count;
    for (size_t i = 0; i < longer; i++) {
        char detail[512] = "";
        double errors[3] = {0, 0, 0};
        int ok = 0;
        if (i < common) {
            ok = compare_line(a + lines[0].start[i], lines[0].length[i], b + lines[1].start[i], lines[1].length[i], tol,
                              detail, sizeof detail, errors);
            out->max_abs = fmax(out->max_abs, errors[0]);
            out->max_rel = fmax(out->max_rel, errors[1]);
            out->max_ulp = fmax(out->max_ulp, errors[2]);
        } else {
            snprintf(detail, sizeof detail, "only the %s output has this line (%zu vs %zu lines)",
                     i < lines[0].count ? "first" : "second", lines[0].count, lines[1].count);
        }
        if (ok)
            continue;
        if (out->differing_lines++ == 0) {
            for (int s = 0; s < 2; s++)
                if (i < lines[s].count) {
                    out->first_line[s] = lines[s].number[i];
                    out->first_text[s] = strndup(texts[s] + lines[s].start[i], lines[s].length[i]);
                }
            out->detail = strdup(detail);
        }
    }
    for (int s = 0; s < 2; s++) {
        out->lines[s] = lines[s].count;
        out->ignored[s] = lines[s].ignored;
        free_lines(&lines[s]);
    }
    out->passed = out->differing_lines == 0;
    return 0;
}

void text_comparison_free(text_comparison *c)
{
    free(c->first_text[0]);
    free(c->first_text[1]);
    free(c->detail);
    memset(c, 0, sizeof *c);
}
