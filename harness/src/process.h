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
    int leftovers;   /* processes it left running (background or setsid() children), killed after it ended */
} process_result;

/* Runs argv (argv[0] looked up in PATH) with `environment` entries ("NAME=value") added, stdout and stderr
 * appended to log_path (NULL: inherited), killing the whole process group after timeout_seconds (0: none).
 * Every run is in its own process group, and the harness adopts its orphans (Linux: a child subreaper): when
 * it ends, whatever it left running, setsid() children included, is killed and reaped.
 * Returns 0 when the process was run (whatever its exit status), -1 when it could not be started. */
int run_process(char *const argv[], const strvec *environment, const char *log_path, double timeout_seconds,
                process_result *result);

/* As stdout_path or stderr_path: the output goes to the null device. Any other path must be missing or a plain
 * file (util.h's output rules). */
#define PROCESS_DISCARD "/dev/null"

/* A fuller description of one run, for programs under validation: working directory, standard input and
 * separate standard output and error files. NULL fields mean: inherit (cwd, stdin) or the log file. */
typedef struct process_spec {
    char *const *argv;
    const strvec *environment;
    const char *cwd;
    const char *stdin_path;  /* NULL: /dev/null, so a program waiting for input cannot hang the run */
    const char *stdout_path; /* appended to when append, else a fresh file; PROCESS_DISCARD: thrown away */
    const char *stderr_path; /* the same path as stdout_path: both go to that one file */
    int append;
    double timeout_seconds;
} process_spec;

/* Runs spec->argv like run_process, with its own cwd, stdin and output files. Returns 0 when it was run,
 * -1 when it could not be started (result->not_started is then set). */
int run_process_spec(const process_spec *spec, process_result *result);

/* True when the result is a normal exit with status 0. */
bool process_ok(const process_result *result);
/* Short text for logs and reports: "exit 0", "exit 2", "signal 11", "timed out after 120 s", "not started". */
const char *process_describe(const process_result *result, char *buffer, int size);

#endif
