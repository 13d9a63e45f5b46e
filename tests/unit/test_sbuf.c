/* test_sbuf.c: unit tests of the growth helper (grow.h) and the string builder (sbuf.c): capacities double
 * from the first size until the need fits, appends keep the text NUL-terminated, long printf output. */
#include "grow.h"
#include "sbuf.h"
#include "unit_check.h"

#include <stdint.h>
#include <stdlib.h>

int main(void) {
    int *v = NULL;
    size_t cap = 0;
    CHECK_INT(hc_grow(&v, &cap, 0, sizeof *v, 4), 0);
    CHECK_INT(cap, 4);
    for (size_t i = 0; i < 4; i++) v[i] = (int)i;
    CHECK_INT(hc_grow(&v, &cap, 3, sizeof *v, 4), 0); /* element 3 fits: nothing to do */
    CHECK_INT(cap, 4);
    CHECK_INT(hc_grow(&v, &cap, 4, sizeof *v, 4), 0);
    CHECK_INT(cap, 8);
    CHECK_INT(v[3], 3);                                   /* the elements move with the array */
    CHECK_INT(hc_grow_to(&v, &cap, 33, sizeof *v, 4), 0); /* doubles until the need fits, at once */
    CHECK_INT(cap, 64);
    CHECK_INT(hc_grow_to(&v, &cap, SIZE_MAX, sizeof *v, 4), -1); /* too large: refused, array kept */
    CHECK_INT(cap, 64);
    CHECK_INT(v[2], 2);
    free(v);

    hc_sbuf b = {0};
    hc_sbuf_puts(&b, "");
    CHECK_INT(b.len, 0);
    hc_sbuf_add(&b, "abcdef", 3);
    hc_sbuf_puts(&b, "-");
    hc_sbuf_printf(&b, "%d:%s", 42, "x");
    CHECK_STR(b.data, "abc-42:x");
    CHECK_INT(b.len, 8);
    char big[2000];
    memset(big, 'y', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    hc_sbuf_printf(&b, "[%s]", big); /* longer than the formatter's small buffer */
    CHECK_INT(b.len, 8 + 2 + sizeof big - 1);
    CHECK(b.data[b.len] == '\0' && b.data[b.len - 1] == ']' && b.data[9] == 'y');
    CHECK(!b.failed);
    hc_sbuf_free(&b);
    CHECK(b.data == NULL && b.len == 0 && b.cap == 0);
    UNIT_DONE();
}
