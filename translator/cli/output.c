/* output.c: the front end's side of output: where an output file goes (joined under -O, never leaving
 * it lexically), how a diagnostic line about a path is printed (terminal-safe, from the table), and
 * the final flush of standard output. How bytes reach a path is the library's output layer
 * (lib/output.h), not this file's. */
#include "cli.h"
#include "output.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int hc_output_path(const char *dir, const char *rel, char *out, size_t size, char *err, size_t errsize) {
    size_t n = strlen(rel);
    if (rel[0] == '/' || strcmp(rel, "..") == 0 || strncmp(rel, "../", 3) == 0 || strstr(rel, "/../") ||
        (n >= 3 && strcmp(rel + n - 3, "/..") == 0)) {
        snprintf(err, errsize, "%s leaves the output directory", rel);
        return -1;
    }
    if ((size_t)snprintf(out, size, "%s/%s", dir, rel) >= size) {
        snprintf(err, errsize, "%s/%s: path too long", dir, rel);
        return -1;
    }
    return 0; /* links inside dir that lead out are refused by the output layer's confinement */
}

void hc_cli_diag(const hc_port_opts *po, const char *path, hc_diag_id id, const char *fmt, ...) {
    const hc_diag_info *info = hc_diag_info_get(id);
    /* errors explain an exit status and are always printed; notes and warnings obey the options */
    bool suppressed = info->severity < HC_SEV_ERROR && (po->opt.suppress_all || po->opt.suppressed[id]);
    if (!suppressed && po->diag_worst && (int)info->severity > *po->diag_worst) *po->diag_worst = (int)info->severity;
    if (suppressed || (info->severity < HC_SEV_ERROR && po->quiet_warnings)) return;
    const char *sev = info->severity == HC_SEV_ERROR ? "error" : info->severity == HC_SEV_WARNING ? "warning" : "note";
    char msg[PATH_MAX * 3];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    hc_out_printf(stderr, "%s: %s: %s: %s [%s]\n", path, sev, info->code, msg, info->flag);
}

/* Flushes standard output; a lost line (--help into a full disk, --print-stats into a closed pipe) is
 * reported. Returns 0 or -1. */
int hc_cli_flush_stdout(void) {
    if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
    fprintf(stderr, "hipify-c: error: HC2011: cannot write standard output: %s [write-failed]\n", strerror(errno));
    return -1;
}
