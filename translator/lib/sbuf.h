/* sbuf.h: the one string builder of libhipify and the front end: a growable NUL-terminated text that
 * appends bytes, strings and printf output. It knows no format (HTML, JSON) and writes no file. */
#ifndef HC_SBUF_H
#define HC_SBUF_H
#include <stdbool.h>
#include <stddef.h>

/* After an allocation failure every append is a no-op and failed stays set, so builders check once at
 * the end instead of after every call. data is NULL until something was appended. */
typedef struct hc_sbuf {
    char *data;
    size_t len, cap;
    bool failed;
} hc_sbuf;
void hc_sbuf_add(hc_sbuf *b, const char *s, size_t n);
void hc_sbuf_puts(hc_sbuf *b, const char *s);
void hc_sbuf_printf(hc_sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void hc_sbuf_free(hc_sbuf *b);

#endif
