/* output.c: the output layer (see output.h for the rules): target resolution through links, refusal
 * of devices, guarded inputs and confinement, atomic replacement with modes kept, stdout written in
 * place, streams opened under the same rules, and terminal-safe printing. It chooses no path and
 * formats no content. */
#include "output.h"
#include "grow.h"
#include "paths.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TEMP_TAG ".hipify-tmp-"
#define CHUNK 65536
/* A temporary whose writer is gone is removed only once it is this old: a process of the same number
 * in another PID namespace or on another host sharing the directory cannot be seen with kill(). */
#define STALE_TEMP_SECONDS 60

/* ---- the temporaries this process has open, for the signal handler ----
 * The one piece of process-wide state of the output layer, and necessarily so: a signal handler can
 * reach nothing else. Slots are claimed with atomics (lock-free, so the handler may read them); a
 * write that finds no free slot still works, its temporary is only not cleaned on a signal. */
enum { TEMP_SLOTS = 32, SLOT_FREE = 0, SLOT_FILLING = 1, SLOT_ACTIVE = 2 };
static struct temp_slot {
    _Atomic int state;
    char path[PATH_MAX + 64];
} temp_slots[TEMP_SLOTS];

static int temp_register(const char *path) {
    for (int i = 0; i < TEMP_SLOTS; i++) {
        int expect = SLOT_FREE;
        if (!atomic_compare_exchange_strong(&temp_slots[i].state, &expect, SLOT_FILLING)) continue;
        snprintf(temp_slots[i].path, sizeof temp_slots[i].path, "%s", path);
        atomic_store(&temp_slots[i].state, SLOT_ACTIVE);
        return i;
    }
    return -1;
}

static void temp_unregister(int slot) {
    if (slot >= 0) atomic_store(&temp_slots[slot].state, SLOT_FREE);
}

static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};

/* The scratch directory a program made for its run (hc_out_scratch_on_signals), removed with the
 * temporaries. */
static _Atomic int scratch_state; /* SLOT_FREE or SLOT_ACTIVE */
static char scratch_path[PATH_MAX];

#ifdef __linux__
#include <sys/syscall.h>
/* Removes name (in dirfd) and, when it is a directory, everything under it, with system calls only
 * (getdents64, unlinkat): opendir and nftw allocate, which a signal handler must not. Links are removed,
 * never followed. */
static void remove_tree_at(int dirfd, const char *name, int depth) {
    if (unlinkat(dirfd, name, 0) == 0 || depth > 64) return;
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return;
    char buf[1024];
    for (int pass = 0, removed = 1; removed && pass < 64; pass++) { /* entries removed while listing: list again */
        removed = 0;
        lseek(fd, 0, SEEK_SET);
        long n;
        while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
            for (long off = 0; off < n;) {
                const char *rec = buf + off;
                unsigned short reclen;
                memcpy(&reclen, rec + 16, sizeof reclen); /* after d_ino and d_off (8 bytes each) */
                const char *d_name = rec + 19;            /* after d_reclen and d_type */
                off += reclen;
                if (!strcmp(d_name, ".") || !strcmp(d_name, "..")) continue;
                remove_tree_at(fd, d_name, depth + 1);
                removed = 1;
            }
    }
    close(fd);
    unlinkat(dirfd, name, AT_REMOVEDIR);
}
#endif

void hc_out_scratch_on_signals(const char *dir) {
    atomic_store(&scratch_state, SLOT_FREE);
    if (!dir) return;
    snprintf(scratch_path, sizeof scratch_path, "%s", dir);
    atomic_store(&scratch_state, SLOT_ACTIVE);
}

static void on_fatal_signal(int sig) {
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (atomic_load(&temp_slots[i].state) == SLOT_ACTIVE) unlink(temp_slots[i].path); /* async-signal-safe */
#ifdef __linux__
    if (atomic_load(&scratch_state) == SLOT_ACTIVE) remove_tree_at(AT_FDCWD, scratch_path, 0);
#endif
    signal(sig, SIG_DFL); /* then die of the signal, so that the parent sees how the run ended */
    raise(sig);
}

void hc_out_cleanup_on_signals(void) {
    for (size_t i = 0; i < COUNT_OF(cleanup_signals); i++) {
        struct sigaction old, sa = {0};
        if (sigaction(cleanup_signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue; /* nohup */
        sa.sa_handler = on_fatal_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(cleanup_signals[i], &sa, NULL);
    }
}

/* Blocks (or restores) the cleanup signals around the creation of a temporary and its registration,
 * so that no signal can fall between the two. */
static void block_cleanup_signals(sigset_t *old) {
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < COUNT_OF(cleanup_signals); i++) sigaddset(&set, cleanup_signals[i]);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

/* ---- guard set ---- */

int hc_out_guard_add(hc_out_guard *g, const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) return 0;
    if (hc_grow(&g->v, &g->cap, g->n, sizeof *g->v, 64) < 0) return -1;
    g->v[g->n++] = (struct hc_out_id){st.st_dev, st.st_ino};
    g->sorted = false;
    return 0;
}

void hc_out_guard_free(hc_out_guard *g) {
    free(g->v);
    *g = (hc_out_guard){0};
}

static int cmp_id(const void *a, const void *b) {
    const struct hc_out_id *x = a, *y = b;
    if (x->dev != y->dev) return x->dev < y->dev ? -1 : 1;
    return x->ino < y->ino ? -1 : x->ino > y->ino;
}

static bool guarded(hc_out_guard *g, const struct stat *st) {
    if (!g || !g->n) return false;
    if (!g->sorted) qsort(g->v, g->n, sizeof *g->v, cmp_id), g->sorted = true;
    struct hc_out_id key = {st->st_dev, st->st_ino};
    return bsearch(&key, g->v, g->n, sizeof *g->v, cmp_id) != NULL;
}

/* ---- small helpers ---- */

static hc_out_status fail(char *err, size_t errsize, hc_out_status st, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static hc_out_status fail(char *err, size_t errsize, hc_out_status st, const char *fmt, ...) {
    if (err && errsize) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errsize, fmt, ap);
        va_end(ap);
    }
    return st;
}

/* The umask without changing it (umask() would, and threads share it): Linux reports it in
 * /proc/self/status; elsewhere the common 022. */
static mode_t current_umask(void) {
    mode_t mask = 022;
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return mask;
    char line[128];
    unsigned v;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "Umask: %o", &v) == 1) { mask = (mode_t)v; break; }
    fclose(f);
    return mask;
}

int hc_out_mode_of(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 ? (int)(st.st_mode & 07777) : HC_OUT_MODE_DEFAULT;
}

static int write_all(int fd, const char *data, size_t len) {
    for (size_t off = 0; off < len;) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) return -1;
        if (w == 0) { errno = EIO; return -1; }
        off += (size_t)w;
    }
    return 0;
}

/* The bytes to write: a buffer, or a regular file read by offset (never loaded whole). */
typedef struct source {
    const char *data;
    size_t len;
    int fd; /* -1 for a buffer */
} source;

static int emit(int fd, const source *s) {
    if (s->fd < 0) return write_all(fd, s->data, s->len);
    char buf[CHUNK];
    for (off_t off = 0;;) {
        ssize_t r = pread(s->fd, buf, sizeof buf, off);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return -1;
        if (r == 0) return 0;
        if (write_all(fd, buf, (size_t)r) != 0) return -1;
        off += r;
    }
}

/* Whether the regular file at path holds exactly the source's bytes (size compared first). */
static bool same_content(const char *path, off_t size, const source *s) {
    if ((uint64_t)size != (uint64_t)s->len) return false;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return false;
    char a[CHUNK], b[CHUNK];
    bool same = true;
    for (off_t off = 0; same && (uint64_t)off < (uint64_t)s->len;) {
        ssize_t r = pread(fd, a, sizeof a, off);
        if (r <= 0) { same = false; break; }
        if (s->fd < 0) {
            same = memcmp(a, s->data + off, (size_t)r) == 0;
        } else {
            ssize_t q = pread(s->fd, b, (size_t)r, off);
            same = q == r && memcmp(a, b, (size_t)r) == 0;
        }
        off += r;
    }
    close(fd);
    return same;
}

bool hc_out_holds(const char *path, const void *data, size_t len) {
    char real[PATH_MAX];
    struct stat st;
    if (!realpath(path, real) || stat(real, &st) != 0 || !S_ISREG(st.st_mode)) return false;
    source s = {data ? data : "", len, -1};
    return same_content(real, st.st_size, &s);
}

/* Follows symbolic links by hand, so that a dangling link yields the path it names (created by the
 * write). out receives a path that is not a link, or does not exist. */
static int follow_links(const char *path, char *out, size_t size, char *err, size_t errsize) {
    if ((size_t)snprintf(out, size, "%s", path) >= size) return fail(err, errsize, -1, "%s: path too long", path), -1;
    for (int hops = 0;; hops++) {
        struct stat lst;
        if (lstat(out, &lst) != 0 || !S_ISLNK(lst.st_mode)) return 0;
        if (hops == 40) return fail(err, errsize, -1, "%s: too many levels of symbolic links", path), -1;
        char link[PATH_MAX];
        ssize_t n = readlink(out, link, sizeof link - 1);
        if (n < 0) return fail(err, errsize, -1, "cannot read link %s: %s", out, strerror(errno)), -1;
        link[n] = '\0';
        char next[PATH_MAX];
        const char *slash = strrchr(out, '/');
        int w = link[0] == '/' || !slash ? snprintf(next, sizeof next, "%s", link)
                                         : snprintf(next, sizeof next, "%.*s/%s", (int)(slash - out), out, link);
        if (w < 0 || (size_t)w >= sizeof next || (size_t)w >= size)
            return fail(err, errsize, -1, "%s: path too long", path), -1;
        memcpy(out, next, (size_t)w + 1);
    }
}

/* Resolves path through links as far as it exists: the real path of its deepest existing ancestor
 * followed by the missing components as written. */
static int resolve_loose(const char *path, char *out, size_t size) {
    char probe[PATH_MAX];
    if ((size_t)snprintf(probe, sizeof probe, "%s", path) >= sizeof probe) return -1;
    size_t plen = strlen(probe);
    while (plen > 1 && probe[plen - 1] == '/') probe[--plen] = '\0';
    char real[PATH_MAX];
    for (;;) {
        if (realpath(probe[0] ? probe : ".", real)) break;
        char *slash = strrchr(probe, '/');
        if (!slash) { probe[0] = '\0'; continue; }
        if (slash == probe) { strcpy(real, "/"); probe[1] = '\0'; break; }
        *slash = '\0';
    }
    const char *rest = path + strlen(probe);
    while (*rest == '/') rest++;
    int w = *rest ? snprintf(out, size, "%s%s%s", real, strcmp(real, "/") ? "/" : "", rest) : snprintf(out, size, "%s", real);
    return w < 0 || (size_t)w >= size ? -1 : 0;
}

/* The file a write to path lands on: its real path when it exists, else the path its links lead to,
 * resolved as far as it exists. */
static int resolve_target(const char *path, bool exists, char *target, size_t size, char *err, size_t errsize) {
    if (exists) {
        if (realpath(path, target)) return 0;
        return fail(err, errsize, -1, "cannot resolve %s: %s", path, strerror(errno)), -1;
    }
    char followed[PATH_MAX];
    if (follow_links(path, followed, sizeof followed, err, errsize) != 0) return -1;
    if (resolve_loose(followed, target, size) != 0) return fail(err, errsize, -1, "%s: path too long", path), -1;
    return 0;
}

int hc_out_resolve(const char *path, char *out, size_t size) {
    struct stat st;
    char err[64];
    return resolve_target(path, stat(path, &st) == 0, out, size, err, sizeof err);
}

bool hc_out_dir_within(const char *a, const char *b) {
    char ra[PATH_MAX], rb[PATH_MAX];
    if (resolve_loose(a, ra, sizeof ra) != 0 || resolve_loose(b, rb, sizeof rb) != 0) return false;
    return hc_path_within(ra, rb);
}

static int mkdirs_for(const char *path) {
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        int rc = mkdir(dir, 0777);
        *p = '/';
        if (rc != 0 && errno != EEXIST) return -1;
    }
    return 0;
}

/* The writer's process id a temporary's name carries (".NAME.hipify-tmp-PID-XXXXXX"), or 0 when it
 * carries none (a name of an earlier version, or not a temporary). */
static long temp_pid(const char *base) {
    size_t n = strlen(base), tag = strlen(TEMP_TAG);
    if (base[0] != '.' || n < tag + 9 || base[n - 7] != '-') return 0;
    size_t end = n - 7, start = end; /* the digits before "-XXXXXX" */
    while (start > 0 && base[start - 1] >= '0' && base[start - 1] <= '9') start--;
    if (start == end || end - start > 9 || start < tag + 1 || memcmp(base + start - tag, TEMP_TAG, tag) != 0) return 0;
    return strtol(base + start, NULL, 10);
}

bool hc_out_temp_is_stale(const char *path, long *pid) {
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    *pid = hc_out_is_temp_name(base) ? temp_pid(base) : 0;
    struct stat st;
    if (*pid <= 0 || *pid == (long)getpid() || lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid())
        return false;
    if (kill((pid_t)*pid, 0) == 0 || errno != ESRCH) return false; /* alive, or not ours to ask about */
    return time(NULL) - st.st_mtime >= STALE_TEMP_SECONDS;
}

bool hc_out_is_temp_name(const char *base) {
    size_t n = strlen(base);
    if (n < 7) return false;
    const char *x = base + n - 6; /* the six characters mkstemp chose */
    for (int i = 0; i < 6; i++)
        if (!((x[i] >= 'a' && x[i] <= 'z') || (x[i] >= 'A' && x[i] <= 'Z') || (x[i] >= '0' && x[i] <= '9'))) return false;
    size_t tag = strlen(TEMP_TAG);
    if (base[0] == '.' && n > tag + 7 && memcmp(x - tag, TEMP_TAG, tag) == 0) return true;
    if (temp_pid(base) > 0) return true; /* .NAME.hipify-tmp-PID-XXXXXX */
    static const char legacy[] = ".hipify-"; /* hipify-c before the output layer: NAME.hipify-XXXXXX */
    size_t l = sizeof legacy - 1;
    return n > l + 6 && memcmp(x - l, legacy, l) == 0;
}

/* Writes into an open descriptor that is not replaced (stdout, a FIFO). */
static hc_out_status write_in_place(int fd, const char *name, const source *s, char *err, size_t errsize) {
    if (emit(fd, s) != 0) return fail(err, errsize, HC_OUT_FAILED, "cannot write %s: %s", name, strerror(errno));
    return HC_OUT_WRITTEN;
}

static hc_out_status write_stdout(const source *s, char *err, size_t errsize) {
    if (fflush(stdout) != 0) return fail(err, errsize, HC_OUT_FAILED, "cannot write standard output: %s", strerror(errno));
    hc_out_status st = write_in_place(STDOUT_FILENO, "standard output", s, err, errsize);
    return st;
}

/* Creates the temporary beside target that will be renamed over it (".NAME.hipify-tmp-PID-XXXXXX", its
 * name in tmp), registered in *slot for the signal handler. Returns its descriptor (close-on-exec), or -1
 * with err set. */
static int make_temp(const char *target, char *tmp, size_t tmpsize, int *slot, char *err, size_t errsize) {
    const char *slash = strrchr(target, '/');
    const char *base = slash ? slash + 1 : target;
    int dirlen = slash ? (int)(slash - target + 1) : 0;
    /* the temporary's name must fit NAME_MAX: long names are shortened, the tag keeps it recognisable */
    int keep = (int)strlen(base);
    if (keep > 200) keep = 200;
    /* the writer's process id is in the name: a later run can tell a temporary whose writer is gone */
    if ((size_t)snprintf(tmp, tmpsize, "%.*s.%.*s" TEMP_TAG "%ld-XXXXXX", dirlen, target, keep, base, (long)getpid()) >=
        tmpsize)
        return fail(err, errsize, HC_OUT_FAILED, "%s: path too long", target), -1;
    sigset_t old;
    block_cleanup_signals(&old);
    int fd = mkostemp(tmp, O_CLOEXEC);
    *slot = fd >= 0 ? temp_register(tmp) : -1;
    int mk_errno = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (fd < 0)
        return fail(err, errsize, HC_OUT_FAILED, "cannot create a temporary file beside %s: %s", target, strerror(mk_errno)), -1;
    return fd;
}

/* Replaces the regular file (or creates the file) at target through a temporary in its directory. */
static hc_out_status replace_atomically(const char *target, const source *s, const source *expect, mode_t mode,
                                        char *err, size_t errsize) {
    char tmp[PATH_MAX + 64];
    int slot;
    int fd = make_temp(target, tmp, sizeof tmp, &slot, err, errsize);
    if (fd < 0) return HC_OUT_FAILED;
    int e = 0;
    if (emit(fd, s) != 0) e = errno;
    if (!e && fchmod(fd, mode & 0777) != 0) e = errno; /* never setuid, setgid or sticky: see output.h */
    if (close(fd) != 0 && !e) e = errno;
    /* the last moment before the rename: an edit made since the input was read must win */
    if (!e && expect && !hc_out_holds(target, expect->data, expect->len)) {
        unlink(tmp);
        temp_unregister(slot);
        return fail(err, errsize, HC_OUT_CHANGED, "%s changed since it was read; kept as it is now", target);
    }
    if (!e && rename(tmp, target) != 0) e = errno;
    if (e) unlink(tmp);
    temp_unregister(slot);
    if (e) return fail(err, errsize, HC_OUT_FAILED, "cannot write %s: %s", target, strerror(e));
    return HC_OUT_WRITTEN;
}

/* The null device (whatever its name) is the one device that is written: in place, a discard sink
 * ("-o /dev/null" to see only diagnostics). It is never replaced. */
static bool is_null_device(const struct stat *st) {
    struct stat null;
    return S_ISCHR(st->st_mode) && stat("/dev/null", &null) == 0 && S_ISCHR(null.st_mode) && st->st_rdev == null.st_rdev;
}

/* True when path can only name a directory: it ends with '/', or its last component is "." or "..".
 * Resolving it loosely would drop that ending and name the file before it (a report given as
 * "in/c.cu.prehip/" replaced the backup). */
static bool names_directory(const char *path) {
    size_t n = strlen(path);
    if (n == 0 || path[n - 1] == '/') return n > 0;
    const char *last = strrchr(path, '/');
    last = last ? last + 1 : path;
    return strcmp(last, ".") == 0 || strcmp(last, "..") == 0;
}

/* Where a write to a path goes, as decided by the policy before anything is opened. */
typedef enum way {
    WAY_STDOUT,   /* the program's standard output: fd 1, in place */
    WAY_IN_PLACE, /* a FIFO, a socket or the null device: opened and written, never replaced or read */
    WAY_REPLACE   /* a regular file or nothing: a new file renamed over dest */
} way;

typedef struct decision {
    way how;
    bool exists;           /* stat(path) succeeded: st is the file it leads to */
    struct stat st;
    struct stat lst;       /* HC_OUT_KEPT: what lstat found at the path itself */
    char target[PATH_MAX]; /* WAY_REPLACE: the path resolved through links */
    const char *dest;      /* WAY_REPLACE: what is replaced (target, or the path itself under REGULAR_ONLY) */
} decision;

/* Applies every rule of output.h to path: HC_OUT_WRITTEN with d filled in (a write may go ahead),
 * HC_OUT_KEPT (HC_OUT_KEEP_EXISTING and something is there, d->lst says what) or a refusal with its
 * message. Nothing is created, opened for writing or compared. */
static hc_out_status decide(const hc_out_policy *p, const char *path, decision *d, char *err, size_t errsize) {
    bool regular_only = (p->flags & HC_OUT_REGULAR_ONLY) != 0;
    struct stat out_st;
    d->exists = false;
    if (regular_only && lstat(path, &d->st) == 0 && !S_ISREG(d->st.st_mode)) /* judged at its own name: never through */
        return fail(err, errsize, HC_OUT_SPECIAL, "%s is %s, not a regular file: refusing to write through it", path,
                    S_ISLNK(d->st.st_mode) ? "a symbolic link" : S_ISDIR(d->st.st_mode) ? "a directory" : "a special file");
    if (!regular_only && strcmp(path, "-") == 0) return d->how = WAY_STDOUT, HC_OUT_WRITTEN;
    bool exists = d->exists = stat(path, &d->st) == 0; /* follows every link, /proc's magic ones included */
    int stat_errno = errno;
    const struct stat *st = &d->st;
    if (!exists && stat_errno == ENOTDIR) /* in/c.cu.prehip/x: a file stands where a directory must */
        return fail(err, errsize, HC_OUT_FAILED, "cannot write %s: a part of the path is a file, not a directory", path);
    if (names_directory(path) && !(exists && S_ISDIR(st->st_mode))) /* out/, x/., x/..: never a file's name */
        return fail(err, errsize, HC_OUT_SPECIAL, "%s names a directory, not a file", path);
    if ((p->flags & HC_OUT_KEEP_EXISTING) && lstat(path, &d->lst) == 0)
        return HC_OUT_KEPT; /* anything there, a link or a FIFO included, is left alone */
    /* the program's own standard output, under any name: written in place, never replaced or read */
    if (exists && !regular_only && fstat(STDOUT_FILENO, &out_st) == 0 && st->st_dev == out_st.st_dev &&
        st->st_ino == out_st.st_ino)
        return d->how = WAY_STDOUT, HC_OUT_WRITTEN;
    if (exists && S_ISDIR(st->st_mode)) return fail(err, errsize, HC_OUT_SPECIAL, "%s is a directory", path);
    if (exists && (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode)) && !is_null_device(st))
        return fail(err, errsize, HC_OUT_SPECIAL, "%s is a device, not a file", path);
    size_t plen = strlen(path);
    if (exists && plen >= 7 && strcmp(path + plen - 7, ".prehip") == 0) /* only the backup writer makes them */
        return fail(err, errsize, HC_OUT_REFUSED, "%s is a backup of an original: refusing to overwrite it", path);
    if (exists && guarded(p->guard, st) && !(p->flags & HC_OUT_REPLACE_INPUT))
        return fail(err, errsize, HC_OUT_REFUSED, "%s is an input: refusing to overwrite it (use --inplace)", path);
    if (exists && !S_ISREG(st->st_mode)) return d->how = WAY_IN_PLACE, HC_OUT_WRITTEN; /* FIFO, socket, null device */
    if (resolve_target(path, exists, d->target, sizeof d->target, err, errsize) != 0) return HC_OUT_FAILED;
    if (p->confine) {
        char dir[PATH_MAX];
        if (resolve_loose(p->confine, dir, sizeof dir) != 0 || !hc_path_within(d->target, dir))
            return fail(err, errsize, HC_OUT_REFUSED, "%s resolves to %s, outside %s", path, d->target, p->confine);
    }
    /* REGULAR_ONLY renames over the path itself: a link put there since the check is replaced, not followed */
    d->dest = regular_only ? path : d->target;
    d->how = WAY_REPLACE;
    return HC_OUT_WRITTEN;
}

/* The mode a new file at a decided target gets: the caller's, else the existing file's, else the default. */
static mode_t mode_for(const decision *d, int mode) {
    return mode >= 0 ? (mode_t)mode : d->exists ? (d->st.st_mode & 07777) : (0666 & ~current_umask());
}

/* dry: decide only (hc_out_check): nothing is created, written or compared */
static hc_out_status write_source(const hc_out_policy *p, const char *path, const source *s, const source *expect,
                                  int mode, bool dry, char *err, size_t errsize) {
    static const hc_out_policy none = {0};
    if (!p) p = &none;
    decision d;
    hc_out_status r = decide(p, path, &d, err, errsize);
    if (r == HC_OUT_KEPT && !dry && S_ISREG(d.lst.st_mode) && same_content(path, d.lst.st_size, s)) return HC_OUT_SAME;
    if (r != HC_OUT_WRITTEN || dry) return r;
    if (d.how == WAY_STDOUT) return write_stdout(s, err, errsize);
    if (d.how == WAY_IN_PLACE) {
        int fd = open(path, O_WRONLY | O_NOCTTY);
        if (fd < 0) return fail(err, errsize, HC_OUT_FAILED, "cannot open %s: %s", path, strerror(errno));
        r = write_in_place(fd, path, s, err, errsize);
        if (close(fd) != 0 && r == HC_OUT_WRITTEN)
            r = fail(err, errsize, HC_OUT_FAILED, "cannot write %s: %s", path, strerror(errno));
        return r;
    }
    if (d.exists && (p->flags & HC_OUT_SKIP_SAME) && same_content(d.dest, d.st.st_size, s)) return HC_OUT_SAME;
    if (!d.exists && (p->flags & HC_OUT_MKDIRS) && mkdirs_for(d.dest) != 0)
        return fail(err, errsize, HC_OUT_FAILED, "cannot create directories for %s: %s", path, strerror(errno));
    return replace_atomically(d.dest, s, expect, mode_for(&d, mode), err, errsize);
}

hc_out_status hc_out_write(const hc_out_policy *p, const char *path, const void *data, size_t len, int mode, char *err,
                           size_t errsize) {
    source s = {data ? data : "", len, -1};
    return write_source(p, path, &s, NULL, mode, false, err, errsize);
}

hc_out_status hc_out_write_expect(const hc_out_policy *p, const char *path, const void *data, size_t len, int mode,
                                  const void *expect, size_t expect_len, char *err, size_t errsize) {
    source s = {data ? data : "", len, -1}, e = {expect ? expect : "", expect_len, -1};
    return write_source(p, path, &s, &e, mode, false, err, errsize);
}

hc_out_status hc_out_check(const hc_out_policy *p, const char *path, char *err, size_t errsize) {
    source s = {"", 0, -1};
    return write_source(p, path, &s, NULL, HC_OUT_MODE_DEFAULT, true, err, errsize);
}

hc_out_status hc_out_copy(const hc_out_policy *p, const char *from, const char *path, int mode, char *err, size_t errsize) {
    int fd = open(from, O_RDONLY | O_NONBLOCK);
    if (fd < 0) return fail(err, errsize, HC_OUT_FAILED, "cannot read %s: %s", from, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return fail(err, errsize, HC_OUT_REFUSED, "%s is not a regular file: not copied", from);
    }
    source s = {NULL, (size_t)st.st_size, fd};
    hc_out_status r = write_source(p, path, &s, NULL, mode, false, err, errsize);
    close(fd);
    return r;
}

/* ---- streams ---- */

/* A descriptor opened non-blocking, checked to be the kind of file that was decided on and made
 * blocking again; any other kind (swapped in since the decision) or a guarded input is closed and
 * refused. created: the open made the file, so it cannot be an input. */
static hc_out_status settle_stream(int fd, const hc_out_policy *p, const char *path, bool want_regular, bool created,
                                   char *err, size_t errsize) {
    struct stat st;
    int flags;
    hc_out_status r = HC_OUT_WRITTEN;
    if (fstat(fd, &st) != 0)
        r = fail(err, errsize, HC_OUT_FAILED, "cannot open %s: %s", path, strerror(errno));
    else if (want_regular ? !S_ISREG(st.st_mode) : !S_ISFIFO(st.st_mode) && !S_ISSOCK(st.st_mode) && !is_null_device(&st))
        r = fail(err, errsize, HC_OUT_SPECIAL, "%s changed to %s since it was checked: refusing to write to it", path,
                 S_ISREG(st.st_mode) ? "a regular file" : "a special file");
    else if (!created && guarded(p->guard, &st) && !(p->flags & HC_OUT_REPLACE_INPUT))
        r = fail(err, errsize, HC_OUT_REFUSED, "%s is an input: refusing to write to it", path);
    else if ((flags = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
        r = fail(err, errsize, HC_OUT_FAILED, "cannot open %s: %s", path, strerror(errno));
    if (r != HC_OUT_WRITTEN) close(fd);
    return r;
}

/* Appends to the regular file at d->dest, created when missing (O_EXCL tells which happened, so that
 * only a file made here gets the caller's mode). */
static hc_out_status open_append(const hc_out_policy *p, const decision *d, const char *path, int mode, int *fd,
                                 char *err, size_t errsize) {
    /* O_NONBLOCK: a FIFO put at the path since the decision cannot hang the open; O_NOFOLLOW under
     * REGULAR_ONLY: nor can a link put there */
    int flags = O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (p->flags & HC_OUT_REGULAR_ONLY ? O_NOFOLLOW : 0);
    bool created = true;
    int f = open(d->dest, flags | O_CREAT | O_EXCL, mode >= 0 ? (mode & 0777) : 0666);
    if (f < 0 && errno == EEXIST) created = false, f = open(d->dest, flags);
    if (f < 0) return fail(err, errsize, HC_OUT_FAILED, "cannot open %s: %s", path, strerror(errno));
    if (created && mode >= 0 && fchmod(f, mode & 0777) != 0) { /* the caller's bits, not the umask's */
        int e = errno;
        close(f);
        return fail(err, errsize, HC_OUT_FAILED, "cannot write %s: %s", path, strerror(e));
    }
    hc_out_status r = settle_stream(f, p, path, true, created, err, errsize);
    if (r == HC_OUT_WRITTEN) *fd = f;
    return r;
}

/* A new empty file renamed over d->dest right away: what stood there (a file linked elsewhere too, a
 * log of an earlier run) is replaced, never truncated. */
static hc_out_status open_fresh(const decision *d, const char *path, int mode, int *fd, char *err, size_t errsize) {
    char tmp[PATH_MAX + 64];
    int slot;
    int f = make_temp(d->dest, tmp, sizeof tmp, &slot, err, errsize);
    if (f < 0) return HC_OUT_FAILED;
    int e = 0;
    if (fchmod(f, mode_for(d, mode) & 0777) != 0 || rename(tmp, d->dest) != 0) e = errno;
    if (e) unlink(tmp), close(f);
    temp_unregister(slot);
    if (e) return fail(err, errsize, HC_OUT_FAILED, "cannot write %s: %s", path, strerror(e));
    *fd = f;
    return HC_OUT_WRITTEN;
}

hc_out_status hc_out_open_stream(const hc_out_policy *p, const char *path, bool append, int mode, int *fd, char *err,
                                 size_t errsize) {
    static const hc_out_policy none = {0};
    if (!p) p = &none;
    *fd = -1;
    decision d;
    hc_out_status r = decide(p, path, &d, err, errsize);
    if (r != HC_OUT_WRITTEN) return r; /* KEEP_EXISTING with something there: nothing is opened */
    if (d.how == WAY_STDOUT) {
        if (fflush(stdout) != 0 || (*fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)) < 0)
            return fail(err, errsize, HC_OUT_FAILED, "cannot write standard output: %s", strerror(errno));
        return HC_OUT_WRITTEN;
    }
    if (d.how == WAY_IN_PLACE) { /* a FIFO without a reader fails at once (ENXIO) instead of waiting for one */
        int f = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
        if (f < 0) return fail(err, errsize, HC_OUT_FAILED, "cannot open %s: %s", path, strerror(errno));
        r = settle_stream(f, p, path, false, false, err, errsize);
        if (r == HC_OUT_WRITTEN) *fd = f;
        return r;
    }
    if (!d.exists && (p->flags & HC_OUT_MKDIRS) && mkdirs_for(d.dest) != 0)
        return fail(err, errsize, HC_OUT_FAILED, "cannot create directories for %s: %s", path, strerror(errno));
    return append ? open_append(p, &d, path, mode, fd, err, errsize) : open_fresh(&d, path, mode, fd, err, errsize);
}

/* ---- terminal-safe text ---- */

/* Length of the valid UTF-8 sequence at s that is not a C1 control, or 0. */
hc_out_status hc_out_remove(const hc_out_policy *p, const char *path, const void *expect, size_t len, char *err,
                            size_t errsize) {
    static const hc_out_policy none = {0};
    if (!p) p = &none;
    struct stat lst;
    if (lstat(path, &lst) != 0) return fail(err, errsize, HC_OUT_FAILED, "cannot remove %s: %s", path, strerror(errno));
    if (!S_ISREG(lst.st_mode)) /* a link, a device, a directory: never removed */
        return fail(err, errsize, HC_OUT_REFUSED, "%s is not a regular file: not removed", path);
    size_t plen = strlen(path);
    if (plen >= 7 && strcmp(path + plen - 7, ".prehip") == 0)
        return fail(err, errsize, HC_OUT_REFUSED, "%s is a backup of an original: not removed", path);
    if (guarded(p->guard, &lst)) return fail(err, errsize, HC_OUT_REFUSED, "%s is an input: not removed", path);
    if (p->confine) {
        char target[PATH_MAX], dir[PATH_MAX];
        if (!realpath(path, target) || resolve_loose(p->confine, dir, sizeof dir) != 0 || !hc_path_within(target, dir))
            return fail(err, errsize, HC_OUT_REFUSED, "%s lies outside %s: not removed", path, p->confine);
    }
    source s = {expect ? expect : "", len, -1};
    if (!same_content(path, lst.st_size, &s)) return HC_OUT_KEPT; /* changed since the caller read it */
    if (unlink(path) != 0) return fail(err, errsize, HC_OUT_FAILED, "cannot remove %s: %s", path, strerror(errno));
    return HC_OUT_WRITTEN;
}

static size_t utf8_printable(const unsigned char *s) {
    unsigned c = s[0];
    size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (!n || c > 0xF4) return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (c == 0xC2 && s[1] < 0xA0) return 0; /* U+0080..U+009F: C1 controls (CSI is one) */
    if (c == 0xE0 && s[1] < 0xA0) return 0; /* overlong */
    if (c == 0xF0 && s[1] < 0x90) return 0;
    if (c == 0xF4 && s[1] > 0x8F) return 0;
    if (c == 0xED && s[1] > 0x9F) return 0; /* surrogates */
    return n;
}

size_t hc_out_utf8_len(const char *s, size_t avail) {
    const unsigned char *u = (const unsigned char *)s;
    if (!avail) return 0;
    if (u[0] < 0x80) return 1;
    size_t n = u[0] >= 0xF0 && u[0] <= 0xF4 ? 4 : u[0] >= 0xE0 && u[0] <= 0xEF ? 3 : u[0] >= 0xC2 && u[0] <= 0xDF ? 2 : 0;
    if (!n || n > avail) return 0;
    for (size_t i = 1; i < n; i++)
        if ((u[i] & 0xC0) != 0x80) return 0;
    if ((u[0] == 0xE0 && u[1] < 0xA0) || (u[0] == 0xED && u[1] > 0x9F) || (u[0] == 0xF0 && u[1] < 0x90) ||
        (u[0] == 0xF4 && u[1] > 0x8F))
        return 0; /* overlong, surrogate, beyond U+10FFFF */
    return n;
}

char *hc_out_escape(const char *s, char *buf, size_t size) {
    if (!size) return buf;
    size_t o = 0;
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; u[i];) {
        size_t n = u[i] >= 0x80 ? utf8_printable(u + i) : (u[i] >= 0x20 && u[i] != 0x7F);
        if (n) {
            if (o + n >= size) break;
            memcpy(buf + o, u + i, n);
            o += n, i += n;
        } else {
            if (o + 4 >= size) break;
            snprintf(buf + o, 5, "\\x%02X", u[i]);
            o += 4, i++;
        }
    }
    buf[o] = '\0';
    return buf;
}

int hc_out_vprintf(FILE *f, const char *fmt, va_list ap) {
    char small[2048], *text = small;
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) { va_end(copy); return EOF; }
    if ((size_t)n >= sizeof small) {
        text = malloc((size_t)n + 1);
        if (!text) { va_end(copy); return EOF; }
        vsnprintf(text, (size_t)n + 1, fmt, copy);
    }
    va_end(copy);
    bool nl = n > 0 && text[n - 1] == '\n';
    if (nl) text[n - 1] = '\0';
    size_t cap = (size_t)n * 4 + 2;
    char *esc = malloc(cap);
    int rc = EOF;
    if (esc) {
        hc_out_escape(text, esc, cap);
        if (nl) strcat(esc, "\n");
        rc = fputs(esc, f);
        free(esc);
    }
    if (text != small) free(text);
    return rc;
}

int hc_out_printf(FILE *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int rc = hc_out_vprintf(f, fmt, ap);
    va_end(ap);
    return rc;
}
