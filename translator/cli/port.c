/* port.c: the port itself, from a filled option struct (hc_port): walks the inputs, runs libhipify over a
 * pool of threads, writes outputs, carried headers, the manifest and reports, prints diagnostics and
 * statistics, picks the exit code. The command line (main.c) and --resync (resync_cli.c) both call it; it
 * reads no argv, and translation itself lives in the library. */
#include "cli.h"
#include "output.h"
#include "carry.h"
#include "report.h"
#include "user_rules.h"
#include "util.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* What one port learns as it runs, which the context reads (hc_context_set_run): owned by one hc_port call,
 * never by its options. The path arrays hold the jobs' own strings. */
typedef struct port_facts {
    hc_run_facts run;
    const char **input_paths, **hipcc_compiled, **cmake_module_roots;
} port_facts;

typedef struct run_state {
    const hc_port_opts *po;
    const hc_context *ctx;
    const hc_job_list *jobs;
    hc_file_result *results;
    atomic_size_t next;
    atomic_size_t done;
    bool progress;
    pthread_mutex_t progress_lock;
    hc_membudget *memory; /* files in flight stay within the available memory */
} run_state;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Every job's path (the jobs' own strings, which outlive the run), for the library's "does the port
 * carry this header" test (HC1123). */
static int collect_input_paths(port_facts *f, const hc_job_list *jobs) {
    f->input_paths = calloc(jobs->n ? jobs->n : 1, sizeof *f->input_paths);
    if (!f->input_paths) return -1;
    for (size_t i = 0; i < jobs->n; i++) f->input_paths[i] = jobs->v[i].path;
    f->run.input_paths = f->input_paths;
    f->run.ninput_paths = jobs->n;
    return 0;
}

/* The second translation, of the files whose run facts the first translation of every file changed:
 * - a header that uses no HIP keeps its #ifdef __CUDACC__ as written, for the host compiler that builds it.
 *   When a HIP source of the run includes it, hipcc compiles it too: it is translated again as hipcc reads
 *   it (hc_run_facts.hipcc_compiled), or the HIP build takes the branch nvcc never took (a struct instead
 *   of float2, a lost __device__);
 * - a CMake file without project() that was migrated (an included .cmake enabling CUDA) needs the HIP module
 *   included by the top-level CMakeLists.txt above it, which may name no CUDA (hc_run_facts.cmake_module_roots);
 * - a port that calls libhipify_shim must link it: once every source is translated, the Makefiles and CMake
 *   files of the run are migrated again knowing that (hc_run_facts.links_shim), so their link adds the
 *   library (pass_makefile.c, the CMake HIP block).
 * The context reads f->run, which changes here only while no translation runs. Returns 0, or -1 out of
 * memory. */
static int translate_again(port_facts *f, const hc_context *ctx, const hc_job_list *jobs, hc_file_result *results) {
    bool *again = calloc(jobs->n ? jobs->n : 1, sizeof *again);
    if (!again || hc_hipcc_compiled(jobs, results, again) != 0) {
        free(again);
        return -1;
    }
    size_t n = 0;
    for (size_t i = 0; i < jobs->n; i++) n += again[i];
    if (n && !(f->hipcc_compiled = calloc(n, sizeof *f->hipcc_compiled))) {
        free(again);
        return -1;
    }
    for (size_t i = 0, k = 0; i < jobs->n; i++)
        if (again[i]) f->hipcc_compiled[k++] = jobs->v[i].path;
    f->run.hipcc_compiled = f->hipcc_compiled;
    f->run.nhipcc_compiled = n;
    for (size_t i = 0; i < jobs->n; i++) {
        if (!again[i]) continue;
        hc_file_kind kind = results[i].kind;
        hc_file_result_free(&results[i]);
        hc_translate_file_as(ctx, jobs->v[i].path, jobs->v[i].rel_path, kind, &results[i]);
    }
    free(again);

    /* a CMake file without project() (an included .cmake that enables CUDA) was migrated: the top-level
     * CMakeLists.txt above it includes the HIP module, CUDA named there or not */
    bool *root = calloc(jobs->n ? jobs->n : 1, sizeof *root);
    if (!root) return -1;
    size_t nroots = hc_cmake_module_roots(jobs, results, root);
    if (nroots && !(f->cmake_module_roots = calloc(nroots, sizeof *f->cmake_module_roots))) {
        free(root);
        return -1;
    }
    for (size_t i = 0, k = 0; i < jobs->n && nroots; i++)
        if (root[i]) f->cmake_module_roots[k++] = jobs->v[i].path;
    f->run.cmake_module_roots = f->cmake_module_roots;
    f->run.ncmake_module_roots = nroots;
    for (size_t i = 0; i < jobs->n; i++) {
        if (!root[i]) continue;
        hc_file_result_free(&results[i]);
        hc_translate_file_as(ctx, jobs->v[i].path, jobs->v[i].rel_path, HC_FILE_CMAKE, &results[i]);
    }
    free(root);

    static const char needle[] = "\"hipify_shim.h\"";
    for (size_t i = 0; i < jobs->n && !f->run.links_shim; i++)
        f->run.links_shim = results[i].kind == HC_FILE_SOURCE && results[i].output &&
                              memmem(results[i].output, results[i].output_len, needle, sizeof needle - 1) != NULL;
    for (size_t i = 0; i < jobs->n && f->run.links_shim; i++) {
        if (results[i].kind != HC_FILE_MAKEFILE && results[i].kind != HC_FILE_CMAKE) continue;
        hc_file_kind kind = results[i].kind;
        hc_file_result_free(&results[i]);
        hc_translate_file_as(ctx, jobs->v[i].path, jobs->v[i].rel_path, kind, &results[i]);
    }
    return 0;
}

/* One input that is not a directory (a missing or dangling one included: discovery reports it). */
static bool is_single_file_mode(const hc_port_opts *po) {
    struct stat st;
    return po->inputs.n == 1 && (stat(po->inputs.v[0], &st) != 0 || !S_ISDIR(st.st_mode)) && !po->out_dir &&
           !po->inplace;
}

/* What the front end knows of a job beyond its name, for the library's one decision of its kind
 * (hc_file_kind_of): a file named on the command line (in single-file mode or among several inputs) is
 * translated whatever its extension; one that is not a regular file (a device, a FIFO) is read as a source,
 * never streamed as a copy; a shim header a previous run carried into a tree is HIP already. */
static unsigned job_facts(const hc_port_opts *po, const hc_job *j) {
    bool explicit_file = is_single_file_mode(po) || po->inputs.n > 1;
    unsigned facts = 0;
    struct stat st;
    if (stat(po->inputs.v[j->root], &st) == 0 && !S_ISDIR(st.st_mode)) {
        if (explicit_file) facts |= HC_PATH_NAMED;
        if (!S_ISREG(st.st_mode)) facts |= HC_PATH_SPECIAL;
    }
    if (!explicit_file && hc_carry_is_shim(j->path)) facts |= HC_PATH_CARRIED;
    return facts;
}

/* An empty file found by walking a tree (an empty header, an empty .cmake placeholder: real projects have
 * them) has nothing to translate and is copied as it is. Named on the command line it is still translated,
 * and reported (HC2009), since an empty file someone asked for is most often a truncated copy. */
static bool is_empty_regular_file(const char *path) {
    struct stat st;
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0;
}

static void *worker(void *arg) {
    run_state *s = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&s->next, 1);
        if (i >= s->jobs->n) break;
        const hc_job *j = &s->jobs->v[i];
        unsigned facts = job_facts(s->po, j);
        hc_file_kind kind = hc_file_kind_of(hc_context_options(s->ctx), j->path, facts);
        if (!(facts & HC_PATH_NAMED) && is_empty_regular_file(j->path)) kind = HC_FILE_OTHER;
        if (kind == HC_FILE_SOURCE || kind == HC_FILE_CMAKE || kind == HC_FILE_MAKEFILE) {
            unsigned long long need = hc_membudget_estimate(j->path);
            hc_membudget_take(s->memory, need);
            hc_translate_file_as(s->ctx, j->path, j->rel_path, kind, &s->results[i]);
            hc_membudget_give(s->memory, need);
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
            char name[PATH_MAX * 2];
            fprintf(stderr, "\r\033[K[%zu/%zu] %s", done, s->jobs->n, hc_out_escape(j->rel_path, name, sizeof name));
            pthread_mutex_unlock(&s->progress_lock);
        }
    }
    return NULL;
}

static const char *severity_word(hc_severity s) {
    return s == HC_SEV_ERROR ? "error" : s == HC_SEV_WARNING ? "warning" : "note";
}

static void print_diags(const hc_port_opts *po, const hc_file_result *r, int *worst) {
    for (size_t i = 0; i < r->ndiags; i++) {
        const hc_diag *d = &r->diags[i];
        const hc_diag_info *info = hc_diag_info_get(d->id);
        if ((int)d->severity > *worst) *worst = (int)d->severity;
        if (po->quiet_warnings && d->severity < HC_SEV_ERROR) continue;
        if (d->line)
            hc_out_printf(stderr, "%s:%u:%u: %s: %s: %s [%s]\n", r->path, d->line, d->col, severity_word(d->severity),
                          info->code, d->message, info->flag);
        else
            hc_out_printf(stderr, "%s: %s: %s: %s [%s]\n", r->path, severity_word(d->severity), info->code, d->message,
                          info->flag);
    }
}

/* Prints what the output layer said about a write of file (HC2010 refused by policy, HC2023 a device
 * or directory, HC2025 an input edited during the run, HC2011 an I/O error). Returns 0 when the write succeeded or was not needed. */
static int report_write(const hc_port_opts *po, const char *file, hc_out_status st, const char *what, const char *err) {
    if (st >= 0) return 0;
    if (st == HC_OUT_SPECIAL)
        hc_cli_diag(po, file, HC_D_SPECIAL_OUTPUT, "refusing to write: %s", err);
    else if (st == HC_OUT_CHANGED)
        hc_cli_diag(po, file, HC_D_INPUT_CHANGED, "not replaced: %s", err);
    else if (st == HC_OUT_REFUSED)
        hc_cli_diag(po, file, HC_D_OUTSIDE_OUTPUT, "refusing to write %s: %s", what, err);
    else
        hc_cli_diag(po, file, HC_D_WRITE_FAILED, "cannot write %s: %s", what, err);
    return -1;
}

/* The input directory a file came from, when the input is a directory (NULL for a named file). */
static const char *dir_root(const char *root) {
    struct stat rs;
    return stat(root, &rs) == 0 && S_ISDIR(rs.st_mode) ? root : NULL;
}

/* --inplace: backup first (never replacing an earlier one), then the file itself; both confined to the
 * input directory, so a link inside the tree cannot carry either write out of it. */
static int write_inplace(const hc_port_opts *po, const hc_file_result *r, const char *root, hc_out_guard *guard) {
    char err[PATH_MAX + 256], path[PATH_MAX + 8], real[PATH_MAX];
    if (!r->changed) return 0;
    if (!realpath(r->path, real)) snprintf(real, sizeof real, "%s", r->path); /* write through links */
    int mode = hc_out_mode_of(real);
    const char *confine = dir_root(root);
    /* an edit made while the run went on wins over the translation of the text read before it: checked
     * here, so that no backup of a stale text is written, and again by the output layer right before
     * the rename */
    struct stat st;
    if (stat(real, &st) == 0 && !S_ISREG(st.st_mode)) /* a FIFO or device named as input: read, never replaced */
        return report_write(po, r->path, HC_OUT_SPECIAL, "output", "--inplace replaces regular files only");
    if (!hc_out_holds(real, r->original, r->original_len))
        return report_write(po, r->path, HC_OUT_CHANGED, "output", "changed since it was read; kept as it is now");
    if (!po->no_backup) {
        snprintf(path, sizeof path, "%s.prehip", real);
        hc_out_policy keep = {HC_OUT_KEEP_EXISTING, confine, guard};
        hc_out_status st = hc_out_write(&keep, path, r->original, r->original_len, mode, err, sizeof err);
        if (st == HC_OUT_KEPT) hc_cli_diag(po, r->path, HC_D_BACKUP_KEPT, "backup %s kept: it holds an earlier original, not "
                                           "this run's input", path);
        if (report_write(po, r->path, st, "backup", err) != 0) return -1; /* never replace a file whose backup failed */
    }
    hc_out_policy own = {HC_OUT_REPLACE_INPUT, confine, guard};
    return report_write(po, r->path, hc_out_write_expect(&own, real, r->output, r->output_len, mode, r->original,
                                                          r->original_len, err, sizeof err), "output", err);
}

/* The files autoconf, autoheader and automake generate, in the order they are made: make reruns the tools
 * when one is older than what it is made from (configure than configure.ac, Makefile.in than Makefile.am).
 * The port writes them in its own order (configure before configure.ac), so each written one is given the
 * time after all writes, in this order: the port's configure.ac and its configure stay one pair, and the
 * build runs the migrated configure, not an autoconf that may be missing or another version. */
static const char *const autotools_outputs[] = {"aclocal.m4", "configure", "config.h.in", "Makefile.in"};

static void settle_autotools_times(const hc_port_opts *po, const hc_file_result *results, size_t n) {
    for (size_t k = 0; k < COUNT_OF(autotools_outputs); k++)
        for (size_t i = 0; i < n; i++) {
            const hc_file_result *r = &results[i];
            const char *base = r->rel_path ? strrchr(r->rel_path, '/') : NULL;
            base = base ? base + 1 : r->rel_path;
            if (!base || strcmp(base, autotools_outputs[k]) != 0 || r->status != HC_OK) continue;
            char path[PATH_MAX], err[PATH_MAX + 64];
            if (po->inplace) {
                if (!r->changed) continue; /* in place, only a file this run wrote */
                snprintf(path, sizeof path, "%s", r->path);
            } else if (hc_output_path(po->out_dir, r->rel_path, path, sizeof path, err, sizeof err) != 0) {
                continue;
            }
            (void)utimensat(AT_FDCWD, path, NULL, AT_SYMLINK_NOFOLLOW); /* our own output: now */
        }
}

/* Writes one result where the output mode says. Returns 0 or -1 after printing the error. */
static int write_result(const hc_port_opts *po, const hc_file_result *r, bool single, const char *root, hc_out_guard *guard) {
    char err[PATH_MAX + 256], path[PATH_MAX];
    if (po->examine || r->status != HC_OK) return 0;
    if (single) {
        const char *to = po->output ? po->output : "-";
        hc_out_policy p = {HC_OUT_SKIP_SAME | HC_OUT_MKDIRS, NULL, guard};
        return report_write(po, r->path, hc_out_write(&p, to, r->output, r->output_len, HC_OUT_MODE_DEFAULT, err, sizeof err),
                            "output", err);
    }
    if (po->inplace) return write_inplace(po, r, root, guard);
    size_t need = strlen(po->out_dir) + 1 + strlen(r->rel_path);
    if (need >= sizeof path) {
        hc_cli_diag(po, r->path, HC_D_PATH_TOO_LONG, "its output path under %s has %zu bytes, over the limit of %zu: "
                    "not written", po->out_dir, need, sizeof path - 1);
        return -1;
    }
    if (hc_output_path(po->out_dir, r->rel_path, path, sizeof path, err, sizeof err) != 0) {
        hc_cli_diag(po, r->path, HC_D_OUTSIDE_OUTPUT, "refusing to write outside the output directory: %s", err);
        return -1;
    }
    hc_out_policy p = {HC_OUT_SKIP_SAME | HC_OUT_MKDIRS, po->out_dir, guard};
    int mode = hc_out_mode_of(r->path); /* executable scripts stay executable */
    if (r->kind == HC_FILE_OTHER && !r->original) {
        if (po->only_changed) return 0;
        return report_write(po, r->path, hc_out_copy(&p, r->path, path, mode, err, sizeof err), "copy", err);
    }
    if (!r->changed && po->only_changed) return 0;
    return report_write(po, r->path, hc_out_write(&p, path, r->output, r->output_len, mode, err, sizeof err), "output", err);
}

/* A report must never replace an input, nor go to a device: the output layer's verdict, asked before
 * the report is built, so that the refusal carries its own diagnostic. */
static int report_guard(const hc_port_opts *po, const char *path, hc_out_guard *guard) {
    char err[PATH_MAX + 256];
    hc_out_policy p = {0, NULL, guard};
    return report_write(po, path, hc_out_check(&p, path, err, sizeof err), "report", err);
}

static int write_reports(const hc_port_opts *po, const hc_run *run, hc_out_guard *guard) {
    struct { const char *path; int (*fn)(const hc_run *, const char *, char *, size_t); const char *what; } writers[] = {
        {po->diff, hc_report_diff, "diff"},
        {po->report, hc_report_html, "HTML report"},
        {po->stats_json, hc_report_json, "JSON statistics"},
        {po->sarif, hc_report_sarif, "SARIF"},
    };
    int rc = 0;
    for (size_t i = 0; i < COUNT_OF(writers); i++) {
        char err[PATH_MAX + 256];
        if (!writers[i].path) continue;
        if (report_guard(po, writers[i].path, guard) != 0) {
            rc = -1;
        } else if (writers[i].fn(run, writers[i].path, err, sizeof err) != 0) {
            hc_out_printf(stderr, "hipify-c: error: cannot write %s %s: %s\n", writers[i].what, writers[i].path, err);
            rc = -1;
        }
    }
    return rc;
}

static int usage_checks(const hc_port_opts *po) {
    if (po->inputs.n == 0) {
        fprintf(stderr, "hipify-c: no input files (see --help)\n");
        return -1;
    }
    int modes = (po->output != NULL) + (po->out_dir != NULL) + po->inplace;
    if (modes > 1) {
        fprintf(stderr, "hipify-c: -o, --out-dir and --inplace exclude each other\n");
        return -1;
    }
    if (!is_single_file_mode(po) && po->output) {
        fprintf(stderr, "hipify-c: -o takes one input file; use --out-dir DIR or --inplace for several files or a tree\n");
        return -1;
    }
    if (!is_single_file_mode(po) && !po->out_dir && !po->inplace && !po->examine) {
        fprintf(stderr, "hipify-c: several inputs or a directory need --out-dir DIR, --inplace or --examine\n");
        return -1;
    }
    for (size_t i = 0; po->out_dir && i < po->inputs.n; i++) {
        struct stat st; /* never write inside an input directory (--inplace is the way to do that) */
        const char *in = po->inputs.v[i];
        if (stat(in, &st) != 0 || !S_ISDIR(st.st_mode)) continue;
        bool out_in = hc_out_dir_within(po->out_dir, in), in_out = hc_out_dir_within(in, po->out_dir);
        if (!out_in && !in_out) continue;
        hc_cli_diag(po, "hipify-c", HC_D_OUTPUT_IN_INPUT, "--out-dir %s %s the input directory %s: writing there could overwrite "
                    "inputs (choose an output directory outside the inputs, or use --inplace)", po->out_dir,
                    out_in && in_out ? "is" : out_in ? "lies inside" : "contains", in);
        return -1;
    }
    if (po->depfile && (!po->output || !is_single_file_mode(po))) {
        fprintf(stderr, "hipify-c: --depfile needs -o FILE and one input file\n");
        return -1;
    }
    if ((po->no_backup && !po->inplace) || (po->only_changed && !po->out_dir)) {
        fprintf(stderr, "hipify-c: %s\n", po->no_backup && !po->inplace ? "--no-backup needs --inplace" : "--only-changed needs --out-dir");
        return -1;
    }
    return 0;
}

/* Translates every job on a pool of po->jobs threads (or one a core), within the memory budget. Returns
 * 0, or -1 when the pool could not be set up (no thread started then: the caller's thread ran none). */
static int translate_all(const hc_port_opts *po, const hc_context *ctx, const hc_job_list *jobs, hc_file_result *results) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int nthreads = po->jobs ? po->jobs : (int)(cores > 0 ? cores : 1);
    if ((size_t)nthreads > jobs->n) nthreads = jobs->n ? (int)jobs->n : 1;
    pthread_t *threads = calloc((size_t)nthreads, sizeof *threads);
    if (!threads) return -1;
    hc_membudget memory;
    hc_membudget_init(&memory, po->memory_limit ? po->memory_limit : hc_memory_available());
    run_state st = {.po = po, .ctx = ctx, .jobs = jobs, .results = results, .progress = isatty(2) && jobs->n > 1,
                    .memory = &memory};
    pthread_mutex_init(&st.progress_lock, NULL);
    int started = 1; /* this thread is the first worker; a thread that cannot start leaves its share to the others */
    while (started < nthreads && pthread_create(&threads[started], NULL, worker, &st) == 0) started++;
    worker(&st);
    for (int i = 1; i < started; i++) pthread_join(threads[i], NULL);
    free(threads);
    if (st.progress) fprintf(stderr, "\r\033[K");
    pthread_mutex_destroy(&st.progress_lock);
    hc_membudget_destroy(&memory);
    return 0;
}

int hc_port(hc_port_opts *po) {
    /* Everything the run owns, released once at the end whatever way it ends. */
    hc_rule_set *rules = NULL;
    hc_job_list jobs = {0};
    hc_context *ctx = NULL;
    hc_out_guard guard = {0}; /* every input: no output, report or backup may replace one */
    hc_file_result *results = NULL;
    hc_stats total = {0};
    port_facts facts = {0};
    int exit_code = HC_EXIT_OK;
    char err[1024];
    if (hc_port_hip_target(po) != 0) return HC_EXIT_USAGE;
    if (hc_port_path_collisions(po) != 0) return HC_EXIT_USAGE; /* nothing written yet: refused as a whole */
    if (usage_checks(po) != 0) {
        exit_code = HC_EXIT_USAGE;
        goto done;
    }
    int cli_worst = -1; /* the front end's own diagnostics (hc_cli_diag), for --fail-on */
    po->diag_worst = &cli_worst;
    if (po->rule_files.n) {
        rules = hc_rule_set_load((const char *const *)po->rule_files.v, po->rule_files.n, err, sizeof err);
        if (!rules) {
            hc_out_printf(stderr, "%s\n", err); /* names a rules file: escaped */
            exit_code = HC_EXIT_USAGE;
            goto done;
        }
        po->opt.rules = rules;
    }
    po->opt.clang_args = (const char *const *)po->clang_args.v;
    po->opt.nclang_args = po->clang_args.n;
    po->opt.offload_archs = (const char *const *)po->offload_archs.v;
    po->opt.noffload_archs = po->offload_archs.n;

    double t0 = now_seconds();
    if (hc_discover(po, &jobs) != 0 || collect_input_paths(&facts, &jobs) != 0) goto nomem;
    if (!(ctx = hc_context_new(&po->opt, err, sizeof err))) {
        hc_out_printf(stderr, "hipify-c: error: %s\n", err); /* may name a user's directory: escaped */
        exit_code = HC_EXIT_USAGE;
        goto done;
    }
    facts.run.hip_include_dir = po->hip_include[0] ? po->hip_include : NULL;
    facts.run.hip_include_dirs = (const char *const *)po->hip_include_dirs;
    facts.run.nhip_include_dirs = po->nhip_include_dirs;
    hc_context_set_run(ctx, &facts.run);
    for (size_t i = 0; i < jobs.n; i++)
        if (hc_out_guard_add(&guard, jobs.v[i].path) != 0) goto nomem;
    if (hc_cli_collisions(po, &jobs) != 0) { /* nothing written yet: refused as a whole */
        exit_code = HC_EXIT_USAGE;
        goto done;
    }
    if (!(results = calloc(jobs.n ? jobs.n : 1, sizeof *results)) || translate_all(po, ctx, &jobs, results) != 0 ||
        translate_again(&facts, ctx, &jobs, results) != 0)
        goto nomem;

    bool single = is_single_file_mode(po);
    int worst = -1, failed = jobs.errors, write_failed = 0;
    for (size_t i = 0; i < jobs.n; i++) {
        hc_file_result *r = &results[i];
        if (!r->path || !r->rel_path) goto nomem; /* a result that could not even name its file */
        print_diags(po, r, &worst);
        if (r->status == HC_ERR_NOMEM) /* the library says so only through the status: the file is named here */
            hc_out_printf(stderr, "%s: error: out of memory while translating it; the file is left as it is\n", r->path);
        if (r->status != HC_OK) failed++;
        if (write_result(po, r, single, po->inputs.v[jobs.v[i].root], &guard) != 0) write_failed++;
        if (r->kind != HC_FILE_OTHER) hc_stats_add(&total, &r->stats);
    }
    if (!single && !po->examine) settle_autotools_times(po, results, jobs.n);
    if (hc_carry_shim(po, results, &jobs, single) != 0) write_failed++; /* shim headers beside the port */
    if (hc_carry_build_modules(po, hc_context_options(ctx), facts.run.links_shim, results, &jobs, single) != 0)
        write_failed++; /* the CMake and Makefile HIP modules beside the build files that include them */
    if (hc_cli_write_manifest(po, &jobs, results, &guard) != 0) write_failed++; /* what --resync reads */
    if (single && jobs.n == 1 && results[0].status == HC_OK && hc_cli_write_depfile(po, &results[0], &guard) != 0)
        write_failed++;
    total.seconds = now_seconds() - t0;
    if (po->verbose) hc_cli_verbose(stderr, ctx, results, jobs.n);
    FILE *stats_out = single && (!po->output || !strcmp(po->output, "-")) ? stderr : stdout;
    if (po->print_stats) {
        for (size_t i = 0; i < jobs.n && jobs.n > 1; i++)
            if (results[i].kind != HC_FILE_OTHER) {
                char name[PATH_MAX + 16];
                char esc[PATH_MAX * 2];
                snprintf(name, sizeof name, "file '%s'", hc_out_escape(results[i].path, esc, sizeof esc));
                hc_print_stats(stats_out, name, &results[i].stats);
            }
        hc_print_stats(stats_out, jobs.n > 1 ? "TOTAL" : "file", &total);
    }
    if (po->print_stats_csv) {
        char csv[PATH_MAX];
        if (po->o_stats) snprintf(csv, sizeof csv, "%s", po->o_stats);
        else snprintf(csv, sizeof csv, "%s/hipify-stats.csv", po->out_dir ? po->out_dir : ".");
        if (report_guard(po, csv, &guard) != 0) {
            write_failed++;
        } else if (hc_write_stats_csv(csv, results, jobs.n, &total, err, sizeof err) != 0) {
            hc_out_printf(stderr, "hipify-c: error: %s\n", err);
            write_failed++;
        }
    }
    hc_run run = {single ? "" : (po->inputs.n == 1 ? po->inputs.v[0] : ""), results, jobs.n, total, hc_context_options(ctx),
                  po->examine, total.seconds};
    if (write_reports(po, &run, &guard) != 0) write_failed++;
    if (hc_cli_flush_stdout() != 0) write_failed++; /* --print-stats and friends: a lost line is a failed run */

    if (cli_worst > worst) worst = cli_worst;
    if (write_failed) exit_code = HC_EXIT_OUTPUT;
    else if (failed || worst >= HC_SEV_ERROR) exit_code = HC_EXIT_ERRORS;
    else if (po->fail_on >= 0 && worst >= po->fail_on) exit_code = HC_EXIT_FAIL_ON;
    goto done;
nomem:
    fprintf(stderr, "hipify-c: error: out of memory\n");
    exit_code = HC_EXIT_ERRORS;
done:
    for (size_t i = 0; results && i < jobs.n; i++) hc_file_result_free(&results[i]);
    free(results);
    hc_stats_free(&total);
    hc_job_list_free(&jobs);
    hc_out_guard_free(&guard);
    hc_context_free(ctx);
    hc_rule_set_free(rules);
    free(facts.input_paths);
    free(facts.hipcc_compiled);
    free(facts.cmake_module_roots);
    po->opt.rules = NULL; /* the struct outlives what the run owned */
    po->diag_worst = NULL;
    return exit_code;
}

void hc_port_opts_init(hc_port_opts *po) {
    memset(po, 0, sizeof *po);
    po->fail_on = -1;
    po->opt.build_scripts = true;
}

void hc_port_opts_free(hc_port_opts *po) {
    hc_strv_clear(&po->inputs);
    hc_strv_clear(&po->clang_args);
    hc_strv_clear(&po->rule_files);
    hc_strv_clear(&po->hip_paths);
    for (size_t i = 1; i < po->nhip_include_dirs; i++) free(po->hip_include_dirs[i]); /* [0] is hip_include */
    free(po->hip_include_dirs);
    hc_strv_clear(&po->offload_archs);
    hc_strv_clear(&po->exclude_dirs);
    hc_strv_clear(&po->exclude_files);
    memset(po, 0, sizeof *po);
}
