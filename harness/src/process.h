/* process.h: runs one external command (compiler, translator, test binary) with a time limit, extra environment
 * variables and its output captured in a log file. It does not decide whether a result is good. */
#ifndef HARNESS_PROCESS_H
#define HARNESS_PROCESS_H

#include <stdbool.h>

#include "util.h"

typedef struct process_result {
    int exit_code;   /* exit status; -1 when it did not exit normally */
    int signal;      /* terminating signal, 0 if none */
    bool timed_out;  /* killed at the time limit */
    bool not_started;/* the program could not be executed at all */
    double seconds;  /* wall-clock time */
} process_result;

/* Runs argv (argv[0] looked up in PATH) with `environment` entries ("NAME=value") added, stdout and stderr
 * appended to log_path (NULL: inherited), killing the whole process group after timeout_seconds (0: none).
 * Returns 0 when the process was run (whatever its exit status), -1 when it could not be started. */
int run_process(char *const argv[], const strvec *environment, const char *log_path, double timeout_seconds,
                process_result *result);

/* True when the result is a normal exit with status 0. */
bool process_ok(const process_result *result);
/* Short text for logs and reports: "exit 0", "exit 2", "signal 11", "timed out after 120 s", "not started". */
const char *process_describe(const process_result *result, char *buffer, int size);

#endif
