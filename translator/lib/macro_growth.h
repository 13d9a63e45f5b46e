/* macro_growth.h: an estimate, from the raw tokens alone, of how many tokens the largest macro use of a
 * file expands to, so that the semantic pass can decline a file whose macros grow exponentially before
 * libclang spends minutes and gigabytes expanding them. It evaluates no #if and expands nothing. */
#ifndef HC_MACRO_GROWTH_H
#define HC_MACRO_GROWTH_H
#include "unit.h"

#include <stdint.h>

typedef struct hc_macro_growth {
    uint64_t tokens;    /* the largest estimated expansion of one macro use in the code (saturates at 2^62) */
    uint32_t line;      /* the line of that use */
    char name[64];      /* the macro used there (cut to fit) */
} hc_macro_growth;

/* Every #define of the file (any branch) is a linear function of its arguments' sizes: a use of F with
 * arguments of at most s tokens expands to at most c + m*s tokens, where a body token counts 1, a
 * parameter s, and a use of another macro of the file its own function, applied (self-reference and
 * cycles count 1: the preprocessor does not re-expand them). Several definitions of a name take the
 * largest. The result bounds what a preprocessor would produce from the macros the file defines.
 * Returns 0, or -1 when out of memory. */
int hc_macro_growth_measure(const hc_unit *u, hc_macro_growth *out);

#endif
