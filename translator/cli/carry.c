/* carry.c: writes the runtime-shim headers beside every ported file that includes "hipify_shim.h", and the
 * CMake and Makefile HIP modules beside every migrated build file that includes one, so the port builds on a machine
 * without hipify-c. It does not translate or link anything, and never replaces a file it did not write. */

/* Why beside the file: a quoted #include searches the including file's own directory first, so neither
 * the include line nor any build script needs to change, whatever the tree's layout. */
#include "carry.h"
#include "buildmap.h"
#include "grow.h"
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool output_has(const hc_file_result *r, const char *needle) {
    return r->output && memmem(r->output, r->output_len, needle, strlen(needle)) != NULL;
}

/* The directory the result's output was written to, or false when it went nowhere (stdout, --examine). */
static bool output_dir(const hc_port_opts *po, const hc_file_result *r, hc_file_kind kind, bool single, char *out,
                       size_t size) {
    char path[PATH_MAX], err[PATH_MAX + 64];
    if (po->examine || r->status != HC_OK || r->kind != kind) return false;
    if (single) {
        if (!po->output || strcmp(po->output, "-") == 0) return false;
        /* -o /dev/null, /dev/stdout, a FIFO: the output went to no directory of the port's */
        struct stat st;
        if (stat(po->output, &st) == 0 && !S_ISREG(st.st_mode)) return false;
        snprintf(path, sizeof path, "%s", po->output);
    } else if (po->inplace) {
        if (!realpath(r->path, path)) return false;
    } else if (!po->out_dir || hc_output_path(po->out_dir, r->rel_path, path, sizeof path, err, sizeof err) != 0) {
        return false;
    }
    snprintf(out, size, "%s", dirname(path));
    return true;
}

/* 1 when path holds exactly data, 0 when it holds something else, -1 when it does not exist. */
static int compare_file(const char *path, const char *data, size_t len) {
    FILE *f = fopen(path, "rb");
    if (!f) return errno == ENOENT ? -1 : 0;
    int same = 1;
    char buf[4096];
    size_t at = 0, n;
    while (same && (n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (at + n > len || memcmp(buf, data + at, n) != 0) same = 0;
        at += n;
    }
    fclose(f);
    return same && at == len;
}

/* Writes one carried file at dir/name (name may hold a subdirectory, created when missing). Returns 0, or
 * -1 after printing why it could not be put there. */
static int serve_file(const char *dir, const char *name, const char *data, size_t len) {
    char path[PATH_MAX + 64], err[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    const char *base = strrchr(name, '/');
    int cmp = compare_file(path, data, len);
    if (cmp == 1) return 0;
    if (cmp == 0) { /* not ours, or an older copy the user may have edited: never replaced */
        hc_out_printf(stderr, "%s: warning: HC1083: a different '%s' is already there; left unchanged, the port "
                        "compiles against it [shim-not-carried]\n", path, base ? base + 1 : name);
        return -1;
    }
    /* through the one output layer: never replaces anything that appeared since the check above */
    hc_out_policy keep = {HC_OUT_KEEP_EXISTING | HC_OUT_MKDIRS, NULL, NULL};
    if (hc_out_write(&keep, path, data, len, 0644, err, sizeof err) < 0) {
        hc_out_printf(stderr, "%s: error: HC2011: cannot write output: %s [write-failed]\n", path, err);
        return -1;
    }
    return 0;
}

/* Writes the shim headers into dir. Returns 0, or -1 when one could not be put there. */
static int serve(const char *dir) {
    int rc = 0;
    for (size_t k = 0; k < hc_shim_nfiles; k++)
        if (serve_file(dir, hc_shim_files[k].name, hc_shim_files[k].data, hc_shim_files[k].len) != 0) rc = -1;
    return rc;
}

bool hc_carry_is_shim(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    for (size_t k = 0; k < hc_shim_nfiles; k++) {
        const hc_support_file *s = &hc_shim_files[k];
        if (strcmp(base, s->name) != 0) continue;
        const char *nl = memchr(s->data, '\n', s->len);
        size_t first = nl ? (size_t)(nl - s->data) + 1 : s->len;
        char buf[512];
        if (first > sizeof buf) return false;
        FILE *f = fopen(path, "rb");
        if (!f) return false;
        size_t n = fread(buf, 1, first, f);
        fclose(f);
        return n == first && memcmp(buf, s->data, first) == 0;
    }
    return false;
}

int hc_carry_shim(const hc_port_opts *po, const hc_file_result *results, const hc_job_list *jobs, bool single) {
    char (*served)[PATH_MAX] = NULL; /* directories done, so each is checked once */
    size_t nserved = 0, cap = 0;
    int failed = 0;
    for (size_t i = 0; i < jobs->n; i++) {
        char dir[PATH_MAX];
        if (!output_has(&results[i], "\"hipify_shim.h\"") ||
            !output_dir(po, &results[i], HC_FILE_SOURCE, single, dir, sizeof dir))
            continue;
        bool done = false;
        for (size_t k = 0; k < nserved && !done; k++) done = strcmp(served[k], dir) == 0;
        if (done) continue;
        if (hc_grow(&served, &cap, nserved, sizeof *served, 4) < 0) {
            failed++;
            break;
        }
        snprintf(served[nserved++], PATH_MAX, "%s", dir);
        if (serve(dir) != 0) failed++;
    }
    free(served);
    return failed;
}

int hc_carry_build_modules(const hc_port_opts *po, const hc_options *opt, bool links_shim, const hc_file_result *results,
                           const hc_job_list *jobs, bool single) {
    int failed = 0;
    char *cmake = NULL, *make = NULL;
    for (size_t i = 0; i < jobs->n; i++) {
        char dir[PATH_MAX];
        const hc_file_result *r = &results[i];
        bool is_cmake = r->kind == HC_FILE_CMAKE;
        if (!output_has(r, is_cmake ? hc_build_cmake_include : hc_build_make_include) ||
            !output_dir(po, r, is_cmake ? HC_FILE_CMAKE : HC_FILE_MAKEFILE, single, dir, sizeof dir))
            continue;
        char **module = is_cmake ? &cmake : &make;
        if (!*module && !(*module = is_cmake ? hc_build_cmake_hip_block(opt, links_shim) : hc_build_make_hip_block(opt))) {
            hc_out_printf(stderr, "hipify-c: error: out of memory\n");
            failed++;
            break;
        }
        if (serve_file(dir, is_cmake ? hc_build_cmake_module_name : hc_build_make_module_name, *module, strlen(*module)) != 0)
            failed++;
    }
    free(cmake);
    free(make);
    return failed;
}
