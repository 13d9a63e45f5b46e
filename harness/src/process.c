/* process.c: fork/exec with a time limit and captured output, for every external command the harness runs.
 * It does not interpret output; callers read the log file themselves. */
#include "process.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <string.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <time.h>
#include <unistd.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Makes this process the reaper of its orphaned descendants, so that a process the program under test leaves
 * behind (a background child, one that called setsid() to leave the process group) becomes the harness's
 * child when its parent ends, where reap_leftovers finds it. A process attribute, set before each run. */
static void adopt_orphans(void)
{
#ifdef PR_SET_CHILD_SUBREAPER
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}

/* The running children of this process: what is left of the last run, since the harness runs one command at a
 * time. Returns how many it found (at most size) from /proc. */
static size_t list_children(pid_t *out, size_t size)
{
    size_t count = 0;
    DIR *proc = opendir("/proc");
    struct dirent *entry;
    pid_t self = getpid();
    while (proc && count < size && (entry = readdir(proc))) {
        char *end = NULL;
        long pid = strtol(entry->d_name, &end, 10);
        if (pid <= 0 || *end)
            continue;
        char path[64], text[512];
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        FILE *f = fopen(path, "r");
        size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
        if (f)
            fclose(f);
        text[n] = '\0';
        /* "pid (comm) state ppid ...": comm may hold spaces and parentheses, so parse after the last ')'. */
        char *close = strrchr(text, ')');
        char state;
        long ppid;
        if (close && sscanf(close + 1, " %c %ld", &state, &ppid) == 2 && ppid == self)
            out[count++] = (pid_t)pid;
    }
    if (proc)
        closedir(proc);
    return count;
}

/* Kills and reaps every process the last run left that was reparented to the harness (background children
 * whose parent ended, setsid() children and their descendants), until none is left or a few seconds have
 * passed (a process stuck in the kernel cannot be killed). Returns how many it killed. */
static int reap_leftovers(void)
{
    int killed = 0;
    double start = now_seconds();
    for (;;) {
        int status;
        while (waitpid(-1, &status, WNOHANG) > 0)
            ;
        pid_t children[256];
        size_t count = list_children(children, COUNT_OF(children));
        if (count == 0 || now_seconds() - start > 5)
            break;
        for (size_t i = 0; i < count; i++) {
            kill(-children[i], SIGKILL); /* a setsid() child leads its own group */
            if (kill(children[i], SIGKILL) == 0)
                killed++;
        }
        struct timespec pause = {0, 10 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    return killed;
}

/* Waits for pid, killing its process group at the time limit, and fills the outcome fields of result; then
 * ends whatever the run left behind. The exit is observed without reaping (WNOWAIT), so that the group is
 * killed while the ended leader still holds its id: a recycled pid can never be hit. */
static void wait_with_timeout(pid_t pid, double start, double timeout_seconds, process_result *result)
{
    for (;;) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        int rc = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT);
        if (rc == 0 && info.si_pid == pid)
            break;
        if (rc < 0 && errno != EINTR)
            break;
        if (timeout_seconds > 0 && now_seconds() - start > timeout_seconds) {
            result->timed_out = true;
            break;
        }
        struct timespec pause = {0, 20 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    kill(-pid, SIGKILL); /* the leader at a timeout, and whatever else is left in its group */
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    result->seconds = now_seconds() - start;
    if (!result->timed_out) {
        if (WIFEXITED(status)) {
            result->exit_code = WEXITSTATUS(status);
            result->not_started = result->exit_code == 127;
        } else if (WIFSIGNALED(status)) {
            result->signal = WTERMSIG(status);
        }
    }
    result->leftovers = reap_leftovers();
}

int run_process(char *const argv[], const strvec *environment, const char *log_path, double timeout_seconds,
                process_result *result)
{
    int log_fd = -1;
    memset(result, 0, sizeof *result);
    result->exit_code = -1;
    if (log_path) {
        char error[64];
        log_fd = output_open_stream(log_path, true, error, sizeof error);
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
    adopt_orphans();
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

/* Opens path for reading as the child's standard input; on failure reports through the exec-status pipe and
 * exits, since the run would be wrong. */
static void stdin_or_die(const char *path, int status_fd)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        int error = errno;
        fprintf(stderr, "cannot open %s: %s\n", path, strerror(error));
        if (write(status_fd, &error, sizeof error) < 0)
            _exit(127);
        _exit(127);
    }
    dup2(fd, STDIN_FILENO);
    close(fd);
}

/* One output file of the child, opened through the output layer (util.h); -1 with the message, which names the
 * path, on the harness's standard error. */
static int open_output(const char *path, int append)
{
    char error[PATH_MAX + 128];
    int fd = !strcmp(path, PROCESS_DISCARD) ? output_open_discard(error, sizeof error)
                                            : output_open_stream(path, append, error, sizeof error);
    if (fd < 0)
        fprintf(stderr, "%s\n", error);
    return fd;
}

/* Opens the child's output files in the harness, before the fork: out[0] for standard output, out[1] for standard
 * error (the same descriptor when both name one path), -1 where the child inherits the harness's. */
static int open_outputs(const process_spec *spec, int out[2])
{
    out[0] = out[1] = -1;
    if (spec->stdout_path && (out[0] = open_output(spec->stdout_path, spec->append)) < 0)
        return -1;
    if (spec->stderr_path && spec->stdout_path && !strcmp(spec->stderr_path, spec->stdout_path)) {
        out[1] = out[0];
    } else if (spec->stderr_path && (out[1] = open_output(spec->stderr_path, spec->append)) < 0) {
        if (out[0] >= 0)
            close(out[0]);
        return -1;
    }
    return 0;
}

static void close_outputs(int out[2])
{
    if (out[1] >= 0 && out[1] != out[0])
        close(out[1]);
    if (out[0] >= 0)
        close(out[0]);
}

/* In the child: fd (close-on-exec, from open_outputs) becomes descriptor target, which stays open across exec. */
static void hand_over(int fd, int target)
{
    if (fd == target)
        fcntl(fd, F_SETFD, 0);
    else if (fd >= 0)
        dup2(fd, target);
}

int run_process_spec(const process_spec *spec, process_result *result)
{
    memset(result, 0, sizeof *result);
    result->exit_code = -1;
    int out[2];
    if (open_outputs(spec, out) != 0) {
        result->not_started = true;
        return -1;
    }
    /* The child writes errno here when it cannot set up or exec; a successful exec closes it (O_CLOEXEC), so
     * "not started" never depends on the exit status, and a program that exits 127 is just exit 127. */
    int status_pipe[2];
    if (pipe2(status_pipe, O_CLOEXEC) != 0) {
        close_outputs(out);
        result->not_started = true;
        return -1;
    }
    adopt_orphans();
    double start = now_seconds();
    pid_t pid = fork();
    if (pid < 0) {
        close_outputs(out);
        close(status_pipe[0]);
        close(status_pipe[1]);
        result->not_started = true;
        return -1;
    }
    if (pid == 0) {
        int fd = status_pipe[1];
        close(status_pipe[0]);
        setpgid(0, 0);
        stdin_or_die(spec->stdin_path ? spec->stdin_path : "/dev/null", fd);
        hand_over(out[0], STDOUT_FILENO);
        hand_over(out[1], STDERR_FILENO);
        int error = 0;
        if (spec->cwd && chdir(spec->cwd) != 0) {
            error = errno;
            fprintf(stderr, "cannot enter %s: %s\n", spec->cwd, strerror(error));
        } else {
            for (size_t i = 0; spec->environment && i < spec->environment->count; i++)
                putenv(spec->environment->items[i]);
            execvp(spec->argv[0], spec->argv);
            error = errno;
            fprintf(stderr, "cannot execute %s: %s\n", spec->argv[0], strerror(error));
        }
        if (write(fd, &error, sizeof error) < 0)
            _exit(127);
        _exit(127);
    }
    close_outputs(out);
    close(status_pipe[1]);
    setpgid(pid, pid);
    int child_error = 0;
    ssize_t got;
    do
        got = read(status_pipe[0], &child_error, sizeof child_error);
    while (got < 0 && errno == EINTR);
    close(status_pipe[0]);
    wait_with_timeout(pid, start, spec->timeout_seconds, result);
    result->not_started = got > 0;
    return 0;
}
