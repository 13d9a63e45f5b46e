/* readfile.c: reads one whole file into memory under a size limit (hc_read_file). It knows nothing of what
 * the bytes mean and writes no message; callers word their own. */
#include "readfile.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

hc_read_status hc_read_file(const char *path, size_t limit, unsigned flags, char **data, size_t *len, int *sys_err) {
    int ignored;
    if (!sys_err) sys_err = &ignored;
    *data = NULL;
    *len = 0;
    *sys_err = 0;
    if (limit > SIZE_MAX - 2) limit = SIZE_MAX - 2; /* limit + 1 bytes and a NUL must be countable */
    /* stat before open: a file too large is refused even when it could not be opened, and a FIFO that
     * REGULAR_ONLY refuses is never opened (opening one blocks until a writer comes) */
    struct stat st;
    bool known = stat(path, &st) == 0;
    bool regular = known && S_ISREG(st.st_mode);
    if (regular && (uintmax_t)st.st_size > limit) {
        *len = (size_t)st.st_size;
        return HC_READ_TOO_LARGE;
    }
    if ((flags & HC_READ_REGULAR_ONLY) && !regular) return HC_READ_NOT_REGULAR;
    FILE *f = fopen(path, "rb");
    if (!f) {
        *sys_err = errno;
        return HC_READ_OPEN_FAILED;
    }
    /* a regular file's size is known, so it is read in one allocation (one byte more sees it grow);
     * a stream doubles from 64 KiB, never past limit + 1 bytes */
    size_t cap = regular ? (size_t)st.st_size + 1 : 65536;
    if (cap > limit + 1) cap = limit + 1;
    size_t n = 0;
    char *buf = malloc(cap + 1);
    hc_read_status rs = buf ? HC_READ_OK : HC_READ_NO_MEMORY;
    while (rs == HC_READ_OK && n <= limit) {
        if (n == cap) {
            size_t want = cap <= (limit + 1) / 2 ? cap * 2 : limit + 1;
            char *b = realloc(buf, want + 1);
            if (!b) {
                rs = HC_READ_NO_MEMORY;
                break;
            }
            buf = b, cap = want;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0) {
            if (ferror(f)) *sys_err = errno, rs = HC_READ_IO_ERROR;
            break;
        }
    }
    fclose(f);
    if (rs != HC_READ_OK) {
        free(buf);
        return rs;
    }
    buf[n] = '\0';
    if (cap > n + n / 8) { /* the doubling's slack is given back: callers keep the text for the whole run */
        char *fit = realloc(buf, n + 1);
        if (fit) buf = fit;
    }
    *len = n;
    if (n > limit && !(flags & HC_READ_KEEP_EXCESS)) {
        free(buf);
        return HC_READ_TOO_LARGE;
    }
    *data = buf;
    return n > limit ? HC_READ_TOO_LARGE : HC_READ_OK;
}
