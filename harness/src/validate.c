/* validate.c: `hipify-harness validate build|run`: for each program of a spec, translates the CUDA tree (unless a
 * port is given), builds both sides with the spec's command templates, stages the binaries and declared inputs
 * (WORK/NAME/stage, WORK/validate.json), optionally into a bundle, and runs the staged programs (vcheck.c).
 * It compares nothing itself. */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "process.h"
#include "vcheck.h"
#include "vspec.h"

/* Defaults baked in at build time (harness/CMakeLists.txt), so that one command works on this machine. */
#ifndef HARNESS_DEFAULT_NVCC
#define HARNESS_DEFAULT_NVCC "nvcc"
#endif
#ifndef HARNESS_DEFAULT_COMPAT_INCLUDE
#define HARNESS_DEFAULT_COMPAT_INCLUDE ""
#endif
#ifndef HARNESS_DEFAULT_HIP_INCLUDE
#define HARNESS_DEFAULT_HIP_INCLUDE "/usr/include"
#endif

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The values of the build-command placeholders; paths are shell-quoted, flag lists are not (they are several
 * words on purpose, each path inside them quoted). */
typedef struct placeholders {
    char *names[8];
    char *values[8];
    int count;
} placeholders;

static void placeholder_set(placeholders *ph, const char *name, char *value)
{
    ph->names[ph->count] = strdup(name);
    ph->values[ph->count] = value ? value : strdup("");
    ph->count++;
}

static void placeholders_free(placeholders *ph)
{
    for (int i = 0; i < ph->count; i++) {
        free(ph->names[i]);
        free(ph->values[i]);
    }
    ph->count = 0;
}

/* The translator: --hipify, else the hipify-c installed next to this harness, else PATH. */
static char *default_hipify(const harness_options *o)
{
    if (o->hipify)
        return find_program(o->hipify);
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = '\0';
        char *slash = strrchr(self, '/');
        if (slash) {
            *slash = '\0';
            char *sibling = xasprintf("%s/hipify-c", self);
            if (sibling && is_executable(sibling))
                return sibling;
            free(sibling);
        }
    }
    return find_program("hipify-c");
}

static void fill_placeholders(const harness_options *o, const vprogram *p, const char *port, const char *work,
                              placeholders *ph)
{
    const char *nvcc = o->nvcc ? o->nvcc : HARNESS_DEFAULT_NVCC;
    char *cuda_flags = o->cuda_flags ? strdup(o->cuda_flags)
                                     : xasprintf("-O2 -arch=%s", o->nvidia_arch ? o->nvidia_arch : "sm_90");
    const char *compat = o->compat_include ? o->compat_include : HARNESS_DEFAULT_COMPAT_INCLUDE;
    const char *hip_include = o->hip_include ? o->hip_include : HARNESS_DEFAULT_HIP_INCLUDE;
    char *q_compat = shell_quote(compat), *q_hip = shell_quote(hip_include);
    /* A system folder given with -I would move it before nvcc's own system headers: only others are named. */
    int name_hip = *hip_include && strcmp(hip_include, "/usr/include") != 0;
    placeholder_set(ph, "nvcc", shell_quote(nvcc));
    placeholder_set(ph, "hip_nvidia_flags", xasprintf("-x cu -D__HIP_PLATFORM_NVIDIA__%s%s%s%s %s", *compat ? " -I" : "",
                                                      *compat ? q_compat : "", name_hip ? " -I" : "",
                                                      name_hip ? q_hip : "", cuda_flags));
    placeholder_set(ph, "cuda_flags", cuda_flags);
    placeholder_set(ph, "hipcc", shell_quote(o->hipcc ? o->hipcc : "hipcc"));
    placeholder_set(ph, "tree", shell_quote(p->tree));
    placeholder_set(ph, "port", shell_quote(port));
    placeholder_set(ph, "work", shell_quote(work));
    free(q_compat);
    free(q_hip);
}

/* Replaces every known {name}; anything else in braces (shell ${VAR}, awk '{print}') is left as written. */
static char *expand_template(const char *template, const placeholders *ph)
{
    size_t capacity = strlen(template) + 1, used = 0;
    for (int i = 0; i < ph->count; i++)
        capacity += strlen(ph->values[i]) * 8;
    char *out = malloc(capacity + 1);
    if (!out)
        return NULL;
    for (const char *t = template; *t;) {
        int replaced = 0;
        if (*t == '{' && (t == template || t[-1] != '$')) {
            for (int i = 0; i < ph->count && !replaced; i++) {
                size_t n = strlen(ph->names[i]);
                if (!strncmp(t + 1, ph->names[i], n) && t[1 + n] == '}') {
                    size_t v = strlen(ph->values[i]);
                    if (used + v >= capacity) {
                        capacity = (used + v) * 2 + 1;
                        char *grown = realloc(out, capacity + 1);
                        if (!grown) {
                            free(out);
                            return NULL;
                        }
                        out = grown;
                    }
                    memcpy(out + used, ph->values[i], v);
                    used += v;
                    t += n + 2;
                    replaced = 1;
                }
            }
        }
        if (!replaced) {
            if (used + 1 >= capacity) {
                capacity = capacity * 2 + 1;
                char *grown = realloc(out, capacity + 1);
                if (!grown) {
                    free(out);
                    return NULL;
                }
                out = grown;
            }
            out[used++] = *t++;
        }
    }
    out[used] = '\0';
    return out;
}

/* Runs a shell command in cwd with its output in log (the command heads the log). */
static int run_logged(const char *command, const char *cwd, const char *log, double timeout, char *why,
                      size_t why_size)
{
    char *header = xasprintf("$ cd %s && %s\n", cwd, command);
    write_text_file(log, header ? header : "");
    free(header);
    char *argv[] = {"/bin/sh", "-c", (char *)command, NULL};
    process_spec spec = {.argv = argv, .cwd = cwd, .stdout_path = log, .stderr_path = log, .append = 1,
                         .timeout_seconds = timeout};
    process_result result;
    char text[64];
    if (run_process_spec(&spec, &result) != 0 || !process_ok(&result)) {
        snprintf(why, why_size, "%s", process_describe(&result, text, sizeof text));
        return -1;
    }
    return 0;
}

static char *copy_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* The run and compare fields travel unchanged into the staged program: they are relative to the tree, which
 * is where "root" puts the tree in the staged layout. */
static void copy_run_fields(vprogram *to, const vprogram *from)
{
    to->name = strdup(from->name);
    for (int s = 0; s < 2; s++)
        to->exe[s] = strdup(from->exe[s]);
    for (size_t i = 0; i < from->args.count; i++)
        strvec_push(&to->args, from->args.items[i]);
    for (size_t i = 0; i < from->env.count; i++)
        strvec_push(&to->env, from->env.items[i]);
    for (size_t i = 0; i < from->ignore.count; i++)
        strvec_push(&to->ignore, from->ignore.items[i]);
    to->cwd = strdup(from->cwd);
    to->stdin_path = copy_or_null(from->stdin_path);
    to->timeout = from->timeout;
    to->compare_exit = from->compare_exit;
    to->compare_stdout = from->compare_stdout;
    to->compare_stderr = from->compare_stderr;
    to->tol = from->tol;
    to->platform_difference = copy_or_null(from->platform_difference);
    to->outputs = calloc(from->output_count + 1, sizeof *to->outputs);
    for (size_t i = 0; to->outputs && i < from->output_count; i++) {
        to->outputs[i] = (output_spec){strdup(from->outputs[i].path), from->outputs[i].format,
                                       copy_or_null(from->outputs[i].dtype)};
        to->output_count++;
    }
    to->staged = 1;
}

/* How many folders above the tree the program reaches (inputs "../../data/x", a cwd or output above it):
 * the staged layout keeps that many of the tree's parent folders so that every relative path still works. */
static int levels_above_tree(const vprogram *p)
{
    strvec paths = {0};
    int most = 0;
    for (size_t i = 0; i < p->files.count; i++)
        strvec_push(&paths, p->files.items[i]);
    strvec_push(&paths, p->cwd);
    strvec_push(&paths, p->exe[0]);
    strvec_push(&paths, p->exe[1]);
    if (p->stdin_path)
        strvec_push(&paths, p->stdin_path);
    for (size_t i = 0; i < p->output_count; i++)
        strvec_pushf(&paths, "%s/%s", p->cwd, p->outputs[i].path);
    for (size_t i = 0; i < paths.count; i++) {
        int ups = 0;
        free(vspec_normalize(paths.items[i], &ups));
        most = ups > most ? ups : most;
    }
    strvec_free(&paths);
    return most;
}

/* The last `levels` components of the tree's path ("." for none), or NULL when the tree is not that deep. */
static char *tree_tail(const char *tree, int levels)
{
    if (levels == 0)
        return strdup(".");
    char *real = realpath(tree, NULL);
    if (!real)
        return NULL;
    const char *p = real + strlen(real);
    for (int i = 0; i < levels; i++) {
        while (p > real && p[-1] != '/')
            p--;
        if (p == real) {
            free(real);
            return NULL;
        }
        if (i + 1 < levels)
            p--;
    }
    char *tail = strdup(p);
    free(real);
    return tail;
}

/* Copies relative (to from_dir) into stage_side at root/relative. */
static int stage_copy(const char *from_dir, const char *relative, const char *stage_side, const char *root,
                      char *why, size_t why_size)
{
    int ups;
    char *source = xasprintf("%s/%s", from_dir, relative), *joined = xasprintf("%s/%s", root, relative);
    char *normal = joined ? vspec_normalize(joined, &ups) : NULL, *target = NULL;
    int status = -1;
    if (!source || !normal || ups) {
        snprintf(why, why_size, "cannot place %s in the staged layout", relative);
    } else if (!file_exists(source)) {
        snprintf(why, why_size, "%s does not exist", source);
    } else {
        target = xasprintf("%s/%s", stage_side, normal);
        char *parent = target ? strdup(target) : NULL, *slash = parent ? strrchr(parent, '/') : NULL;
        if (slash)
            *slash = '\0';
        if (!parent || make_dirs(parent) != 0 || copy_tree(source, target) != 0)
            snprintf(why, why_size, "cannot copy %s into %s", source, stage_side);
        else
            status = 0;
        free(parent);
    }
    free(source);
    free(joined);
    free(normal);
    free(target);
    return status;
}

static case_result *add_row(result_set *results, const char *program, const char *step, result_status status,
                            const char *message, const char *log, double started)
{
    case_result *row = result_add(results, program, step, status, message, log);
    if (row)
        row->seconds = seconds_now() - started;
    return row;
}

/* Written into WORK/NAME: only a folder that holds it is the harness's to clear before translating again. */
#define WORK_MARKER ".hipify-harness-validate"

static int same_content(const char *a, const char *b)
{
    size_t la = 0, lb = 0;
    char *ta = read_text_file(a, &la), *tb = ta ? read_text_file(b, &lb) : NULL;
    int same = ta && tb && la == lb && memcmp(ta, tb, la) == 0;
    free(ta);
    free(tb);
    return same;
}

/* hipify-c -O copies every file of the tree with a new time stamp, build products included. A CUDA object
 * file left in the tree by an earlier build would then look newer than the translated source it came from,
 * and make would link it into the HIP binary: a CUDA build passing for the port. So a copied, unchanged file
 * gets the tree's time stamps back (translated files stay newer than anything built from the originals), and
 * a copied CMakeCache.txt, which points at the CUDA tree, is removed. Each change is noted in the log. */
static void settle_port(const char *tree, const char *port, FILE *log)
{
    DIR *dir = opendir(port);
    struct dirent *entry;
    while (dir && (entry = readdir(dir))) {
        if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, ".."))
            continue;
        char *in_port = xasprintf("%s/%s", port, entry->d_name), *in_tree = xasprintf("%s/%s", tree, entry->d_name);
        struct stat port_stat, tree_stat;
        if (in_port && in_tree && lstat(in_port, &port_stat) == 0 && stat(in_tree, &tree_stat) == 0) {
            if (S_ISDIR(port_stat.st_mode) && S_ISDIR(tree_stat.st_mode)) {
                settle_port(in_tree, in_port, log);
            } else if (S_ISREG(port_stat.st_mode) && !strcmp(entry->d_name, "CMakeCache.txt")) {
                if (unlink(in_port) == 0 && log)
                    fprintf(log, "hipify-harness: removed the copied %s: it configures the CUDA tree\n", in_port);
            } else if (S_ISREG(port_stat.st_mode) && S_ISREG(tree_stat.st_mode) && same_content(in_port, in_tree)) {
                struct timespec times[2] = {tree_stat.st_atim, tree_stat.st_mtim};
                utimensat(AT_FDCWD, in_port, times, 0);
            }
        }
        free(in_port);
        free(in_tree);
    }
    if (dir)
        closedir(dir);
}

/* Translates (unless a port is given), builds both sides and stages what a run needs; fills staged. */
static void build_program(const harness_options *o, const vprogram *p, const char *work_root, vprogram *staged,
                          result_set *results)
{
    char why[700] = "";
    char *work = xasprintf("%s/%s", work_root, p->name);
    char *port = p->port ? strdup(p->port) : xasprintf("%s/hip", work);
    copy_run_fields(staged, p);
    make_dirs(work);
    double started = seconds_now();
    if (!file_exists(p->tree)) {
        snprintf(why, sizeof why, "the tree %s does not exist", p->tree);
        add_row(results, p->name, "translate", RESULT_ERROR, why, NULL, started);
        for (int s = 0; s < 2; s++)
            staged->skipped[s] = strdup(why);
    } else if (!p->port) {
        char *log = xasprintf("%s/translate.log", work), *hipify = default_hipify(o);
        if (!hipify) {
            snprintf(why, sizeof why, "translator %s not found (--hipify)", o->hipify ? o->hipify : "hipify-c");
        } else {
            strvec argv = {0};
            strvec_push(&argv, hipify);
            for (size_t i = 0; i < o->hipify_args.count; i++)
                strvec_push(&argv, o->hipify_args.items[i]);
            strvec_push(&argv, "-O");
            strvec_push(&argv, port);
            strvec_push(&argv, p->tree);
            process_result result;
            char text[64];
            unlink(log);
            /* A fresh port each time, so that no file of an earlier translation or build survives. */
            char *marker = xasprintf("%s/" WORK_MARKER, work);
            if (marker && file_exists(marker))
                remove_tree(port);
            if (marker)
                write_text_file(marker, "hipify-harness validate work folder: hip/ is cleared before translating\n");
            free(marker);
            if (run_process(argv.items, NULL, log, o->timeout_seconds, &result) != 0 || !process_ok(&result)) {
                snprintf(why, sizeof why, "hipify-c: %s", process_describe(&result, text, sizeof text));
            } else {
                FILE *notes = fopen(log, "a");
                settle_port(p->tree, port, notes);
                if (notes)
                    fclose(notes);
            }
            strvec_free(&argv);
        }
        add_row(results, p->name, "translate", *why ? RESULT_FAIL : RESULT_PASS, *why ? why : NULL, log, started);
        if (*why) {
            staged->skipped[SIDE_HIP] = xasprintf("the translation failed (%s)", why);
            staged->build_log[SIDE_HIP] = strdup(log);
        }
        free(log);
        free(hipify);
    }
    placeholders ph = {0};
    fill_placeholders(o, p, port, work, &ph);
    const char *dirs[2] = {p->tree, port};
    for (int s = 0; s < 2; s++) {
        if (staged->skipped[s])
            continue;
        char step[32], *log = xasprintf("%s/build-%s.log", work, vside_names[s]);
        char *command = expand_template(p->build[s], &ph), *exe = xasprintf("%s/%s", dirs[s], p->exe[s]);
        snprintf(step, sizeof step, "build-%s", vside_names[s]);
        started = seconds_now();
        *why = '\0';
        /* In the harness's own port a stale binary must never pass for a fresh one; the user's tree (and a
         * port they give) belongs to their build system, which decides what is up to date. */
        if (exe && s == SIDE_HIP && !p->port)
            unlink(exe);
        if (!command || !exe || !log) {
            snprintf(why, sizeof why, "out of memory");
        } else if (run_logged(command, dirs[s], log, o->timeout_seconds, why, sizeof why) == 0 && !is_executable(exe)) {
            snprintf(why, sizeof why, "the build made no executable %s", exe);
        }
        add_row(results, p->name, step, *why ? RESULT_FAIL : RESULT_PASS, *why ? why : NULL, log, started);
        if (*why) {
            staged->skipped[s] = xasprintf("the %s build failed (%s)", vside_names[s], why);
            staged->build_log[s] = copy_or_null(log);
        }
        free(log);
        free(command);
        free(exe);
    }
    placeholders_free(&ph);
    /* Stage: WORK/NAME/stage/{inputs,cuda,hip}, the tree at "root" inside each. */
    started = seconds_now();
    *why = '\0';
    int levels = levels_above_tree(p);
    staged->stage = xasprintf("%s/stage", work);
    staged->root = file_exists(p->tree) ? tree_tail(p->tree, levels) : strdup(".");
    if (!staged->root) {
        snprintf(why, sizeof why, "paths reach %d folders above the tree %s, which is not that deep", levels, p->tree);
    } else if (remove_tree(staged->stage) != 0) {
        snprintf(why, sizeof why, "cannot clear %s", staged->stage);
    } else {
        char *inputs = xasprintf("%s/inputs", staged->stage);
        make_dirs(inputs);
        for (size_t i = 0; !*why && i < p->files.count; i++)
            stage_copy(p->tree, p->files.items[i], inputs, staged->root, why, sizeof why);
        if (!*why && p->stdin_path)
            stage_copy(p->tree, p->stdin_path, inputs, staged->root, why, sizeof why);
        for (int s = 0; s < 2 && !*why; s++) {
            char *side = xasprintf("%s/%s", staged->stage, vside_names[s]);
            make_dirs(side);
            if (!staged->skipped[s])
                stage_copy(dirs[s], p->exe[s], side, staged->root, why, sizeof why);
            free(side);
        }
        free(inputs);
    }
    if (!staged->root)
        staged->root = strdup(".");
    if (*why) {
        add_row(results, p->name, "stage", RESULT_ERROR, why, NULL, started);
        for (int s = 0; s < 2; s++)
            if (!staged->skipped[s])
                staged->skipped[s] = xasprintf("staging failed: %s", why);
    } else {
        char message[200];
        snprintf(message, sizeof message, "%zu input(s), %.2f MiB staged", p->files.count + (p->stdin_path != NULL),
                 (double)tree_size(staged->stage) / (1024.0 * 1024.0));
        add_row(results, p->name, "stage", RESULT_PASS, message, NULL, started);
    }
    free(work);
    free(port);
}

/* The staged folder travels as WORK/NAME/stage.tar.gz: nvcc binaries carry the static CUDA runtime and shrink
 * about fivefold, which is what lets dozens of programs fit one bundle. tar and gzip are on every Linux GPU
 * machine; the run side unpacks (unpack_stage). Returns the archive's path, or NULL with why filled. */
static char *pack_stage(const vprogram *p, char *why, size_t why_size)
{
    char *parent = strdup(p->stage), *slash = parent ? strrchr(parent, '/') : NULL;
    if (!slash) {
        free(parent);
        snprintf(why, why_size, "bad stage path %s", p->stage);
        return NULL;
    }
    *slash = '\0';
    char *archive = xasprintf("%s/stage.tar.gz", parent), *log = xasprintf("%s/pack.log", parent);
    char *argv[] = {"tar", "-czf", archive, "-C", parent, "stage", NULL};
    process_result result;
    char text[64];
    if (archive && log) {
        unlink(log);
        unlink(archive);
    }
    if (!archive || !log || run_process(argv, NULL, log, 600, &result) != 0 || !process_ok(&result)) {
        snprintf(why, why_size, "tar could not pack %s (%s; see %s)", p->stage,
                 archive && log ? process_describe(&result, text, sizeof text) : "out of memory", log ? log : "");
        free(archive);
        archive = NULL;
    }
    free(parent);
    free(log);
    return archive;
}

/* Unpacks STAGE.tar.gz next to it when a bundle brought the stage packed. Returns 0 when the stage is there. */
static int unpack_stage(const vprogram *p, char *why, size_t why_size)
{
    if (file_exists(p->stage))
        return 0;
    char *archive = xasprintf("%s.tar.gz", p->stage), *parent = strdup(p->stage);
    char *slash = parent ? strrchr(parent, '/') : NULL;
    int status = -1;
    if (slash && archive && file_exists(archive)) {
        *slash = '\0';
        char *argv[] = {"tar", "-xzf", archive, "-C", parent, NULL};
        process_result result;
        char text[64];
        if (run_process(argv, NULL, NULL, 600, &result) == 0 && process_ok(&result) && file_exists(p->stage))
            status = 0;
        else
            snprintf(why, why_size, "cannot unpack %s (%s)", archive, process_describe(&result, text, sizeof text));
    } else {
        snprintf(why, why_size, "the staged folder %s is missing (run validate build)", p->stage);
    }
    free(archive);
    free(parent);
    return status;
}

/* Packs each staged program, then copies the archives, their spec and the harness into the bundle, or refuses
 * (writing nothing) when the whole would exceed the limit. */
static void make_validate_bundle(const harness_options *o, vprogram *staged, size_t count, result_set *results)
{
    double started = seconds_now();
    unsigned long long total = bundle_harness_size(), largest = 0;
    const char *largest_name = "";
    char message[700], why[600] = "";
    char *real_work = realpath(o->work_dir, NULL), *real_bundle = realpath(o->bundle_dir, NULL);
    int same = real_work && real_bundle && !strcmp(real_work, real_bundle);
    free(real_work);
    free(real_bundle);
    if (same) {
        add_row(results, "(bundle)", "bundle", RESULT_ERROR, "--bundle must differ from --work", NULL, started);
        return;
    }
    char **archives = calloc(count + 1, sizeof *archives);
    for (size_t i = 0; archives && i < count && !*why; i++) {
        archives[i] = pack_stage(&staged[i], why, sizeof why);
        unsigned long long size = archives[i] ? tree_size(archives[i]) : 0;
        total += size;
        if (size > largest)
            largest = size, largest_name = staged[i].name;
    }
    if (!archives || *why) {
        add_row(results, "(bundle)", "bundle", RESULT_ERROR, *why ? why : "out of memory", NULL, started);
    } else if (total > BUNDLE_LIMIT_BYTES) {
        snprintf(message, sizeof message, "refused: the bundle would hold %.1f MiB, over the %llu MiB limit (largest "
                 "program: %s, %.1f MiB packed); bundle fewer programs at a time (--program), declare smaller inputs, "
                 "or run `validate run` on the GPU machine",
                 (double)total / (1024.0 * 1024.0), BUNDLE_LIMIT_BYTES >> 20, largest_name,
                 (double)largest / (1024.0 * 1024.0));
        fprintf(stderr, "hipify-harness validate: %s\n", message);
        add_row(results, "(bundle)", "bundle", RESULT_FAIL, message, NULL, started);
    } else {
        int failed = make_dirs(o->bundle_dir) != 0;
        char *bundle = failed ? NULL : realpath(o->bundle_dir, NULL);
        vprogram **moved = calloc(count + 1, sizeof *moved);
        char **saved = calloc(count + 1, sizeof *saved);
        total = 0;
        for (size_t i = 0; !failed && bundle && moved && saved && i < count; i++) {
            char *dir = xasprintf("%s/%s", bundle, staged[i].name), *to = xasprintf("%s/stage.tar.gz", dir);
            char *unpacked = xasprintf("%s/stage", dir);
            /* An unpacked stage from an earlier run of the bundle would shadow the new archive. */
            if (!to || !unpacked || make_dirs(dir) != 0 || remove_tree(unpacked) != 0 ||
                copy_file(archives[i], to, false) != 0)
                failed = 1;
            total += to ? tree_size(to) : 0;
            saved[i] = staged[i].stage;
            staged[i].stage = unpacked;
            moved[i] = &staged[i];
            free(dir);
            free(to);
        }
        char *spec = bundle ? xasprintf("%s/validate.json", bundle) : NULL;
        if (failed || !bundle || !moved || !saved || !spec || vspec_write_staged(spec, moved, count) != 0 ||
            bundle_install_harness(o->bundle_dir, o->xfail_path, &total) != 0)
            failed = 1;
        for (size_t i = 0; saved && i < count; i++)
            if (saved[i]) {
                free(staged[i].stage);
                staged[i].stage = saved[i];
            }
        snprintf(message, sizeof message, "bundle %s: %.1f MiB of %llu MiB allowed; on the GPU machine: %s/run.sh "
                 "validate --json r.json", o->bundle_dir, (double)total / (1024.0 * 1024.0), BUNDLE_LIMIT_BYTES >> 20,
                 o->bundle_dir);
        add_row(results, "(bundle)", "bundle", failed ? RESULT_ERROR : RESULT_PASS,
                failed ? "cannot write the bundle" : message, NULL, started);
        free(spec);
        free(moved);
        free(saved);
        free(bundle);
    }
    for (size_t i = 0; archives && i < count; i++)
        free(archives[i]);
    free(archives);
}

/* Where the results were taken, for tables made from the JSON report: date, GPU and driver (nvidia-smi). */
static void describe_environment(result_set *results)
{
    char date[64];
    time_t now = time(NULL);
    struct tm utc;
    if (gmtime_r(&now, &utc) && strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &utc))
        result_set_meta(results, "date", date);
    char *smi = find_program("nvidia-smi");
    char log[] = "/tmp/hipify-harness-gpu-XXXXXX";
    int fd = smi ? mkstemp(log) : -1;
    if (fd >= 0) {
        close(fd);
        char *argv[] = {smi, "--query-gpu=name,driver_version", "--format=csv,noheader", NULL};
        process_spec spec = {.argv = argv, .stdout_path = log, .stderr_path = "/dev/null", .timeout_seconds = 30};
        process_result result;
        char *text = run_process_spec(&spec, &result) == 0 && process_ok(&result) ? read_text_file(log, NULL) : NULL;
        if (text && *text) {
            text[strcspn(text, "\n")] = '\0'; /* the first GPU: the one a run uses unless pinned */
            result_set_meta(results, "gpu", text);
        }
        free(text);
        unlink(log);
    }
    free(smi);
}

static int selected(const harness_options *o, const char *name)
{
    return o->programs.count == 0 || strvec_contains(&o->programs, name);
}

/* The exit status: 1 on any failure, 77 when no program could be run (no GPU, nothing built), else 0. */
static int exit_status(const result_set *results, int reports)
{
    if (!result_set_ok(results) || reports != 0)
        return 1;
    int ran = 0, skipped = 0;
    for (size_t i = 0; i < results->count; i++)
        if (!strcmp(results->items[i].step, "validate")) {
            ran++;
            skipped += results->items[i].status == RESULT_SKIP;
        }
    return ran && skipped == ran ? HARNESS_EXIT_SKIPPED : 0;
}

int harness_validate(const harness_options *o)
{
    const char *mode = o->positional.count ? o->positional.items[0] : "run";
    char error[1200] = "";
    if (o->positional.count > 1 || (strcmp(mode, "build") != 0 && strcmp(mode, "run") != 0)) {
        fprintf(stderr, "hipify-harness validate: expected 'build' or 'run' (or nothing, in a bundle)\n");
        return 2;
    }
    if (!o->work_dir || (!strcmp(mode, "build") && !o->spec_path)) {
        fprintf(stderr, "hipify-harness validate: build needs --spec FILE and --work DIR; run needs --work DIR (a "
                        "folder made by validate build, or a bundle) and --spec to build first\n");
        return 2;
    }
    result_set results = {0};
    if (o->spec_path) {
        vspec spec;
        if (vspec_load(o->spec_path, &spec, error, sizeof error) != 0) {
            fprintf(stderr, "hipify-harness validate: %s\n", error);
            return 2;
        }
        for (size_t i = 0; i < o->programs.count; i++)
            if (!vspec_find(&spec, o->programs.items[i])) {
                fprintf(stderr, "hipify-harness validate: no program '%s' in %s\n", o->programs.items[i],
                        o->spec_path);
                vspec_free(&spec);
                return 2;
            }
        char *work = NULL;
        if (make_dirs(o->work_dir) != 0 || !(work = realpath(o->work_dir, NULL))) {
            fprintf(stderr, "hipify-harness validate: cannot create %s\n", o->work_dir);
            vspec_free(&spec);
            return 2;
        }
        vprogram *staged = calloc(spec.count + 1, sizeof *staged);
        vprogram **list = calloc(spec.count + 1, sizeof *list);
        size_t count = 0;
        for (size_t i = 0; staged && list && i < spec.count; i++)
            if (selected(o, spec.programs[i].name)) {
                build_program(o, &spec.programs[i], work, &staged[count], &results);
                list[count] = &staged[count];
                count++;
            }
        char *path = xasprintf("%s/validate.json", work);
        if (!path || !list || vspec_write_staged(path, list, count) != 0)
            result_add(&results, "(spec)", "stage", RESULT_ERROR, "cannot write WORK/validate.json", NULL);
        if (o->bundle_dir && staged)
            make_validate_bundle(o, staged, count, &results);
        vspec holder = {NULL, NULL, staged, count};
        vspec_free(&holder); /* frees the staged programs */
        free(list);
        free(path);
        free(work);
        vspec_free(&spec);
        if (!strcmp(mode, "build")) {
            int reports = finish_reports(o, "validate build", &results);
            int status = result_set_ok(&results) && reports == 0 ? 0 : 1;
            result_set_free(&results);
            return status;
        }
    }
    /* Run what is staged in the work folder (or bundle); absolute, since each side runs in its own folder. */
    char *run_base = realpath(o->work_dir, NULL);
    char *path = run_base ? xasprintf("%s/validate.json", run_base) : NULL;
    vspec staged;
    if (!path || vspec_load(path, &staged, error, sizeof error) != 0) {
        fprintf(stderr, "hipify-harness validate: %s (run validate build first)\n",
                *error ? error : o->work_dir);
        free(path);
        free(run_base);
        result_set_free(&results);
        return 2;
    }
    free(path);
    char reason[256] = "";
    int have_gpu = o->without_gpu || gpu_available(reason, sizeof reason);
    describe_environment(&results);
    for (size_t i = 0; i < staged.count; i++) {
        const vprogram *p = &staged.programs[i];
        if (!selected(o, p->name))
            continue;
        if (!p->staged) {
            result_add(&results, p->name, "validate", RESULT_ERROR, "not a staged program (run validate build)", NULL);
        } else if (!have_gpu) {
            result_add(&results, p->name, "validate", RESULT_SKIP, reason, NULL);
        } else if (!p->skipped[SIDE_CUDA] && !p->skipped[SIDE_HIP] && unpack_stage(p, error, sizeof error) != 0) {
            result_add(&results, p->name, "validate", RESULT_ERROR, error, NULL);
        } else if (vcheck_program(p, run_base, stdout, &results) != 0) {
            result_add(&results, p->name, "validate", RESULT_ERROR, "out of memory", NULL);
        }
    }
    int reports = finish_reports(o, "validate", &results);
    int status = exit_status(&results, reports);
    if (status == HARNESS_EXIT_SKIPPED && *reason)
        printf("%s\n", reason);
    result_set_free(&results);
    vspec_free(&staged);
    free(run_base);
    return status;
}
