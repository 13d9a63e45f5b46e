/* util.c: growable string lists, formatted allocation and file helpers for the harness.
 * It does not run processes (process.c) or interpret any harness data. */
#include "util.h"
#include "grow.h"
#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int strvec_push(strvec *v, const char *s)
{
    if (hc_grow_to(&v->items, &v->capacity, v->count + 2, sizeof *v->items, 8) != 0) /* the item and the NULL */
        return -1;
    v->items[v->count] = strdup(s);
    if (!v->items[v->count])
        return -1;
    v->count++;
    v->items[v->count] = NULL;
    return 0;
}

int strvec_pushf(strvec *v, const char *fmt, ...)
{
    va_list ap;
    char *s = NULL;
    int status;
    va_start(ap, fmt);
    status = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (status < 0)
        return -1;
    status = strvec_push(v, s);
    free(s);
    return status;
}

int strvec_split_push(strvec *v, const char *words)
{
    const char *p = words;
    while (p && *p) {
        while (*p == ' ' || *p == '\t' || *p == ';')
            p++;
        const char *end = p;
        while (*end && *end != ' ' && *end != '\t' && *end != ';')
            end++;
        if (end > p) {
            char *word = strndup(p, (size_t)(end - p));
            if (!word || strvec_push(v, word) != 0) {
                free(word);
                return -1;
            }
            free(word);
        }
        p = end;
    }
    return 0;
}

void strvec_free(strvec *v)
{
    for (size_t i = 0; i < v->count; i++)
        free(v->items[i]);
    free(v->items);
    v->items = NULL;
    v->count = v->capacity = 0;
}

bool strvec_contains(const strvec *v, const char *s)
{
    for (size_t i = 0; i < v->count; i++)
        if (strcmp(v->items[i], s) == 0)
            return true;
    return false;
}

double monotonic_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    char *s = NULL;
    va_start(ap, fmt);
    if (vasprintf(&s, fmt, ap) < 0)
        s = NULL;
    va_end(ap);
    return s;
}

int make_dirs(const char *path)
{
    char *copy = strdup(path);
    if (!copy)
        return -1;
    for (char *p = copy + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(copy, 0755) != 0 && errno != EEXIST) {
                free(copy);
                return -1;
            }
            *p = '/';
        }
    }
    int status = (mkdir(copy, 0755) != 0 && errno != EEXIST) ? -1 : 0;
    free(copy);
    return status;
}

bool file_exists(const char *path)
{
    struct stat st;
    return path && stat(path, &st) == 0;
}

bool is_executable(const char *path)
{
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* The harness's one rule beyond the translator's, for every file it writes (reports, logs, copies, staged files):
 * the path itself is missing or a plain file, never a link, device, FIFO, socket or folder written through. */
static const hc_out_policy write_policy = {HC_OUT_REGULAR_ONLY, NULL, NULL};

int copy_file(const char *from, const char *to, bool executable)
{
    char error[64];
    return hc_out_copy(&write_policy, from, to, executable ? 0755 : 0644, error, sizeof error) < 0 ? -1 : 0;
}

FILE *open_regular(const char *path)
{
    /* Non-blocking, so that opening a FIFO returns at once (a blocking open waits for a writer forever);
     * fstat on what was opened, so that nothing can be swapped in between a check and the open. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return NULL;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        errno = EINVAL;
        return NULL;
    }
    int flags = fcntl(fd, F_GETFL);
    FILE *f = flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 ? fdopen(fd, "rb") : NULL;
    if (!f)
        close(fd);
    return f;
}

char *read_text_file(const char *path, size_t *length)
{
    FILE *f = open_regular(path);
    char *text = NULL;
    long size;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        text = malloc((size_t)size + 1);
        if (text && fread(text, 1, (size_t)size, f) == (size_t)size) {
            text[size] = '\0';
            if (length)
                *length = (size_t)size;
        } else {
            free(text);
            text = NULL;
        }
    }
    fclose(f);
    return text;
}

FILE *output_open(const char *path, output_buffer *buffer)
{
    char error[64];
    *buffer = (output_buffer){0};
    if (hc_out_check(&write_policy, path, error, sizeof error) < 0) /* refused before the report is built */
        return NULL;
    buffer->stream = open_memstream(&buffer->data, &buffer->length);
    return buffer->stream;
}

int output_commit(output_buffer *buffer, const char *path)
{
    char error[64];
    int status = ferror(buffer->stream) ? -1 : 0;
    if (fclose(buffer->stream) != 0)
        status = -1;
    if (status == 0 && hc_out_write(&write_policy, path, buffer->data, buffer->length, 0644, error, sizeof error) < 0)
        status = -1;
    free(buffer->data);
    *buffer = (output_buffer){0};
    return status;
}

int write_text_file(const char *path, const char *text)
{
    char error[64];
    return hc_out_write(&write_policy, path, text, strlen(text), 0644, error, sizeof error) < 0 ? -1 : 0;
}

int output_open_stream(const char *path, bool append, char *error, size_t size)
{
    int fd;
    return hc_out_open_stream(&write_policy, path, append, 0644, &fd, error, size) < 0 ? -1 : fd;
}

int output_open_discard(char *error, size_t size)
{
    static const hc_out_policy in_place = {0, NULL, NULL}; /* the layer's own rules: the null device is a sink */
    int fd;
    return hc_out_open_stream(&in_place, "/dev/null", false, HC_OUT_MODE_DEFAULT, &fd, error, size) < 0 ? -1 : fd;
}

char *find_program(const char *name)
{
    if (!name || !*name)
        return NULL;
    if (strchr(name, '/'))
        return is_executable(name) ? strdup(name) : NULL;
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        const char *end = strchr(path, ':');
        size_t length = end ? (size_t)(end - path) : strlen(path);
        char *candidate = xasprintf("%.*s/%s", (int)length, path, name);
        if (candidate && is_executable(candidate))
            return candidate;
        free(candidate);
        path += length + (end ? 1 : 0);
    }
    return NULL;
}

char *program_stem(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    return strndup(base, dot && dot != base ? (size_t)(dot - base) : strlen(base));
}

/* depth 0: the path the user named, followed if it is a link; below it, a link is followed only to a plain file,
 * so that a link to a folder above (data/loop -> ..) cannot make the copy endless. */
static int copy_tree_at(const char *from, const char *to, int depth)
{
    struct stat st;
    if ((depth == 0 ? stat(from, &st) : lstat(from, &st)) != 0)
        return -1;
    if (S_ISLNK(st.st_mode) && (stat(from, &st) != 0 || !S_ISREG(st.st_mode)))
        return 0; /* a link to a folder, or a dangling one, inside an input: not followed */
    if (S_ISREG(st.st_mode))
        return copy_file(from, to, (st.st_mode & S_IXUSR) != 0);
    if (!S_ISDIR(st.st_mode))
        return 0; /* devices, sockets, fifos: not program inputs */
    if (make_dirs(to) != 0)
        return -1;
    DIR *dir = opendir(from);
    if (!dir)
        return -1;
    int status = 0;
    struct dirent *entry;
    while (status == 0 && (entry = readdir(dir))) {
        if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, ".."))
            continue;
        char *a = xasprintf("%s/%s", from, entry->d_name), *b = xasprintf("%s/%s", to, entry->d_name);
        status = a && b ? copy_tree_at(a, b, depth + 1) : -1;
        free(a);
        free(b);
    }
    closedir(dir);
    return status;
}

int copy_tree(const char *from, const char *to)
{
    return copy_tree_at(from, to, 0);
}

unsigned long long tree_size(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return 0;
    if (S_ISREG(st.st_mode))
        return (unsigned long long)st.st_size;
    unsigned long long total = 0;
    DIR *dir = S_ISDIR(st.st_mode) ? opendir(path) : NULL;
    struct dirent *entry;
    while (dir && (entry = readdir(dir))) {
        if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, ".."))
            continue;
        char *child = xasprintf("%s/%s", path, entry->d_name);
        total += child ? tree_size(child) : 0;
        free(child);
    }
    if (dir)
        closedir(dir);
    return total;
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st, (void)ftw;
    return type == FTW_DP ? rmdir(path) : unlink(path);
}

int remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    return nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

char *shell_quote(const char *text)
{
    if (*text && strspn(text, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=+,-") == strlen(text))
        return strdup(text);
    size_t length = 3;
    for (const char *p = text; *p; p++)
        length += *p == '\'' ? 4 : 1;
    char *out = malloc(length), *q = out;
    if (!out)
        return NULL;
    *q++ = '\'';
    for (const char *p = text; *p; p++) {
        if (*p == '\'') {
            memcpy(q, "'\\''", 4);
            q += 4;
        } else {
            *q++ = *p;
        }
    }
    *q++ = '\'';
    *q = '\0';
    return out;
}
