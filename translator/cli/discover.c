/* discover.c: turns the command-line inputs (files and directories) into a sorted job list, walking
 * trees with exclusions and symbolic-link loop detection. It reads no file contents. */
#include "cli.h"
#include "manifest.h"
#include "output.h"
#include "grow.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Directories never descended into: version control metadata. */
static const char *const vcs_dirs[] = {".git", ".hg", ".svn"};

typedef struct walk {
    const hc_port_opts *po;
    hc_job_list *jobs;
    int root;
    dev_t seen_dev[256];
    ino_t seen_ino[256];
    size_t depth;
    char out_real[PATH_MAX]; /* the output directory, never walked into */
    char root_real[PATH_MAX]; /* the input directory being walked: links may not lead out of it */
} walk;

static bool in_list(const hc_strv *s, const char *name) {
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->v[i], name) == 0) return true;
    return false;
}

static int add_job(hc_job_list *jobs, const char *path, const char *rel, int root) {
    if (hc_grow(&jobs->v, &jobs->cap, jobs->n, sizeof *jobs->v, 256) < 0) return -1;
    hc_job *j = &jobs->v[jobs->n];
    j->path = strdup(path);
    j->rel_path = strdup(rel);
    j->root = root;
    if (!j->path || !j->rel_path) return -1;
    jobs->n++;
    return 0;
}

/* Says why path, which stat refused, is not translated: a link that leads nowhere (or round in a loop)
 * or an unreadable file. after goes before the flag ("; skipped" inside a walked directory). */
static void report_stat_failure(const char *path, const char *after) {
    int err = errno; /* stat's reason, whatever lstat below does */
    struct stat lst;
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
        hc_out_printf(stderr, "%s: error: HC2006: symbolic link loop or dangling link: %s%s [symlink-loop]\n", path,
                      strerror(err), after);
    else
        hc_out_printf(stderr, "%s: error: HC2005: cannot read file: %s [unreadable]\n", path, strerror(err));
}

/* A directory entry whose path does not fit PATH_MAX (4096 bytes with its terminator): the system calls
 * that read, stat or write a file by name refuse it, so it cannot be translated. Said, and counted as an
 * error; the path is shown cut in the middle, with its length. */
static void too_long(walk *w, const char *dir, const char *name) {
    size_t len = strlen(dir) + 1 + strlen(name);
    char shown[160];
    snprintf(shown, sizeof shown, "%.40s...%s/%.40s%s", dir, strlen(dir) > 40 ? dir + strlen(dir) - 40 : "", name,
             strlen(name) > 40 ? "..." : "");
    hc_cli_diag(w->po, shown, HC_D_PATH_TOO_LONG, "path of %zu bytes, over the limit of %d: not read", len, PATH_MAX - 1);
    w->jobs->errors++;
}

/* A temporary of an interrupted run: removed when the output layer can prove that its writer is gone
 * (and the run may write: not --examine), else named and left alone, since a live run may be writing it. */
static void stale_temp(const hc_port_opts *po, const char *path) {
    long pid;
    if (!po->examine && hc_out_temp_is_stale(path, &pid) && unlink(path) == 0) {
        hc_cli_diag(po, path, HC_D_STALE_TEMP_REMOVED, "removed: temporary file of hipify-c process %ld, which no longer "
                    "runs", pid);
        return;
    }
    hc_cli_diag(po, path, HC_D_STALE_TEMP, "temporary file of an interrupted hipify-c run; skipped");
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Whether the real path inner is outer or lies below it. */
static bool path_inside(const char *inner, const char *outer) {
    size_t n = strlen(outer);
    if (n == 1 && outer[0] == '/') return true;
    return strncmp(inner, outer, n) == 0 && (inner[n] == '/' || inner[n] == '\0');
}

static int walk_dir(walk *w, const char *dir, const char *rel) {
    struct stat sb;
    if (stat(dir, &sb) != 0) {
        hc_out_printf(stderr, "%s: error: cannot read directory: %s\n", dir, strerror(errno));
        w->jobs->errors++;
        return 0;
    }
    for (size_t i = 0; i < w->depth; i++)
        if (w->seen_dev[i] == sb.st_dev && w->seen_ino[i] == sb.st_ino) {
            hc_out_printf(stderr, "%s: error: HC2006: symbolic link loop: directory already being walked; skipped [symlink-loop]\n", dir);
            w->jobs->errors++;
            return 0;
        }
    if (w->depth == COUNT_OF(w->seen_dev)) {
        hc_out_printf(stderr, "%s: error: directory nesting deeper than %zu; skipped\n", dir, w->depth);
        w->jobs->errors++;
        return 0;
    }
    char real[PATH_MAX];
    if (w->out_real[0] && realpath(dir, real) && strcmp(real, w->out_real) == 0) return 0;
    DIR *d = opendir(dir);
    if (!d) {
        hc_out_printf(stderr, "%s: error: cannot read directory: %s\n", dir, strerror(errno));
        w->jobs->errors++;
        return 0;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        if (hc_grow(&names, &cap, n, sizeof *names, 64) < 0) break;
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, cmp_names);
    w->seen_dev[w->depth] = sb.st_dev;
    w->seen_ino[w->depth] = sb.st_ino;
    w->depth++;
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        char path[PATH_MAX], sub[PATH_MAX];
        if (!names[i]) continue;
        int pn = snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        int sn = rel[0] ? snprintf(sub, sizeof sub, "%s/%s", rel, names[i]) : snprintf(sub, sizeof sub, "%s", names[i]);
        if (pn < 0 || sn < 0 || (size_t)pn >= sizeof path || (size_t)sn >= sizeof sub) {
            /* a cut path names another file or none: never truncated, never skipped in silence */
            too_long(w, dir, names[i]);
            continue;
        }
        struct stat st, lst;
        if (stat(path, &st) != 0) {
            report_stat_failure(path, "; skipped");
            w->jobs->errors++;
            continue;
        }
        /* a link that leads out of the input directory (to /etc/passwd, to a system header tree) would
         * copy or translate a file that is not part of the tree into the output: never read */
        char target[PATH_MAX] = "";
        if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) && w->root_real[0] &&
            (!realpath(path, target) || !path_inside(target, w->root_real))) {
            hc_cli_diag(w->po, path, HC_D_LINK_OUTSIDE, "symbolic link to %s, outside the input directory %s: skipped",
                        target, w->root_real);
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            bool vcs = false;
            for (size_t k = 0; k < COUNT_OF(vcs_dirs); k++) vcs |= !strcmp(names[i], vcs_dirs[k]);
            if (!vcs && !in_list(&w->po->exclude_dirs, names[i])) rc = walk_dir(w, path, sub);
        } else if (S_ISREG(st.st_mode)) {
            if (hc_out_is_temp_name(names[i])) /* never an input, never copied */
                stale_temp(w->po, path);
            else if (!*rel && w->po->out_dir && w->po->inputs.n == 1 && !strcmp(names[i], HC_MANIFEST_NAME)) {
                /* a tree port's manifest is the port's own: one found in the input tree (an upstream's, a
                 * port's being ported again) is data of another tree, never copied into this port, where
                 * a later --resync would read it as the record of how this port was made */
                if (!w->po->quiet_warnings)
                    hc_out_printf(stderr, "%s: note: a port manifest in the input tree is not copied; the port gets "
                                          "its own\n", path);
            }
            else if (!in_list(&w->po->exclude_files, names[i])) rc = add_job(w->jobs, path, sub, w->root);
        }
    }
    w->depth--;
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    return rc;
}

/* Relative path a single-file input gets under -O: the path as given when it stays below the current
 * directory, else its base name. */
static void file_rel(const char *path, char *out, size_t size) {
    while (path[0] == '.' && path[1] == '/') path += 2;
    bool escapes = path[0] == '/' || strncmp(path, "../", 3) == 0 || strstr(path, "/../") != NULL;
    if (escapes) {
        const char *base = strrchr(path, '/');
        path = base ? base + 1 : path;
    }
    snprintf(out, size, "%s", path);
}

/* The name a directory input is mirrored under when there are several inputs: its last component, or
 * for ".", ".." and the like the last component of its real path. */
static void root_name(const char *dir, char *out, size_t size) {
    char buf[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", dir);
    size_t n = strlen(buf);
    while (n > 1 && buf[n - 1] == '/') buf[--n] = '\0';
    const char *base = strrchr(buf, '/');
    base = base ? base + 1 : buf;
    char real[PATH_MAX];
    if ((!strcmp(base, ".") || !strcmp(base, "..") || !base[0]) && realpath(dir, real)) {
        base = strrchr(real, '/');
        base = base && base[1] ? base + 1 : "root";
    }
    snprintf(out, size, "%s", base);
}

/* -O: temporaries an interrupted run left in the output directory are named too (it is not walked as
 * input). Links are not followed; depth is bounded like the walk's. */
static void scan_stale(const hc_port_opts *po, const char *dir, size_t depth) {
    DIR *d = depth < 256 ? opendir(dir) : NULL;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char path[PATH_MAX];
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= sizeof path) continue;
        struct stat st;
        if (lstat(path, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) scan_stale(po, path, depth + 1);
        else if (S_ISREG(st.st_mode) && hc_out_is_temp_name(e->d_name))
            stale_temp(po, path);
    }
    if (d) closedir(d);
}

static int cmp_jobs(const void *a, const void *b) {
    const hc_job *x = a, *y = b;
    if (x->root != y->root) return x->root < y->root ? -1 : 1;
    return strcmp(x->rel_path, y->rel_path);
}

int hc_discover(const hc_port_opts *po, hc_job_list *jobs) {
    memset(jobs, 0, sizeof *jobs);
    walk w = {0};
    w.po = po;
    w.jobs = jobs;
    if (po->out_dir && !realpath(po->out_dir, w.out_real)) w.out_real[0] = '\0';
    for (size_t i = 0; i < po->inputs.n; i++) {
        const char *in = po->inputs.v[i];
        struct stat st;
        w.root = (int)i;
        if (stat(in, &st) != 0) {
            report_stat_failure(in, "");
            jobs->errors++;
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            /* one directory: its contents directly under -O; several inputs: each directory under its
             * own name, as cp -r would put them */
            char name[PATH_MAX] = "";
            if (po->inputs.n > 1) root_name(in, name, sizeof name);
            if (!realpath(in, w.root_real)) w.root_real[0] = '\0';
            if (walk_dir(&w, in, name) < 0) return -1;
        } else {
            char rel[PATH_MAX];
            file_rel(in, rel, sizeof rel);
            if (add_job(jobs, in, rel, (int)i) < 0) return -1;
        }
    }
    if (po->out_dir && w.out_real[0]) scan_stale(po, po->out_dir, 0);
    if (jobs->n) qsort(jobs->v, jobs->n, sizeof *jobs->v, cmp_jobs); /* qsort(NULL, 0) is undefined */
    return 0;
}

void hc_job_list_free(hc_job_list *jobs) {
    for (size_t i = 0; i < jobs->n; i++) {
        free(jobs->v[i].path);
        free(jobs->v[i].rel_path);
    }
    free(jobs->v);
    memset(jobs, 0, sizeof *jobs);
}
