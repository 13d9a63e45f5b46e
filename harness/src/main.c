/* main.c: the hipify-harness command line: parses options from one table and calls the subcommand.
 * It holds no build, run or comparison logic. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "output.h"
#include "util.h"

typedef enum option_kind { OPT_STRING, OPT_LIST, OPT_DOUBLE, OPT_INT, OPT_FLAG } option_kind;

typedef struct option_spec {
    const char *name;
    option_kind kind;
    size_t offset; /* into harness_options */
    const char *help;
} option_spec;

#define FIELD(f) offsetof(harness_options, f)
static const option_spec option_table[] = {
    {"--corpus", OPT_STRING, FIELD(corpus_dir), "DIR of CUDA programs (*.cu), sidecars (*.harness.json), xfail.tsv"},
    {"--work", OPT_STRING, FIELD(work_dir), "DIR for per-program outputs (or a bundle made by build --bundle)"},
    {"--program", OPT_LIST, FIELD(programs), "NAME: only this program (repeatable)"},
    {"--step", OPT_LIST, FIELD(steps), "translate|cuda|hip-nvidia|hip-amd|hip-cpu|bundle: only this build step (repeatable; bundle: none)"},
    {"--cuda-include", OPT_LIST, FIELD(cuda_includes), "DIR of CUDA headers the programs include (translated too)"},
    {"--include", OPT_LIST, FIELD(includes), "DIR of plain headers used by both builds (hc_record.h)"},
    {"--hipify", OPT_STRING, FIELD(hipify), "PATH of hipify-c"},
    {"--hipify-arg", OPT_LIST, FIELD(hipify_args), "ARG passed to hipify-c (repeatable)"},
    {"--nvcc", OPT_STRING, FIELD(nvcc), "PATH of nvcc (absent: the NVIDIA steps are SKIPPED)"},
    {"--hipcc", OPT_STRING, FIELD(hipcc), "PATH of hipcc (absent: the AMD step is SKIPPED)"},
    {"--amd-arch", OPT_STRING, FIELD(amd_archs), "LIST of AMD targets, comma separated (default: those the configured hipcc builds)"},
    {"--amd-device-libs", OPT_STRING, FIELD(amd_device_libs), "DIR of AMD device bitcode for hipcc (default: the folder made at configure time)"},
    {"--nvidia-arch", OPT_STRING, FIELD(nvidia_arch), "NVIDIA target for nvcc -arch (default sm_90)"},
    {"--compat-include", OPT_STRING, FIELD(compat_include), "DIR of the HIP-on-NVIDIA overlay (empty: not needed)"},
    {"--libs-include", OPT_STRING, FIELD(libs_include), "DIR of the HIP-on-NVIDIA library layer (empty: none)"},
    {"--xfail", OPT_STRING, FIELD(xfail_path), "FILE of expected failures (default CORPUS/xfail.tsv)"},
    {"--junit", OPT_STRING, FIELD(junit_path), "FILE to write JUnit XML to"},
    {"--json", OPT_STRING, FIELD(json_path), "FILE to write JSON results to"},
    {"--bundle", OPT_STRING, FIELD(bundle_dir), "DIR: build copies what run needs there (binaries, harness)"},
    {"--sidecar", OPT_STRING, FIELD(sidecar_path), "FILE of tolerances for compare"},
    {"--timeout", OPT_DOUBLE, FIELD(timeout_seconds),
     "SECONDS per compile or run (default 600; validate: replaces the spec's run timeouts)"},
    {"--iters", OPT_INT, FIELD(bench_iterations), "N timed repetitions per kernel for bench (default 50)"},
    {"--verbose", OPT_FLAG, FIELD(verbose), "report passing buffers too"},
    {"--spec", OPT_STRING, FIELD(spec_path), "FILE: validate: the programs, how to build, run and compare them"},
    {"--html", OPT_STRING, FIELD(html_path), "FILE to write an HTML report to"},
    {"--cuda-flags", OPT_STRING, FIELD(cuda_flags), "FLAGS: validate: {cuda_flags} (default -O2 -arch=NVIDIA_ARCH)"},
    {"--hip-include", OPT_STRING, FIELD(hip_include), "DIR: validate: HIP headers for {hip_nvidia_flags}"},
    {"--resume", OPT_FLAG, FIELD(resume),
     "run, validate: keep the results in WORK/results.jsonl and run only the programs it has none for"},
    {"--without-gpu", OPT_FLAG, FIELD(without_gpu), "validate: run even when no GPU is visible (programs that need none)"},
    {"--platform-differences", OPT_STRING, FIELD(platform_differences),
     "FILE: validate: platform_differences.tsv for the AMD platform notes (default: WORK's copy, else the source tree's)"},
    {"--hip-cpu", OPT_STRING, FIELD(hip_cpu),
     "DIR: HIP-CPU's include folder for the hip-cpu step and validate cpu (default: the patched copy made at configure time)"},
    {"--cxx", OPT_STRING, FIELD(cxx), "PATH of the host C++ compiler for the hip-cpu step (default g++)"},
    {"--own-checks-only", OPT_FLAG, FIELD(own_checks_only),
     "run-cpu: the outputs depend on the warp width (32 on NVIDIA, 64 here): judge by the programs' own checks"},
};

static const struct {
    const char *name;
    int (*run)(const harness_options *);
    const char *help;
} command_table[] = {
    {"build", harness_build, "translate and compile every program (CUDA, HIP-on-NVIDIA, HIP-for-AMD)"},
    {"run", harness_run, "run CUDA and HIP-on-NVIDIA binaries on a GPU and compare their recordings"},
    {"compare", harness_compare, "compare two record files: compare A.rec B.rec [--sidecar FILE]"},
    {"run-cpu", harness_run_cpu, "run the hip-cpu binaries (HIP-CPU, 64-lane warps) on the CPU; compare with "
                                 "the CUDA recording where one exists"},
    {"bench", harness_bench, "time kernels in both builds; HIP/CUDA ratios and their geometric mean"},
    {"validate", harness_validate, "unmodified programs: validate build|run --spec S.json --work W, or "
                                   "validate (a built work folder or bundle); validate cpu --spec S.json --work W: "
                                   "the wave64 tier (HIP-CPU, no GPU)"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: hipify-harness COMMAND [options]\n\ncommands:\n");
    for (size_t i = 0; i < COUNT_OF(command_table); i++)
        fprintf(out, "  %-9s %s\n", command_table[i].name, command_table[i].help);
    fprintf(out, "\noptions:\n");
    for (size_t i = 0; i < COUNT_OF(option_table); i++)
        fprintf(out, "  %-18s %s\n", option_table[i].name, option_table[i].help);
    fprintf(out, "\nexit status: 0 all passed (or expected failures, or declared platform differences), 1 a failure "
                 "or error, 2 usage error, 77 everything SKIPPED (no GPU, nvcc or hipcc)\n");
}

static void free_options(harness_options *o)
{
    strvec *lists[] = {&o->programs, &o->steps, &o->cuda_includes, &o->includes, &o->hipify_args, &o->positional};
    for (size_t i = 0; i < COUNT_OF(lists); i++)
        strvec_free(lists[i]);
}

int main(int argc, char **argv)
{
    hc_out_cleanup_on_signals(); /* SIGINT, SIGTERM, SIGHUP: the output layer's temporaries go with the process */
    harness_options options;
    memset(&options, 0, sizeof options);
    options.timeout_seconds = 600;
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
    }
    int command = -1;
    for (size_t i = 0; i < COUNT_OF(command_table); i++)
        if (!strcmp(argv[1], command_table[i].name))
            command = (int)i;
    if (command < 0) {
        fprintf(stderr, "hipify-harness: unknown command '%s'\n", argv[1]);
        usage(stderr);
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        const option_spec *spec = NULL;
        for (size_t k = 0; k < COUNT_OF(option_table); k++)
            if (!strcmp(argv[i], option_table[k].name))
                spec = &option_table[k];
        if (!spec) {
            if (argv[i][0] == '-') {
                fprintf(stderr, "hipify-harness: unknown option '%s'\n", argv[i]);
                free_options(&options);
                return 2;
            }
            strvec_push(&options.positional, argv[i]);
            continue;
        }
        char *field = (char *)&options + spec->offset;
        if (spec->kind == OPT_FLAG) {
            *(int *)field = 1;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "hipify-harness: %s needs a value\n", spec->name);
            free_options(&options);
            return 2;
        }
        const char *value = argv[++i];
        char *end = NULL;
        errno = 0;
        switch (spec->kind) {
        case OPT_STRING: *(const char **)field = value; break;
        case OPT_LIST: strvec_push((strvec *)field, value); break;
        case OPT_DOUBLE: {
            /* A limit that is not a positive number would silently mean "no limit". */
            double number = strtod(value, &end);
            if (end == value || *end || errno || !isfinite(number) || number <= 0) {
                fprintf(stderr, "hipify-harness: %s '%s': expected a positive number\n", spec->name, value);
                free_options(&options);
                return 2;
            }
            *(double *)field = number;
            options.timeout_given |= field == (char *)&options.timeout_seconds;
            break;
        }
        case OPT_INT: {
            long number = strtol(value, &end, 10);
            if (end == value || *end || errno || number <= 0 || number > 1000000000) {
                fprintf(stderr, "hipify-harness: %s '%s': expected a positive whole number\n", spec->name, value);
                free_options(&options);
                return 2;
            }
            *(int *)field = (int)number;
            break;
        }
        case OPT_FLAG: break;
        }
    }
    char *default_xfail = NULL;
    if (!options.xfail_path && options.corpus_dir) {
        default_xfail = malloc(strlen(options.corpus_dir) + 16);
        if (default_xfail)
            sprintf(default_xfail, "%s/xfail.tsv", options.corpus_dir);
        options.xfail_path = default_xfail;
    }
    char report_error[1200];
    int status = 2;
    if (check_report_paths(&options, report_error, sizeof report_error) != 0)
        fprintf(stderr, "hipify-harness: refusing to run: %s\n", report_error);
    else
        status = command_table[command].run(&options);
    free(default_xfail);
    free_options(&options);
    /* The table on stdout is a result too: a CI that reads it must not get exit 0 and a truncated table. */
    if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
        fprintf(stderr, "hipify-harness: cannot write the standard output: %s\n", strerror(errno));
        return status == 2 ? 2 : 1;
    }
    return status;
}
