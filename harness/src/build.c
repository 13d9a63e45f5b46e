/* build.c: `hipify-harness build`: for each program, translate with hipify-c, then compile the CUDA original
 * (nvcc), the translation for NVIDIA (nvcc + HIP headers + overlay) and for AMD (hipcc), keeping each step's
 * status and log; optionally copy what `run` needs into a self-contained bundle. It runs no GPU code. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "platnotes.h"
#include "process.h"
#include "vpaths.h"
#include "util.h"

/* AMD defaults baked in at configure time (harness/cmake/HarnessAmdTargets.cmake): the targets the configured
 * hipcc could build and the device-library folder that lets it. Without a configured hipcc, gfx90a: the target
 * every HIP release since 4.x builds. */
#ifndef HARNESS_DEFAULT_AMD_ARCHS
#define HARNESS_DEFAULT_AMD_ARCHS "gfx90a"
#endif
#ifndef HARNESS_DEFAULT_AMD_DEVICE_LIBS
#define HARNESS_DEFAULT_AMD_DEVICE_LIBS ""
#endif

/* The HIP-on-NVIDIA library layer generated at build time (harness/CMakeLists.txt); "" where it was not built. */
#ifndef HARNESS_DEFAULT_LIBS_INCLUDE
#define HARNESS_DEFAULT_LIBS_INCLUDE ""
#endif

/* The wave64 tier's defaults, also from the configure step: HIP-CPU's include folder (the copy with the
 * project's patches, harness/hip-cpu/), the host C++ compiler and the shim's headers (hipify_shim_hipcpu.h). */
#ifndef HARNESS_DEFAULT_HIP_CPU
#define HARNESS_DEFAULT_HIP_CPU ""
#endif
#ifndef HARNESS_DEFAULT_CXX
#define HARNESS_DEFAULT_CXX "g++"
#endif
#ifndef HARNESS_DEFAULT_SHIM_INCLUDE
#define HARNESS_DEFAULT_SHIM_INCLUDE ""
#endif
/* The constructs HIP-CPU cannot run faithfully that a source shows (harness/hip-cpu/limits.tsv, in the format of
 * the AMD platform notes: its hip_on_amd column says what HIP-CPU does instead). */
#ifndef HARNESS_DEFAULT_CPU_LIMITS
#define HARNESS_DEFAULT_CPU_LIMITS ""
#endif

int hip_cpu_limits_scan(const char *dir, char *reason, size_t reason_size)
{
    platform_table limits;
    char error[512] = "";
    memset(&limits, 0, sizeof limits);
    if (!*HARNESS_DEFAULT_CPU_LIMITS ||
        platnotes_load(HARNESS_DEFAULT_CPU_LIMITS, &limits, error, sizeof error) != 0) {
        snprintf(reason, reason_size, "the table of HIP-CPU's limits '%s' cannot be read: %s",
                 HARNESS_DEFAULT_CPU_LIMITS, *error ? error : "not configured");
        return -1;
    }
    strvec keys = {0};
    int found = 0;
    if (platnotes_scan_tree(&limits, dir, &keys) != 0) {
        snprintf(reason, reason_size, "out of memory scanning %s", dir);
        found = -1;
    } else if (keys.count) {
        const platform_row *row = platnotes_find(&limits, keys.items[0]);
        snprintf(reason, reason_size, "%s (%s)", row ? row->hip_on_amd : "?", keys.items[0]);
        found = 1;
    }
    strvec_free(&keys);
    platnotes_free(&limits);
    return found;
}

static double monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Program names: --program, else every *.cu of the corpus, else every folder of the work dir that has a
 * CUDA binary (a bundle). */
int list_programs(const harness_options *options, strvec *programs)
{
    for (size_t i = 0; i < options->programs.count; i++)
        if (strvec_push(programs, options->programs.items[i]) != 0)
            return -1;
    if (programs->count)
        return 0;
    const char *dir_path = options->corpus_dir ? options->corpus_dir : options->work_dir;
    DIR *dir = dir_path ? opendir(dir_path) : NULL;
    if (!dir)
        return -1;
    struct dirent *entry;
    while ((entry = readdir(dir))) {
        size_t length = strlen(entry->d_name);
        if (entry->d_name[0] == '.')
            continue;
        if (options->corpus_dir) {
            if (length > 3 && strcmp(entry->d_name + length - 3, ".cu") == 0)
                strvec_pushf(programs, "%.*s", (int)(length - 3), entry->d_name);
        } else {
            char *binary = xasprintf("%s/%s/%s.cuda", dir_path, entry->d_name, entry->d_name);
            if (binary && file_exists(binary))
                strvec_push(programs, entry->d_name);
            free(binary);
        }
    }
    closedir(dir);
    if (programs->count)
        qsort(programs->items, programs->count, sizeof(char *), compare_strings);
    return 0;
}

char *sidecar_for(const harness_options *options, const char *program)
{
    if (options->corpus_dir)
        return xasprintf("%s/%s.harness.json", options->corpus_dir, program);
    return xasprintf("%s/%s/harness.json", options->work_dir, program);
}

int check_report_paths(const harness_options *o, char *error, size_t error_size)
{
    const char *names[] = {"--junit", "--json", "--html"};
    const char *paths[] = {o->junit_path, o->json_path, o->html_path};
    char *resolved[3] = {NULL, NULL, NULL};
    int status = 0;
    for (size_t i = 0; i < 3 && status == 0; i++) {
        if (!paths[i])
            continue;
        if (!(resolved[i] = path_resolve(paths[i]))) {
            snprintf(error, error_size, "%s %.500s: the path cannot be resolved", names[i], paths[i]);
            status = -1;
            break;
        }
        for (size_t k = 0; k < i && status == 0; k++)
            if (resolved[k] && !strcmp(resolved[k], resolved[i])) {
                snprintf(error, error_size, "%s and %s name one file (%.500s): each report needs its own", names[k],
                         names[i], paths[i]);
                status = -1;
            }
        /* the inputs: the sources' folders (programs, sidecars, the CUDA headers) and the files read */
        const char *dirs[64];
        size_t ndirs = 0;
        if (o->corpus_dir)
            dirs[ndirs++] = o->corpus_dir;
        for (size_t k = 0; k < o->cuda_includes.count && ndirs < 64; k++)
            dirs[ndirs++] = o->cuda_includes.items[k];
        for (size_t k = 0; k < o->includes.count && ndirs < 64; k++)
            dirs[ndirs++] = o->includes.items[k];
        const char *files[] = {o->xfail_path, o->spec_path, o->platform_differences};
        for (size_t k = 0; k < ndirs + 3 && status == 0; k++) {
            const char *input = k < ndirs ? dirs[k] : files[k - ndirs];
            char *in = input ? path_resolve(input) : NULL;
            if (in && hc_path_within(resolved[i], in)) {
                snprintf(error, error_size, "%s %.500s lies in or is the input %.500s: a report never replaces or adds "
                         "to what the harness reads", names[i], paths[i], input);
                status = -1;
            }
            free(in);
        }
    }
    for (size_t i = 0; i < 3; i++)
        free(resolved[i]);
    return status;
}

int finish_reports(const harness_options *options, const char *command, const result_set *results)
{
    int status = 0;
    report_table(stdout, results);
    if (options->junit_path && report_junit(options->junit_path, command, results) != 0) {
        fprintf(stderr, "hipify-harness: cannot write %s\n", options->junit_path);
        status = -1;
    }
    if (options->json_path && report_json(options->json_path, command, results) != 0) {
        fprintf(stderr, "hipify-harness: cannot write %s\n", options->json_path);
        status = -1;
    }
    if (options->html_path && report_html(options->html_path, command, results) != 0) {
        fprintf(stderr, "hipify-harness: cannot write %s\n", options->html_path);
        status = -1;
    }
    return status;
}

/* Everything one step needs to know. */
typedef struct step_context {
    const harness_options *options;
    const char *program;
    char *dir;       /* WORK/program */
    char *hip_dir;   /* WORK/program/hip: the translated sources */
    char *source;    /* CORPUS/program.cu */
    char *hip_source;/* WORK/program/hip/program.hip.cpp */
    program_policy policy;
} step_context;

static void push_includes(strvec *argv, const strvec *dirs)
{
    for (size_t i = 0; i < dirs->count; i++)
        strvec_pushf(argv, "-I%s", dirs->items[i]);
}

/* Runs one command of a step; the log accumulates every command of the step. */
static int run_step_command(strvec *argv, const char *log_path, double timeout, char *why, size_t why_size)
{
    process_result result;
    char text[64];
    if (run_process(argv->items, NULL, log_path, timeout, &result) != 0 || !process_ok(&result)) {
        snprintf(why, why_size, "%s: %s", argv->items[0], process_describe(&result, text, sizeof text));
        return -1;
    }
    return 0;
}

static int is_header_name(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot && (!strcmp(dot, ".cuh") || !strcmp(dot, ".h") || !strcmp(dot, ".hpp") || !strcmp(dot, ".inl"));
}

/* extra_arg: one more translator argument (the hip-cpu step's --hip-kernel-execution-syntax), or NULL. */
static result_status step_translate(step_context *ctx, const char *log, char *why, size_t why_size,
                                    const char *extra_arg)
{
    const harness_options *o = ctx->options;
    char *hipify = find_program(o->hipify ? o->hipify : "hipify-c");
    result_status status = RESULT_PASS;
    if (!hipify) {
        snprintf(why, why_size, "translator %s not found", o->hipify ? o->hipify : "hipify-c");
        return RESULT_FAIL;
    }
    /* A fresh folder each time: hipify-c never replaces a file it did not write in this run, so the shim
     * headers an earlier translator carried there would be kept (HC1083) and fail the step. */
    if (remove_tree(ctx->hip_dir) != 0 || make_dirs(ctx->hip_dir) != 0) {
        snprintf(why, why_size, "cannot create %s", ctx->hip_dir);
        free(hipify);
        return RESULT_FAIL;
    }
    /* The program, then every header it may include from the CUDA include folders. */
    strvec inputs = {0}, outputs = {0};
    strvec_push(&inputs, ctx->source);
    strvec_push(&outputs, ctx->hip_source);
    for (size_t i = 0; i < o->cuda_includes.count; i++) {
        DIR *dir = opendir(o->cuda_includes.items[i]);
        struct dirent *entry;
        while (dir && (entry = readdir(dir)))
            if (entry->d_name[0] != '.' && is_header_name(entry->d_name)) {
                strvec_pushf(&inputs, "%s/%s", o->cuda_includes.items[i], entry->d_name);
                strvec_pushf(&outputs, "%s/%s", ctx->hip_dir, entry->d_name);
            }
        if (dir)
            closedir(dir);
    }
    for (size_t i = 0; i < inputs.count && status == RESULT_PASS; i++) {
        strvec argv = {0};
        strvec_push(&argv, hipify);
        for (size_t k = 0; k < o->hipify_args.count; k++)
            strvec_push(&argv, o->hipify_args.items[k]);
        if (extra_arg)
            strvec_push(&argv, extra_arg);
        for (size_t k = 0; k < o->cuda_includes.count; k++)
            strvec_pushf(&argv, "-I%s", o->cuda_includes.items[k]);
        for (size_t k = 0; k < o->includes.count; k++)
            strvec_pushf(&argv, "-I%s", o->includes.items[k]);
        strvec_push(&argv, inputs.items[i]);
        strvec_push(&argv, "-o");
        strvec_push(&argv, outputs.items[i]);
        struct stat st;
        if (run_step_command(&argv, log, o->timeout_seconds, why, why_size) != 0)
            status = RESULT_FAIL;
        else if (stat(outputs.items[i], &st) != 0 || st.st_size == 0) {
            snprintf(why, why_size, "no output written for %s", inputs.items[i]);
            status = RESULT_FAIL;
        }
        strvec_free(&argv);
    }
    /* The sidecar travels with the outputs so that a bundle compares with the same policy. */
    char *sidecar = sidecar_for(o, ctx->program), *copy = xasprintf("%s/harness.json", ctx->dir);
    if (sidecar && copy && file_exists(sidecar) && copy_file(sidecar, copy, false) != 0) {
        snprintf(why, why_size, "cannot copy %s", sidecar);
        status = RESULT_FAIL;
    }
    free(sidecar);
    free(copy);
    strvec_free(&inputs);
    strvec_free(&outputs);
    free(hipify);
    return status;
}

static result_status step_compile(step_context *ctx, build_step step, const char *log, char *why, size_t why_size)
{
    const harness_options *o = ctx->options;
    const char *compiler_name = step == STEP_HIP_AMD ? (o->hipcc ? o->hipcc : "hipcc") : (o->nvcc ? o->nvcc : "nvcc");
    char *compiler = find_program(compiler_name);
    if (!compiler) {
        snprintf(why, why_size, "SKIPPED: %s not found (needed for the %s build)", compiler_name, step_name(step));
        return RESULT_SKIP;
    }
    if (step != STEP_CUDA && !file_exists(ctx->hip_source)) {
        snprintf(why, why_size, "no translation (%s): the translate step failed or did not run", ctx->hip_source);
        free(compiler);
        return RESULT_FAIL;
    }
    char *binary = xasprintf("%s/%s.%s", ctx->dir, ctx->program, step_name(step));
    strvec argv = {0};
    strvec_push(&argv, compiler);
    strvec_push(&argv, "-std=c++17");
    strvec_push(&argv, "-O2");
    if (step == STEP_HIP_AMD) {
        char *archs = strdup(o->amd_archs ? o->amd_archs : HARNESS_DEFAULT_AMD_ARCHS);
        char *save = NULL;
        for (char *arch = strtok_r(archs, ",;", &save); arch; arch = strtok_r(NULL, ",;", &save))
            strvec_pushf(&argv, "--offload-arch=%s", arch);
        free(archs);
        /* The configured folder only while it still exists: a moved build tree falls back to hipcc's own. */
        const char *libs = o->amd_device_libs ? o->amd_device_libs
                           : *HARNESS_DEFAULT_AMD_DEVICE_LIBS && file_exists(HARNESS_DEFAULT_AMD_DEVICE_LIBS)
                               ? HARNESS_DEFAULT_AMD_DEVICE_LIBS
                               : NULL;
        if (libs)
            strvec_pushf(&argv, "--rocm-device-lib-path=%s", libs);
        strvec_push(&argv, "-I");
        strvec_push(&argv, ctx->hip_dir);
        push_includes(&argv, &o->includes);
        strvec_push(&argv, "-x");
        strvec_push(&argv, "hip");
        strvec_push(&argv, ctx->hip_source);
    } else {
        strvec_pushf(&argv, "-arch=%s", o->nvidia_arch ? o->nvidia_arch : "sm_90");
        strvec_push(&argv, "-Xlinker");
        strvec_push(&argv, "--strip-all"); /* keeps the bundle small */
        if (step == STEP_HIP_NVIDIA) {
            strvec_push(&argv, "-D__HIP_PLATFORM_NVIDIA__");
            if (o->compat_include && *o->compat_include)
                strvec_pushf(&argv, "-I%s", o->compat_include); /* before the installed HIP headers */
            const char *libs = o->libs_include ? o->libs_include : HARNESS_DEFAULT_LIBS_INCLUDE;
            if (*libs)
                strvec_pushf(&argv, "-I%s", libs); /* hipBLAS, hipRAND...: header-only wrappers over CUDA's libraries */
            strvec_pushf(&argv, "-I%s", ctx->hip_dir);
            push_includes(&argv, &o->includes);
            strvec_push(&argv, "-x");
            strvec_push(&argv, "cu");
            strvec_push(&argv, ctx->hip_source);
        } else {
            push_includes(&argv, &o->cuda_includes);
            push_includes(&argv, &o->includes);
            strvec_push(&argv, ctx->source);
        }
    }
    if (ctx->policy.link[step])
        strvec_split_push(&argv, ctx->policy.link[step]);
    strvec_push(&argv, "-o");
    strvec_push(&argv, binary);
    unlink(binary); /* a stale binary must never pass for a fresh one */
    result_status status = run_step_command(&argv, log, o->timeout_seconds, why, why_size) == 0 && is_executable(binary)
                               ? RESULT_PASS
                               : RESULT_FAIL;
    strvec_free(&argv);
    free(binary);
    free(compiler);
    return status;
}

/* The first folder of the list holding hipify_shim_hipcpu.h (the port's copy first), or NULL. */
static char *find_cpu_shim(const char *port_dir, const strvec *includes)
{
    for (size_t i = 0; i <= includes->count + 1; i++) {
        const char *dir = i == 0                 ? port_dir
                          : i <= includes->count ? includes->items[i - 1]
                                                 : HARNESS_DEFAULT_SHIM_INCLUDE;
        char *path = *dir ? xasprintf("%s/hipify_shim_hipcpu.h", dir) : NULL;
        if (path && file_exists(path))
            return path;
        free(path);
    }
    return NULL;
}

int hip_cpu_compiler(const harness_options *o, const char *port_dir, strvec *argv, char *why, size_t why_size)
{
    const char *hip_cpu = o->hip_cpu ? o->hip_cpu : HARNESS_DEFAULT_HIP_CPU;
    char *runtime = xasprintf("%s/hip/hip_runtime.h", hip_cpu);
    int have_runtime = *hip_cpu && runtime && file_exists(runtime);
    free(runtime);
    if (!have_runtime) {
        snprintf(why, why_size, "no HIP-CPU at '%s' (--hip-cpu DIR, or configure with -DHIPIFY_HIP_CPU_DIR)", hip_cpu);
        return 1;
    }
    const char *cxx_name = o->cxx ? o->cxx : HARNESS_DEFAULT_CXX;
    char *cxx = find_program(cxx_name);
    if (!cxx) {
        snprintf(why, why_size, "%s not found (needed for the hip-cpu build)", cxx_name);
        return 1;
    }
    char *shim = find_cpu_shim(port_dir, &o->includes);
    strvec_push(argv, cxx);
    strvec_push(argv, "-std=c++17");
    strvec_push(argv, "-O1"); /* as fast as -O2 on the corpus, and a quarter quicker to build */
    strvec_push(argv, "-pthread");
    /* hip_runtime.h precompiled with these flags beside HIP-CPU (harness/cmake/HarnessHipCpu.cmake), when there:
     * g++ takes hip/hip_runtime.h.gch from the first folder that has it, and ignores one built otherwise */
    char *pch = xasprintf("%s/../pch/hip/hip_runtime.h.gch", hip_cpu);
    if (pch && file_exists(pch))
        strvec_pushf(argv, "-I%s/../pch", hip_cpu);
    free(pch);
    strvec_pushf(argv, "-I%s", port_dir);
    push_includes(argv, &o->includes);
    strvec_push(argv, "-isystem");
    strvec_push(argv, hip_cpu);
    strvec_push(argv, "-include");
    strvec_push(argv, "hip/hip_runtime.h");
    if (shim) {
        strvec_push(argv, "-include");
        strvec_push(argv, shim);
    }
    free(shim);
    free(cxx);
    return 0;
}

/* The wave64 tier: a translation of its own (HIP-CPU has no <<<...>>> launches, so --hip-kernel-execution-syntax)
 * into WORK/PROGRAM/hip-cpu, checked for constructs HIP-CPU cannot run faithfully, then built by the host C++
 * compiler against HIP-CPU, with the shim's HIP-CPU header pre-included for the names HIP-CPU lacks. */
static result_status step_hip_cpu(step_context *ctx, const char *log, char *why, size_t why_size)
{
    const harness_options *o = ctx->options;
    step_context cpu = *ctx;
    cpu.hip_dir = xasprintf("%s/hip-cpu", ctx->dir);
    cpu.hip_source = xasprintf("%s/%s.hip.cpp", cpu.hip_dir, ctx->program);
    char *binary = xasprintf("%s/%s.hip-cpu", ctx->dir, ctx->program);
    strvec argv = {0};
    char reason[600];
    result_status status = RESULT_PASS;
    /* Asked before translating, so that a machine without HIP-CPU reports SKIPPED at once; asked again after it,
     * since the translation may carry its own copy of the shim's header, which comes first. */
    if (hip_cpu_compiler(o, cpu.hip_dir, &argv, reason, sizeof reason) != 0) {
        snprintf(why, why_size, "SKIPPED: %s", reason);
        status = RESULT_SKIP;
    }
    strvec_free(&argv);
    if (status == RESULT_PASS) {
        unlink(binary); /* a stale binary must never pass for a fresh one */
        status = step_translate(&cpu, log, why, why_size, "--hip-kernel-execution-syntax");
    }
    int limited = status == RESULT_PASS ? hip_cpu_limits_scan(cpu.hip_dir, reason, sizeof reason) : 0;
    if (limited > 0) {
        snprintf(why, why_size, "SKIPPED: not runnable on HIP-CPU: %s", reason);
        status = RESULT_SKIP;
    } else if (limited < 0) {
        snprintf(why, why_size, "%s", reason);
        status = RESULT_FAIL;
    }
    if (status == RESULT_PASS && hip_cpu_compiler(o, cpu.hip_dir, &argv, why, why_size) != 0)
        status = RESULT_FAIL;
    if (status == RESULT_PASS) {
        strvec_push(&argv, cpu.hip_source);
        strvec_push(&argv, "-ltbb");
        if (ctx->policy.link[STEP_HIP_CPU])
            strvec_split_push(&argv, ctx->policy.link[STEP_HIP_CPU]);
        strvec_push(&argv, "-o");
        strvec_push(&argv, binary);
        status = run_step_command(&argv, log, o->timeout_seconds, why, why_size) == 0 && is_executable(binary)
                     ? RESULT_PASS
                     : RESULT_FAIL;
    }
    strvec_free(&argv);
    free(binary);
    free(cpu.hip_dir);
    free(cpu.hip_source);
    return status;
}

static unsigned long long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (unsigned long long)st.st_size : 0;
}

/* Finds the shared cJSON library this process uses, so the bundle can carry it. */
static char *loaded_library_path(const char *name_part)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096];
    char *found = NULL;
    while (maps && !found && fgets(line, sizeof line, maps)) {
        char *path = strchr(line, '/');
        if (path && strstr(path, name_part)) {
            path[strcspn(path, "\n")] = '\0';
            found = strdup(path);
        }
    }
    if (maps)
        fclose(maps);
    return found;
}

/* The shared libraries the harness loads that a GPU machine may lack; copied under their sonames. */
static const char *const bundled_libraries[] = {"libcjson", "libpcre2-8"};

static char *soname_path(const char *lib_dir, const char *library)
{
    const char *base = strrchr(library, '/') + 1, *so = strstr(base, ".so.");
    size_t length = so ? (size_t)(so - base) + 4 + strspn(so + 4, "0123456789") : strlen(base);
    return xasprintf("%s/%.*s", lib_dir, (int)length, base);
}

unsigned long long bundle_harness_size(void)
{
    unsigned long long total = file_size("/proc/self/exe");
    for (size_t i = 0; i < COUNT_OF(bundled_libraries); i++) {
        char *library = loaded_library_path(bundled_libraries[i]);
        total += library ? file_size(library) : 0;
        free(library);
    }
    return total;
}

int bundle_install_harness(const char *bundle_dir, const char *xfail_path, unsigned long long *total)
{
    int failed = 0;
    char *lib_dir = xasprintf("%s/lib", bundle_dir), *self = xasprintf("%s/hipify-harness", bundle_dir);
    char *xfail_to = xasprintf("%s/xfail.tsv", bundle_dir), *wrapper = xasprintf("%s/run.sh", bundle_dir);
    if (!lib_dir || make_dirs(lib_dir) != 0 || copy_file("/proc/self/exe", self, true) != 0)
        failed = 1;
    *total += file_size(self);
    /* The libraries this process loaded, so the bundle runs where they are not installed. */
    for (size_t i = 0; !failed && i < COUNT_OF(bundled_libraries); i++) {
        char *library = loaded_library_path(bundled_libraries[i]), *to = library ? soname_path(lib_dir, library) : NULL;
        if (library && copy_file(library, to, false) != 0)
            failed = 1;
        *total += to ? file_size(to) : 0;
        free(library);
        free(to);
    }
    if (xfail_path && file_exists(xfail_path) && copy_file(xfail_path, xfail_to, false) != 0)
        failed = 1;
    if (write_text_file(wrapper, "#!/bin/sh\n# Runs the bundled harness with its own libraries: ./run.sh run|bench|validate [options]\n"
                                 "here=$(cd \"$(dirname \"$0\")\" && pwd)\n"
                                 "cmd=$1; shift\n"
                                 "LD_LIBRARY_PATH=\"$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\" exec \"$here/hipify-harness\" "
                                 "\"$cmd\" --work \"$here\" --xfail \"$here/xfail.tsv\" \"$@\"\n") != 0 ||
        chmod(wrapper, 0755) != 0)
        failed = 1;
    free(lib_dir);
    free(self);
    free(xfail_to);
    free(wrapper);
    return failed ? -1 : 0;
}

static int make_bundle(const harness_options *o, const strvec *programs, result_set *results)
{
    unsigned long long total = 0;
    int failed = 0;
    char *lib_dir = xasprintf("%s/lib", o->bundle_dir);
    if (!lib_dir || make_dirs(lib_dir) != 0) {
        fprintf(stderr, "hipify-harness: cannot create %s\n", o->bundle_dir);
        free(lib_dir);
        return -1;
    }
    for (size_t i = 0; i < programs->count; i++) {
        const char *p = programs->items[i];
        char *to_dir = xasprintf("%s/%s", o->bundle_dir, p);
        make_dirs(to_dir);
        const char *files[] = {"cuda", "hip-nvidia", "harness.json"};
        for (int f = 0; f < 3; f++) {
            char *from = f < 2 ? xasprintf("%s/%s/%s.%s", o->work_dir, p, p, files[f])
                               : xasprintf("%s/%s/%s", o->work_dir, p, files[f]);
            char *to = f < 2 ? xasprintf("%s/%s.%s", to_dir, p, files[f]) : xasprintf("%s/%s", to_dir, files[f]);
            if (file_exists(from)) {
                if (copy_file(from, to, f < 2) != 0)
                    failed = 1;
                total += file_size(to);
            }
            free(from);
            free(to);
        }
        free(to_dir);
    }
    if (bundle_install_harness(o->bundle_dir, o->xfail_path, &total) != 0)
        failed = 1;
    char message[200];
    snprintf(message, sizeof message, "bundle %s: %.1f MiB of %llu MiB allowed", o->bundle_dir,
             (double)total / (1024.0 * 1024.0), BUNDLE_LIMIT_BYTES >> 20);
    result_add(results, "(bundle)", "bundle", failed || total > BUNDLE_LIMIT_BYTES ? RESULT_FAIL : RESULT_PASS,
               message, NULL);
    free(lib_dir);
    return failed ? -1 : 0;
}

int harness_build(const harness_options *o)
{
    strvec programs = {0};
    result_set results = {0};
    xfail_list xfail;
    char error[512] = "";
    if (!o->work_dir || (!o->corpus_dir && o->programs.count == 0)) {
        fprintf(stderr, "hipify-harness build: --work and --corpus are required\n");
        return 2;
    }
    for (size_t i = 0; i < o->steps.count; i++) {
        int step = step_from_name(o->steps.items[i]);
        if ((step < STEP_TRANSLATE || step > STEP_HIP_AMD) && step != STEP_HIP_CPU &&
            strcmp(o->steps.items[i], "bundle") != 0) {
            fprintf(stderr, "hipify-harness build: unknown step '%s' (translate, cuda, hip-nvidia, hip-amd, "
                            "hip-cpu, or bundle for none but the bundle)\n", o->steps.items[i]);
            return 2;
        }
    }
    /* The build clears binaries and translations in WORK/PROGRAM: WORK must hold none of the sources. */
    char *work = path_resolve(o->work_dir);
    for (size_t i = 0; i <= o->cuda_includes.count; i++) {
        const char *source = i ? o->cuda_includes.items[i - 1] : o->corpus_dir;
        char *resolved = source ? path_resolve(source) : NULL;
        int overlap = !work || (resolved && path_overlaps(resolved, work));
        if (overlap)
            fprintf(stderr, "hipify-harness build: --work %s and %s overlap (one holds the other): the build writes "
                            "and deletes files in WORK, which must lie outside the sources\n", o->work_dir, source);
        free(resolved);
        if (overlap) {
            free(work);
            return 2;
        }
    }
    free(work);
    if (xfail_load(o->xfail_path, &xfail, error, sizeof error) != 0) {
        fprintf(stderr, "hipify-harness: %s\n", error);
        return 2;
    }
    if (list_programs(o, &programs) != 0 || programs.count == 0) {
        fprintf(stderr, "hipify-harness build: no programs found in %s\n", o->corpus_dir);
        xfail_free(&xfail);
        return 2;
    }
    for (size_t i = 0; i < programs.count; i++) {
        step_context ctx;
        memset(&ctx, 0, sizeof ctx);
        ctx.options = o;
        ctx.program = programs.items[i];
        ctx.dir = xasprintf("%s/%s", o->work_dir, ctx.program);
        ctx.hip_dir = xasprintf("%s/hip", ctx.dir);
        ctx.source = xasprintf("%s/%s.cu", o->corpus_dir, ctx.program);
        ctx.hip_source = xasprintf("%s/%s.hip.cpp", ctx.hip_dir, ctx.program);
        char *sidecar = sidecar_for(o, ctx.program);
        struct stat link_stat;
        if (lstat(ctx.dir, &link_stat) == 0 && S_ISLNK(link_stat.st_mode)) {
            /* The steps delete binaries and logs in WORK/PROGRAM: never through a link to someone's folder. */
            snprintf(error, sizeof error, "%s is a symbolic link: the harness only writes into folders it made",
                     ctx.dir);
            result_add(&results, ctx.program, "setup", RESULT_FAIL, error, NULL);
        } else if (make_dirs(ctx.dir) != 0 || policy_load(sidecar, &ctx.policy, error, sizeof error) != 0) {
            result_add(&results, ctx.program, "setup", RESULT_FAIL, *error ? error : "cannot create work dir", NULL);
        } else {
            static const build_step order[] = {STEP_TRANSLATE, STEP_CUDA, STEP_HIP_NVIDIA, STEP_HIP_AMD, STEP_HIP_CPU};
            for (size_t k = 0; k < COUNT_OF(order); k++) {
                build_step step = order[k];
                if (o->steps.count && !strvec_contains(&o->steps, step_name(step)))
                    continue;
                if (!o->steps.count && step == STEP_HIP_CPU && !o->hip_cpu)
                    continue; /* the wave64 tier runs when asked for: --step hip-cpu or --hip-cpu DIR */
                char *log = xasprintf("%s/%s.log", ctx.dir, step_name((build_step)step));
                char why[512] = "";
                unlink(log);
                double started = monotonic_seconds();
                result_status status = step == STEP_TRANSLATE  ? step_translate(&ctx, log, why, sizeof why, NULL)
                                       : step == STEP_HIP_CPU ? step_hip_cpu(&ctx, log, why, sizeof why)
                                                              : step_compile(&ctx, step, log, why, sizeof why);
                const char *reason = xfail_reason(&xfail, ctx.program, (build_step)step);
                if (reason && status == RESULT_FAIL) {
                    status = RESULT_XFAIL;
                    snprintf(why, sizeof why, "%s", reason);
                } else if (reason && status == RESULT_PASS) {
                    status = RESULT_XPASS;
                    snprintf(why, sizeof why, "listed as an expected failure but passed: %s", reason);
                }
                char *status_path = xasprintf("%s/%s.status", ctx.dir, step_name((build_step)step));
                char *status_text = xasprintf("%s %s\n", result_status_name(status), why);
                if (status_path && status_text)
                    write_text_file(status_path, status_text);
                free(status_path);
                free(status_text);
                case_result *row = result_add(&results, ctx.program, step_name((build_step)step), status, why, log);
                if (row)
                    row->seconds = monotonic_seconds() - started;
                free(log);
            }
        }
        policy_free(&ctx.policy);
        free(sidecar);
        free(ctx.dir);
        free(ctx.hip_dir);
        free(ctx.source);
        free(ctx.hip_source);
    }
    if (o->bundle_dir)
        make_bundle(o, &programs, &results);
    int reports = finish_reports(o, "build", &results);
    int exit_code = result_set_all_skipped(&results) ? HARNESS_EXIT_SKIPPED : (result_set_ok(&results) && reports == 0 ? 0 : 1);
    result_set_free(&results);
    strvec_free(&programs);
    xfail_free(&xfail);
    return exit_code;
}
