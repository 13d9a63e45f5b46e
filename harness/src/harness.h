/* harness.h: the options shared by the hipify-harness subcommands (build, run, compare, bench) and their
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
    const char *xfail_path;     /* --xfail FILE (default CORPUS/xfail.tsv, or WORK/xfail.tsv in a bundle) */
    const char *junit_path;     /* --junit FILE */
    const char *json_path;      /* --json FILE */
    const char *bundle_dir;     /* --bundle DIR (build) */
    const char *sidecar_path;   /* --sidecar FILE (compare) */
    strvec positional;          /* compare: the two record files */
    double timeout_seconds;     /* --timeout: per program run or compile */
    int bench_iterations;       /* --iters (bench) */
    int verbose;                /* --verbose */
} harness_options;

int harness_build(const harness_options *options);
int harness_run(const harness_options *options);
int harness_compare(const harness_options *options);
int harness_bench(const harness_options *options);

/* Shared by the subcommands. */
int list_programs(const harness_options *options, strvec *programs); /* sorted program names */
char *sidecar_for(const harness_options *options, const char *program); /* path that may not exist */
int finish_reports(const harness_options *options, const char *command, const result_set *results);
int gpu_available(char *reason, size_t size);

#endif
