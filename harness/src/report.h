/* report.h: the results of a harness command (one row per program and step) and their three renderings:
 * a terminal table, JUnit XML and JSON. It does not run or compare anything. */
#ifndef HARNESS_REPORT_H
#define HARNESS_REPORT_H

#include <stddef.h>
#include <stdio.h>

/* PLATFORM: a difference the program's spec declares as a known HIP-vs-CUDA semantic difference (not a porting
 * failure); ERROR: the harness could not carry out the check; BOTHFAIL: both sides agree but both failed (the
 * same non-zero exit or signal), which proves nothing about the port and fails the run (each appended so that
 * earlier values keep theirs). */
typedef enum result_status {
    RESULT_PASS, RESULT_FAIL, RESULT_XFAIL, RESULT_XPASS, RESULT_SKIP, RESULT_PLATFORM, RESULT_ERROR,
    RESULT_BOTHFAIL, RESULT__COUNT
} result_status;

/* One difference between the two sides, as validation reports it: where ("stdout", "exit status", an output
 * file), the first differing place ("line 12", "[3, 4]"), both values and what rule they broke. */
typedef struct result_difference {
    char *where, *location, *cuda, *hip, *detail;
} result_difference;

/* An AMD platform note: a row of platform_differences.tsv that applies to the program (its CUDA sources use the
 * key, or its spec's expect.platform_difference names it). */
typedef struct result_note {
    char *key, *kind, *cuda_on_nvidia, *hip_on_amd, *advice, *source;
    int detected, declared; /* found in the sources; named by the spec */
} result_note;

typedef struct case_result {
    char *program;
    char *step;        /* translate, cuda, hip-nvidia, hip-amd, run, compare, bench */
    result_status status;
    double seconds;
    int has_errors;    /* max_abs, max_rel, max_ulp are meaningful (run and compare) */
    double max_abs, max_rel, max_ulp;
    double value;      /* a step-specific number: the HIP/CUDA time ratio for bench, else 0 */
    char *message;     /* one line: why it failed, the xfail reason, the skip reason */
    char *log_path;    /* the full log, or NULL */
    result_difference *differences; /* validation only; none elsewhere */
    size_t difference_count, difference_capacity;
    result_note *notes; /* validation only: AMD platform notes */
    size_t note_count, note_capacity;
    int notes_may_explain; /* FAIL or PLATFORM with notes: the difference may come from them */
} case_result;

typedef struct result_set {
    case_result *items;
    size_t count, capacity;
    /* Facts about where the results were taken ("gpu", "date"), written as JSON "environment" and in the
     * HTML heading; empty for the commands that do not set any. */
    char *meta_keys[8];
    char *meta_values[8];
    size_t meta_count;
} result_set;

/* Adds a row; strings are copied (NULL allowed). Returns the row, or NULL when out of memory. */
case_result *result_add(result_set *set, const char *program, const char *step, result_status status,
                        const char *message, const char *log_path);
void result_set_free(result_set *set);
/* Adds a fact (copied; at most 8, later ones are dropped). */
void result_set_meta(result_set *set, const char *key, const char *value);
/* Adds a difference to a row (strings copied, NULL allowed). Returns 0, or -1 when out of memory. */
int result_add_difference(case_result *row, const char *where, const char *location, const char *cuda,
                          const char *hip, const char *detail);
/* Adds a note to a row (strings copied). Returns 0, or -1 when out of memory. */
int result_add_note(case_result *row, const result_note *note);
const char *result_status_name(result_status status);
/* True when the set has no FAIL, BOTHFAIL, XPASS or ERROR (skips, expected failures and declared platform
 * differences do not fail a run). */
int result_status_fails(result_status status);
int result_set_ok(const result_set *set);
int result_set_all_skipped(const result_set *set);

/* The table, one line per row (a row's AMD platform notes by key only), then each note in full once, then the
 * counts. */
void report_table(FILE *out, const result_set *set);
int report_junit(const char *path, const char *suite, const result_set *set);
int report_json(const char *path, const char *command, const result_set *set);
/* Appends one row as a line of JSON (the JSON report's form) and flushes it, so that a run killed later keeps
 * every result written so far. Returns 0 or -1. */
int report_jsonl_append(FILE *out, const case_result *row);
/* Adds the row one such line holds to set (program, step, status, message, log, seconds, errors and
 * differences). Returns 0, or -1 when the line is not such a row. */
int report_jsonl_read_row(const char *line, result_set *set);
/* A self-contained HTML page: the summary and one row per result with its differences. */
int report_html(const char *path, const char *command, const result_set *set);

#endif
