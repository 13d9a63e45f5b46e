/* run.c: `hipify-harness run`, `compare` and `bench`: runs the CUDA and HIP-on-NVIDIA binaries of each program
 * (poisoned outputs, time limit, one GPU from CTest's resource allocation), compares their recordings, and times
 * kernels. It does not build anything (build.c does). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"
#include "grow.h"
#include "harness.h"
#include "process.h"
#include "recfile.h"
#include "resultlog.h"

/* Different poison bytes for the two sides: an element neither side writes then differs between them. Neither
 * pattern is a NaN (0xA5A5A5A5 is about -2.9e-16 as f32, 0x5A5A5A5A about 1.5e16), so a NaN cannot hide it. */
static const char *const poison_for_side[2] = {"0xA5", "0x5A"};
static const char *const side_names[2] = {"cuda", "hip-nvidia"};

int gpu_available(char *reason, size_t size)
{
    const char *forced = getenv("HIPIFY_HARNESS_NO_GPU"); /* lets tests check the SKIPPED path on GPU machines */
    if (forced && *forced && *forced != '0') {
        snprintf(reason, size, "SKIPPED: HIPIFY_HARNESS_NO_GPU is set");
        return 0;
    }
    char *smi = find_program("nvidia-smi");
    if (smi) {
        char *argv[] = {smi, "-L", NULL};
        process_result result;
        char log[] = "/tmp/hipify-harness-smi-XXXXXX";
        int fd = mkstemp(log);
        if (fd >= 0)
            close(fd);
        int ok = fd >= 0 && run_process(argv, NULL, log, 30, &result) == 0 && process_ok(&result);
        char *text = ok ? read_text_file(log, NULL) : NULL;
        ok = text && strstr(text, "GPU ");
        free(text);
        if (fd >= 0)
            unlink(log);
        free(smi);
        if (ok)
            return 1;
    }
    snprintf(reason, size, "SKIPPED: no NVIDIA GPU (nvidia-smi -L lists none)");
    return 0;
}

/* CTest's resource allocation (RESOURCE_GROUPS gpus:1) names the GPU as "id:N,slots:1"; pin the run to it. */
void add_gpu_environment(strvec *env)
{
    const char *group = getenv("CTEST_RESOURCE_GROUP_0_GPUS");
    const char *id = group ? strstr(group, "id:") : NULL;
    if (id) {
        size_t length = strcspn(id + 3, ",;");
        strvec_pushf(env, "CUDA_VISIBLE_DEVICES=%.*s", (int)length, id + 3);
    }
}

/* Runs one side of one program, recording into record_path. */
static int run_side(const harness_options *o, const char *program, int side, const char *record_path,
                    int bench_iterations, process_result *result, char **log_out)
{
    char *binary = xasprintf("%s/%s/%s.%s", o->work_dir, program, program, side_names[side]);
    char *log = xasprintf("%s/%s/%s-%s.log", o->work_dir, program, bench_iterations ? "bench" : "run", side_names[side]);
    strvec env = {0};
    strvec_pushf(&env, "HC_RECORD_FILE=%s", record_path);
    strvec_pushf(&env, "HC_POISON=%s", poison_for_side[side]);
    strvec_pushf(&env, "HC_BENCH_ITERS=%d", bench_iterations);
    strvec_pushf(&env, "HC_RECORD_SKIP_BUFFERS=%d", bench_iterations ? 1 : 0);
    add_gpu_environment(&env);
    unlink(record_path);
    unlink(log);
    char *argv[] = {binary, NULL};
    int status = is_executable(binary) ? run_process(argv, &env, log, o->timeout_seconds, result) : -1;
    strvec_free(&env);
    free(binary);
    *log_out = log;
    return status;
}

static void describe_failure(char *buffer, size_t size, const char *program, const comparison *c)
{
    size_t used = 0;
    for (int s = 0; s < 2; s++) {
        if (c->failed_checks[s])
            used += (size_t)snprintf(buffer + used, used < size ? size - used : 0, "%s failed %d CPU check(s); ",
                                     side_names[s], c->failed_checks[s]);
        if (c->incomplete[s])
            used += (size_t)snprintf(buffer + used, used < size ? size - used : 0, "%s recording incomplete; ",
                                     side_names[s]);
    }
    int failing = 0;
    const buffer_result *first = NULL;
    for (size_t i = 0; i < c->buffer_count; i++)
        if (!c->buffers[i].passed) {
            failing++;
            if (!first)
                first = &c->buffers[i];
        }
    if (first && used < size)
        snprintf(buffer + used, size - used, "%d buffer(s) differ, first %s (%llu mismatches)", failing, first->name,
                 (unsigned long long)first->mismatches);
    if (!first && used == 0)
        snprintf(buffer, size, "%s: nothing recorded", program);
}

int harness_run(const harness_options *o)
{
    strvec programs = {0};
    result_set results = {0};
    xfail_list xfail;
    char error[512] = "", reason[256];
    if (!o->work_dir) {
        fprintf(stderr, "hipify-harness run: --work is required\n");
        return 2;
    }
    if (xfail_load(o->xfail_path, &xfail, error, sizeof error) != 0) {
        fprintf(stderr, "hipify-harness: %s\n", error);
        return 2;
    }
    if (list_programs(o, &programs) != 0 || programs.count == 0) {
        fprintf(stderr, "hipify-harness run: no programs found\n");
        xfail_free(&xfail);
        return 2;
    }
    int have_gpu = gpu_available(reason, sizeof reason);
    result_log log;
    /* A run of some programs (CTest runs one per test, side by side) adds to the log; a full run starts it. */
    result_log_open(&log, o->work_dir, o->programs.count > 0, o->resume, &results);
    for (size_t i = 0; i < programs.count; i++) {
        const char *p = programs.items[i];
        size_t first = results.count;
        if (result_log_has(&log, p, "run")) {
            /* Already run by the interrupted run: its row comes back from WORK/results.jsonl. */
            result_log_restore(&log, p, &results);
            printf("%s: result kept from an earlier run (results.jsonl)\n", p);
            continue;
        }
        if (!have_gpu) {
            result_add(&results, p, "run", RESULT_SKIP, reason, NULL);
            result_log_write(&log, &results, first);
            continue;
        }
        char *records[2], *logs[2] = {NULL, NULL};
        process_result outcome[2];
        int ran[2];
        double seconds = 0;
        for (int s = 0; s < 2; s++) {
            records[s] = xasprintf("%s/%s/%s.rec", o->work_dir, p, side_names[s]);
            ran[s] = run_side(o, p, s, records[s], 0, &outcome[s], &logs[s]) == 0;
            seconds += ran[s] ? outcome[s].seconds : 0;
        }
        char message[600] = "";
        result_status status = RESULT_PASS;
        case_result *row = NULL;
        char text[2][64];
        if (ran[0] && ran[1] && !process_ok(&outcome[0]) && !process_ok(&outcome[1])) {
            /* Both failed: not a difference, and no evidence that the port works either. */
            snprintf(message, sizeof message, "both sides failed: %s %s, %s %s (exit 1 means its own CPU-reference "
                     "check failed)", side_names[0], process_describe(&outcome[0], text[0], sizeof text[0]),
                     side_names[1], process_describe(&outcome[1], text[1], sizeof text[1]));
            status = RESULT_BOTHFAIL;
        }
        for (int s = 0; s < 2 && status == RESULT_PASS; s++) {
            if (!ran[s]) {
                snprintf(message, sizeof message, "%s binary missing (build step failed?)", side_names[s]);
                status = RESULT_FAIL;
            } else if (!process_ok(&outcome[s])) {
                snprintf(message, sizeof message, "%s run: %s (exit 1 means its own CPU-reference check failed)",
                         side_names[s], process_describe(&outcome[s], text[s], sizeof text[s]));
                status = RESULT_FAIL;
            }
        }
        recording rec[2] = {{0}, {0}};
        comparison cmp = {0};
        program_policy policy = {0};
        char *sidecar = sidecar_for(o, p);
        if (status == RESULT_PASS) {
            if (recording_read(records[0], &rec[0], error, sizeof error) != 0 ||
                recording_read(records[1], &rec[1], error, sizeof error) != 0 ||
                policy_load(sidecar, &policy, error, sizeof error) != 0 ||
                compare_recordings(&rec[0], &rec[1], &policy, &cmp) != 0) {
                snprintf(message, sizeof message, "%s", error);
                status = RESULT_FAIL;
            } else {
                comparison_print(stdout, p, &cmp, side_names[0], side_names[1], o->verbose);
                if (!cmp.passed) {
                    describe_failure(message, sizeof message, p, &cmp);
                    status = RESULT_FAIL;
                } else {
                    snprintf(message, sizeof message, "%zu buffers equal within bounds; CPU checks passed on both "
                             "sides (worst %.3g / %.3g)", cmp.buffer_count, cmp.worst_check[0], cmp.worst_check[1]);
                }
            }
        }
        const char *expected = xfail_reason(&xfail, p, STEP_RUN);
        if (!expected && status == RESULT_FAIL && !ran[1])
            expected = xfail_reason(&xfail, p, STEP_HIP_NVIDIA); /* no HIP binary, and that was expected */
        if (expected && (status == RESULT_FAIL || status == RESULT_BOTHFAIL)) {
            status = RESULT_XFAIL;
            snprintf(message, sizeof message, "%s", expected);
        } else if (expected && status == RESULT_PASS) {
            status = RESULT_XPASS;
        }
        row = result_add(&results, p, "run", status, message,
                         status == RESULT_FAIL || status == RESULT_BOTHFAIL ? logs[1] : NULL);
        if (row) {
            row->seconds = seconds;
            row->has_errors = cmp.buffer_count > 0;
            row->max_abs = cmp.max_abs;
            row->max_rel = cmp.max_rel;
            row->max_ulp = cmp.max_ulp;
        }
        /* Recordings can be hundreds of MiB: keep them only when they explain a failure, and the CUDA one, which
         * the wave64 tier (run-cpu) compares its run with. */
        for (int s = 0; s < 2; s++) {
            if ((status == RESULT_PASS || status == RESULT_XFAIL) && s != 0)
                unlink(records[s]);
            recording_free(&rec[s]);
            free(records[s]);
            free(logs[s]);
        }
        comparison_free(&cmp);
        policy_free(&policy);
        free(sidecar);
        result_log_write(&log, &results, first);
    }
    result_log_close(&log, &results);
    int reports = finish_reports(o, "run", &results);
    int exit_code = result_set_all_skipped(&results) ? HARNESS_EXIT_SKIPPED
                                                     : (result_set_ok(&results) && reports == 0 ? 0 : 1);
    if (exit_code == HARNESS_EXIT_SKIPPED)
        printf("%s\n", reason);
    result_set_free(&results);
    strvec_free(&programs);
    xfail_free(&xfail);
    return exit_code;
}

int harness_compare(const harness_options *o)
{
    recording rec[2] = {{0}, {0}};
    program_policy policy;
    comparison cmp = {0};
    result_set results = {0};
    char error[512] = "";
    if (o->positional.count != 2) {
        fprintf(stderr, "hipify-harness compare: expected two record files\n");
        return 2;
    }
    const char *a = o->positional.items[0], *b = o->positional.items[1];
    if (recording_read(a, &rec[0], error, sizeof error) != 0 || recording_read(b, &rec[1], error, sizeof error) != 0 ||
        policy_load(o->sidecar_path, &policy, error, sizeof error) != 0) {
        fprintf(stderr, "hipify-harness compare: %s\n", error);
        recording_free(&rec[0]);
        recording_free(&rec[1]);
        return 2;
    }
    int status = compare_recordings(&rec[0], &rec[1], &policy, &cmp);
    char message[600] = "";
    if (status == 0) {
        comparison_print(stdout, "compare", &cmp, "first", "second", o->verbose);
        if (!cmp.passed)
            describe_failure(message, sizeof message, "compare", &cmp);
        else
            snprintf(message, sizeof message, "%zu buffers equal within bounds", cmp.buffer_count);
        /* Per buffer rows, so JUnit shows which output broke. */
        for (size_t i = 0; i < cmp.buffer_count; i++) {
            const buffer_result *r = &cmp.buffers[i];
            char detail[300] = "";
            if (r->problem)
                snprintf(detail, sizeof detail, "%s", r->problem);
            else if (!r->passed)
                snprintf(detail, sizeof detail, "%llu of %llu elements differ, first [%llu]: %.17g vs %.17g",
                         (unsigned long long)r->mismatches, (unsigned long long)r->count,
                         (unsigned long long)r->first_index[0], r->first_a[0], r->first_b[0]);
            case_result *row = result_add(&results, "compare", r->name, r->passed ? RESULT_PASS : RESULT_FAIL,
                                          *detail ? detail : NULL, NULL);
            if (row) {
                row->has_errors = !r->problem;
                row->max_abs = r->max_abs;
                row->max_rel = r->max_rel;
                row->max_ulp = r->max_ulp;
            }
        }
        result_add(&results, "compare", "(recordings)", cmp.passed ? RESULT_PASS : RESULT_FAIL, message, NULL);
    }
    int reports = finish_reports(o, "compare", &results);
    int exit_code = status == 0 && cmp.passed && reports == 0 ? 0 : 1;
    comparison_free(&cmp);
    policy_free(&policy);
    recording_free(&rec[0]);
    recording_free(&rec[1]);
    result_set_free(&results);
    return exit_code;
}

/* Timing of one kernel on both sides: the smallest of the medians of the alternating runs. */
typedef struct kernel_times {
    char *name;
    double median_ms[2];
    int samples[2];
} kernel_times;

int harness_bench(const harness_options *o)
{
    strvec programs = {0};
    result_set results = {0};
    char reason[256], error[512];
    int iterations = o->bench_iterations > 0 ? o->bench_iterations : 50;
    xfail_list xfail;
    if (!o->work_dir || list_programs(o, &programs) != 0 || programs.count == 0) {
        fprintf(stderr, "hipify-harness bench: --work with built programs is required\n");
        return 2;
    }
    if (xfail_load(o->xfail_path, &xfail, error, sizeof error) != 0) {
        fprintf(stderr, "hipify-harness: %s\n", error);
        strvec_free(&programs);
        return 2;
    }
    if (!gpu_available(reason, sizeof reason)) {
        printf("%s\n", reason);
        strvec_free(&programs);
        xfail_free(&xfail);
        return HARNESS_EXIT_SKIPPED;
    }
    double log_ratio_sum = 0;
    int ratio_count = 0;
    for (size_t i = 0; i < programs.count; i++) {
        const char *p = programs.items[i];
        kernel_times *kernels = NULL;
        size_t kernel_count = 0, kernel_capacity = 0;
        int failed = 0;
        /* A side that was not built is only acceptable when the xfail list says why. */
        for (int side = 0; side < 2 && !failed; side++) {
            char *binary = xasprintf("%s/%s/%s.%s", o->work_dir, p, p, side_names[side]);
            const char *expected = xfail_reason(&xfail, p, side ? STEP_HIP_NVIDIA : STEP_CUDA);
            if (!is_executable(binary)) {
                result_add(&results, p, "bench", expected ? RESULT_XFAIL : RESULT_FAIL,
                           expected ? expected : "binary missing (build step failed?)", NULL);
                failed = 1;
            }
            free(binary);
        }
        /* Order CUDA, HIP, HIP, CUDA so that drift (clocks, temperature) affects both sides alike. */
        static const int order[4] = {0, 1, 1, 0};
        for (int r = 0; r < 4 && !failed; r++) {
            int side = order[r];
            char *record = xasprintf("%s/%s/bench-%s.rec", o->work_dir, p, side_names[side]), *log = NULL;
            process_result outcome;
            recording rec = {0};
            if (run_side(o, p, side, record, iterations, &outcome, &log) != 0 || !process_ok(&outcome) ||
                recording_read(record, &rec, error, sizeof error) != 0) {
                result_add(&results, p, "bench", RESULT_FAIL, "a timed run failed", log);
                failed = 1;
            }
            for (size_t t = 0; !failed && t < rec.timing_count; t++) {
                size_t k = 0;
                while (k < kernel_count && strcmp(kernels[k].name, rec.timings[t].name) != 0)
                    k++;
                if (k == kernel_count) {
                    if (hc_grow(&kernels, &kernel_capacity, kernel_count, sizeof *kernels, 8) != 0)
                        break;
                    memset(&kernels[k], 0, sizeof kernels[k]);
                    kernels[k].name = strdup(rec.timings[t].name);
                    kernel_count++;
                }
                /* The smaller median of a side's runs: a run disturbed by something else only ever slows down. */
                double median = rec.timings[t].median_ms;
                if (kernels[k].samples[side] == 0 || median < kernels[k].median_ms[side])
                    kernels[k].median_ms[side] = median;
                kernels[k].samples[side]++;
            }
            recording_free(&rec);
            unlink(record);
            free(record);
            free(log);
        }
        for (size_t k = 0; k < kernel_count; k++) {
            if (!failed && kernels[k].samples[0] && kernels[k].samples[1]) {
                double cuda = kernels[k].median_ms[0], hip = kernels[k].median_ms[1];
                char message[160];
                snprintf(message, sizeof message, "cuda %.4f ms, hip %.4f ms, HIP/CUDA %.3f", cuda, hip, hip / cuda);
                case_result *row = result_add(&results, p, kernels[k].name, RESULT_PASS, message, NULL);
                if (row && cuda > 0 && hip > 0) {
                    row->value = hip / cuda;
                    row->seconds = hip / 1000.0;
                    log_ratio_sum += log(hip / cuda);
                    ratio_count++;
                }
            }
            free(kernels[k].name);
        }
        if (!failed && kernel_count == 0)
            result_add(&results, p, "bench", RESULT_SKIP, "the program records no timings", NULL);
        free(kernels);
    }
    if (ratio_count) {
        char message[160];
        double geomean = exp(log_ratio_sum / ratio_count);
        snprintf(message, sizeof message, "geometric mean HIP/CUDA time ratio over %d kernels: %.4f", ratio_count,
                 geomean);
        case_result *row = result_add(&results, "(all)", "geomean", RESULT_PASS, message, NULL);
        if (row)
            row->value = geomean;
    }
    int reports = finish_reports(o, "bench", &results);
    int exit_code = result_set_ok(&results) && reports == 0 ? 0 : 1;
    result_set_free(&results);
    strvec_free(&programs);
    xfail_free(&xfail);
    return exit_code;
}
