/* readfile.h: the one way libhipify and the front end read a whole file into memory, bounded by a size
 * limit, with the reason of a failure as a value. It writes nothing and words no message: callers do. */
#ifndef HC_READFILE_H
#define HC_READFILE_H
#include <stddef.h>

typedef enum hc_read_status {
    HC_READ_OK = 0,
    HC_READ_OPEN_FAILED, /* the file could not be opened; *sys_err is why (ENOENT, EACCES...) */
    HC_READ_NOT_REGULAR, /* HC_READ_REGULAR_ONLY: the path is not a regular file or cannot be stat'ed */
    HC_READ_TOO_LARGE,   /* the file holds more than limit bytes (see hc_read_file) */
    HC_READ_IO_ERROR,    /* a read failed; *sys_err is the read's errno (EISDIR for a directory) */
    HC_READ_NO_MEMORY
} hc_read_status;

enum {
    HC_READ_REGULAR_ONLY = 1u << 0, /* refuse anything but a regular file (links followed), unopened */
    HC_READ_KEEP_EXCESS = 1u << 1   /* a read past the limit keeps the limit + 1 bytes it read (below) */
};

/* Reads the file at path whole into *data (NUL-terminated, *len bytes without the NUL; the caller frees).
 * A regular file whose size is over limit is refused before it is opened (TOO_LARGE, *len its size).
 * Anything else (a FIFO, a device, a file that grew meanwhile) is read up to limit + 1 bytes, so an endless
 * input costs bounded time and memory: one byte past the limit tells it too large (TOO_LARGE, *len limit
 * + 1), and with HC_READ_KEEP_EXCESS *data then holds those bytes, the caller's to report on and free. On
 * every other failure *data is NULL and *len 0. sys_err may be NULL. */
hc_read_status hc_read_file(const char *path, size_t limit, unsigned flags, char **data, size_t *len, int *sys_err);

#endif
