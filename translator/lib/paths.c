/* paths.c: lexical path helpers (normalize, base name, directory, suffix test, containment). They never touch the
 * file system, so they give the same answer for paths that do not exist yet. */
#include "paths.h"
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

void hc_path_normalize(char *p) {
    char copy[PATH_MAX], out[PATH_MAX];
    if (strlen(p) >= sizeof copy) return;
    strcpy(copy, p);
    const char *parts[PATH_MAX / 2];
    size_t n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(copy, "/", &save); tok && n < COUNT_OF(parts);
         tok = strtok_r(NULL, "/", &save)) {
        if (!strcmp(tok, ".")) continue;
        if (!strcmp(tok, "..") && n && strcmp(parts[n - 1], "..")) {
            n--;
            continue;
        }
        parts[n++] = tok;
    }
    size_t w = 0;
    if (p[0] == '/') out[w++] = '/';
    for (size_t i = 0; i < n; i++) {
        size_t l = strlen(parts[i]);
        if (w + l + 2 > sizeof out) break;
        if (i) out[w++] = '/';
        memcpy(out + w, parts[i], l);
        w += l;
    }
    if (w == 0) out[w++] = '.';
    out[w] = '\0';
    strcpy(p, out);
}

const char *hc_path_base(const char *path) {
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

void hc_path_dir(const char *path, char *out, size_t size) {
    const char *s = strrchr(path, '/');
    if (!s) snprintf(out, size, ".");
    else if (s == path) snprintf(out, size, "/");
    else snprintf(out, size, "%.*s", (int)(s - path), path);
}

bool hc_path_ends_with(const char *path, const char *tail) {
    size_t lp = strlen(path), lt = strlen(tail);
    if (lt > lp || strcmp(path + lp - lt, tail) != 0) return false;
    return lt == lp || path[lp - lt - 1] == '/';
}

bool hc_path_within(const char *inner, const char *outer) {
    size_t n = strlen(outer);
    if (n == 1 && outer[0] == '/') return inner[0] == '/';
    return strncmp(inner, outer, n) == 0 && (inner[n] == '/' || inner[n] == '\0');
}
