/* report_diff.c: --diff, one unified diff of every changed file with a/ and b/ paths relative to the tree
 * root, in the form git apply and patch -p1 accept. It does not write translated files. */
#include "report_util.h"
#include <string.h>

/* Appends one file's patch text. Like git itself, a file name with a space gets a tab after it on the
 * ---/+++ lines: GNU patch ends an unquoted name at the first space otherwise (libgit2 omits the tab). */
static void add_patch_text(hc_sbuf *out, const char *text, size_t len)
{
    const char *end = text + len, *p = text;
    bool in_header = true;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (in_header && n >= 2 && p[0] == '@' && p[1] == '@')
            in_header = false;
        bool name_line = in_header && n > 4 && (!memcmp(p, "--- ", 4) || !memcmp(p, "+++ ", 4));
        hc_sbuf_add(out, p, n);
        if (name_line && p[4] != '"' && memchr(p + 4, ' ', n - 4))
            hc_sbuf_add(out, "\t", 1);
        if (nl)
            hc_sbuf_add(out, "\n", 1);
        p += n + (nl != NULL);
    }
}

int hc_report_diff(const hc_run *run, const char *path, char *err, size_t errsize)
{
    hc_sbuf out = {0};
    int rc = 0;
    git_libgit2_init();
    for (size_t i = 0; i < run->nfiles && rc == 0; i++) {
        const hc_file_result *f = &run->files[i];
        if (!f->output || (f->output_len == f->original_len &&
                           memcmp(f->output, f->original, f->original_len) == 0))
            continue;
        git_patch *patch = NULL;
        if (hc_report_patch(f, &patch, err, errsize) != 0) {
            rc = -1;
            break;
        }
        git_buf text = {0};
        if (git_patch_to_buf(&text, patch) != 0) {
            const git_error *ge = git_error_last();
            rc = hc_report_fail(err, errsize, "%s: cannot format diff: %s", f->rel_path,
                                ge ? ge->message : "unknown error");
        } else {
            add_patch_text(&out, text.ptr, text.size);
        }
        git_buf_dispose(&text);
        git_patch_free(patch);
    }
    git_libgit2_shutdown();
    if (rc == 0 && out.failed)
        rc = hc_report_fail(err, errsize, "%s: out of memory", path);
    if (rc == 0)
        rc = hc_report_write_file(path, out.data ? out.data : "", out.len, err, errsize);
    hc_sbuf_free(&out);
    return rc;
}
