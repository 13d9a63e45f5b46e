/* unit_scratch.h: a scratch folder for the unit tests that work on files: unit_scratch_make() creates a
 * fresh one under $TMPDIR (else /tmp), unit_at(name) names a path inside it. It removes nothing. */
#ifndef HC_UNIT_SCRATCH_H
#define HC_UNIT_SCRATCH_H
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static char scratch_dir[PATH_MAX];

/* Creates the folder as TMPDIR/hipify-test-NAME.XXXXXX; returns 0, or -1 when it cannot. */
static inline int unit_scratch_make(const char *name) {
    const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(scratch_dir, sizeof scratch_dir, "%s/hipify-test-%s.XXXXXX", tmp, name);
    return mkdtemp(scratch_dir) ? 0 : -1;
}

/* scratch_dir/name, in one of four buffers used in turn, so that a call may name two or three paths. */
static inline const char *unit_at(const char *name) {
    static char buf[4][PATH_MAX];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", scratch_dir, name);
    return buf[k];
}
#endif
