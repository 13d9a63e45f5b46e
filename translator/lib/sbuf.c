/* sbuf.c: the string builder (sbuf.h): appends grow the text by doubling (grow.h) and keep it
 * NUL-terminated. It knows no output format and writes no file. */
#include "sbuf.h"
#include "grow.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hc_sbuf_add(hc_sbuf *b, const char *s, size_t n) {
    if (b->failed) return;
    if (n > SIZE_MAX - b->len - 1 || hc_grow_to(&b->data, &b->cap, b->len + n + 1, 1, 4096) != 0) {
        b->failed = true;
        return;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void hc_sbuf_puts(hc_sbuf *b, const char *s) { hc_sbuf_add(b, s, strlen(s)); }

void hc_sbuf_printf(hc_sbuf *b, const char *fmt, ...) {
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = true;
        return;
    }
    if ((size_t)n < sizeof small) {
        hc_sbuf_add(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->failed = true;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    hc_sbuf_add(b, big, (size_t)n);
    free(big);
}

void hc_sbuf_free(hc_sbuf *b) {
    free(b->data);
    *b = (hc_sbuf){0};
}
