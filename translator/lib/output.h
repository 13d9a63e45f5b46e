/* output.h: the one output layer every write of hipify-c goes through (translated files, -o, stdout,
 * reports, backups, copies), plus the escaping of text printed to a terminal. It decides nothing about
 * what to write, only how a byte string reaches a path safely.
 *
 * The rules, decided here once:
 *   - "-" and any path that names the program's standard output (/dev/stdout, /dev/fd/1, a file or
 *     pipe that fd 1 is open on) are written in place to fd 1: no temporary file, no rename, no read.
 *   - A symbolic link is written through (its final target, even a dangling one, is created or
 *     replaced); the link itself is never replaced.
 *   - Device nodes are refused (HC_OUT_SPECIAL), except the null device, a discard sink; it, FIFOs and
 *     sockets are written in place, never read or replaced.
 *   - Regular files are replaced atomically: a temporary ".NAME.hipify-tmp-PID-XXXXXX" in the same
 *     directory, written fully, given its mode, then renamed over the target. SIGINT, SIGTERM and SIGHUP
 *     remove it (hc_out_cleanup_on_signals); a run killed otherwise leaves at most such a temporary,
 *     which hc_out_is_temp_name recognises and hc_out_temp_is_stale tells apart once its writer is gone.
 *   - Mode bits: the caller's, else an existing file's, else 0666 less the umask; only the permission
 *     bits (0777): no output, copy or backup is ever made setuid, setgid or sticky.
 *   - Files in the guard set (the inputs) are never replaced unless HC_OUT_REPLACE_INPUT is given;
 *     an existing "*.prehip" backup is never replaced at all (HC_OUT_KEEP_EXISTING creates them).
 *   - With a confinement directory, the resolved target must lie inside it.
 *   - HC_OUT_REGULAR_ONLY (the validation harness's reports) narrows all this: the path itself must be
 *     absent or a regular file. A symbolic link (even to a regular file), a FIFO, a socket, a device
 *     (the null device too) or a directory there is refused (HC_OUT_SPECIAL), and neither "-" nor the
 *     program's standard output is special: a regular file is replaced atomically like any other.
 *   - Streams (hc_out_open_stream: logs, a child's output) follow the same rules; a stream for a fresh
 *     file replaces what was there with a new file, and no file is ever truncated.
 *   - Every short write, ENOSPC or EPIPE is an error returned with a message. */
#ifndef HC_OUTPUT_H
#define HC_OUTPUT_H
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

typedef enum hc_out_status {
    HC_OUT_WRITTEN = 0, /* the data is at the target */
    HC_OUT_SAME = 1,    /* HC_OUT_SKIP_SAME or HC_OUT_KEEP_EXISTING: the target already held the data */
    HC_OUT_KEPT = 2,    /* HC_OUT_KEEP_EXISTING: a different target exists and was left alone */
    HC_OUT_REFUSED = -1, /* the policy forbids this write (device, input, outside the confinement) */
    HC_OUT_FAILED = -2,  /* an I/O error */
    HC_OUT_SPECIAL = -3, /* refused: the target is a device node (not stdout) or a directory */
    HC_OUT_CHANGED = -4  /* refused: the target no longer holds hc_out_policy.expect (edited meanwhile) */
} hc_out_status;

enum {
    HC_OUT_SKIP_SAME = 1u << 0,     /* a regular target with identical content is not rewritten (mtime kept) */
    HC_OUT_KEEP_EXISTING = 1u << 1, /* never replace an existing target (backups); SAME when identical */
    HC_OUT_REPLACE_INPUT = 1u << 2, /* the write may replace a guarded input (--inplace) */
    HC_OUT_MKDIRS = 1u << 3,        /* create missing parent directories */
    HC_OUT_REGULAR_ONLY = 1u << 4   /* write only where nothing or a regular file stands at the path itself */
};

/* A set of files (device and inode) that must never be replaced: the inputs of the run. */
typedef struct hc_out_guard {
    struct hc_out_id { dev_t dev; ino_t ino; } *v;
    size_t n, cap;
    bool sorted;
} hc_out_guard;
/* Adds the file path resolves to (a missing path adds nothing). Returns 0 or -1 when out of memory. */
int hc_out_guard_add(hc_out_guard *g, const char *path);
void hc_out_guard_free(hc_out_guard *g);

typedef struct hc_out_policy {
    unsigned flags;            /* HC_OUT_* */
    const char *confine;       /* the target must resolve inside this directory; NULL: anywhere */
    hc_out_guard *guard;       /* files never replaced (sorted on first use); NULL: none */
} hc_out_policy;

/* Mode argument meaning "an existing file's bits, else 0666 less the umask". */
#define HC_OUT_MODE_DEFAULT (-1)

/* Writes data to path under the policy. On a negative status err holds a message that
 * names the path. */
hc_out_status hc_out_write(const hc_out_policy *p, const char *path, const void *data, size_t len, int mode, char *err,
                           size_t errsize);
/* hc_out_write for replacing a file read earlier (--inplace): the target must still hold exactly the
 * expect_len bytes at expect (the input as it was read). They are compared after the temporary is
 * written, right before the rename; any difference (an edit, a replacement or a removal made while
 * the run went on) keeps the target as it is and returns HC_OUT_CHANGED. */
hc_out_status hc_out_write_expect(const hc_out_policy *p, const char *path, const void *data, size_t len, int mode,
                                  const void *expect, size_t expect_len, char *err, size_t errsize);
/* What hc_out_write would decide for path, without writing: HC_OUT_WRITTEN (it would write),
 * HC_OUT_KEPT (HC_OUT_KEEP_EXISTING and something is there) or a refusal with its message. Lets a
 * caller refuse before it spends time producing the data. */
hc_out_status hc_out_check(const hc_out_policy *p, const char *path, char *err, size_t errsize);
/* Copies the regular file from to path under the policy, streaming (bounded memory); a source that is
 * not a regular file is refused. */
hc_out_status hc_out_copy(const hc_out_policy *p, const char *from, const char *path, int mode, char *err, size_t errsize);

/* Opens path for a stream written piece by piece (a log, a child process's output), which cannot be one
 * buffer written atomically. The policy's rules apply as for hc_out_write; on HC_OUT_WRITTEN *fd is an
 * open, blocking, close-on-exec descriptor (else -1):
 *   - append: the regular file there is appended to (created when missing, with mode); an input of the
 *     guard set or a *.prehip backup is refused, not appended to;
 *   - otherwise a fresh file: a new empty file (mode as for hc_out_write) is renamed over the target at
 *     once, so a file that stood there is replaced, never truncated (another name of it keeps its data);
 *   - standard output, a FIFO, a socket and the null device (never under HC_OUT_REGULAR_ONLY) are
 *     written in place; a FIFO without a reader fails at once instead of waiting for one. Files are
 *     opened non-blocking and checked with fstat before use: what was put there since the rules were
 *     applied (a FIFO, a device, a guarded input) is refused, never written.
 * HC_OUT_KEEP_EXISTING with something at the path is HC_OUT_KEPT, nothing opened. On a negative status
 * err holds a message that names the path. */
hc_out_status hc_out_open_stream(const hc_out_policy *p, const char *path, bool append, int mode, int *fd, char *err,
                                 size_t errsize);

/* Whether the regular file at path holds exactly len bytes equal to data (it is read, never loaded
 * whole). False when it cannot be read or is not a regular file. */
bool hc_out_holds(const char *path, const void *data, size_t len);

/* Removes the regular file at path, and only when it holds exactly expect[0, len): a file changed since
 * the caller read it is KEPT. Links, devices, directories, backups, guarded inputs and files outside the
 * confinement are REFUSED. HC_OUT_WRITTEN: removed. */
hc_out_status hc_out_remove(const hc_out_policy *p, const char *path, const void *expect, size_t len, char *err,
                            size_t errsize);

/* The permission bits of path (following links), or HC_OUT_MODE_DEFAULT when it cannot be stat'ed. */
int hc_out_mode_of(const char *path);
/* True for names our temporary files have (".NAME.hipify-tmp-PID-XXXXXX", ".NAME.hipify-tmp-XXXXXX")
 * and for the name earlier versions of hipify-c used ("NAME.hipify-XXXXXX"). */
bool hc_out_is_temp_name(const char *base);
/* Whether the file at path is a temporary of ours that no live process is writing: its name carries a
 * process id (*pid, else 0) that no longer exists on this system, it is a regular file of this user, and
 * it was last written at least a minute ago (a process in another PID namespace or on another host
 * sharing the directory is invisible to this test; the age covers it). Only then may it be removed. */
bool hc_out_temp_is_stale(const char *path, long *pid);
/* Installs handlers for SIGINT, SIGTERM and SIGHUP (those not ignored) that remove the temporaries this
 * process is writing and then end it by the same signal. For programs, never called by the library. */
void hc_out_cleanup_on_signals(void);
/* Names the scratch directory (made by this program for this run, e.g. with mkdtemp) that those
 * handlers remove with everything in it (links removed, never followed; Linux only); NULL forgets it.
 * The caller still removes it on every ordinary exit. */
void hc_out_scratch_on_signals(const char *dir);

/* The absolute path of the file a write to path would land on (through links, dangling ones included;
 * missing trailing components as written). Two paths with the same answer name one file. Returns 0,
 * or -1 when it cannot be resolved (a link loop, a path too long). */
int hc_out_resolve(const char *path, char *out, size_t size);

/* Whether directory a lies inside directory b or is b (both resolved through links; missing trailing
 * components are taken as written). */
bool hc_out_dir_within(const char *a, const char *b);

/* Length of the well-formed UTF-8 character at s (1 for any ASCII byte), or 0 when the bytes there
 * are not UTF-8 (a Latin-1 byte, an overlong form, a surrogate, a cut sequence); avail bounds the read. */
size_t hc_out_utf8_len(const char *s, size_t avail);

/* Copies s into buf (always terminated) with every byte a terminal could act on escaped: C0 controls,
 * DEL, C1 controls and bytes that are not UTF-8 become \xNN (valid UTF-8 text passes unchanged).
 * Output that does not fit is cut at a character boundary. Returns buf. */
char *hc_out_escape(const char *s, char *buf, size_t size);
/* fprintf for messages to a terminal: the formatted text is escaped (hc_out_escape) except for one
 * final newline. Returns what fputs returns. */
int hc_out_printf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int hc_out_vprintf(FILE *f, const char *fmt, va_list ap);

#endif
