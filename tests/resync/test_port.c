/* test_port.c: unit tests of the port as a function (hc_port), called with a port's option struct filled in
 * code and by the manifest's words (hc_port_opts_replay), never with argv: a small tree is ported, the
 * replay decoder refuses what a manifest may not carry, and the port keeps its refusals. Scratch files only. */
#include "cli.h"
#include "unit_check.h"
#include "unit_scratch.h"
#include "util.h"

#include <stdlib.h>
#include <sys/stat.h>

static void put(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (f) fputs(text, f), fclose(f);
}

/* The file's text (at most 64 KiB), or "" when it cannot be read; in a static buffer. */
static const char *slurp(const char *path) {
    static char buf[1 << 16];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f) fclose(f);
    buf[n] = '\0';
    return buf;
}

static bool exists(const char *path) {
    struct stat st;
    return lstat(path, &st) == 0;
}

static const char kernel[] = "#include <cuda_runtime.h>\n"
                             "#include \"util.cuh\"\n"
                             "__global__ void k(float *p) { p[threadIdx.x] = 1.0f; }\n"
                             "int main() {\n"
                             "    float *p;\n"
                             "    cudaMalloc(&p, 64);\n"
                             "    k<<<1, 16>>>(p);\n"
                             "    cudaDeviceSynchronize();\n"
                             "    cudaFree(p);\n"
                             "}\n";

int main(void) {
    if (unit_scratch_make("port") != 0) return 1;
    char cuda[PATH_MAX], hip[PATH_MAX];
    snprintf(cuda, sizeof cuda, "%s", unit_at("cuda"));
    snprintf(hip, sizeof hip, "%s", unit_at("hip"));
    mkdir(cuda, 0700);
    mkdir(unit_at("cuda/sub"), 0700);
    put(unit_at("cuda/k.cu"), kernel);
    put(unit_at("cuda/util.cuh"), "#pragma once\ninline cudaError_t check(cudaError_t e) { return e; }\n");
    put(unit_at("cuda/sub/notes.txt"), "not a source\n");

    /* the recorded words become fields; no argv, no parser */
    const char *const words[] = {"--hip-version=6.2", "--semantic=never", "--hip-kernel-execution-syntax"};
    hc_port_opts o;
    size_t bad = 99;
    CHECK_INT(hc_port_opts_replay(&o, words, 3, &bad), 0);
    CHECK_INT(o.opt.hip_version, HC_VERSION(6, 2, 0));
    CHECK(o.hip_version_given);
    CHECK_INT(o.opt.semantic, HC_SEM_NEVER);
    CHECK_INT(o.opt.launch_syntax, HC_LAUNCH_HIP);
    CHECK(hc_strv_push(&o.inputs, cuda) == 0);
    o.out_dir = hip;
    o.quiet_warnings = true;
    CHECK_INT(hc_port(&o), HC_EXIT_OK);
    const char *k = slurp(unit_at("hip/k.cu"));
    CHECK(strstr(k, "hipMalloc(&p, 64)") != NULL);
    CHECK(strstr(k, "hipLaunchKernelGGL(k, dim3(1), dim3(16), 0, 0, p)") != NULL);
    CHECK(strstr(slurp(unit_at("hip/util.cuh")), "hipError_t check(hipError_t e)") != NULL);
    CHECK_STR(slurp(unit_at("hip/sub/notes.txt")), "not a source\n");
    CHECK_STR(slurp(unit_at("cuda/k.cu")), kernel); /* the input is never written */
    const char *m = slurp(unit_at("hip/.hipify_manifest.json"));
    CHECK(strstr(m, "\"--hip-version=6.2.0\"") != NULL);
    CHECK(strstr(m, "\"--semantic=never\"") != NULL);
    CHECK(strstr(m, "\"k.cu\"") != NULL);
    CHECK(o.opt.rules == NULL && o.diag_worst == NULL); /* nothing of the run is left pointing into it */

    /* the port's own refusals hold when it is called as a function: an output inside the input is refused
     * before anything is written */
    hc_port_opts in_input;
    hc_port_opts_init(&in_input);
    CHECK(hc_strv_push(&in_input.inputs, cuda) == 0);
    in_input.out_dir = unit_at("cuda/out");
    CHECK_INT(hc_port(&in_input), HC_EXIT_USAGE);
    CHECK(!exists(unit_at("cuda/out")));
    /* a report that would replace the input: the one collision rule, refused before anything is written */
    hc_port_opts clash;
    hc_port_opts_init(&clash);
    CHECK(hc_strv_push(&clash.inputs, unit_at("cuda/k.cu")) == 0);
    clash.output = unit_at("k.hip.cu");
    clash.diff = unit_at("cuda/k.cu");
    CHECK_INT(hc_port(&clash), HC_EXIT_USAGE);
    CHECK(!exists(unit_at("k.hip.cu")));
    CHECK_STR(slurp(unit_at("cuda/k.cu")), kernel);

    /* what a manifest may not carry has no field to reach: an output, a report, another mode, an alias
     * spelling, a flag written with a value, a value its option refuses */
    const struct { const char *words[2]; size_t bad; } refused[] = {
        {{"--roc", "--diff=/tmp/x"}, 1},       {{"--out-dir=/tmp/x", "--roc"}, 0},
        {{"--roc", "--resync=/tmp/x"}, 1},     {{"--depfile=/tmp/x.d", "--roc"}, 0},
        {{"-roc", "--roc"}, 0},                {{"--roc", "--roc=1"}, 1},
        {{"--semantic=sometimes", "--roc"}, 0}, {{"--roc", "--suppress=HC9999"}, 1},
    };
    for (size_t i = 0; i < COUNT_OF(refused); i++) {
        hc_port_opts r;
        bad = 99;
        CHECK_INT(hc_port_opts_replay(&r, refused[i].words, 2, &bad), -1);
        CHECK_INT(bad, refused[i].bad);
        CHECK(!r.diff && !r.out_dir && !r.depfile && !r.output); /* and no field for another mode at all */
        hc_port_opts_free(&r);
    }
    /* a re-sync's port: the recorded words, quiet, and what the command line says of the run itself */
    hc_cli given;
    hc_cli_init(&given);
    given.port.jobs = 3;
    given.port.memory_limit = 1ull << 20;
    given.port.verbose = true;
    CHECK(hc_strv_push(&given.port.hip_paths, "none") == 0);
    hc_port_opts rs;
    bad = 99;
    CHECK_INT(hc_resync_port_opts(&given, words, 3, cuda, "rs-out", &rs, &bad), 0);
    CHECK_INT(rs.jobs, 3);
    CHECK(rs.memory_limit == 1ull << 20);
    CHECK(rs.verbose && rs.quiet_warnings);
    CHECK(rs.hip_paths.n == 1 && !strcmp(rs.hip_paths.v[0], "none"));
    CHECK_INT(rs.opt.semantic, HC_SEM_NEVER);
    CHECK(rs.inputs.n == 1 && !strcmp(rs.inputs.v[0], cuda) && !strcmp(rs.out_dir, "rs-out"));
    hc_port_opts_free(&rs);
    hc_cli_free(&given);
    hc_port_opts_free(&o);
    hc_port_opts_free(&in_input);
    hc_port_opts_free(&clash);
    UNIT_DONE();
}
