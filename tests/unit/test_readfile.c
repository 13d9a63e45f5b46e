/* test_readfile.c: unit tests of the whole-file reader (readfile.c) on a scratch directory: empty, small and
 * large files, the size limit on regular files and on endless streams, missing files, directories, links,
 * regular-only reads. It tests no caller's messages; the CLI and lit tests do. */
#include "readfile.h"
#include "unit_check.h"
#include "unit_scratch.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>


static void put(const char *name, const char *data, size_t len) {
    FILE *f = fopen(unit_at(name), "wb");
    if (!f || fwrite(data, 1, len, f) != len) CHECK(!"cannot write a test file");
    if (f) fclose(f);
}

int main(void) {
    if (unit_scratch_make("readfile") != 0) return 1;
    char *data = (char *)1;
    size_t len = 99;
    int e = -1;

    put("empty", "", 0); /* an empty file is text of length 0, not a failure */
    CHECK_INT(hc_read_file(unit_at("empty"), 100, 0, &data, &len, &e), HC_READ_OK);
    CHECK(data != NULL);
    CHECK_INT(len, 0);
    CHECK_STR(data, "");
    free(data);

    put("small", "abc\0def", 7); /* NUL bytes are data; the text is terminated after them */
    CHECK_INT(hc_read_file(unit_at("small"), 7, HC_READ_REGULAR_ONLY, &data, &len, NULL), HC_READ_OK);
    CHECK_INT(len, 7);
    CHECK(data && memcmp(data, "abc\0def", 8) == 0);
    free(data);

    /* a regular file over the limit is refused unread, with its size */
    CHECK_INT(hc_read_file(unit_at("small"), 6, HC_READ_KEEP_EXCESS, &data, &len, &e), HC_READ_TOO_LARGE);
    CHECK(data == NULL);
    CHECK_INT(len, 7);

    CHECK_INT(hc_read_file(unit_at("missing"), 100, 0, &data, &len, &e), HC_READ_OPEN_FAILED);
    CHECK_INT(e, ENOENT);
    CHECK(data == NULL);
    CHECK_INT(len, 0);

    /* a directory opens as a stream on Linux and fails at the first read; regular-only refuses it unopened */
    CHECK_INT(mkdir(unit_at("sub"), 0755), 0);
    CHECK_INT(hc_read_file(unit_at("sub"), 100, 0, &data, &len, &e), HC_READ_IO_ERROR);
    CHECK_INT(e, EISDIR);
    CHECK(data == NULL);
    CHECK_INT(hc_read_file(unit_at("sub"), 100, HC_READ_REGULAR_ONLY, &data, &len, &e), HC_READ_NOT_REGULAR);
    CHECK_INT(hc_read_file(unit_at("missing"), 100, HC_READ_REGULAR_ONLY, &data, &len, &e), HC_READ_NOT_REGULAR);

    /* links are followed */
    CHECK_INT(symlink("small", unit_at("link")), 0);
    CHECK_INT(hc_read_file(unit_at("link"), 100, HC_READ_REGULAR_ONLY, &data, &len, NULL), HC_READ_OK);
    CHECK_INT(len, 7);
    free(data);

    /* a large file (past any first buffer size), read exactly */
    size_t big = (3u << 20) + 7;
    char *pattern = malloc(big);
    if (!pattern) return 1;
    for (size_t i = 0; i < big; i++) pattern[i] = (char)('a' + i * 7 % 23);
    put("large", pattern, big);
    CHECK_INT(hc_read_file(unit_at("large"), big, 0, &data, &len, NULL), HC_READ_OK);
    CHECK_INT(len, big);
    CHECK(data && memcmp(data, pattern, big) == 0 && data[big] == '\0');
    free(data);
    free(pattern);

    /* an endless stream stops one byte past the limit, through several doublings of the buffer */
    size_t limit = 300000;
    CHECK_INT(hc_read_file("/dev/zero", limit, 0, &data, &len, NULL), HC_READ_TOO_LARGE);
    CHECK(data == NULL);
    CHECK_INT(len, limit + 1);
    CHECK_INT(hc_read_file("/dev/zero", limit, HC_READ_KEEP_EXCESS, &data, &len, NULL), HC_READ_TOO_LARGE);
    CHECK_INT(len, limit + 1);
    CHECK(data && data[0] == 0 && data[limit] == 0 && data[limit + 1] == '\0');
    free(data);
    CHECK_INT(hc_read_file("/dev/zero", limit, HC_READ_REGULAR_ONLY, &data, &len, NULL), HC_READ_NOT_REGULAR);
    CHECK_INT(hc_read_file("/dev/null", limit, 0, &data, &len, NULL), HC_READ_OK); /* a stream that ends */
    CHECK_INT(len, 0);
    free(data);

    if (geteuid() != 0) { /* root reads anything */
        put("secret", "x", 1);
        CHECK_INT(chmod(unit_at("secret"), 0), 0);
        CHECK_INT(hc_read_file(unit_at("secret"), 100, 0, &data, &len, &e), HC_READ_OPEN_FAILED);
        CHECK_INT(e, EACCES);
        unlink(unit_at("secret"));
    }

    unlink(unit_at("empty"));
    unlink(unit_at("small"));
    unlink(unit_at("link"));
    unlink(unit_at("large"));
    rmdir(unit_at("sub"));
    CHECK_INT(rmdir(scratch_dir), 0);
    UNIT_DONE();
}
