/* test_out_remove.c: unit tests of hc_out_remove, the output layer's only removal, which --resync uses
 * for files removed upstream: it takes a regular file that holds exactly the expected bytes, inside the
 * confinement, and nothing else. It works in a scratch directory of its own. */
#include "output.h"
#include "unit_check.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static void put(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (f) fputs(text, f), fclose(f);
}

static bool there(const char *path) {
    struct stat st;
    return lstat(path, &st) == 0;
}

int main(void) {
    char dir[] = "/tmp/hc-out-remove.XXXXXX", p[PATH_MAX], q[PATH_MAX], out[PATH_MAX], err[PATH_MAX + 256];
    if (!mkdtemp(dir)) return 1;
    snprintf(out, sizeof out, "%s/tree", dir);
    mkdir(out, 0700);
    hc_out_policy pol = {0, out, NULL};

    snprintf(p, sizeof p, "%s/same.h", out);
    put(p, "abc\n");
    CHECK_INT(hc_out_remove(&pol, p, "abc\n", 4, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(!there(p));

    snprintf(p, sizeof p, "%s/edited.h", out);
    put(p, "abc edited\n");
    CHECK_INT(hc_out_remove(&pol, p, "abc\n", 4, err, sizeof err), HC_OUT_KEPT);
    CHECK(there(p));

    snprintf(q, sizeof q, "%s/link.h", out); /* a link is never removed, nor what it names */
    CHECK_INT(symlink("edited.h", q), 0);
    CHECK_INT(hc_out_remove(&pol, q, "abc edited\n", 11, err, sizeof err), HC_OUT_REFUSED);
    CHECK(there(q) && there(p));

    snprintf(p, sizeof p, "%s/outside.h", dir); /* outside the confinement */
    put(p, "x\n");
    CHECK_INT(hc_out_remove(&pol, p, "x\n", 2, err, sizeof err), HC_OUT_REFUSED);
    CHECK(there(p));

    snprintf(p, sizeof p, "%s/k.cu.prehip", out); /* a backup */
    put(p, "b\n");
    CHECK_INT(hc_out_remove(&pol, p, "b\n", 2, err, sizeof err), HC_OUT_REFUSED);

    snprintf(p, sizeof p, "%s/input.cu", out); /* a guarded input */
    put(p, "in\n");
    hc_out_guard g = {0};
    hc_out_guard_add(&g, p);
    hc_out_policy guarded = {0, out, &g};
    CHECK_INT(hc_out_remove(&guarded, p, "in\n", 3, err, sizeof err), HC_OUT_REFUSED);
    CHECK(there(p));
    hc_out_guard_free(&g);

    CHECK_INT(hc_out_remove(&pol, out, "", 0, err, sizeof err), HC_OUT_REFUSED); /* a directory */
    snprintf(p, sizeof p, "%s/missing.h", out);
    CHECK_INT(hc_out_remove(&pol, p, "", 0, err, sizeof err), HC_OUT_FAILED);

    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    UNIT_DONE();
}
