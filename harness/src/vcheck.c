/* vcheck.c: runs the CUDA and the HIP binary of one staged program in fresh run folders and compares what they
 * did: exit status, stdout/stderr (linecmp.c), declared text/raw/npy outputs (linecmp.c, arrayfile.c and
 * compare.c's element policy). It neither builds nor decides the command's exit status. */
#include "vcheck.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arrayfile.h"
#include "compare.h"
#include "harness.h"
#include "linecmp.h"
#include "process.h"

/* The differences found so far and whether the harness itself failed (ERROR rather than FAIL). */
typedef struct findings {
    case_result scratch; /* only its differences are used, then moved to the row */
    char first[900];     /* the first difference as one line, for the table and JUnit */
    int error;
    double max_abs, max_rel, max_ulp;
    int compared_errors; /* max_* are meaningful */
    const char *labels[2]; /* the sides' names in the text: "cuda", and "hip" or "hip-cpu" */
} findings;

static void note(findings *f, const char *where, const char *location, const char *cuda, const char *hip,
                 const char *detail)
{
    result_add_difference(&f->scratch, where, location, cuda, hip, detail);
    if (f->scratch.difference_count == 1)
        snprintf(f->first, sizeof f->first, "%s%s%s: %s %s | %s %s%s%s", where, location && *location ? " " : "",
                 location ? location : "", f->labels[0], cuda ? cuda : "-", f->labels[1], hip ? hip : "-",
                 detail && *detail ? " - " : "", detail ? detail : "");
}

static void track_errors(findings *f, double a, double r, double u)
{
    f->compared_errors = 1;
    f->max_abs = fmax(f->max_abs, a);
    f->max_rel = fmax(f->max_rel, r);
    f->max_ulp = fmax(f->max_ulp, u);
}

/* Reads at most limit bytes of path, cut after the last complete line when the file is longer (so that no
 * half line is compared); *size gets the file's full size. NULL when it cannot be read. */
static char *read_head(const char *path, unsigned long long limit, size_t *length, unsigned long long *size)
{
    FILE *f = open_regular(path);
    struct stat st;
    if (!f)
        return NULL;
    if (fstat(fileno(f), &st) != 0) {
        fclose(f);
        return NULL;
    }
    *size = (unsigned long long)st.st_size;
    size_t want = (size_t)(*size < limit ? *size : limit);
    char *text = malloc(want + 1);
    size_t got = text ? fread(text, 1, want, f) : 0;
    fclose(f);
    if (!text)
        return NULL;
    if (*size > limit) {
        while (got > 0 && text[got - 1] != '\n')
            got--;
    }
    text[got] = '\0';
    *length = got;
    return text;
}

/* What path is when it exists but is not a plain file ("a FIFO"...), else NULL. */
static const char *file_kind(const char *path)
{
    struct stat st;
    if (!path || stat(path, &st) != 0 || S_ISREG(st.st_mode))
        return NULL;
    return S_ISFIFO(st.st_mode)  ? "a FIFO"
           : S_ISDIR(st.st_mode) ? "a folder"
           : S_ISSOCK(st.st_mode) ? "a socket"
           : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                                                       : "not a plain file";
}

/* Where two files first differ: the byte offset, its line (1-based) and where that line starts. */
typedef struct byte_difference {
    unsigned long long at, line, line_start;
} byte_difference;

/* Compares two files byte by byte in small blocks. Returns 1 when identical; otherwise 0 with where they first
 * differ in *d (at: the shorter length when one is a prefix of the other), -1 on a read error. */
static int same_bytes(const char *a, const char *b, byte_difference *d)
{
    FILE *fa = open_regular(a), *fb = open_regular(b);
    int status = -1;
    memset(d, 0, sizeof *d);
    d->line = 1;
    if (fa && fb) {
        static const size_t block = 1 << 16;
        char *x = malloc(block), *y = malloc(block);
        status = x && y ? 1 : -1;
        while (status == 1) {
            size_t nx = fread(x, 1, block, fa), ny = fread(y, 1, block, fb);
            size_t n = nx < ny ? nx : ny, i = 0;
            for (; i < n && x[i] == y[i]; i++)
                if (x[i] == '\n') {
                    d->line++;
                    d->line_start = d->at + i + 1;
                }
            d->at += i;
            if (i < n || nx != ny)
                status = 0;
            else if (nx == 0)
                break;
        }
        free(x);
        free(y);
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return status;
}

/* The line of path that starts at offset (at most size - 1 bytes), or "(no such line)". */
static void line_at(const char *path, unsigned long long offset, char *buffer, size_t size)
{
    FILE *f = open_regular(path);
    size_t n = 0;
    if (f && fseeko(f, (off_t)offset, SEEK_SET) == 0)
        n = fread(buffer, 1, size - 1, f);
    if (f)
        fclose(f);
    buffer[n] = '\0';
    buffer[strcspn(buffer, "\n")] = '\0';
    if (!n)
        snprintf(buffer, size, "(no such line)");
}

/* Compares two texts (stdout, stderr or a text output) and notes the first differing line. Texts over
 * VCHECK_TEXT_LIMIT are compared line by line only up to the limit; such a pair agrees only when the files
 * are byte-identical, and the summary or the difference says so. */
static void compare_text_files(findings *f, const char *where, const char *paths[2], const ignore_set *ignore,
                               tolerance tol, char *summary, size_t summary_size)
{
    size_t length[2] = {0, 0};
    unsigned long long size[2] = {0, 0};
    char *text[2];
    for (int s = 0; s < 2; s++)
        text[s] = read_head(paths[s], VCHECK_TEXT_LIMIT, &length[s], &size[s]);
    if (!text[0] || !text[1]) {
        note(f, where, "file", text[0] ? "present" : "missing", text[1] ? "present" : "missing",
             "the output was not written");
        free(text[0]);
        free(text[1]);
        return;
    }
    int over = size[0] > VCHECK_TEXT_LIMIT || size[1] > VCHECK_TEXT_LIMIT;
    byte_difference at;
    int identical = over ? same_bytes(paths[0], paths[1], &at) : 0;
    text_comparison c;
    if (identical < 0) {
        f->error = 1;
        note(f, where, NULL, NULL, NULL, "cannot read the outputs to compare them");
    } else if (identical == 1) {
        snprintf(summary, summary_size, "%s %.0f MiB byte-identical (over the %llu MiB limit of line comparison)",
                 where, (double)size[0] / (1024.0 * 1024.0), VCHECK_TEXT_LIMIT >> 20);
    } else if (compare_texts(text[0], length[0], text[1], length[1], ignore, tol, &c) != 0) {
        f->error = 1;
        note(f, where, NULL, NULL, NULL, "out of memory comparing the texts");
    } else {
        track_errors(f, c.max_abs, c.max_rel, c.max_ulp);
        char limit_note[200] = "";
        if (over)
            snprintf(limit_note, sizeof limit_note, "; over the %llu MiB limit of line comparison (cuda %.0f MiB, hip "
                     "%.0f MiB): compared up to it, and the files are not byte-identical",
                     VCHECK_TEXT_LIMIT >> 20, (double)size[0] / (1024.0 * 1024.0), (double)size[1] / (1024.0 * 1024.0));
        if (!c.passed) {
            char location[96], detail[900];
            if (c.first_line[0] == c.first_line[1] || !c.first_line[0] || !c.first_line[1])
                snprintf(location, sizeof location, "line %zu", c.first_line[0] ? c.first_line[0] : c.first_line[1]);
            else
                snprintf(location, sizeof location, "line %zu (hip line %zu)", c.first_line[0], c.first_line[1]);
            snprintf(detail, sizeof detail, "%s; %zu differing line(s) of %zu/%zu%s", c.detail ? c.detail : "",
                     c.differing_lines, c.lines[0], c.lines[1], limit_note);
            note(f, where, location, c.first_text[0] ? c.first_text[0] : "(no such line)",
                 c.first_text[1] ? c.first_text[1] : "(no such line)", detail);
        } else if (over) {
            /* The heads agree: the first difference lies beyond the limit, shown as raw text (not compared by
             * number, so a number within tolerance there still fails). */
            char location[96], a[300], b[300];
            snprintf(location, sizeof location, "line %llu (byte %llu)", at.line, at.at);
            line_at(paths[0], at.line_start, a, sizeof a);
            line_at(paths[1], at.line_start, b, sizeof b);
            note(f, where, location, a, b, limit_note + 2);
        }
        snprintf(summary, summary_size, "%s %zu lines%s", where, c.lines[0], c.passed && !over ? " agree" : " differ");
        if (c.ignored[0] || c.ignored[1])
            snprintf(summary + strlen(summary), summary_size - strlen(summary), " (%zu/%zu ignored)", c.ignored[0],
                     c.ignored[1]);
        text_comparison_free(&c);
    }
    free(text[0]);
    free(text[1]);
}

/* The program's own verdict: every must_match pattern matches a line of the side's stdout, no line matches a
 * must_not_match pattern. Two sides that both report their own failure do not agree: each is a difference. */
static void check_verdict(findings *f, const vprogram *p, char *const stdout_path[2], char *summary, size_t size)
{
    if (!p->must_match.count && !p->must_not_match.count)
        return;
    ignore_set sets[2] = {{0}, {0}};
    const strvec *lists[2] = {&p->must_match, &p->must_not_match};
    char error[600];
    for (int k = 0; k < 2; k++)
        if (ignore_set_compile(&sets[k], lists[k], error, sizeof error) != 0) {
            f->error = 1;
            note(f, "verdict", NULL, NULL, NULL, error);
            ignore_set_free(&sets[0]);
            return;
        }
    /* found[k][i][s]: pattern i of list k matched a line of side s */
    int *found[2];
    for (int k = 0; k < 2; k++)
        found[k] = calloc(lists[k]->count * 2 + 1, sizeof(int));
    for (int s = 0; s < 2 && found[0] && found[1]; s++) {
        if (!stdout_path[s])
            continue; /* a side not run here (the wave64 tier's CUDA side) */
        size_t length = 0;
        unsigned long long total = 0;
        char *text = read_head(stdout_path[s], VCHECK_TEXT_LIMIT, &length, &total);
        for (size_t start = 0; text && start < length;) {
            size_t end = start;
            while (end < length && text[end] != '\n')
                end++;
            for (int k = 0; k < 2; k++)
                for (size_t i = 0; i < lists[k]->count; i++) {
                    ignore_set one = {&sets[k].codes[i], 1};
                    if (!found[k][i * 2 + s] && ignore_set_matches(&one, text + start, end - start))
                        found[k][i * 2 + s] = 1;
                }
            start = end + 1;
        }
        free(text);
    }
    int broken = 0;
    for (int k = 0; k < 2 && found[0] && found[1]; k++)
        for (size_t i = 0; i < lists[k]->count; i++) {
            int bad[2];
            for (int s = 0; s < 2; s++)
                bad[s] = stdout_path[s] && (k == 0 ? !found[k][i * 2 + s] : found[k][i * 2 + s]);
            if (!bad[0] && !bad[1])
                continue;
            broken++;
            char location[300];
            snprintf(location, sizeof location, "%s '%.250s'", k == 0 ? "must_match" : "must_not_match",
                     lists[k]->items[i]);
            const char *ok = k == 0 ? "a line matches" : "no line matches";
            const char *failed = k == 0 ? "no line matches" : "a line matches";
            note(f, "verdict", location, !stdout_path[0] ? "-" : bad[0] ? failed : ok,
                 !stdout_path[1] ? "-" : bad[1] ? failed : ok, "the program's own check on its stdout failed");
        }
    if (!found[0] || !found[1]) {
        f->error = 1;
        note(f, "verdict", NULL, NULL, NULL, "out of memory");
    } else if (!broken) {
        snprintf(summary, size, "own verdict holds on %s (%zu pattern(s))", stdout_path[0] && stdout_path[1] ? "both"
                 : stdout_path[1] ? f->labels[1] : f->labels[0], p->must_match.count + p->must_not_match.count);
    }
    free(found[0]);
    free(found[1]);
    ignore_set_free(&sets[0]);
    ignore_set_free(&sets[1]);
}

static void value_text(char *buffer, size_t size, hc_dtype dtype, double v)
{
    if (dtype == HC_DTYPE_F32)
        snprintf(buffer, size, "%.9g", v);
    else if (dtype == HC_DTYPE_F64)
        snprintf(buffer, size, "%.17g", v);
    else
        snprintf(buffer, size, "%.0f", v);
}

/* Compares two array outputs element by element under compare.c's policy. */
static void compare_array_files(findings *f, const output_spec *o, const char *paths[2], tolerance tol)
{
    array_data arrays[2];
    char errors[2][400] = {"", ""};
    int ok[2] = {0, 0};
    for (int s = 0; s < 2; s++) {
        struct stat st;
        if (stat(paths[s], &st) == 0 && (unsigned long long)st.st_size > VCHECK_ARRAY_LIMIT) {
            char size[64], detail[96];
            snprintf(size, sizeof size, "%.0f MiB", (double)st.st_size / (1024.0 * 1024.0));
            snprintf(detail, sizeof detail, "over the %llu MiB limit of array comparison: not compared",
                     VCHECK_ARRAY_LIMIT >> 20);
            f->error = 1;
            note(f, o->path, "file", s == SIDE_CUDA ? size : "-", s == SIDE_HIP ? size : "-", detail);
            return;
        }
    }
    for (int s = 0; s < 2; s++)
        ok[s] = (o->format == OUTPUT_NPY ? array_read_npy(paths[s], &arrays[s], errors[s], sizeof errors[s])
                                         : array_read_raw(paths[s], o->dtype, &arrays[s], errors[s], sizeof errors[s])) == 0;
    if (!ok[0] || !ok[1]) {
        /* Both unreadable in the same way: the spec is wrong (a dtype, a format), not the port. */
        if (!ok[0] && !ok[1] && !strcmp(errors[0], errors[1]))
            f->error = 1;
        note(f, o->path, "file", ok[0] ? "readable" : errors[0], ok[1] ? "readable" : errors[1],
             "cannot read the output as declared");
        goto done;
    }
    char shape[2][160];
    for (int s = 0; s < 2; s++)
        array_shape_text(&arrays[s], shape[s], sizeof shape[s]);
    if (strcmp(arrays[0].source_dtype, arrays[1].source_dtype) != 0 || strcmp(shape[0], shape[1]) != 0 ||
        arrays[0].fortran_order != arrays[1].fortran_order || arrays[0].count != arrays[1].count) {
        char a[200], b[200];
        snprintf(a, sizeof a, "%s %s, %llu elements%s", arrays[0].source_dtype, shape[0],
                 (unsigned long long)arrays[0].count, arrays[0].fortran_order ? ", Fortran order" : "");
        snprintf(b, sizeof b, "%s %s, %llu elements%s", arrays[1].source_dtype, shape[1],
                 (unsigned long long)arrays[1].count, arrays[1].fortran_order ? ", Fortran order" : "");
        note(f, o->path, "shape", a, b, "element type, shape or size differs");
        goto done;
    }
    /* One-buffer recordings, so the element rule is compare.c's own (NaN, infinity, exact integers, ULPs). */
    rec_buffer buffers[2];
    recording recs[2];
    for (int s = 0; s < 2; s++) {
        buffers[s] = (rec_buffer){(char *)o->path, arrays[s].dtype, arrays[s].count, arrays[s].data};
        memset(&recs[s], 0, sizeof recs[s]);
        recs[s].buffers = &buffers[s];
        recs[s].buffer_count = 1;
        recs[s].complete = 1;
    }
    program_policy policy;
    char error[200];
    policy_load(NULL, &policy, error, sizeof error);
    policy.defaults[HC_DTYPE_F32] = policy.defaults[HC_DTYPE_F64] = tol;
    comparison c;
    if (compare_recordings(&recs[0], &recs[1], &policy, &c) != 0) {
        f->error = 1;
        note(f, o->path, NULL, NULL, NULL, "out of memory comparing the arrays");
    } else if (c.buffer_count == 1) {
        const buffer_result *r = &c.buffers[0];
        track_errors(f, r->max_abs, r->max_rel, r->max_ulp);
        if (!r->passed && r->first_count > 0) {
            char location[200], index[160], a[64], b[64], detail[400];
            array_index_text(&arrays[0], r->first_index[0], index, sizeof index);
            snprintf(location, sizeof location, "element %s (flat index %llu)", index,
                     (unsigned long long)r->first_index[0]);
            value_text(a, sizeof a, r->dtype, r->first_a[0]);
            value_text(b, sizeof b, r->dtype, r->first_b[0]);
            snprintf(detail, sizeof detail, "%llu of %llu %s elements differ; max abs %.3g, rel %.3g, ulp %.3g "
                     "(bounds abs %g rel %g ulp %g%s)",
                     (unsigned long long)r->mismatches, (unsigned long long)r->count, arrays[0].source_dtype,
                     r->max_abs, r->max_rel, r->max_ulp, r->tol.abs, r->tol.rel, r->tol.ulp,
                     r->dtype == HC_DTYPE_F32 || r->dtype == HC_DTYPE_F64 ? "" : "; integers are exact");
            note(f, o->path, location, a, b, detail);
        }
    }
    comparison_free(&c);
    policy_free(&policy);
done:
    for (int s = 0; s < 2; s++)
        if (ok[s])
            array_free(&arrays[s]);
}

static char *side_path(const char *run_dir, const char *root, const char *relative)
{
    int ups;
    char *joined = xasprintf("%s/%s", root, relative), *normal = joined ? vspec_normalize(joined, &ups) : NULL;
    char *path = normal && ups == 0 ? xasprintf("%s/%s", run_dir, normal) : NULL;
    free(joined);
    free(normal);
    return path;
}

/* Makes a fresh run folder for one side: the staged inputs, then the side's own staged files. */
static int prepare_run_folder(const vprogram *p, int side, const char *run_dir)
{
    char *inputs = xasprintf("%s/inputs", p->stage), *own = xasprintf("%s/%s", p->stage, vside_name(p, side));
    char *cwd = side_path(run_dir, p->root, p->cwd);
    int status = inputs && own && cwd && make_dirs(run_dir) == 0 && copy_tree(inputs, run_dir) == 0 &&
                         copy_tree(own, run_dir) == 0 && make_dirs(cwd) == 0
                     ? 0
                     : -1;
    free(inputs);
    free(own);
    free(cwd);
    return status;
}

static const char *outcome_text(const process_result *r, char *buffer, int size)
{
    return process_describe(r, buffer, size);
}

/* Runs the spec's setup command in the side's working directory (in the common run path), before the
 * program. Returns 0, or -1 with the reason in message. */
static int run_setup(const vprogram *p, int side, const char *cwd, const strvec *env, const char *log, double timeout,
                     char *message, size_t size)
{
    char *argv[] = {"/bin/sh", "-c", p->setup, NULL};
    process_spec spec = {.argv = argv, .environment = env, .cwd = cwd, .stdout_path = log, .stderr_path = log,
                         .timeout_seconds = timeout};
    process_result result;
    char text[64];
    if (run_process_spec(&spec, &result) != 0 || !process_ok(&result)) {
        snprintf(message, size, "the %s setup command failed (%s); log: %s", vside_name(p, side),
                 process_describe(&result, text, sizeof text), log);
        return -1;
    }
    return 0;
}

/* The patched HIP-CPU (harness/hip-cpu/patches) ends a run it cannot make faithful with this line on stderr and
 * this status; cpurun.c reads the same. The reason follows the marker, copied into reason. */
#define CPU_NOT_RUNNABLE_EXIT 86
static int cpu_not_runnable(const process_result *r, const char *stderr_path, char *reason, size_t size)
{
    static const char marker[] = "HIP-CPU: not runnable: ";
    if (r->exit_code != CPU_NOT_RUNNABLE_EXIT || r->signal || r->timed_out)
        return 0;
    size_t length = 0;
    unsigned long long total = 0;
    char *text = read_head(stderr_path, VCHECK_TEXT_LIMIT, &length, &total);
    const char *at = text ? strstr(text, marker) : NULL;
    if (at) {
        at += sizeof marker - 1;
        snprintf(reason, size, "%.*s", (int)strcspn(at, "\n"), at);
    }
    free(text);
    return at != NULL;
}

int vcheck_program(const vprogram *p, const char *run_base, double timeout_override, FILE *out, result_set *results)
{
    findings f;
    memset(&f, 0, sizeof f);
    f.labels[0] = vside_name(p, SIDE_CUDA);
    f.labels[1] = vside_name(p, SIDE_HIP);
    char message[1200] = "";
    case_result *row;
    const char *step = p->cpu ? "validate-cpu" : "validate";
    double timeout = timeout_override > 0 ? timeout_override : p->timeout;
    if (p->cpu && p->skipped[SIDE_HIP] && p->cpu_not_runnable) {
        /* Refused before building: a run would not say whether the port is right. Reported, never a pass. */
        row = result_add(results, p->name, step, RESULT_SKIP, p->skipped[SIDE_HIP], NULL);
        return row ? 0 : -1;
    }
    if ((p->skipped[SIDE_CUDA] && !p->cpu) || p->skipped[SIDE_HIP]) {
        int s = p->skipped[SIDE_HIP] ? SIDE_HIP : SIDE_CUDA;
        /* A program that could not be built is untested: that fails the run, so that a CI job cannot pass
         * with half its programs unchecked. The row names the build log. */
        snprintf(message, sizeof message, "not built: %s", p->skipped[s]);
        row = result_add(results, p->name, step, RESULT_FAIL, message, p->build_log[s]);
        return row ? 0 : -1;
    }
    /* The wave64 tier runs only the port, in run-cpu/; the CUDA side's streams are those a GPU run kept in run/
     * (a bundle's NAME/run copied back), read only. */
    char *base = xasprintf("%s/%s/%s", run_base, p->name, p->cpu ? "run-cpu" : "run");
    char *recorded = p->cpu ? xasprintf("%s/%s/run", run_base, p->name) : NULL;
    int first = p->cpu ? SIDE_HIP : SIDE_CUDA;
    /* Each side is prepared in its own folder but runs from one common path (its folder is renamed there
     * for the run and back after it): a program that prints its argv[0] or working directory, or writes
     * it into an output file, must not differ between the sides for that reason alone. */
    char *shared_dir = base ? xasprintf("%s/program", base) : NULL; /* never a side name */
    char *run_dir[2], *stdout_path[2], *stderr_path[2], *setup_log[2], *exe[2], *cwd[2], *stdin_path[2];
    process_result outcome[2];
    memset(outcome, 0, sizeof outcome);
    int prepared = base && remove_tree(base) == 0 && (!p->cpu || recorded);
    for (int s = 0; s < 2; s++) {
        const char *dir = s < first ? recorded : base;
        run_dir[s] = dir ? xasprintf("%s/%s", dir, vside_name(p, s)) : NULL;
        stdout_path[s] = dir ? xasprintf("%s/%s.stdout", dir, vside_name(p, s)) : NULL;
        stderr_path[s] = dir ? xasprintf("%s/%s.stderr", dir, vside_name(p, s)) : NULL;
        setup_log[s] = dir ? xasprintf("%s/%s.setup.log", dir, vside_name(p, s)) : NULL;
        exe[s] = shared_dir ? side_path(shared_dir, p->root, p->exe[s]) : NULL;
        cwd[s] = shared_dir ? side_path(shared_dir, p->root, p->cwd) : NULL;
        stdin_path[s] = p->stdin_path && shared_dir ? side_path(shared_dir, p->root, p->stdin_path) : NULL;
        if (s >= first)
            prepared = prepared && shared_dir && setup_log[s] && prepare_run_folder(p, s, run_dir[s]) == 0;
    }
    /* The wave64 tier compares with the CUDA run's streams when a GPU run left them and the inputs were the same. */
    int against_cuda = !p->cpu || (!p->has_cpu_args && stdout_path[0] && file_exists(stdout_path[0]));
    result_status status = RESULT_PASS;
    if (!prepared) {
        snprintf(message, sizeof message, "cannot prepare the run folders under %s", base ? base : run_base);
        status = RESULT_ERROR;
    }
    for (int s = first; s < 2 && status == RESULT_PASS; s++) {
        if (rename(run_dir[s], shared_dir) != 0) {
            snprintf(message, sizeof message, "cannot move the %s run folder to %s: %s", vside_name(p, s), shared_dir,
                     strerror(errno));
            status = RESULT_ERROR;
            break;
        }
        if (!is_executable(exe[s])) {
            rename(shared_dir, run_dir[s]);
            snprintf(message, sizeof message, "the staged %s executable %s is missing", vside_name(p, s), p->exe[s]);
            status = RESULT_ERROR;
            break;
        }
        strvec argv = {0}, env = {0};
        strvec_push(&argv, exe[s]);
        for (size_t i = 0; i < p->args.count; i++)
            strvec_push(&argv, p->args.items[i]);
        for (size_t i = 0; i < p->env.count; i++)
            strvec_push(&env, p->env.items[i]);
        if (!p->cpu)
            add_gpu_environment(&env);
        process_spec spec = {.argv = argv.items, .environment = &env, .cwd = cwd[s], .stdin_path = stdin_path[s],
                             .stdout_path = stdout_path[s], .stderr_path = stderr_path[s],
                             .timeout_seconds = timeout};
        if (p->setup && run_setup(p, s, cwd[s], &env, setup_log[s], timeout, message, sizeof message) != 0) {
            status = RESULT_ERROR;
        } else {
            fprintf(out, "%s: running %s (%s)\n", p->name, vside_name(p, s), p->exe[s]);
            fflush(out);
            if (run_process_spec(&spec, &outcome[s]) != 0 || outcome[s].not_started) {
                char *log = read_text_file(stderr_path[s], NULL);
                if (log)
                    log[strcspn(log, "\n")] = '\0';
                snprintf(message, sizeof message, "the %s executable could not be started: %.300s", vside_name(p, s),
                         log ? log : "fork failed");
                free(log);
                status = RESULT_ERROR;
            }
        }
        strvec_free(&argv);
        strvec_free(&env);
        if (rename(shared_dir, run_dir[s]) != 0 && status == RESULT_PASS) {
            snprintf(message, sizeof message, "cannot move the %s run folder back from %s: %s", vside_name(p, s),
                     shared_dir, strerror(errno));
            status = RESULT_ERROR;
        }
    }
    char reason[400];
    if (status == RESULT_PASS && p->cpu && cpu_not_runnable(&outcome[SIDE_HIP], stderr_path[SIDE_HIP], reason,
                                                            sizeof reason)) {
        /* HIP-CPU stopped a run it could not make faithful: no result either way. */
        snprintf(message, sizeof message, "not runnable on HIP-CPU: %s", reason);
        status = RESULT_SKIP;
    }
    ignore_set ignore = {0};
    char error[600] = "";
    if (status == RESULT_PASS && ignore_set_compile(&ignore, &p->ignore, error, sizeof error) != 0) {
        snprintf(message, sizeof message, "%s", error);
        status = RESULT_ERROR;
    }
    char summary[6][300] = {"", "", "", "", "", ""};
    if (status == RESULT_PASS) {
        char a[64], b[64];
        for (int s = first; s < 2; s++)
            if (outcome[s].timed_out) {
                snprintf(a, sizeof a, "timed out after %.0f s", timeout);
                note(&f, "run", vside_name(p, s), s == SIDE_CUDA ? a : "-", s == SIDE_HIP ? a : "-",
                     "a run that does not finish proves nothing");
            }
        int same_end = outcome[0].exit_code == outcome[1].exit_code && outcome[0].signal == outcome[1].signal &&
                       outcome[0].timed_out == outcome[1].timed_out;
        outcome_text(&outcome[0], a, sizeof a);
        outcome_text(&outcome[1], b, sizeof b);
        int used0 = p->cpu ? snprintf(summary[0], sizeof summary[0], "%s %s (64-lane warps)", f.labels[1], b)
                           : snprintf(summary[0], sizeof summary[0], same_end ? "%s on both" : "cuda %s, hip %s", a, b);
        /* Not a difference, but worth a line: a program that leaves processes behind. */
        for (int s = first; s < 2; s++)
            if (outcome[s].leftovers && used0 > 0 && (size_t)used0 < sizeof summary[0])
                used0 += snprintf(summary[0] + used0, sizeof summary[0] - (size_t)used0,
                                  "; %s left %d process(es) running, killed", vside_name(p, s), outcome[s].leftovers);
        char *verdict_paths[2] = {p->cpu ? NULL : stdout_path[0], stdout_path[1]};
        check_verdict(&f, p, verdict_paths, summary[4], sizeof summary[4]);
        if (p->compare_stdout && against_cuda) {
            const char *paths[2] = {stdout_path[0], stdout_path[1]};
            compare_text_files(&f, "stdout", paths, &ignore, p->tol, summary[1], sizeof summary[1]);
        }
        if (p->compare_stderr && against_cuda && (!p->cpu || file_exists(stderr_path[0]))) {
            const char *paths[2] = {stderr_path[0], stderr_path[1]};
            compare_text_files(&f, "stderr", paths, &ignore, p->tol, summary[2], sizeof summary[2]);
        }
        size_t agreeing = 0, compared = 0;
        for (size_t i = 0; i < p->output_count; i++) {
            const output_spec *o = &p->outputs[i];
            char *at[2] = {NULL, NULL};
            for (int s = 0; s < 2; s++) {
                char *relative = xasprintf("%s/%s", p->cwd, o->path);
                at[s] = relative && run_dir[s] ? side_path(run_dir[s], p->root, relative) : NULL;
                free(relative);
            }
            size_t before = f.scratch.difference_count;
            int exists[2] = {at[0] && file_exists(at[0]), at[1] && file_exists(at[1])};
            const char *kind[2] = {file_kind(at[0]), file_kind(at[1])};
            if (p->cpu && (!against_cuda || !exists[0])) {
                /* No CUDA copy to compare with (a GPU run keeps its run folder only when it differed): the port
                 * must still have written its declared output. */
                if (!exists[1])
                    note(&f, o->path, "file", "-", "missing", "the program did not write its declared output");
                else
                    agreeing += !kind[1];
                free(at[0]);
                free(at[1]);
                continue;
            }
            compared++;
            if (!exists[0] || !exists[1]) {
                note(&f, o->path, "file", exists[0] ? "written" : "missing", exists[1] ? "written" : "missing",
                     exists[0] || exists[1] ? "only one side wrote the declared output"
                                            : "neither side wrote the declared output");
            } else if (kind[0] || kind[1]) {
                /* A FIFO would block the read forever, a device never end: not read. Both sides alike: the
                 * output cannot be compared as declared (ERROR); one side: a difference. */
                f.error |= kind[0] && kind[1];
                note(&f, o->path, "file", kind[0] ? kind[0] : "a plain file", kind[1] ? kind[1] : "a plain file",
                     "a declared output must be a plain file; not read");
            } else if (o->format == OUTPUT_TEXT) {
                char ignored[300];
                const char *paths[2] = {at[0], at[1]};
                compare_text_files(&f, o->path, paths, &ignore, p->tol, ignored, sizeof ignored);
            } else {
                const char *paths[2] = {at[0], at[1]};
                compare_array_files(&f, o, paths, p->tol);
            }
            agreeing += f.scratch.difference_count == before;
            free(at[0]);
            free(at[1]);
        }
        if (p->output_count && (!p->cpu || compared))
            snprintf(summary[3], sizeof summary[3], "%zu of %zu outputs agree", agreeing, p->output_count);
        else if (p->output_count)
            snprintf(summary[3], sizeof summary[3], "%zu of %zu outputs written", agreeing, p->output_count);
        if (p->cpu)
            snprintf(summary[5], sizeof summary[5], "%s", against_cuda ? "compared with the CUDA run's recorded streams"
                     : p->has_cpu_args ? "smaller inputs (hip-cpu.args): judged by its own checks, not compared with CUDA"
                                       : "no CUDA run recorded (run/cuda.stdout): judged by its own checks");
        /* Last, so that the row's message shows what the program printed or wrote differently, which says
         * more than the exit status it led to. The wave64 tier has one side: its own exit status is its check. */
        if (p->cpu && p->compare_exit && !process_ok(&outcome[SIDE_HIP]) && !outcome[SIDE_HIP].timed_out)
            note(&f, "exit status", NULL, "-", b, "the port did not exit 0: its own check failed or it crashed");
        else if (!p->cpu && p->compare_exit && !same_end && !outcome[0].timed_out && !outcome[1].timed_out)
            note(&f, "exit status", NULL, a, b, "the programs ended differently");
        if (f.error) {
            status = RESULT_ERROR;
            snprintf(message, sizeof message, "%s", f.first);
        } else if (f.scratch.difference_count) {
            int timed_out = outcome[0].timed_out || outcome[1].timed_out;
            status = p->platform_difference && !timed_out ? RESULT_PLATFORM : RESULT_FAIL;
            if (status == RESULT_PLATFORM)
                snprintf(message, sizeof message, "declared platform difference (%s); seen: %s",
                         p->platform_difference, f.first);
            else
                snprintf(message, sizeof message, "%s", f.first);
            if (f.scratch.difference_count > 1)
                snprintf(message + strlen(message), sizeof message - strlen(message), " (+%zu more)",
                         f.scratch.difference_count - 1);
        } else {
            size_t used = 0;
            /* Two sides that end the same way agree, but when both failed (the same non-zero exit or signal)
             * nothing shows that the port works: its own status, which fails the run. */
            if (!p->cpu && p->compare_exit && !process_ok(&outcome[0]) && !process_ok(&outcome[1])) {
                status = RESULT_BOTHFAIL;
                used = (size_t)snprintf(message, sizeof message, "both sides failed: ");
            }
            for (int k = 0; k < 6; k++)
                if (*summary[k] && used < sizeof message)
                    used += (size_t)snprintf(message + used, sizeof message - used, "%s%s",
                                             used && message[used - 1] != ' ' ? "; " : "", summary[k]);
            if (p->platform_difference && used < sizeof message)
                snprintf(message + used, sizeof message - used, "; the declared platform difference did not show (%s)",
                         p->platform_difference);
        }
    }
    for (size_t d = 0; d < f.scratch.difference_count; d++) {
        const result_difference *x = &f.scratch.differences[d];
        /* "cuda: ..." and "hip:  ..." (or "hip-cpu: ..."), the values aligned */
        int width = (int)(strlen(f.labels[0]) > strlen(f.labels[1]) ? strlen(f.labels[0]) : strlen(f.labels[1]));
        fprintf(out, "%s: %s%s%s:\n    %s:%*s%s\n    %s:%*s%s\n    %s\n", p->name, x->where, x->location ? " " : "",
                x->location ? x->location : "", f.labels[0], width + 1 - (int)strlen(f.labels[0]), "",
                x->cuda ? x->cuda : "-", f.labels[1], width + 1 - (int)strlen(f.labels[1]), "", x->hip ? x->hip : "-",
                x->detail ? x->detail : "");
    }
    /* The run folder is named on every row, a PASS too: its stdout and stderr files show what was compared. */
    row = result_add(results, p->name, step, status, message, base);
    if (row) {
        row->seconds = outcome[0].seconds + outcome[1].seconds;
        row->has_errors = f.compared_errors;
        row->max_abs = f.max_abs;
        row->max_rel = f.max_rel;
        row->max_ulp = f.max_ulp;
        row->differences = f.scratch.differences;
        row->difference_count = f.scratch.difference_count;
        row->difference_capacity = f.scratch.difference_capacity;
        f.scratch.differences = NULL;
    }
    free(f.scratch.differences);
    /* After a plain pass the run folders go (they can be large); the streams stay. Otherwise all is kept. */
    if (status == RESULT_PASS)
        for (int s = first; s < 2; s++)
            if (run_dir[s])
                remove_tree(run_dir[s]);
    ignore_set_free(&ignore);
    for (int s = 0; s < 2; s++) {
        free(run_dir[s]);
        free(stdout_path[s]);
        free(stderr_path[s]);
        free(setup_log[s]);
        free(exe[s]);
        free(cwd[s]);
        free(stdin_path[s]);
    }
    free(shared_dir);
    free(base);
    free(recorded);
    return row ? 0 : -1;
}
