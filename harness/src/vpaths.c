/* vpaths.c: path resolution and the containment rules that keep `validate` inside WORK (vpaths.h). Every check
 * runs before the harness writes or deletes anything; this file itself only reads the file system. */
#include "vpaths.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* Appends one component to an absolute path held in buf (capacity size), handling "." and "..". */
static int append_component(char *buf, size_t size, const char *part, size_t length)
{
    if (length == 1 && part[0] == '.')
        return 0;
    if (length == 2 && part[0] == '.' && part[1] == '.') {
        char *slash = strrchr(buf, '/');
        if (slash == buf)
            buf[1] = '\0';
        else if (slash)
            *slash = '\0';
        return 0;
    }
    size_t used = strlen(buf);
    int need_slash = used > 1;
    if (used + (size_t)need_slash + length + 1 > size)
        return -1;
    if (need_slash)
        buf[used++] = '/';
    memcpy(buf + used, part, length);
    buf[used + length] = '\0';
    return 0;
}

char *path_resolve(const char *path)
{
    if (!path || !*path)
        return NULL;
    char *buf = malloc(PATH_MAX * 2);
    if (!buf)
        return NULL;
    size_t size = PATH_MAX * 2;
    if (path[0] == '/') {
        strcpy(buf, "/");
    } else if (!getcwd(buf, size)) {
        free(buf);
        return NULL;
    }
    /* Component by component: a ".." after a symbolic link must climb from where the link points, as the
     * kernel does, so the existing part is resolved as it is walked; the first missing component ends the
     * resolution and the rest is only normalised. */
    int resolving = 1;
    for (const char *p = path; *p;) {
        while (*p == '/')
            p++;
        size_t length = strcspn(p, "/");
        if (!length)
            break;
        if (append_component(buf, size, p, length) != 0) {
            free(buf);
            return NULL;
        }
        int dots = (length == 1 && p[0] == '.') || (length == 2 && p[0] == '.' && p[1] == '.');
        if (resolving && !dots) {
            struct stat st;
            if (lstat(buf, &st) != 0) {
                resolving = 0;
            } else if (S_ISLNK(st.st_mode)) {
                char *real = realpath(buf, NULL);
                if (!real) {
                    if (errno != ENOENT) {
                        free(buf);
                        return NULL;
                    }
                    resolving = 0; /* a dangling link: what it names does not exist */
                } else {
                    snprintf(buf, size, "%s", real);
                    free(real);
                }
            }
        }
        p += length;
    }
    return buf;
}

bool path_overlaps(const char *a, const char *b)
{
    return hc_path_within(a, b) || hc_path_within(b, a);
}

int vpaths_check_relative(const char *key, const char *path, bool up_ok, bool names_file, char *error,
                          size_t error_size)
{
    if (!path)
        return 0;
    if (!*path) {
        snprintf(error, error_size, "'%s' is an empty path", key);
        return -1;
    }
    if (path[0] == '/') {
        snprintf(error, error_size, "'%s' path %.300s is absolute: only paths relative to the tree can be mirrored "
                                    "into the port side and the bundle",
                 key, path);
        return -1;
    }
    int ups = 0;
    char *normal = vspec_normalize(path, &ups);
    if (!normal) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    /* "..", "../.." or ".": the tree itself or a folder above it, which may hold the work folder. */
    size_t parts = 1;
    for (const char *c = normal; *c; c++)
        parts += *c == '/';
    int ancestor = !strcmp(normal, ".") || (size_t)ups == parts;
    int status = 0;
    if (ups && !up_ok) {
        snprintf(error, error_size, "'%s' path %.300s leaves the folder it is relative to: it must name a file "
                                    "inside it, since the harness deletes and replaces it there",
                 key, path);
        status = -1;
    } else if (names_file && ancestor) {
        snprintf(error, error_size, "'%s' entry '%.300s' names the tree or a folder above it, which would copy the "
                                    "work folder into itself: name the files or folders the program reads",
                 key, path);
        status = -1;
    }
    free(normal);
    return status;
}

/* Fails when path (WORK/NAME or a folder the harness clears in it) is a symbolic link: clearing it would
 * delete what the link points at, which the harness did not make. */
static int check_not_link(const char *path, const char *name, char *error, size_t error_size)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        snprintf(error, error_size, "program %s: %.600s is a symbolic link: the harness only clears folders it "
                                    "made; remove the link or choose another --work",
                 name, path);
        return -1;
    }
    return 0;
}

/* Fails when the folder named by key (relative to base, the tree) overlaps resolved_work. */
static int check_apart(const char *name, const char *key, const char *base, const char *relative,
                       const char *resolved_work, char *error, size_t error_size)
{
    char *joined = relative ? xasprintf("%s/%s", base, relative) : strdup(base);
    char *resolved = joined ? path_resolve(joined) : NULL;
    int status = 0;
    if (!resolved) {
        snprintf(error, error_size, "program %s: cannot resolve %.600s", name, joined ? joined : base);
        status = -1;
    } else if (path_overlaps(resolved, resolved_work)) {
        snprintf(error, error_size, "program %s: the work folder %.500s and the %s %.500s overlap (one holds the "
                 "other): the harness clears folders inside WORK, so WORK must lie outside every tree, port and "
                 "input, and they outside it",
                 name, resolved_work, key, resolved);
        status = -1;
    }
    free(joined);
    free(resolved);
    return status;
}

int vpaths_check_program(const vprogram *p, const char *work, char *error, size_t error_size)
{
    char *resolved_work = path_resolve(work), *name_dir = xasprintf("%s/%s", work, p->name);
    int status = 0;
    if (!resolved_work || !name_dir) {
        snprintf(error, error_size, "cannot resolve the work folder %.600s", work);
        status = -1;
    }
    static const char *const cleared[] = {"", "/hip", "/stage", "/run"};
    for (size_t i = 0; status == 0 && i < COUNT_OF(cleared); i++) {
        char *path = xasprintf("%s%s", name_dir, cleared[i]);
        status = path ? check_not_link(path, p->name, error, error_size) : -1;
        free(path);
    }
    if (status == 0)
        status = check_apart(p->name, "tree", p->tree, NULL, resolved_work, error, error_size);
    if (status == 0 && p->port)
        status = check_apart(p->name, "port", p->port, NULL, resolved_work, error, error_size);
    for (size_t i = 0; status == 0 && i < p->files.count; i++)
        status = check_apart(p->name, "input", p->tree, p->files.items[i], resolved_work, error, error_size);
    for (size_t i = 0; status == 0 && i < p->also_translate.count; i++)
        status = check_apart(p->name, "folder to translate", p->tree, p->also_translate.items[i], resolved_work,
                             error, error_size);
    if (status == 0 && p->stdin_path)
        status = check_apart(p->name, "stdin file", p->tree, p->stdin_path, resolved_work, error, error_size);
    free(resolved_work);
    free(name_dir);
    return status;
}

int vpaths_check_output(const vspec *spec, const char *what, const char *path, char *error, size_t error_size)
{
    if (!path)
        return 0;
    char *resolved = path_resolve(path), *spec_path = spec->path ? path_resolve(spec->path) : NULL;
    int status = 0;
    if (!resolved) {
        snprintf(error, error_size, "%s %.600s: cannot resolve the path", what, path);
        status = -1;
    } else if (spec_path && !strcmp(resolved, spec_path)) {
        snprintf(error, error_size, "%s %.600s is the spec itself", what, path);
        status = -1;
    }
    for (size_t i = 0; status == 0 && i < spec->count; i++) {
        const vprogram *p = &spec->programs[i];
        const char *dirs[2] = {p->tree, p->port};
        for (int k = 0; status == 0 && k < 2; k++) {
            char *dir = dirs[k] ? path_resolve(dirs[k]) : NULL;
            if (dir && path_overlaps(resolved, dir)) {
                snprintf(error, error_size, "%s %.500s overlaps the %s %.500s of program %s: the harness writes "
                         "nothing into a program's sources",
                         what, path, k ? "port" : "tree", dir, p->name);
                status = -1;
            }
            free(dir);
        }
    }
    free(resolved);
    free(spec_path);
    return status;
}

int vpaths_check_staged(const vprogram *p, const char *work, char *error, size_t error_size)
{
    char *name_dir = xasprintf("%s/%s", work, p->name), *run = xasprintf("%s/%s/run", work, p->name);
    char *resolved_work = path_resolve(work), *stage = p->stage ? path_resolve(p->stage) : NULL;
    int status = -1;
    if (!name_dir || !run || !resolved_work) {
        snprintf(error, error_size, "out of memory");
    } else if (check_not_link(name_dir, p->name, error, error_size) == 0 &&
               check_not_link(run, p->name, error, error_size) == 0) {
        if (!stage || !hc_path_within(stage, resolved_work) || !strcmp(stage, resolved_work))
            snprintf(error, error_size, "program %s: the staged folder %.600s lies outside the work folder %.600s",
                     p->name, p->stage ? p->stage : "(none)", resolved_work);
        else
            status = 0;
    }
    free(name_dir);
    free(run);
    free(resolved_work);
    free(stage);
    return status;
}
