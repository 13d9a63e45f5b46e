/* collisions.c: before anything is written, finds writes of one run that would land where they must not:
 * two inputs mapped to one output path under -O; any file an option names to write (-o, a report, the
 * depfile, --resync-json, --drift-json/--drift-html) that is another of them, an input, or lies inside
 * the port or a CUDA tree of --resync/--drift; a report on a translated output or a backup. It writes
 * nothing and decides no output path itself. */
#include "cli.h"
#include "output.h"
#include "paths.h"
#include "util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int cmp_rel(const void *a, const void *b) {
    const hc_job *x = *(const hc_job *const *)a, *y = *(const hc_job *const *)b;
    return strcmp(x->rel_path, y->rel_path);
}

/* -O: two inputs that map to one output path would overwrite each other. */
static int input_collisions(const hc_port_opts *po, const hc_job_list *jobs) {
    if (!po->out_dir || jobs->n < 2) return 0;
    const hc_job **v = malloc(jobs->n * sizeof *v);
    if (!v) return -1;
    for (size_t i = 0; i < jobs->n; i++) v[i] = &jobs->v[i];
    qsort(v, jobs->n, sizeof *v, cmp_rel);
    int n = 0;
    for (size_t i = 1; i < jobs->n; i++) {
        if (strcmp(v[i - 1]->rel_path, v[i]->rel_path) != 0) continue;
        hc_cli_diag(po, v[i]->path, HC_D_OUTPUT_COLLISION, "%s and %s would both be written to %s/%s; nothing written",
                    v[i - 1]->path, v[i]->path, po->out_dir, v[i]->rel_path);
        n++;
    }
    free(v);
    return n;
}

/* The files and trees of a run of the command line's other modes (--resync, --drift), which a port alone
 * has none of. */
typedef struct mode_paths {
    const char *resync_json, *drift_json, *drift_html;
    const char *resync_dir, *drift_dir, *base_cuda;
} mode_paths;

/* A report as the run will write it: its option, its path and the file it lands on. */
typedef struct report_target {
    const char *option;
    const char *path;
    char real[PATH_MAX];
} report_target;

/* Standard output, a FIFO or the null device are streams written in place: two writers there mix
 * text but replace nothing, so they are no collision. */
static bool is_stream(const char *path) {
    struct stat st;
    return strcmp(path, "-") == 0 || (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode));
}

/* Whether a write to path lands on the file real; name_hint is real's base name, so that only paths
 * that could reach it are resolved (a link, or the same base name) and a 100,000-file tree costs one
 * lstat a file. */
static bool lands_on(const char *path, const char *real) {
    struct stat lst;
    bool link = lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
    if (!link && strcmp(hc_path_base(path), hc_path_base(real)) != 0) return false;
    char r[PATH_MAX];
    return hc_out_resolve(path, r, sizeof r) == 0 && strcmp(r, real) == 0;
}

/* Every file the options of the run name to write, resolved; returns how many. The default CSV path is
 * built in the caller's csv buffer, which the targets point into, so it must outlive them. with_output:
 * -o too (the single translation's file). */
static size_t collect_reports(const hc_port_opts *po, const mode_paths *modes, report_target *t, size_t cap, char *csv, size_t csv_size,
                              bool with_output) {
    const char *csv_path = NULL;
    if (po->print_stats_csv) {
        if (po->o_stats) csv_path = po->o_stats;
        else if ((size_t)snprintf(csv, csv_size, "%s/hipify-stats.csv", po->out_dir ? po->out_dir : ".") < csv_size)
            csv_path = csv;
    }
    const struct { const char *option, *path; } all[] = {
        {"--diff", po->diff},        {"--report", po->report},          {"--stats-json", po->stats_json},
        {"--sarif", po->sarif},      {"--o-stats", csv_path},            {"--depfile", po->depfile},
        {"--resync-json", modes->resync_json}, {"--drift-json", modes->drift_json}, {"--drift-html", modes->drift_html},
        {"-o", with_output ? po->output : NULL},
    };
    size_t n = 0;
    for (size_t i = 0; i < COUNT_OF(all) && n < cap; i++) {
        if (!all[i].path || is_stream(all[i].path)) continue;
        t[n].option = all[i].option;
        t[n].path = all[i].path;
        if (hc_out_resolve(all[i].path, t[n].real, sizeof t[n].real) == 0) n++;
    }
    return n;
}

/* Names one report that lands on another write of the run. */
static void report_clash(const hc_port_opts *po, const report_target *t, const char *what, const char *other) {
    hc_cli_diag(po, t->path, HC_D_REPORT_COLLISION, "%s %s %s %s; nothing written", t->option, t->path, what, other);
}

static int report_collisions(const hc_port_opts *po, const hc_job_list *jobs) {
    report_target t[16];
    char csv[PATH_MAX];
    static const mode_paths none = {0}; /* a port's own reports: the other modes' run before a port, or none */
    size_t nt = collect_reports(po, &none, t, COUNT_OF(t), csv, sizeof csv, false);
    int n = 0;
    bool single = po->output != NULL || (!po->out_dir && !po->inplace);
    if (po->examine || single) return n; /* no translation or backup; -o is one of hc_cli_path_collisions' */
    for (size_t i = 0; i < nt; i++) {
        for (size_t j = 0; j < jobs->n; j++) {
            char out[PATH_MAX];
            if (po->out_dir) {
                char err[PATH_MAX + 64];
                if (hc_output_path(po->out_dir, jobs->v[j].rel_path, out, sizeof out, err, sizeof err) != 0) continue;
                if (lands_on(out, t[i].real)) { report_clash(po, &t[i], "is also the translation of", jobs->v[j].path), n++; break; }
            } else if (!po->no_backup) { /* --inplace: the inputs themselves are guarded; their backups are not yet */
                if ((size_t)snprintf(out, sizeof out, "%s.prehip", jobs->v[j].path) >= sizeof out) continue;
                if (lands_on(out, t[i].real)) { report_clash(po, &t[i], "is also the backup of", jobs->v[j].path), n++; break; }
            }
        }
    }
    return n;
}

/* Whether the resolved path real is the tree root (resolved here) or lies inside it. */
static bool inside_tree(const char *real, const char *root) {
    char r[PATH_MAX];
    return hc_out_resolve(root, r, sizeof r) == 0 && hc_path_within(real, r);
}

static int path_collisions(const hc_port_opts *po, const mode_paths *modes) {
    report_target t[16];
    char csv[PATH_MAX];
    size_t nt = collect_reports(po, modes, t, COUNT_OF(t), csv, sizeof csv, true);
    int n = 0;
    for (size_t i = 0; i < nt; i++)
        for (size_t k = 0; k < i; k++)
            if (strcmp(t[i].real, t[k].real) == 0) report_clash(po, &t[i], "is also the path of", t[k].option), n++;
    /* the trees a --resync or --drift reads and merges into hold no output of theirs: a report written
     * there would replace a hand-edited file or the manifest, or become part of the next re-sync; a file
     * input (a translation's source) is never an output either */
    const bool trees = modes->resync_dir || modes->drift_dir;
    for (size_t i = 0; i < nt; i++) {
        const struct { const char *what, *root; } areas[] = {
            {"lies inside the port", modes->resync_dir}, {"lies inside the port", modes->drift_dir},
            {"lies inside the base tree", modes->base_cuda},
        };
        bool clash = false;
        for (size_t a = 0; a < COUNT_OF(areas) && !clash; a++)
            if (areas[a].root && inside_tree(t[i].real, areas[a].root)) {
                report_clash(po, &t[i], areas[a].what, areas[a].root), n++;
                clash = true;
            }
        for (size_t k = 0; k < po->inputs.n && !clash; k++) {
            struct stat st;
            const char *in = po->inputs.v[k];
            bool dir = stat(in, &st) == 0 && S_ISDIR(st.st_mode);
            if (dir ? trees && inside_tree(t[i].real, in) : lands_on(in, t[i].real)) {
                report_clash(po, &t[i], dir ? "lies inside the input" : "is also the input", in), n++;
                clash = true;
            }
        }
    }
    return n;
}

int hc_cli_path_collisions(const hc_cli *cli) {
    const mode_paths modes = {cli->resync_json, cli->drift_json, cli->drift_html,
                              cli->resync_dir, cli->drift_dir, cli->base_cuda};
    return path_collisions(&cli->port, &modes);
}

int hc_port_path_collisions(const hc_port_opts *po) {
    static const mode_paths none = {0};
    return path_collisions(po, &none);
}

int hc_cli_collisions(const hc_port_opts *po, const hc_job_list *jobs) {
    int a = input_collisions(po, jobs);
    if (a < 0) return -1;
    return a + report_collisions(po, jobs);
}
