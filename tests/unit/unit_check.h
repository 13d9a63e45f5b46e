/* unit_check.h: the few assertion macros the unit tests share: a failed check prints file:line and the
 * expression and is counted; UNIT_DONE() turns the count into the exit status. No test framework. */
#ifndef HC_UNIT_CHECK_H
#define HC_UNIT_CHECK_H
#include <stdio.h>
#include <string.h>

static int unit_failures = 0;

#define CHECK(cond)                                                                         \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);        \
            unit_failures++;                                                                \
        }                                                                                   \
    } while (0)

#define CHECK_STR(got, want)                                                                \
    do {                                                                                    \
        const char *got_ = (got), *want_ = (want);                                          \
        if (!got_ || strcmp(got_, want_) != 0) {                                            \
            fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__,  \
                    #got, got_ ? got_ : "(null)", want_);                                   \
            unit_failures++;                                                                \
        }                                                                                   \
    } while (0)

#define CHECK_INT(got, want)                                                                \
    do {                                                                                    \
        long long got_ = (long long)(got), want_ = (long long)(want);                       \
        if (got_ != want_) {                                                                \
            fprintf(stderr, "%s:%d: %s is %lld, expected %lld\n", __FILE__, __LINE__, #got, \
                    got_, want_);                                                           \
            unit_failures++;                                                                \
        }                                                                                   \
    } while (0)

#define UNIT_DONE()                                                                         \
    do {                                                                                    \
        if (unit_failures) fprintf(stderr, "%d check(s) failed\n", unit_failures);          \
        return unit_failures ? 1 : 0;                                                       \
    } while (0)

#endif
