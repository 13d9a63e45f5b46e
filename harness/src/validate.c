/* validate.c: `hipify-harness validate build|run`: loads the spec, builds and stages each program (vbuild.c),
 * writes WORK/validate.json, makes the bundle (vbundle.c) and runs the staged programs (vcheck.c) into the
 * reports. It compares nothing itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "platnotes.h"
#include "process.h"
#include "resultlog.h"
#include "vbuild.h"
#include "vbundle.h"
#include "vcheck.h"
#include "vpaths.h"
#include "vspec.h"
#include "util.h"

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
        process_spec spec = {.argv = argv, .stdout_path = log, .stderr_path = PROCESS_DISCARD, .timeout_seconds = 30};
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

/* Loads the platform differences table for the AMD platform notes: explicit (--platform-differences: must exist),
 * else dir's copy (a work folder or bundle; dir NULL when building), else the configured one. A missing default
 * table only costs the notes (said on stderr); a malformed one is an error. Returns 0 or -1 (error printed). */
static int load_notes(const harness_options *o, const char *dir, platform_table *table)
{
    memset(table, 0, sizeof *table);
    char *path = platnotes_locate(o->platform_differences, dir), error[600];
    if (!path) {
        if (o->platform_differences) {
            fprintf(stderr, "hipify-harness validate: %s: no such platform differences table\n", o->platform_differences);
            return -1;
        }
        fprintf(stderr, "hipify-harness validate: no %s found: the reports carry no AMD platform notes\n",
                PLATNOTES_FILE);
        return 0;
    }
    int status = platnotes_load(path, table, error, sizeof error);
    if (status != 0)
        fprintf(stderr, "hipify-harness validate: %s\n", error);
    free(path);
    return status;
}

/* Attaches the notes of p to the row vcheck (or the loop below) just added for it; none when a side was not
 * built, since then nothing ran that a platform difference could explain. */
static int attach_notes(const platform_table *table, const vprogram *p, result_set *results)
{
    case_result *row = results->count ? &results->items[results->count - 1] : NULL;
    if (!row || strcmp(row->program, p->name) != 0 || strcmp(row->step, "validate") != 0 || p->skipped[SIDE_CUDA] ||
        p->skipped[SIDE_HIP])
        return 0;
    return platnotes_attach(table, &p->platform_notes, p->platform_difference, row);
}

static int selected(const harness_options *o, const char *name)
{
    return o->programs.count == 0 || strvec_contains(&o->programs, name);
}

/* The exit status: 1 on any failure, 77 when no program could be run (no GPU, nothing built), else 0. step: the
 * rows of the runs ("validate", or "validate-cpu" for the wave64 tier). */
static int exit_status(const result_set *results, int reports, const char *step)
{
    if (!result_set_ok(results) || reports != 0)
        return 1;
    int ran = 0, skipped = 0;
    for (size_t i = 0; i < results->count; i++)
        if (!strcmp(results->items[i].step, step)) {
            ran++;
            skipped += results->items[i].status == RESULT_SKIP;
        }
    return ran && skipped == ran ? HARNESS_EXIT_SKIPPED : 0;
}

/* The work folder against every selected program's tree, port and inputs; the reports and the bundle
 * against the programs' sources and the work folder. Returns 0, or -1 with the reason in error. */
static int check_spec_paths(const harness_options *o, const vspec *spec, char *error, size_t error_size)
{
    for (size_t i = 0; i < spec->count; i++)
        if (selected(o, spec->programs[i].name) &&
            vpaths_check_program(&spec->programs[i], o->work_dir, error, error_size) != 0)
            return -1;
    const char *names[] = {"--json", "--junit", "--html", "--bundle"};
    const char *paths[] = {o->json_path, o->junit_path, o->html_path, o->bundle_dir};
    for (size_t i = 0; i < COUNT_OF(names); i++)
        if (vpaths_check_output(spec, names[i], paths[i], error, error_size) != 0)
            return -1;
    if (o->bundle_dir) {
        char *bundle = path_resolve(o->bundle_dir), *work = path_resolve(o->work_dir);
        int overlap = !bundle || !work || path_overlaps(bundle, work);
        if (overlap)
            snprintf(error, error_size, "--bundle %.500s and --work %.500s overlap: the bundle is made from the work "
                     "folder and must lie outside it (and it outside the bundle)", o->bundle_dir, o->work_dir);
        free(bundle);
        free(work);
        if (overlap)
            return -1;
    }
    return 0;
}

/* Loads the spec and checks that every selected program exists and every path is safe, before anything is made
 * or cleared; then makes the work folder (its real path in *work). Returns 0, or 2 with the error printed. */
static int open_spec(const harness_options *o, vspec *spec, char **work)
{
    char error[1200] = "";
    *work = NULL;
    if (vspec_load(o->spec_path, spec, error, sizeof error) != 0) {
        fprintf(stderr, "hipify-harness validate: %s\n", error);
        return 2;
    }
    for (size_t i = 0; i < o->programs.count; i++)
        if (!vspec_find(spec, o->programs.items[i])) {
            fprintf(stderr, "hipify-harness validate: no program '%s' in %s\n", o->programs.items[i], o->spec_path);
            vspec_free(spec);
            return 2;
        }
    if (check_spec_paths(o, spec, error, sizeof error) != 0) {
        fprintf(stderr, "hipify-harness validate: %s\n", error);
        vspec_free(spec);
        return 2;
    }
    if (make_dirs(o->work_dir) != 0 || !(*work = realpath(o->work_dir, NULL))) {
        fprintf(stderr, "hipify-harness validate: cannot create %s\n", o->work_dir);
        vspec_free(spec);
        return 2;
    }
    return 0;
}

/* `validate cpu`: the wave64 tier of each selected program, built and run here (no GPU): its own translation
 * (--hip-kernel-execution-syntax) built against HIP-CPU, run on the CPU with 64-lane warps, judged by its own
 * checks and compared with the streams a GPU run of the CUDA side left in WORK/NAME/run, where there are some. */
static int validate_cpu(const harness_options *o)
{
    vspec spec;
    char *work;
    if (!o->spec_path || !o->work_dir || o->bundle_dir || o->resume) {
        fprintf(stderr, "hipify-harness validate cpu: needs --spec FILE and --work DIR (the GPU run's work folder, "
                        "where its CUDA streams are compared with), and takes no --bundle or --resume\n");
        return 2;
    }
    int status = open_spec(o, &spec, &work);
    if (status != 0)
        return status;
    result_set results = {0};
    for (size_t i = 0; i < spec.count; i++) {
        if (!selected(o, spec.programs[i].name))
            continue;
        vprogram *staged = calloc(1, sizeof *staged);
        if (!staged) {
            result_add(&results, spec.programs[i].name, "validate-cpu", RESULT_ERROR, "out of memory", NULL);
            continue;
        }
        vbuild_program(o, &spec.programs[i], work, 1, staged, &results);
        if (vcheck_program(staged, work, o->timeout_given ? o->timeout_seconds : 0, stdout, &results) != 0)
            result_add(&results, spec.programs[i].name, "validate-cpu", RESULT_ERROR, "out of memory", NULL);
        vspec holder = {NULL, NULL, staged, 1};
        vspec_free(&holder); /* frees the staged program */
    }
    int reports = finish_reports(o, "validate cpu", &results);
    status = exit_status(&results, reports, "validate-cpu");
    result_set_free(&results);
    vspec_free(&spec);
    free(work);
    return status;
}

int harness_validate(const harness_options *o)
{
    const char *mode = o->positional.count ? o->positional.items[0] : "run";
    char error[1200] = "";
    if (o->positional.count > 1 ||
        (strcmp(mode, "build") != 0 && strcmp(mode, "run") != 0 && strcmp(mode, "cpu") != 0)) {
        fprintf(stderr, "hipify-harness validate: expected 'build', 'run' or 'cpu' (or nothing, in a bundle)\n");
        return 2;
    }
    if (!strcmp(mode, "cpu"))
        return validate_cpu(o);
    if (!o->work_dir || (!strcmp(mode, "build") && !o->spec_path)) {
        fprintf(stderr, "hipify-harness validate: build needs --spec FILE and --work DIR; run needs --work DIR (a "
                        "folder made by validate build, or a bundle) and --spec to build first\n");
        return 2;
    }
    if (o->resume && o->spec_path) {
        fprintf(stderr, "hipify-harness validate: --resume goes on with a staged run: validate --work DIR --resume "
                        "(or run.sh validate --resume), without --spec\n");
        return 2;
    }
    result_set results = {0};
    int built_now = 0;
    if (o->spec_path) {
        vspec spec;
        char *work = NULL;
        /* Every path of every selected program is checked before the first folder is made or cleared. */
        if (open_spec(o, &spec, &work) != 0)
            return 2;
        platform_table notes;
        if (load_notes(o, NULL, &notes) != 0) {
            vspec_free(&spec);
            free(work);
            return 2;
        }
        vprogram *staged = calloc(spec.count + 1, sizeof *staged);
        vprogram **list = calloc(spec.count + 1, sizeof *list);
        size_t count = 0;
        result_log log;
        result_log_open(&log, work, o->programs.count > 0, 0, &results);
        built_now = 1;
        for (size_t i = 0; staged && list && i < spec.count; i++)
            if (selected(o, spec.programs[i].name)) {
                size_t first = results.count;
                vbuild_program(o, &spec.programs[i], work, 0, &staged[count], &results);
                /* The CUDA sources decide which notes apply; the run side has only binaries. */
                if (platnotes_scan_tree(&notes, spec.programs[i].tree, &staged[count].platform_notes) != 0)
                    result_add(&results, spec.programs[i].name, "stage", RESULT_ERROR, "out of memory", NULL);
                list[count] = &staged[count];
                count++;
                result_log_write(&log, &results, first);
            }
        result_log_close(&log, &results);
        char *path = xasprintf("%s/validate.json", work);
        if (!path || !list || vspec_write_staged(path, list, count) != 0)
            result_add(&results, "(spec)", "stage", RESULT_ERROR, "cannot write WORK/validate.json", NULL);
        /* The run reads WORK's copy, so that a bundle made from WORK and WORK itself cite the same table. */
        char *notes_copy = notes.path ? xasprintf("%s/%s", work, PLATNOTES_FILE) : NULL;
        if (notes.path && (!notes_copy || (strcmp(notes.path, notes_copy) != 0 &&
                                           copy_file(notes.path, notes_copy, false) != 0)))
            result_add(&results, "(spec)", "stage", RESULT_ERROR, "cannot copy the platform differences table", NULL);
        if (o->bundle_dir && staged)
            vbundle_make(o, staged, count, notes_copy, &results);
        free(notes_copy);
        platnotes_free(&notes);
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
    for (size_t i = 0; i < o->programs.count; i++)
        if (!vspec_find(&staged, o->programs.items[i])) {
            fprintf(stderr, "hipify-harness validate: no program '%s' staged in %s\n", o->programs.items[i],
                    o->work_dir);
            vspec_free(&staged);
            free(run_base);
            result_set_free(&results);
            return 2;
        }
    platform_table notes;
    if (load_notes(o, run_base, &notes) != 0) {
        vspec_free(&staged);
        free(run_base);
        result_set_free(&results);
        return 2;
    }
    char reason[256] = "";
    int have_gpu = o->without_gpu || gpu_available(reason, sizeof reason);
    describe_environment(&results);
    result_log log;
    /* Appended to after a build in this command or when only some programs run; a full run starts afresh. */
    result_log_open(&log, run_base, built_now || o->programs.count > 0, o->resume, &results);
    for (size_t i = 0; i < staged.count; i++) {
        const vprogram *p = &staged.programs[i];
        if (!selected(o, p->name))
            continue;
        size_t first = results.count;
        if (result_log_has(&log, p->name, "validate")) {
            /* Already validated by the interrupted run: its rows come back from the log, not from a rerun. */
            result_log_restore(&log, p->name, &results);
            printf("%s: result kept from an earlier run (results.jsonl)\n", p->name);
            if (attach_notes(&notes, p, &results) != 0)
                result_add(&results, p->name, "validate", RESULT_ERROR, "out of memory", NULL);
            continue;
        }
        if (!p->staged) {
            result_add(&results, p->name, "validate", RESULT_ERROR, "not a staged program (run validate build)", NULL);
        } else if (vpaths_check_staged(p, run_base, error, sizeof error) != 0) {
            result_add(&results, p->name, "validate", RESULT_ERROR, error, NULL);
        } else if (p->skipped[SIDE_CUDA] || p->skipped[SIDE_HIP]) {
            /* A side that did not build is a failure whether or not a GPU is here: a CI job must not pass
             * with programs left untested. */
            if (vcheck_program(p, run_base, o->timeout_given ? o->timeout_seconds : 0, stdout, &results) != 0)
                result_add(&results, p->name, "validate", RESULT_ERROR, "out of memory", NULL);
        } else if (!have_gpu) {
            result_add(&results, p->name, "validate", RESULT_SKIP, reason, NULL);
        } else if (!p->skipped[SIDE_CUDA] && !p->skipped[SIDE_HIP] && vbundle_unpack_stage(p, error, sizeof error) != 0) {
            result_add(&results, p->name, "validate", RESULT_ERROR, error, NULL);
        } else if (vcheck_program(p, run_base, o->timeout_given ? o->timeout_seconds : 0, stdout, &results) != 0) {
            result_add(&results, p->name, "validate", RESULT_ERROR, "out of memory", NULL);
        }
        if (attach_notes(&notes, p, &results) != 0)
            result_add(&results, p->name, "validate", RESULT_ERROR, "out of memory", NULL);
        result_log_write(&log, &results, first);
    }
    result_log_close(&log, &results);
    platnotes_free(&notes);
    int reports = finish_reports(o, "validate", &results);
    int status = exit_status(&results, reports, "validate");
    if (status == HARNESS_EXIT_SKIPPED && *reason)
        printf("%s\n", reason);
    result_set_free(&results);
    vspec_free(&staged);
    free(run_base);
    return status;
}
