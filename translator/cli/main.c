/* main.c: the hipify-c front end: parses the command line, walks the inputs, runs libhipify over a
 * pool of threads, writes outputs and reports, prints diagnostics and statistics, picks the exit code.
 * Translation itself lives in the library. */
#include "cli.h"
#include "query.h"
#include "report.h"
#include "user_rules.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct run_state {
    const hc_cli *cli;
    const hc_context *ctx;
    const hc_job_list *jobs;
    hc_file_result *results;
    atomic_size_t next;
    atomic_size_t done;
    bool progress;
    pthread_mutex_t progress_lock;
} run_state;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The target HIP version when none is given: the installed HIP headers' hip_version.h, else 0 (the
 * newest in the tables). */
static hc_version installed_hip_version(void) {
    const char *rocm = getenv("ROCM_PATH");
    char paths[3][PATH_MAX];
    snprintf(paths[0], sizeof paths[0], "%s/include/hip/hip_version.h", rocm ? rocm : "/opt/rocm");
    snprintf(paths[1], sizeof paths[1], "/usr/include/hip/hip_version.h");
    snprintf(paths[2], sizeof paths[2], "/opt/rocm/include/hip/hip_version.h");
    for (int i = 0; i < 3; i++) {
        FILE *f = fopen(paths[i], "r");
        if (!f) continue;
        unsigned major = 0, minor = 0, patch = 0, v;
        char line[256], name[64];
        while (fgets(line, sizeof line, f)) {
            if (sscanf(line, "#define %63s %u", name, &v) != 2) continue;
            if (!strcmp(name, "HIP_VERSION_MAJOR")) major = v;
            else if (!strcmp(name, "HIP_VERSION_MINOR")) minor = v;
            else if (!strcmp(name, "HIP_VERSION_PATCH")) patch = v;
        }
        fclose(f);
        if (major) return HC_VERSION(major, minor, patch > 255 ? 0 : patch);
    }
    return 0;
}

/* One input that is not a directory (a missing or dangling one included: discovery reports it). */
static bool is_single_file_mode(const hc_cli *cli) {
    struct stat st;
    return cli->inputs.n == 1 && (stat(cli->inputs.v[0], &st) != 0 || !S_ISDIR(st.st_mode)) && !cli->out_dir &&
           !cli->inplace;
}

static void *worker(void *arg) {
    run_state *s = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&s->next, 1);
        if (i >= s->jobs->n) break;
        const hc_job *j = &s->jobs->v[i];
        hc_file_kind kind = hc_classify_path(j->path);
        bool explicit_file = is_single_file_mode(s->cli) || s->cli->inputs.n > 1;
        if (kind == HC_FILE_OTHER && explicit_file) {
            struct stat st;
            /* a file named on the command line is translated whatever its extension */
            if (stat(s->cli->inputs.v[j->root], &st) == 0 && S_ISREG(st.st_mode)) kind = HC_FILE_SOURCE;
        }
        if (s->cli->build_scripts_only && kind == HC_FILE_SOURCE) kind = HC_FILE_OTHER;
        if ((kind == HC_FILE_CMAKE || kind == HC_FILE_MAKEFILE) && !hc_context_options(s->ctx)->build_scripts)
            kind = HC_FILE_OTHER;
        if (kind == HC_FILE_SOURCE || kind == HC_FILE_CMAKE || kind == HC_FILE_MAKEFILE) {
            hc_translate_file_as(s->ctx, j->path, j->rel_path, kind, &s->results[i]);
        } else { /* other files are copied as they are, never checked as text */
            hc_file_result *r = &s->results[i];
            memset(r, 0, sizeof *r);
            r->path = strdup(j->path);
            r->rel_path = strdup(j->rel_path);
            r->kind = HC_FILE_OTHER;
        }
        size_t done = atomic_fetch_add(&s->done, 1) + 1;
        if (s->progress) {
            pthread_mutex_lock(&s->progress_lock);
            fprintf(stderr, "\r\033[K[%zu/%zu] %s", done, s->jobs->n, j->rel_path);
            pthread_mutex_unlock(&s->progress_lock);
        }
    }
    return NULL;
}

static const char *severity_word(hc_severity s) {
    return s == HC_SEV_ERROR ? "error" : s == HC_SEV_WARNING ? "warning" : "note";
}

static void print_diags(const hc_cli *cli, const hc_file_result *r, int *worst) {
    for (size_t i = 0; i < r->ndiags; i++) {
        const hc_diag *d = &r->diags[i];
        const hc_diag_info *info = hc_diag_info_get(d->id);
        if ((int)d->severity > *worst) *worst = (int)d->severity;
        if (cli->quiet_warnings && d->severity < HC_SEV_ERROR) continue;
        if (d->line)
            fprintf(stderr, "%s:%u:%u: %s: %s: %s [%s]\n", r->path, d->line, d->col, severity_word(d->severity), info->code,
                    d->message, info->flag);
        else
            fprintf(stderr, "%s: %s: %s: %s [%s]\n", r->path, severity_word(d->severity), info->code, d->message, info->flag);
    }
}

/* Copies a file that is not translated into the output tree (no text checks: any bytes). */
static int copy_file(const char *from, const char *to, char *err, size_t errsize) {
    FILE *f = fopen(from, "rb");
    if (!f) {
        snprintf(err, errsize, "cannot read %s: %s", from, strerror(errno));
        return -1;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    char chunk[65536];
    size_t n;
    while (m && (n = fread(chunk, 1, sizeof chunk, f)) > 0) fwrite(chunk, 1, n, m);
    fclose(f);
    if (!m) return -1;
    fclose(m);
    int rc = hc_write_atomic(to, buf, len, err, errsize);
    free(buf);
    return rc;
}

static bool same_content(const char *path, const char *data, size_t len) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    bool same = true;
    char chunk[65536];
    size_t off = 0, n;
    while (same && (n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (off + n > len || memcmp(chunk, data + off, n) != 0) same = false;
        off += n;
    }
    fclose(f);
    return same && off == len;
}

static bool same_file(const char *a, const char *b) {
    struct stat x, y;
    return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* Writes one result where the output mode says. Returns 0 or -1 after printing the error. */
static int write_result(const hc_cli *cli, const hc_file_result *r, bool single, const char *root) {
    char err[PATH_MAX + 256], path[PATH_MAX];
    if (cli->examine || r->status != HC_OK) return 0;
    if (single) {
        if (!cli->output || strcmp(cli->output, "-") == 0) {
            fwrite(r->output, 1, r->output_len, stdout);
            return fflush(stdout) == 0 ? 0 : -1;
        }
        if (same_file(cli->output, r->path)) {
            fprintf(stderr, "%s: error: HC2010: refusing to overwrite the input (use --inplace) [outside-output]\n", r->path);
            return -1;
        }
        if (same_content(cli->output, r->output, r->output_len)) return 0;
        if (hc_write_atomic(cli->output, r->output, r->output_len, err, sizeof err) == 0) return 0;
        fprintf(stderr, "%s: error: HC2011: cannot write output: %s [write-failed]\n", r->path, err);
        return -1;
    }
    if (cli->inplace) {
        if (!r->changed) return 0;
        char real[PATH_MAX], root_real[PATH_MAX];
        if (!realpath(r->path, real)) snprintf(real, sizeof real, "%s", r->path); /* write through links */
        struct stat rs;
        if (stat(root, &rs) == 0 && S_ISDIR(rs.st_mode) && realpath(root, root_real)) {
            size_t n = strlen(root_real); /* a link inside the tree must not carry the write out of it */
            if (strncmp(real, root_real, n) != 0 || (real[n] != '/' && real[n] != '\0')) {
                fprintf(stderr, "%s: error: HC2010: refusing to write outside the output directory: the file resolves to %s, "
                                "outside %s [outside-output]\n", r->path, real, root);
                return -1;
            }
        }
        if (!cli->no_backup) {
            snprintf(path, sizeof path, "%s.prehip", real);
            if (hc_write_atomic(path, r->original, r->original_len, err, sizeof err) != 0) {
                fprintf(stderr, "%s: error: HC2011: cannot write backup: %s [write-failed]\n", r->path, err);
                return -1; /* never replace a file whose backup failed */
            }
        }
        if (hc_write_atomic(real, r->output, r->output_len, err, sizeof err) == 0) return 0;
        fprintf(stderr, "%s: error: HC2011: cannot write output: %s [write-failed]\n", r->path, err);
        return -1;
    }
    if (hc_output_path(cli->out_dir, r->rel_path, path, sizeof path, err, sizeof err) != 0) {
        fprintf(stderr, "%s: error: HC2010: refusing to write outside the output directory: %s [outside-output]\n", r->path, err);
        return -1;
    }
    if (same_file(path, r->path)) {
        fprintf(stderr, "%s: error: HC2010: output would overwrite the input (use --inplace) [outside-output]\n", r->path);
        return -1;
    }
    if (r->kind == HC_FILE_OTHER && !r->original) {
        if (cli->only_changed) return 0;
        struct stat a, b;
        if (stat(path, &b) == 0 && stat(r->path, &a) == 0 && a.st_size == b.st_size && a.st_mtime <= b.st_mtime) return 0;
        if (copy_file(r->path, path, err, sizeof err) == 0) return 0;
        fprintf(stderr, "%s: error: HC2011: cannot copy: %s [write-failed]\n", r->path, err);
        return -1;
    }
    if (!r->changed && cli->only_changed) return 0;
    if (same_content(path, r->output, r->output_len)) return 0; /* identical: not rewritten */
    if (hc_write_atomic(path, r->output, r->output_len, err, sizeof err) == 0) return 0;
    fprintf(stderr, "%s: error: HC2011: cannot write output: %s [write-failed]\n", r->path, err);
    return -1;
}

static int write_reports(const hc_cli *cli, const hc_run *run) {
    struct { const char *path; int (*fn)(const hc_run *, const char *, char *, size_t); const char *what; } writers[] = {
        {cli->diff, hc_report_diff, "diff"},
        {cli->report, hc_report_html, "HTML report"},
        {cli->stats_json, hc_report_json, "JSON statistics"},
        {cli->sarif, hc_report_sarif, "SARIF"},
    };
    int rc = 0;
    for (size_t i = 0; i < sizeof writers / sizeof *writers; i++) {
        char err[1024];
        if (!writers[i].path) continue;
        if (writers[i].fn(run, writers[i].path, err, sizeof err) != 0) {
            fprintf(stderr, "hipify-c: error: cannot write %s %s: %s\n", writers[i].what, writers[i].path, err);
            rc = -1;
        }
    }
    return rc;
}

static int usage_checks(const hc_cli *cli) {
    if (cli->inputs.n == 0) {
        fprintf(stderr, "hipify-c: no input files (see --help)\n");
        return -1;
    }
    int modes = (cli->output != NULL) + (cli->out_dir != NULL) + cli->inplace;
    if (modes > 1) {
        fprintf(stderr, "hipify-c: -o, --out-dir and --inplace exclude each other\n");
        return -1;
    }
    if (!is_single_file_mode(cli) && cli->output) {
        fprintf(stderr, "hipify-c: -o takes one input file; use --out-dir DIR or --inplace for several files or a tree\n");
        return -1;
    }
    if (!is_single_file_mode(cli) && !cli->out_dir && !cli->inplace && !cli->examine) {
        fprintf(stderr, "hipify-c: several inputs or a directory need --out-dir DIR, --inplace or --examine\n");
        return -1;
    }
    if (cli->out_dir) {
        char out_real[PATH_MAX], in_real[PATH_MAX];
        for (size_t i = 0; i < cli->inputs.n && realpath(cli->out_dir, out_real); i++) {
            struct stat st;
            if (stat(cli->inputs.v[i], &st) == 0 && S_ISDIR(st.st_mode) && realpath(cli->inputs.v[i], in_real) &&
                strcmp(in_real, out_real) == 0) {
                fprintf(stderr, "hipify-c: --out-dir %s is the input directory %s: it would overwrite the inputs "
                                "(use --inplace for that)\n", cli->out_dir, cli->inputs.v[i]);
                return -1;
            }
        }
    }
    if ((cli->no_backup && !cli->inplace) || (cli->only_changed && !cli->out_dir)) {
        fprintf(stderr, "hipify-c: %s\n", cli->no_backup && !cli->inplace ? "--no-backup needs --inplace" : "--only-changed needs --out-dir");
        return -1;
    }
    return 0;
}

int main(int argc, char **argv) {
    hc_cli cli;
    int rc = hc_cli_parse(argc, argv, &cli);
    if (rc != 0) {
        hc_cli_free(&cli);
        return rc > 0 ? HC_EXIT_OK : HC_EXIT_USAGE;
    }
    if (!cli.hip_version_given) cli.opt.hip_version = installed_hip_version();
    if ((rc = hc_cli_actions(&cli)) >= 0) { /* --versions, --md, --csv (actions.c) */
        hc_cli_free(&cli);
        return rc;
    }
    if (cli.query || cli.list_unsupported) {
        int q = cli.query ? hc_query_print(stdout, cli.query, &cli.opt) : hc_list_unsupported(stdout, cli.list_family, &cli.opt);
        hc_cli_free(&cli);
        return q == 0 ? HC_EXIT_OK : HC_EXIT_ERRORS;
    }
    if (usage_checks(&cli) != 0) {
        hc_cli_free(&cli);
        return HC_EXIT_USAGE;
    }
    char err[1024];
    hc_rule_set *rules = NULL;
    if (cli.rule_files.n) {
        rules = hc_rule_set_load((const char *const *)cli.rule_files.v, cli.rule_files.n, err, sizeof err);
        if (!rules) {
            fprintf(stderr, "%s\n", err);
            hc_cli_free(&cli);
            return HC_EXIT_USAGE;
        }
        cli.opt.rules = rules;
    }
    cli.opt.clang_args = (const char *const *)cli.clang_args.v;
    cli.opt.nclang_args = cli.clang_args.n;
    cli.opt.offload_archs = (const char *const *)cli.offload_archs.v;
    cli.opt.noffload_archs = cli.offload_archs.n;

    double t0 = now_seconds();
    hc_context *ctx = hc_context_new(&cli.opt, err, sizeof err);
    if (!ctx) {
        fprintf(stderr, "hipify-c: error: %s\n", err);
        hc_rule_set_free(rules);
        hc_cli_free(&cli);
        return HC_EXIT_USAGE;
    }
    hc_job_list jobs;
    if (hc_discover(&cli, &jobs) != 0) {
        fprintf(stderr, "hipify-c: error: out of memory\n");
        return HC_EXIT_ERRORS;
    }
    hc_file_result *results = calloc(jobs.n ? jobs.n : 1, sizeof *results);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int nthreads = cli.jobs ? cli.jobs : (int)(cores > 0 ? cores : 1);
    if ((size_t)nthreads > jobs.n) nthreads = jobs.n ? (int)jobs.n : 1;
    run_state st = {.cli = &cli, .ctx = ctx, .jobs = &jobs, .results = results, .progress = isatty(2) && jobs.n > 1};
    pthread_mutex_init(&st.progress_lock, NULL);
    pthread_t *threads = calloc((size_t)nthreads, sizeof *threads);
    for (int i = 1; i < nthreads; i++) pthread_create(&threads[i], NULL, worker, &st);
    worker(&st);
    for (int i = 1; i < nthreads; i++) pthread_join(threads[i], NULL);
    free(threads);
    if (st.progress) fprintf(stderr, "\r\033[K");

    bool single = is_single_file_mode(&cli);
    int worst = -1, failed = jobs.errors, write_failed = 0;
    hc_stats total = {0};
    for (size_t i = 0; i < jobs.n; i++) {
        hc_file_result *r = &results[i];
        print_diags(&cli, r, &worst);
        if (r->status != HC_OK) failed++;
        if (write_result(&cli, r, single, cli.inputs.v[jobs.v[i].root]) != 0) write_failed++;
        if (r->kind != HC_FILE_OTHER) hc_stats_add(&total, &r->stats);
    }
    total.seconds = now_seconds() - t0;
    if (cli.verbose) hc_cli_verbose(stderr, ctx, results, jobs.n);
    FILE *stats_out = single && (!cli.output || !strcmp(cli.output, "-")) ? stderr : stdout;
    if (cli.print_stats) {
        for (size_t i = 0; i < jobs.n && jobs.n > 1; i++)
            if (results[i].kind != HC_FILE_OTHER) {
                char name[PATH_MAX + 16];
                snprintf(name, sizeof name, "file '%s'", results[i].path);
                hc_print_stats(stats_out, name, &results[i].stats);
            }
        hc_print_stats(stats_out, jobs.n > 1 ? "TOTAL" : "file", &total);
    }
    if (cli.print_stats_csv) {
        char csv[PATH_MAX];
        if (cli.o_stats) snprintf(csv, sizeof csv, "%s", cli.o_stats);
        else snprintf(csv, sizeof csv, "%s/hipify-stats.csv", cli.out_dir ? cli.out_dir : ".");
        if (hc_write_stats_csv(csv, results, jobs.n, &total, err, sizeof err) != 0) {
            fprintf(stderr, "hipify-c: error: %s\n", err);
            write_failed++;
        }
    }
    hc_run run = {single ? "" : (cli.inputs.n == 1 ? cli.inputs.v[0] : ""), results, jobs.n, total, hc_context_options(ctx),
                  cli.examine, total.seconds};
    if (write_reports(&cli, &run) != 0) write_failed++;

    int exit_code = HC_EXIT_OK;
    if (write_failed) exit_code = HC_EXIT_OUTPUT;
    else if (failed || worst >= HC_SEV_ERROR) exit_code = HC_EXIT_ERRORS;
    else if (cli.fail_on >= 0 && worst >= cli.fail_on) exit_code = HC_EXIT_FAIL_ON;

    for (size_t i = 0; i < jobs.n; i++) hc_file_result_free(&results[i]);
    free(results);
    hc_stats_free(&total);
    hc_job_list_free(&jobs);
    hc_context_free(ctx);
    hc_rule_set_free(rules);
    pthread_mutex_destroy(&st.progress_lock);
    hc_cli_free(&cli);
    return exit_code;
}
