/* cpurun.c: `hipify-harness run-cpu`, the wave64 tier's runs: each program's hip-cpu binary (its port built against
 * AMD's HIP CPU Runtime, 64-lane warps) on the CPU, its own checks, and its recording compared with the CUDA run's
 * where that recording exists. It builds nothing (build.c's hip-cpu step does) and needs no GPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"
#include "harness.h"
#include "process.h"
#include "recfile.h"

/* The patched HIP-CPU (harness/hip-cpu/patches) ends a run it cannot make faithful with this line and status. */
static const char not_runnable_marker[] = "HIP-CPU: not runnable: ";
#define NOT_RUNNABLE_EXIT 86

/* Not the CUDA side's 0xA5: an element the port leaves unwritten differs from the CUDA recording. */
static const char cpu_poison[] = "0xC3";

/* The reason the patched runtime printed, copied into reason; 0 when the log holds none. */
static int not_runnable_reason(const char *log, char *reason, size_t size)
{
    char *text = read_text_file(log, NULL);
    const char *at = text ? strstr(text, not_runnable_marker) : NULL;
    if (at) {
        at += sizeof not_runnable_marker - 1;
        snprintf(reason, size, "%.*s", (int)strcspn(at, "\n"), at);
    }
    free(text);
    return at != NULL;
}

/* The first line of WORK/PROGRAM/hip-cpu.status ("SKIPPED reason"), so a program the build found not runnable
 * is reported with that reason here too. NULL when there is no such file. */
static char *build_status(const harness_options *o, const char *program)
{
    char *path = xasprintf("%s/%s/%s.status", o->work_dir, program, step_name(STEP_HIP_CPU));
    char *text = path ? read_text_file(path, NULL) : NULL;
    free(path);
    if (text)
        text[strcspn(text, "\n")] = '\0';
    return text;
}

/* Runs one program; fills status and message. */
static result_status run_one(const harness_options *o, const char *p, const xfail_list *xfail, char *message,
                             size_t size, case_result *stats, double *seconds)
{
    char *status_text = build_status(o, p);
    const char *built_reason = xfail_reason(xfail, p, STEP_HIP_CPU);
    if (status_text && !strncmp(status_text, "SKIPPED ", 8)) {
        snprintf(message, size, "%s", status_text + 8);
        free(status_text);
        return RESULT_SKIP;
    }
    free(status_text);
    char *binary = xasprintf("%s/%s/%s.hip-cpu", o->work_dir, p, p);
    if (!binary || !is_executable(binary)) {
        free(binary);
        if (built_reason) {
            snprintf(message, size, "%s", built_reason);
            return RESULT_XFAIL;
        }
        snprintf(message, size, "hip-cpu binary missing (the hip-cpu build step failed or did not run)");
        return RESULT_FAIL;
    }
    program_policy policy;
    char error[512] = "";
    char *sidecar = sidecar_for(o, p);
    if (policy_load(sidecar, &policy, error, sizeof error) != 0) {
        snprintf(message, size, "%s", error);
        free(sidecar);
        free(binary);
        return RESULT_FAIL;
    }
    free(sidecar);
    char *record = xasprintf("%s/%s/hip-cpu.rec", o->work_dir, p);
    char *cuda_record = xasprintf("%s/%s/cuda.rec", o->work_dir, p);
    char *log = xasprintf("%s/%s/run-hip-cpu.log", o->work_dir, p);
    strvec env = {0}, argv = {0};
    strvec_pushf(&env, "HC_RECORD_FILE=%s", record);
    strvec_pushf(&env, "HC_POISON=%s", cpu_poison);
    strvec_push(&env, "HC_BENCH_ITERS=0");
    strvec_push(&env, "HC_RECORD_SKIP_BUFFERS=0");
    strvec_push(&argv, binary);
    if (policy.cpu_args)
        strvec_split_push(&argv, policy.cpu_args);
    unlink(record);
    unlink(log);
    process_result outcome;
    result_status status = RESULT_PASS;
    char text[64], reason[400];
    if (run_process(argv.items, &env, log, o->timeout_seconds, &outcome) != 0) {
        snprintf(message, size, "hip-cpu binary could not be started");
        status = RESULT_FAIL;
    } else if (!process_ok(&outcome)) {
        *seconds = outcome.seconds;
        if (outcome.exit_code == NOT_RUNNABLE_EXIT && not_runnable_reason(log, reason, sizeof reason)) {
            snprintf(message, size, "not runnable on HIP-CPU: %s", reason);
            status = RESULT_SKIP;
        } else {
            snprintf(message, size, "hip-cpu run: %s (exit 1 means its own CPU-reference check failed)",
                     process_describe(&outcome, text, sizeof text));
            status = RESULT_FAIL;
        }
    }
    if (status == RESULT_PASS) {
        *seconds = outcome.seconds;
        /* Against the CUDA recording when there is one and the inputs are the same; else the program's own checks
         * alone (a recording compared with itself passes exactly when its checks passed and it is complete). */
        int against_cuda = file_exists(cuda_record) && !policy.cpu_args && !o->own_checks_only;
        recording rec[2] = {{0}, {0}};
        comparison cmp = {0};
        if (recording_read(against_cuda ? cuda_record : record, &rec[0], error, sizeof error) != 0 ||
            recording_read(record, &rec[1], error, sizeof error) != 0 ||
            compare_recordings(&rec[0], &rec[1], &policy, &cmp) != 0) {
            snprintf(message, size, "%s", error);
            status = RESULT_FAIL;
        } else {
            if (against_cuda)
                comparison_print(stdout, p, &cmp, "cuda", "hip-cpu", o->verbose);
            if (cmp.buffer_count == 0 && cmp.failed_checks[1] == 0) {
                snprintf(message, size, "nothing recorded");
                status = RESULT_FAIL;
            } else if (!cmp.passed) {
                const buffer_result *first = NULL;
                for (size_t i = 0; i < cmp.buffer_count && !first; i++)
                    if (!cmp.buffers[i].passed)
                        first = &cmp.buffers[i];
                snprintf(message, size, "%s%s%s%s%s",
                         cmp.failed_checks[1] ? "its own CPU-reference check failed; " : "",
                         cmp.incomplete[1] ? "recording incomplete; " : "",
                         first ? "differs from the CUDA recording: " : "", first ? first->name : "",
                         first && first->problem ? " (not comparable)" : "");
                status = RESULT_FAIL;
            } else if (against_cuda) {
                snprintf(message, size, "64-lane warps: %zu buffers equal the CUDA run's within bounds; its own checks "
                         "passed (worst %.3g)", cmp.buffer_count, cmp.worst_check[1]);
            } else {
                snprintf(message, size, "64-lane warps: its own checks passed (worst %.3g); %s", cmp.worst_check[1],
                         o->own_checks_only ? "outputs depend on the warp width (--own-checks-only): not compared "
                                              "with CUDA's 32-lane run"
                         : policy.cpu_args  ? "smaller inputs (sidecar hip-cpu.args): not compared with CUDA"
                                            : "no CUDA recording to compare with");
            }
            stats->has_errors = against_cuda && cmp.buffer_count > 0;
            stats->max_abs = cmp.max_abs;
            stats->max_rel = cmp.max_rel;
            stats->max_ulp = cmp.max_ulp;
        }
        comparison_free(&cmp);
        recording_free(&rec[0]);
        recording_free(&rec[1]);
    }
    const char *expected = xfail_reason(xfail, p, STEP_RUN_CPU);
    if (expected && status == RESULT_FAIL) {
        status = RESULT_XFAIL;
        snprintf(message, size, "%s", expected);
    } else if (expected && status == RESULT_PASS) {
        status = RESULT_XPASS;
    }
    if (status == RESULT_PASS || status == RESULT_XFAIL)
        unlink(record);
    strvec_free(&env);
    strvec_free(&argv);
    policy_free(&policy);
    free(record);
    free(cuda_record);
    free(log);
    free(binary);
    return status;
}

int harness_run_cpu(const harness_options *o)
{
    strvec programs = {0};
    result_set results = {0};
    xfail_list xfail;
    char error[512] = "";
    if (!o->work_dir) {
        fprintf(stderr, "hipify-harness run-cpu: --work is required\n");
        return 2;
    }
    if (xfail_load(o->xfail_path, &xfail, error, sizeof error) != 0) {
        fprintf(stderr, "hipify-harness: %s\n", error);
        return 2;
    }
    if (list_programs(o, &programs) != 0 || programs.count == 0) {
        fprintf(stderr, "hipify-harness run-cpu: no programs found\n");
        xfail_free(&xfail);
        return 2;
    }
    for (size_t i = 0; i < programs.count; i++) {
        char message[700] = "";
        case_result stats;
        double seconds = 0;
        memset(&stats, 0, sizeof stats);
        result_status status = run_one(o, programs.items[i], &xfail, message, sizeof message, &stats, &seconds);
        char *log = status == RESULT_FAIL ? xasprintf("%s/%s/run-hip-cpu.log", o->work_dir, programs.items[i]) : NULL;
        case_result *row = result_add(&results, programs.items[i], step_name(STEP_RUN_CPU), status, message, log);
        if (row) {
            row->seconds = seconds;
            row->has_errors = stats.has_errors;
            row->max_abs = stats.max_abs;
            row->max_rel = stats.max_rel;
            row->max_ulp = stats.max_ulp;
        }
        free(log);
    }
    int reports = finish_reports(o, "run-cpu", &results);
    int exit_code = result_set_all_skipped(&results) ? HARNESS_EXIT_SKIPPED
                                                     : (result_set_ok(&results) && reports == 0 ? 0 : 1);
    result_set_free(&results);
    strvec_free(&programs);
    xfail_free(&xfail);
    return exit_code;
}
