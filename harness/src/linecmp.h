/* linecmp.h: compares two program outputs (stdout, stderr, text files) line by line: numbers inside a line as
 * numbers under the tolerance policy, the rest of the line as text, lines matching user patterns dropped.
 * It does not read files or decide what a result means for a program (validate.c does). */
#ifndef HARNESS_LINECMP_H
#define HARNESS_LINECMP_H

#include <stddef.h>

#include "policy.h"
#include "util.h"

/* Compiled ignore patterns (PCRE2); a line any of them matches is dropped on both sides. */
typedef struct ignore_set {
    void **codes; /* pcre2_code_8 *, kept opaque so that users need not configure PCRE2's code unit width */
    size_t count;
} ignore_set;

/* Compiles every pattern. Returns 0, or -1 with the pattern, the PCRE2 message and offset in error. */
int ignore_set_compile(ignore_set *set, const strvec *patterns, char *error, size_t error_size);
void ignore_set_free(ignore_set *set);
/* True when a pattern matches somewhere in the line (length bytes; need not be NUL-terminated). */
int ignore_set_matches(const ignore_set *set, const char *line, size_t length);

/* The outcome of comparing two texts. Line numbers are those of the original texts (1-based), so that a
 * report points at the line a user sees even when ignored lines came before it. */
typedef struct text_comparison {
    int passed;
    size_t lines[2];          /* lines compared on each side (after ignoring) */
    size_t ignored[2];        /* lines dropped by the patterns */
    size_t differing_lines;   /* pairs that differ, plus lines only one side has */
    size_t first_line[2];     /* first difference: its line number on each side, 0 where that side had ended */
    char *first_text[2];      /* that line on each side, or NULL */
    char *detail;             /* what differs in it: "number 2: 1.5 vs 1.75 (...)", "text differs at ..." */
    double max_abs, max_rel, max_ulp; /* over every pair of numbers compared */
} text_comparison;

/* Compares the two texts. Integers (no '.', exponent, nan or inf on either side) are compared exactly, other
 * numbers with compare_values under tol (ULPs of f64); text between numbers must be equal, except that runs
 * of blanks only need to be blanks on both sides (column alignment changes with a number's width).
 * Returns 0, or -1 when out of memory. */
int compare_texts(const char *a, size_t length_a, const char *b, size_t length_b, const ignore_set *ignore,
                  tolerance tol, text_comparison *out);
void text_comparison_free(text_comparison *c);

/* Compares one pair of lines under the same rule. Returns 1 when they agree; otherwise 0 with the reason in
 * detail. errors[3] receives the largest abs, rel and ULP error of its numbers. Exposed for the unit tests. */
int compare_line(const char *a, size_t length_a, const char *b, size_t length_b, tolerance tol, char *detail,
                 size_t detail_size, double errors[3]);

#endif
