/* process.c: fork/exec with a time limit and captured output, for every external command the harness runs.
 * It does not interpret output; callers read the log file themselves. */
#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Waits for pid, killing its process group at the time limit, and fills the outcome fields of result. */
static void wait_with_timeout(pid_t pid, double start, double timeout_seconds, process_result *result)
{
    int status = 0;
    for (;;) {
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR)
            break;
        if (timeout_seconds > 0 && now_seconds() - start > timeout_seconds) {
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            result->timed_out = true;
            break;
        }
        struct timespec pause = {0, 20 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    result->seconds = now_seconds() - start;
    if (!result->timed_out) {
        if (WIFEXITED(status)) {
            result->exit_code = WEXITSTATUS(status);
            result->not_started = result->exit_code == 127;
        } else if (WIFSIGNALED(status)) {
            result->signal = WTERMSIG(status);
        }
    }
}

int run_process(char *const argv[], const strvec *environment, const char *log_path, double timeout_seconds,
                process_result *result)
{
    int log_fd = -1;
    memset(result, 0, sizeof *result);
    result->exit_code = -1;
    if (log_path) {
        log_fd = open(log_path, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (log_fd < 0) {
            result->not_started = true;
            return -1;
        }
        /* The command line heads its own output so a log is readable on its own. */
        dprintf(log_fd, "$");
        for (int i = 0; argv[i]; i++)
            dprintf(log_fd, " %s", argv[i]);
        dprintf(log_fd, "\n");
    }
    double start = now_seconds();
    pid_t pid = fork();
    if (pid < 0) {
        if (log_fd >= 0)
            close(log_fd);
        result->not_started = true;
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0); /* its own group, so a timeout kills compilers' children too */
        if (log_fd >= 0) {
            dup2(log_fd, STDOUT_FILENO);
            dup2(log_fd, STDERR_FILENO);
            close(log_fd);
        }
        for (size_t i = 0; environment && i < environment->count; i++)
            putenv(environment->items[i]); /* the child's copy of the environment only */
        execvp(argv[0], argv);
        fprintf(stderr, "cannot execute %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);
    wait_with_timeout(pid, start, timeout_seconds, result);
    if (log_fd >= 0) {
        char text[64];
        dprintf(log_fd, "[%s, %.1f s]\n", process_describe(result, text, sizeof text), result->seconds);
        close(log_fd);
    }
    return 0;
}

bool process_ok(const process_result *result)
{
    return !result->timed_out && !result->not_started && result->signal == 0 && result->exit_code == 0;
}

const char *process_describe(const process_result *result, char *buffer, int size)
{
    if (result->timed_out)
        snprintf(buffer, (size_t)size, "timed out after %.0f s", result->seconds);
    else if (result->not_started)
        snprintf(buffer, (size_t)size, "not started");
    else if (result->signal)
        snprintf(buffer, (size_t)size, "signal %d", result->signal);
    else
        snprintf(buffer, (size_t)size, "exit %d", result->exit_code);
    return buffer;
}

/* Opens path for the child on descriptor target; _exit(127) when that fails, since the run would be wrong. */
static void redirect_or_die(const char *path, int flags, int target)
{
    int fd = open(path, flags, 0644);
    if (fd < 0) {
        fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno));
        _exit(127);
    }
    dup2(fd, target);
    close(fd);
}

int run_process_spec(const process_spec *spec, process_result *result)
{
    memset(result, 0, sizeof *result);
    result->exit_code = -1;
    double start = now_seconds();
    pid_t pid = fork();
    if (pid < 0) {
        result->not_started = true;
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        redirect_or_die(spec->stdin_path ? spec->stdin_path : "/dev/null", O_RDONLY, STDIN_FILENO);
        int mode = O_WRONLY | O_CREAT | (spec->append ? O_APPEND : O_TRUNC);
        if (spec->stdout_path)
            redirect_or_die(spec->stdout_path, mode, STDOUT_FILENO);
        if (spec->stderr_path && spec->stdout_path && !strcmp(spec->stderr_path, spec->stdout_path))
            dup2(STDOUT_FILENO, STDERR_FILENO);
        else if (spec->stderr_path)
            redirect_or_die(spec->stderr_path, mode, STDERR_FILENO);
        if (spec->cwd && chdir(spec->cwd) != 0) {
            fprintf(stderr, "cannot enter %s: %s\n", spec->cwd, strerror(errno));
            _exit(127);
        }
        for (size_t i = 0; spec->environment && i < spec->environment->count; i++)
            putenv(spec->environment->items[i]);
        execvp(spec->argv[0], spec->argv);
        fprintf(stderr, "cannot execute %s: %s\n", spec->argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);
    wait_with_timeout(pid, start, spec->timeout_seconds, result);
    return 0;
}
