/* resultlog.c: WORK/results.jsonl, written row by row as results come and read back to resume (resultlog.h).
 * The rows' JSON form is report.c's. */
#include "resultlog.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void log_error(result_log *log, result_set *results)
{
    if (!log->failed)
        result_add(results, "(results)", "log", RESULT_ERROR, "cannot write WORK/results.jsonl", NULL);
    log->failed = 1;
}

void result_log_open(result_log *log, const char *work, int append, int resume, result_set *results)
{
    memset(log, 0, sizeof *log);
    char *path = xasprintf("%s/results.jsonl", work);
    if (resume && path) {
        char *text = read_text_file(path, NULL);
        for (char *line = text, *next; line && *line; line = next) {
            next = strchr(line, '\n');
            if (next)
                *next++ = '\0';
            else
                next = line + strlen(line);
            if (report_jsonl_read_row(line, &log->done) == 0 && strvec_push(&log->lines, line) != 0)
                break;
        }
        free(text);
    }
    char error[64];
    int fd = path ? output_open_stream(path, append || resume, error, sizeof error) : -1;
    log->out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (fd >= 0 && !log->out)
        close(fd);
    if (!log->out) {
        fprintf(stderr, "hipify-harness: cannot write %s\n", path ? path : work);
        log_error(log, results);
    }
    free(path);
}

void result_log_write(result_log *log, result_set *results, size_t first)
{
    size_t end = results->count; /* an ERROR row added below is not itself written */
    for (size_t i = first; log->out && i < end; i++)
        if (report_jsonl_append(log->out, &results->items[i]) != 0)
            log_error(log, results);
}

int result_log_has(const result_log *log, const char *program, const char *step)
{
    for (size_t i = 0; i < log->done.count; i++)
        if (!strcmp(log->done.items[i].program, program) && !strcmp(log->done.items[i].step, step))
            return 1;
    return 0;
}

void result_log_restore(const result_log *log, const char *program, result_set *results)
{
    for (size_t i = 0; i < log->done.count && i < log->lines.count; i++)
        if (!strcmp(log->done.items[i].program, program))
            report_jsonl_read_row(log->lines.items[i], results);
}

void result_log_close(result_log *log, result_set *results)
{
    if (log->out && fclose(log->out) != 0)
        log_error(log, results);
    log->out = NULL;
    result_set_free(&log->done);
    strvec_free(&log->lines);
}
