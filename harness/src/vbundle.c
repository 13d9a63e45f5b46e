/* vbundle.c: the bundle of `hipify-harness validate`: packs each staged program (tar.gz), copies the archives,
 * the staged spec and the harness into the bundle under the 64 MiB limit, and unpacks a stage on the run side.
 * It builds and runs nothing under test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platnotes.h"
#include "process.h"
#include "vbundle.h"

static case_result *add_row(result_set *results, const char *program, const char *step, result_status status,
                            const char *message, double started)
{
    case_result *row = result_add(results, program, step, status, message, NULL);
    if (row)
        row->seconds = monotonic_now() - started;
    return row;
}

/* The staged folder travels as WORK/NAME/stage.tar.gz: nvcc binaries carry the static CUDA runtime and shrink
 * about fivefold, which is what lets dozens of programs fit one bundle. tar and gzip are on every Linux GPU
 * machine; the run side unpacks (vbundle_unpack_stage). Returns the archive's path, or NULL with why filled. */
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

int vbundle_unpack_stage(const vprogram *p, char *why, size_t why_size)
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

void vbundle_make(const harness_options *o, vprogram *staged, size_t count, const char *notes_path,
                  result_set *results)
{
    double started = monotonic_now();
    unsigned long long total = bundle_harness_size(), largest = 0;
    const char *largest_name = "";
    char message[700], why[600] = "";
    char *real_work = realpath(o->work_dir, NULL), *real_bundle = realpath(o->bundle_dir, NULL);
    int same = real_work && real_bundle && !strcmp(real_work, real_bundle);
    free(real_work);
    free(real_bundle);
    if (same) {
        add_row(results, "(bundle)", "bundle", RESULT_ERROR, "--bundle must differ from --work", started);
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
        add_row(results, "(bundle)", "bundle", RESULT_ERROR, *why ? why : "out of memory", started);
    } else if (total > BUNDLE_LIMIT_BYTES) {
        snprintf(message, sizeof message, "refused: the bundle would hold %.1f MiB, over the %llu MiB limit (largest "
                 "program: %s, %.1f MiB packed); bundle fewer programs at a time (--program), declare smaller inputs, "
                 "or run `validate run` on the GPU machine",
                 (double)total / (1024.0 * 1024.0), BUNDLE_LIMIT_BYTES >> 20, largest_name,
                 (double)largest / (1024.0 * 1024.0));
        fprintf(stderr, "hipify-harness validate: %s\n", message);
        add_row(results, "(bundle)", "bundle", RESULT_FAIL, message, started);
    } else {
        int failed = make_dirs(o->bundle_dir) != 0;
        char *bundle = failed ? NULL : realpath(o->bundle_dir, NULL);
        vprogram **moved = calloc(count + 1, sizeof *moved);
        char **saved = calloc(count + 1, sizeof *saved);
        total = 0;
        for (size_t i = 0; !failed && bundle && moved && saved && i < count; i++) {
            char *dir = xasprintf("%s/%s", bundle, staged[i].name), *to = xasprintf("%s/stage.tar.gz", dir);
            char *unpacked = xasprintf("%s/stage", dir);
            /* An unpacked stage from an earlier run of the bundle would shadow the new archive; it is cleared
             * only when neither it nor its program folder is a link (what a link points at is not ours). */
            struct stat st;
            int linked = (dir && lstat(dir, &st) == 0 && S_ISLNK(st.st_mode)) ||
                         (unpacked && lstat(unpacked, &st) == 0 && S_ISLNK(st.st_mode));
            if (!to || !unpacked || linked || make_dirs(dir) != 0 || remove_tree(unpacked) != 0 ||
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
        char *notes_to = bundle ? xasprintf("%s/%s", bundle, PLATNOTES_FILE) : NULL;
        if (!failed && notes_path && (!notes_to || copy_file(notes_path, notes_to, false) != 0))
            failed = 1;
        total += notes_to && notes_path ? tree_size(notes_to) : 0;
        free(notes_to);
        for (size_t i = 0; saved && i < count; i++)
            if (saved[i]) {
                free(staged[i].stage);
                staged[i].stage = saved[i];
            }
        snprintf(message, sizeof message, "bundle %s: %.1f MiB of %llu MiB allowed; on the GPU machine: %s/run.sh "
                 "validate --json r.json", o->bundle_dir, (double)total / (1024.0 * 1024.0), BUNDLE_LIMIT_BYTES >> 20,
                 o->bundle_dir);
        add_row(results, "(bundle)", "bundle", failed ? RESULT_ERROR : RESULT_PASS,
                failed ? "cannot write the bundle" : message, started);
        free(spec);
        free(moved);
        free(saved);
        free(bundle);
    }
    for (size_t i = 0; archives && i < count; i++)
        free(archives[i]);
    free(archives);
}
