/* output.c: safe file output for hipify-c: paths confined to the output directory, atomic writes
 * (temporary file + rename), parent directories created. It decides nothing about what to write. */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int mkdirs(char *path) { /* path is modified temporarily */
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        int rc = mkdir(path, 0777);
        *p = '/';
        if (rc != 0 && errno != EEXIST) return -1;
    }
    return 0;
}

/* Writes into an existing file that is not a regular one (a device such as /dev/null, a FIFO): a
 * rename would replace the device itself. */
static int write_in_place(const char *path, const char *data, size_t len, char *err, size_t errsize) {
    int fd = open(path, O_WRONLY | O_TRUNC);
    if (fd < 0) {
        snprintf(err, errsize, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    for (size_t off = 0; off < len;) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) {
            snprintf(err, errsize, "cannot write %s: %s", path, strerror(errno));
            close(fd);
            return -1;
        }
        off += (size_t)w;
    }
    return close(fd) == 0 ? 0 : -1;
}

int hc_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errsize) {
    char dir[PATH_MAX + 8], tmp[PATH_MAX + 32], target[PATH_MAX];
    struct stat lst;
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) { /* write through the link, keep the link */
        if (!realpath(path, target)) { /* dangling: write where it points */
            char link[PATH_MAX];
            ssize_t n = readlink(path, link, sizeof link - 1);
            if (n < 0) {
                snprintf(err, errsize, "cannot read link %s: %s", path, strerror(errno));
                return -1;
            }
            link[n] = '\0';
            const char *slash = strrchr(path, '/');
            if (link[0] == '/' || !slash) snprintf(target, sizeof target, "%s", link);
            else snprintf(target, sizeof target, "%.*s/%s", (int)(slash - path), path, link);
        }
        path = target;
    }
    if (stat(path, &lst) == 0 && !S_ISREG(lst.st_mode)) return write_in_place(path, data, len, err, errsize);
    snprintf(dir, sizeof dir, "%s", path);
    if (mkdirs(dir) != 0) {
        snprintf(err, errsize, "cannot create directories for %s: %s", path, strerror(errno));
        return -1;
    }
    snprintf(tmp, sizeof tmp, "%s.hipify-XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errsize, "cannot create %s: %s", tmp, strerror(errno));
        return -1;
    }
    struct stat st;
    mode_t mode = 0644;
    if (stat(path, &st) == 0) mode = st.st_mode & 07777;
    else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0) {
            if (errno == EINTR) continue;
            snprintf(err, errsize, "cannot write %s: %s", tmp, strerror(errno));
            close(fd);
            unlink(tmp);
            return -1;
        }
        off += (size_t)w;
    }
    if (fchmod(fd, mode) != 0 || close(fd) != 0) {
        snprintf(err, errsize, "cannot finish %s: %s", tmp, strerror(errno));
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, errsize, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

int hc_output_path(const char *dir, const char *rel, char *out, size_t size, char *err, size_t errsize) {
    if (rel[0] == '/' || strcmp(rel, "..") == 0 || strncmp(rel, "../", 3) == 0 || strstr(rel, "/../") ||
        (strlen(rel) >= 3 && strcmp(rel + strlen(rel) - 3, "/..") == 0)) {
        snprintf(err, errsize, "%s leaves the output directory", rel);
        return -1;
    }
    if ((size_t)snprintf(out, size, "%s/%s", dir, rel) >= size) {
        snprintf(err, errsize, "%s/%s: path too long", dir, rel);
        return -1;
    }
    /* The deepest existing ancestor must resolve inside dir: a symbolic link in the output tree that
     * points elsewhere would otherwise carry the write outside. */
    char dir_real[PATH_MAX], probe[PATH_MAX], real[PATH_MAX];
    if (!realpath(dir, dir_real)) return 0; /* created later, nothing inside can be a link yet */
    snprintf(probe, sizeof probe, "%s", out);
    for (;;) {
        struct stat lst;
        if (lstat(probe, &lst) == 0) {
            if (!realpath(probe, real)) {
                snprintf(err, errsize, "%s: %s", probe, strerror(errno));
                return -1;
            }
            size_t n = strlen(dir_real);
            if (strncmp(real, dir_real, n) != 0 || (real[n] != '/' && real[n] != '\0')) {
                snprintf(err, errsize, "%s resolves to %s, outside %s", out, real, dir);
                return -1;
            }
            return 0;
        }
        char *slash = strrchr(probe, '/');
        if (!slash || slash == probe) return 0;
        *slash = '\0';
    }
}
