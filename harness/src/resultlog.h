/* resultlog.h: WORK/results.jsonl, the log a run appends each result to as soon as it has it (one JSON object
 * a line, the JSON report's row form), so that a run that is killed keeps what it found, and the reading back
 * of that log to resume. It decides no status and renders no report. */
#ifndef HARNESS_RESULTLOG_H
#define HARNESS_RESULTLOG_H

#include <stdio.h>

#include "report.h"
#include "util.h"

typedef struct result_log {
    FILE *out;        /* NULL when the log could not be opened */
    int failed;       /* a write failed (reported once as an ERROR row) */
    result_set done;  /* resume: the rows of the earlier run */
    strvec lines;     /* their lines, one per row of done */
} result_log;

/* Opens WORK/results.jsonl (never through a link): truncated, or appended to when append; with resume, the
 * rows already there are read first (a line cut short by a kill is dropped). On failure, log->out is NULL and
 * an ERROR row goes to results. */
void result_log_open(result_log *log, const char *work, int append, int resume, result_set *results);
/* Appends the rows of results from index first on, and flushes them. */
void result_log_write(result_log *log, result_set *results, size_t first);
/* True when the earlier run has a row of program with that step. */
int result_log_has(const result_log *log, const char *program, const char *step);
/* Adds every row the earlier run has for program to results. */
void result_log_restore(const result_log *log, const char *program, result_set *results);
/* Closes the log; a failed close is an ERROR row in results. */
void result_log_close(result_log *log, result_set *results);

#endif
