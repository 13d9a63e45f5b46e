/* vbuild.c: the build half of `hipify-harness validate`: translates a program's CUDA tree with hipify-c (unless
 * a port is given), builds both sides from the spec's command templates and stages the binaries and declared
 * inputs (WORK/NAME/stage). It runs no program under test and compares nothing. */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "process.h"
#include "sbuf.h"
#include "vbuild.h"
#include "vpaths.h"

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
#ifndef HARNESS_DEFAULT_LIBS_INCLUDE
#define HARNESS_DEFAULT_LIBS_INCLUDE ""
#endif

static double seconds_now(void)
{
    return monotonic_now();
}

/* The values of the build-command placeholders; paths are shell-quoted, flag lists are not (they are several
 * words on purpose, each path inside them quoted). */
typedef struct placeholders {
    char *names[12];
    char *values[12];
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

/* {hip_cpu_cxx}: the wave64 tier's compiler command for a port in port_dir (hip_cpu_compiler), shell-quoted word by
 * word; NULL (with why) when HIP-CPU or the compiler is missing. */
static char *hip_cpu_command(const harness_options *o, const char *port_dir, char *why, size_t why_size)
{
    strvec argv = {0};
    hc_sbuf out = {0};
    if (hip_cpu_compiler(o, port_dir, &argv, why, why_size) != 0) {
        strvec_free(&argv);
        return NULL;
    }
    for (size_t i = 0; i < argv.count; i++) {
        char *word = shell_quote(argv.items[i]);
        hc_sbuf_puts(&out, i ? " " : "");
        hc_sbuf_puts(&out, word ? word : "");
        free(word);
    }
    strvec_free(&argv);
    if (out.failed) {
        hc_sbuf_free(&out);
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    return out.data;
}

static void fill_placeholders(const harness_options *o, const vprogram *p, const char *port, const char *work,
                              placeholders *ph)
{
    const char *nvcc = o->nvcc ? o->nvcc : HARNESS_DEFAULT_NVCC;
    char *cuda_flags = o->cuda_flags ? strdup(o->cuda_flags)
                                     : xasprintf("-O2 -arch=%s", o->nvidia_arch ? o->nvidia_arch : "sm_90");
    const char *compat = o->compat_include ? o->compat_include : HARNESS_DEFAULT_COMPAT_INCLUDE;
    const char *libs = o->libs_include ? o->libs_include : HARNESS_DEFAULT_LIBS_INCLUDE;
    const char *hip_include = o->hip_include ? o->hip_include : HARNESS_DEFAULT_HIP_INCLUDE;
    char *q_compat = shell_quote(compat), *q_hip = shell_quote(hip_include), *q_libs = shell_quote(libs);
    /* A system folder given with -I would move it before nvcc's own system headers: only others are named. */
    int name_hip = *hip_include && strcmp(hip_include, "/usr/include") != 0;
    placeholder_set(ph, "nvcc", shell_quote(nvcc));
    /* The library layer is header-only: the spec's own -lcublas, -lcufft... link what its wrappers call. */
    placeholder_set(ph, "hip_nvidia_flags",
                    xasprintf("-x cu -D__HIP_PLATFORM_NVIDIA__%s%s%s%s%s%s %s", *compat ? " -I" : "", *compat ? q_compat : "",
                              *libs ? " -I" : "", *libs ? q_libs : "", name_hip ? " -I" : "", name_hip ? q_hip : "",
                              cuda_flags));
    placeholder_set(ph, "cuda_flags", cuda_flags);
    placeholder_set(ph, "hipcc", shell_quote(o->hipcc ? o->hipcc : "hipcc"));
    placeholder_set(ph, "tree", shell_quote(p->tree));
    placeholder_set(ph, "port", shell_quote(port));
    placeholder_set(ph, "work", shell_quote(work));
    free(q_compat);
    free(q_hip);
    free(q_libs);
}

/* Replaces every known {name}; anything else in braces (shell ${VAR}, awk '{print}') is left as written. */
static char *expand_template(const char *template, const placeholders *ph)
{
    hc_sbuf out = {0};
    hc_sbuf_add(&out, "", 0); /* an empty template expands to "", not NULL */
    for (const char *t = template; *t;) {
        int replaced = 0;
        if (*t == '{' && (t == template || t[-1] != '$')) {
            for (int i = 0; i < ph->count && !replaced; i++) {
                size_t n = strlen(ph->names[i]);
                if (!strncmp(t + 1, ph->names[i], n) && t[1 + n] == '}') {
                    hc_sbuf_puts(&out, ph->values[i]);
                    t += n + 2;
                    replaced = 1;
                }
            }
        }
        if (!replaced)
            hc_sbuf_add(&out, t++, 1);
    }
    if (out.failed) {
        hc_sbuf_free(&out);
        return NULL;
    }
    return out.data;
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
    to->setup = copy_or_null(from->setup);
    for (size_t i = 0; i < from->must_match.count; i++)
        strvec_push(&to->must_match, from->must_match.items[i]);
    for (size_t i = 0; i < from->must_not_match.count; i++)
        strvec_push(&to->must_not_match, from->must_not_match.items[i]);
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

/* How many folders above the tree the folders to translate reach ("../common": one). */
static int translate_levels(const vprogram *p)
{
    int most = 0;
    for (size_t i = 0; i < p->also_translate.count; i++) {
        int ups = 0;
        free(vspec_normalize(p->also_translate.items[i], &ups));
        most = ups > most ? ups : most;
    }
    return most;
}

/* Translates the tree (and the folders of also_translate, each at its place relative to the tree) into
 * port_root, clearing an earlier translation first; extra_arg: one more translator argument (the wave64 tier's
 * --hip-kernel-execution-syntax) or NULL. Returns 0, or -1 with the reason in why. */
static int translate_program(const harness_options *o, const vprogram *p, const char *work, const char *port_root,
                             const char *tail, const char *extra_arg, const char *log, char *why, size_t why_size)
{
    char *hipify = default_hipify(o);
    if (!hipify) {
        snprintf(why, why_size, "translator %s not found (--hipify)", o->hipify ? o->hipify : "hipify-c");
        return -1;
    }
    unlink(log);
    /* A fresh port each time, so that no file of an earlier translation or build survives; only a folder
     * the marker shows to be the harness's own is cleared. */
    char *marker = xasprintf("%s/" WORK_MARKER, work);
    if (marker && file_exists(marker))
        remove_tree(port_root);
    if (marker)
        write_text_file(marker, "hipify-harness validate work folder: hip/ is cleared before translating\n");
    free(marker);
    int status = 0;
    for (size_t i = 0; status == 0 && i <= p->also_translate.count; i++) {
        const char *relative = i ? p->also_translate.items[i - 1] : ".";
        int ups = 0;
        char *joined = xasprintf("%s/%s", tail, relative), *normal = joined ? vspec_normalize(joined, &ups) : NULL;
        char *from = xasprintf("%s/%s", p->tree, relative), *to = normal ? xasprintf("%s/%s", port_root, normal) : NULL;
        strvec argv = {0};
        strvec_push(&argv, hipify);
        for (size_t k = 0; k < o->hipify_args.count; k++)
            strvec_push(&argv, o->hipify_args.items[k]);
        if (extra_arg)
            strvec_push(&argv, extra_arg);
        strvec_push(&argv, "-O");
        strvec_push(&argv, to ? to : "");
        strvec_push(&argv, from ? from : "");
        process_result result;
        char text[64];
        if (!from || !to || ups) {
            snprintf(why, why_size, "cannot place %s in the port", relative);
            status = -1;
        } else if (!file_exists(from)) {
            snprintf(why, why_size, "the folder to translate %s does not exist", from);
            status = -1;
        } else if (run_process(argv.items, NULL, log, o->timeout_seconds, &result) != 0 || !process_ok(&result)) {
            snprintf(why, why_size, "hipify-c: %s", process_describe(&result, text, sizeof text));
            status = -1;
        } else {
            char error[64];
            int fd = output_open_stream(log, true, error, sizeof error);
            FILE *notes = fd >= 0 ? fdopen(fd, "w") : NULL;
            if (fd >= 0 && !notes)
                close(fd);
            settle_port(from, to, notes);
            if (notes)
                fclose(notes);
        }
        strvec_free(&argv);
        free(joined);
        free(normal);
        free(from);
        free(to);
    }
    free(hipify);
    return status;
}

/* Deletes the HIP executable the harness's own port holds before it is rebuilt, once it is sure the path lies
 * inside the port: a link inside the translation must not lead the deletion elsewhere. */
static void remove_stale_exe(const char *port, const char *exe)
{
    char *resolved_port = path_resolve(port), *parent = strdup(exe), *slash = parent ? strrchr(parent, '/') : NULL;
    if (slash)
        *slash = '\0';
    char *resolved_parent = slash ? path_resolve(parent) : NULL;
    struct stat st;
    if (resolved_port && resolved_parent && hc_path_within(resolved_parent, resolved_port) && lstat(exe, &st) == 0 &&
        S_ISREG(st.st_mode))
        unlink(exe);
    free(resolved_port);
    free(parent);
    free(resolved_parent);
}

void vbuild_program(const harness_options *o, const vprogram *p, const char *work_root, int cpu, vprogram *staged,
                    result_set *results)
{
    char why[700] = "";
    char *work = xasprintf("%s/%s", work_root, p->name);
    char *port_root = xasprintf("%s/%s", work, cpu ? "hip-cpu" : "hip");
    /* With folders to translate above the tree, the port keeps that many of the tree's parents, so that
     * include paths such as -I../common find the translated copies at the same relative place. */
    int levels = translate_levels(p);
    char *tail = file_exists(p->tree) ? tree_tail(p->tree, levels) : strdup(".");
    char *port = p->port ? strdup(p->port) : tail && levels ? xasprintf("%s/%s", port_root, tail) : strdup(port_root);
    const char *suffix = cpu ? "-cpu" : "";
    char step[32];
    copy_run_fields(staged, p);
    staged->cpu = cpu;
    if (cpu) {
        /* The CPU run takes the tier's own arguments when the spec gives them (smaller inputs). */
        if (p->has_cpu_args) {
            strvec_free(&staged->args);
            for (size_t i = 0; i < p->cpu_args.count; i++)
                strvec_push(&staged->args, p->cpu_args.items[i]);
        }
        staged->has_cpu_args = p->has_cpu_args;
        staged->skipped[SIDE_CUDA] = strdup("the CUDA side is not run on the wave64 tier");
    }
    make_dirs(work);
    double started = seconds_now();
    snprintf(step, sizeof step, "translate%s", suffix);
    if (!file_exists(p->tree)) {
        snprintf(why, sizeof why, "the tree %s does not exist", p->tree);
        add_row(results, p->name, step, RESULT_ERROR, why, NULL, started);
        for (int s = 0; s < 2; s++)
            if (!staged->skipped[s])
                staged->skipped[s] = strdup(why);
    } else if (cpu && !p->cpu_build) {
        staged->skipped[SIDE_HIP] = strdup("no wave64 build: the spec gives no \"hip-cpu\": {\"build\": ...}");
        staged->cpu_not_runnable = 1;
    } else if (!p->port) {
        char *log = xasprintf("%s/translate%s.log", work, suffix);
        if (!tail)
            snprintf(why, sizeof why, "'also_translate' reaches %d folders above the tree %s, which is not that deep",
                     levels, p->tree);
        else
            translate_program(o, p, work, port_root, tail, cpu ? "--hip-kernel-execution-syntax" : NULL, log, why,
                              sizeof why);
        add_row(results, p->name, step, *why ? RESULT_FAIL : RESULT_PASS, *why ? why : NULL, log, started);
        if (*why) {
            staged->skipped[SIDE_HIP] = xasprintf("the translation failed (%s)", why);
            staged->build_log[SIDE_HIP] = strdup(log);
        }
        free(log);
    }
    /* The wave64 tier refuses, before building, a port that shows a construct HIP-CPU cannot run faithfully. */
    char reason[600];
    int limited = cpu && !staged->skipped[SIDE_HIP] ? hip_cpu_limits_scan(port, reason, sizeof reason) : 0;
    if (limited > 0) {
        staged->skipped[SIDE_HIP] = xasprintf("not runnable on HIP-CPU: %s", reason);
        staged->cpu_not_runnable = 1;
    } else if (limited < 0) {
        staged->skipped[SIDE_HIP] = strdup(reason);
        add_row(results, p->name, "build-hip-cpu", RESULT_ERROR, reason, NULL, seconds_now());
    }
    free(tail);
    free(port_root);
    placeholders ph = {0};
    fill_placeholders(o, p, port, work, &ph);
    if (cpu && !staged->skipped[SIDE_HIP]) {
        char *command = hip_cpu_command(o, port, why, sizeof why);
        if (!command) {
            staged->skipped[SIDE_HIP] = xasprintf("the wave64 tier cannot build here: %s", why);
            staged->cpu_not_runnable = 1;
            *why = '\0';
        }
        placeholder_set(&ph, "hip_cpu_cxx", command);
        placeholder_set(&ph, "hip_cpu_libs", strdup("-ltbb"));
    }
    const char *dirs[2] = {p->tree, port};
    for (int s = 0; s < 2; s++) {
        if (staged->skipped[s])
            continue;
        char *log = xasprintf("%s/build-%s.log", work, vside_name(staged, s));
        const char *template = cpu ? p->cpu_build : p->build[s];
        char *command = expand_template(template, &ph), *exe = xasprintf("%s/%s", dirs[s], p->exe[s]);
        snprintf(step, sizeof step, "build-%s", vside_name(staged, s));
        started = seconds_now();
        *why = '\0';
        /* In the harness's own port a stale binary must never pass for a fresh one; the user's tree (and a
         * port they give) belongs to their build system, which decides what is up to date. */
        if (exe && s == SIDE_HIP && !p->port)
            remove_stale_exe(port, exe);
        if (!command || !exe || !log) {
            snprintf(why, sizeof why, "out of memory");
        } else if (run_logged(command, dirs[s], log, o->timeout_seconds, why, sizeof why) == 0 && !is_executable(exe)) {
            snprintf(why, sizeof why, "the build made no executable %s", exe);
        }
        add_row(results, p->name, step, *why ? RESULT_FAIL : RESULT_PASS, *why ? why : NULL, log, started);
        if (*why) {
            staged->skipped[s] = xasprintf("the %s build failed (%s)", vside_name(staged, s), why);
            staged->build_log[s] = copy_or_null(log);
        }
        free(log);
        free(command);
        free(exe);
    }
    placeholders_free(&ph);
    /* Stage: WORK/NAME/stage/{inputs,cuda,hip}, the tree at "root" inside each; the wave64 tier's beside it,
     * WORK/NAME/stage-cpu/{inputs,hip-cpu}, so that it never disturbs what a GPU run was staged with. */
    started = seconds_now();
    *why = '\0';
    levels = levels_above_tree(p);
    staged->stage = xasprintf("%s/stage%s", work, suffix);
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
            char *side = xasprintf("%s/%s", staged->stage, vside_name(staged, s));
            if (!staged->skipped[s]) {
                make_dirs(side);
                stage_copy(dirs[s], p->exe[s], side, staged->root, why, sizeof why);
            } else if (!cpu) {
                make_dirs(side);
            }
            free(side);
        }
        free(inputs);
    }
    if (!staged->root)
        staged->root = strdup(".");
    snprintf(step, sizeof step, "stage%s", suffix);
    if (*why) {
        add_row(results, p->name, step, RESULT_ERROR, why, NULL, started);
        for (int s = 0; s < 2; s++)
            if (!staged->skipped[s])
                staged->skipped[s] = xasprintf("staging failed: %s", why);
    } else {
        char message[200];
        snprintf(message, sizeof message, "%zu input(s), %.2f MiB staged", p->files.count + (p->stdin_path != NULL),
                 (double)tree_size(staged->stage) / (1024.0 * 1024.0));
        add_row(results, p->name, step, RESULT_PASS, message, NULL, started);
    }
    free(work);
    free(port);
}
