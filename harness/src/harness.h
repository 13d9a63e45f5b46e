/* harness.h: the options shared by the hipify-harness subcommands (build, run, compare, bench, validate) and their
 * entry points. Option parsing lives in main.c; each subcommand in its own file. */
#ifndef HARNESS_HARNESS_H
#define HARNESS_HARNESS_H

#include "policy.h"
#include "report.h"
#include "util.h"

/* CTest's convention for a skipped test (SKIP_RETURN_CODE): no GPU, no nvcc, no hipcc. */
#define HARNESS_EXIT_SKIPPED 77

typedef struct harness_options {
    const char *corpus_dir;     /* --corpus: the CUDA programs (*.cu), sidecars and xfail.tsv */
    const char *work_dir;       /* --work: per-program outputs; also the layout of a bundle */
    strvec programs;            /* --program NAME (repeatable); empty: every *.cu of the corpus or work dir */
    strvec steps;               /* --step NAME (repeatable); empty: every build step */
    strvec cuda_includes;       /* --cuda-include DIR: CUDA headers the programs include; translated too */
    strvec includes;            /* --include DIR: plain headers used as they are (hc_record.h) */
    const char *hipify;         /* --hipify: the translator */
    strvec hipify_args;         /* --hipify-arg ARG: extra translator arguments */
    const char *nvcc;           /* --nvcc */
    const char *hipcc;          /* --hipcc */
    const char *amd_archs;      /* --amd-arch gfx90a,gfx1100,... */
    const char *amd_device_libs;/* --amd-device-libs DIR: bitcode directory for hipcc (--rocm-device-lib-path) */
    const char *nvidia_arch;    /* --nvidia-arch sm_90 */
    const char *compat_include; /* --compat-include DIR: the HIP-on-NVIDIA overlay, first on the include path */
    const char *libs_include;   /* --libs-include DIR: the HIP-on-NVIDIA library layer (hipBLAS... over cuBLAS...) */
    const char *xfail_path;     /* --xfail FILE (default CORPUS/xfail.tsv, or WORK/xfail.tsv in a bundle) */
    const char *junit_path;     /* --junit FILE */
    const char *json_path;      /* --json FILE */
    const char *bundle_dir;     /* --bundle DIR (build) */
    const char *sidecar_path;   /* --sidecar FILE (compare) */
    strvec positional;          /* compare: the two record files */
    double timeout_seconds;     /* --timeout: per program run or compile */
    int timeout_given;          /* --timeout was on the command line: validate's runs use it, not the spec's */
    int bench_iterations;       /* --iters (bench) */
    int verbose;                /* --verbose */
    /* validate */
    const char *spec_path;      /* --spec FILE: the programs to validate (docs/harness.md) */
    const char *html_path;      /* --html FILE */
    const char *cuda_flags;     /* --cuda-flags: the {cuda_flags} placeholder (default -O2 -arch=NVIDIA_ARCH) */
    const char *hip_include;    /* --hip-include DIR: HIP headers for {hip_nvidia_flags} (default: the system's) */
    int resume;                 /* --resume: run/validate run only what WORK/results.jsonl has no result for */
    int without_gpu;            /* --without-gpu: run even when no GPU is visible (programs that need none) */
    const char *platform_differences; /* --platform-differences FILE: AMD platform notes (platform_differences.tsv) */
    /* the wave64 tier */
    const char *hip_cpu;        /* --hip-cpu DIR: HIP-CPU's include folder (build: also selects the hip-cpu step) */
    const char *cxx;            /* --cxx: the host C++ compiler for the hip-cpu step (default g++) */
    int own_checks_only;        /* --own-checks-only: run-cpu: outputs depend on the warp width; no CUDA comparison */
} harness_options;

int harness_build(const harness_options *options);
int harness_run(const harness_options *options);
int harness_compare(const harness_options *options);
int harness_bench(const harness_options *options);
int harness_validate(const harness_options *options);
int harness_run_cpu(const harness_options *options); /* cpurun.c: the hip-cpu binaries, on the CPU */

/* Shared by the subcommands. */
int list_programs(const harness_options *options, strvec *programs); /* sorted program names */
char *sidecar_for(const harness_options *options, const char *program); /* path that may not exist */
int finish_reports(const harness_options *options, const char *command, const result_set *results);
/* The report paths (--junit, --json, --html), checked before a command runs, as hipify-c checks its reports:
 * no two name one file, and none is or lies in an input (the corpus, the CUDA include and include folders, the
 * xfail list, the spec, the platform differences table). Links and device nodes are refused when written
 * (output_open). Returns 0, or -1 with the reason in error. */
int check_report_paths(const harness_options *options, char *error, size_t error_size);
int gpu_available(char *reason, size_t size);
/* The wave64 tier (build.c), shared by build's hip-cpu step and validate's: the host C++ compiler and its flags
 * for a port in port_dir against HIP-CPU, up to the sources (the caller adds them, -ltbb and -o), pushed onto
 * argv; 0, or 1 with the reason in why when HIP-CPU or the compiler is missing (the tier is then SKIPPED). */
int hip_cpu_compiler(const harness_options *o, const char *port_dir, strvec *argv, char *why, size_t why_size);
/* 0 when no source under dir shows a construct HIP-CPU cannot run faithfully (harness/hip-cpu/limits.tsv); 1 with
 * the first row's text and key in reason; -1 when the table cannot be read (reason says why). */
int hip_cpu_limits_scan(const char *dir, char *reason, size_t reason_size);
void add_gpu_environment(strvec *env); /* pins a run to CTest's allocated GPU, if any */
/* Copies the harness, the shared libraries it loads (cJSON, PCRE2), the xfail list and run.sh into a bundle
 * folder; adds their bytes to *total. Returns 0 or -1. */
int bundle_install_harness(const char *bundle_dir, const char *xfail_path, unsigned long long *total);
unsigned long long bundle_harness_size(void); /* what bundle_install_harness will add */
#define BUNDLE_LIMIT_BYTES (64ull * 1024 * 1024)

#endif
