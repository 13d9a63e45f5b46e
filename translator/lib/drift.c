/* drift.c: finds the kernels a CUDA or HIP source defines (a light scan of the text: comments and literals
 * skipped) and the names a CUDA file's HIP counterpart may have. It reads no file and writes no report. */
#include "drift.h"
#include "grow.h"
#include "util.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Skips a comment or literal starting at p; returns p unchanged when there is none. Counts newlines. */
static const char *skip_trivia(const char *p, const char *end, unsigned *line) {
    if (p + 1 < end && p[0] == '/' && p[1] == '/') {
        while (p < end && *p != '\n') p++;
        return p;
    }
    if (p + 1 < end && p[0] == '/' && p[1] == '*') {
        for (p += 2; p + 1 < end && !(p[0] == '*' && p[1] == '/'); p++) *line += *p == '\n';
        return p + 1 < end ? p + 2 : end;
    }
    if (*p == '"' || *p == '\'') {
        char q = *p++;
        for (; p < end && *p != q && *p != '\n'; p++)
            if (*p == '\\' && p + 1 < end) p++;
        return p < end && *p == q ? p + 1 : p;
    }
    return p;
}

/* The identifier that names the function after __global__ at p: the last one before the parameter list's
 * '(' (a __launch_bounds__(...) or __attribute__((...)) in between is stepped over). */
static int kernel_name(const char *p, const char *end, unsigned line, hc_kernel_list *out) {
    const char *name = NULL;
    size_t nlen = 0;
    unsigned l = line;
    while (p < end && *p != ';' && *p != '{') {
        const char *q = skip_trivia(p, end, &l);
        if (q != p) {
            p = q;
            continue;
        }
        if (*p == '\n') l++;
        if (ident_char(*p)) {
            const char *s = p;
            while (p < end && ident_char(*p)) p++;
            name = s, nlen = (size_t)(p - s);
            continue;
        }
        if (*p == '(') {
            bool attr = name && ((nlen == 17 && !strncmp(name, "__launch_bounds__", 17)) ||
                                 (nlen == 13 && !strncmp(name, "__attribute__", 13)) || (nlen == 9 && !strncmp(name, "__declspec", 9)));
            if (!attr) break;
            int depth = 0; /* step over the attribute's arguments */
            for (; p < end; p++) {
                if (*p == '(') depth++;
                else if (*p == ')' && --depth == 0) break;
                else if (*p == '\n') l++;
            }
            name = NULL;
        }
        if (p < end) p++;
    }
    if (!name || p >= end || *p != '(') return 0;
    if (hc_grow(&out->v, &out->cap, out->n, sizeof *out->v, 16) < 0) return -1;
    if (!(out->v[out->n].name = strndup(name, nlen))) return -1;
    out->v[out->n++].line = line;
    return 0;
}

int hc_kernels_find(const char *text, size_t len, hc_kernel_list *out) {
    unsigned line = 1;
    for (const char *p = text, *end = text + len; p < end;) {
        const char *q = skip_trivia(p, end, &line);
        if (q != p) {
            p = q;
            continue;
        }
        if (*p == '\n') {
            line++;
            p++;
            continue;
        }
        if (ident_char(*p)) {
            const char *s = p;
            while (p < end && ident_char(*p)) p++;
            if (p - s == 10 && !strncmp(s, "__global__", 10) && (s == text || !ident_char(s[-1])))
                if (kernel_name(p, end, line, out) != 0) return -1;
            continue;
        }
        p++;
    }
    return 0;
}

void hc_kernel_list_free(hc_kernel_list *l) {
    for (size_t i = 0; i < l->n; i++) free(l->v[i].name);
    free(l->v);
    memset(l, 0, sizeof *l);
}

static size_t push(char **out, size_t n, size_t max, const char *s) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(out[i], s)) return n;
    if (n < max && (out[n] = strdup(s))) n++;
    return n;
}

size_t hc_drift_counterparts(const char *rel, char **out, size_t max) {
    static const struct { const char *from, *to[4]; } exts[] = {
        {".cu", {".hip", ".hip.cpp", ".cpp", ".cc"}},
        {".cuh", {".hip.h", ".h", ".hpp", ".hip.hpp"}},
    };
    char stems[2][4096];
    size_t nstems = 0, n = 0;
    snprintf(stems[nstems++], sizeof stems[0], "%s", rel);
    /* "cuda" in the file name spelled "hip" (kernels_cuda.cu -> kernels_hip.cpp), as ports often rename */
    const char *base = strrchr(rel, '/');
    base = base ? base + 1 : rel;
    const char *c = strstr(base, "cuda");
    if (!c) c = strstr(base, "CUDA");
    if (c && strlen(rel) + 1 < sizeof stems[1]) {
        size_t pre = (size_t)(c - rel);
        snprintf(stems[nstems++], sizeof stems[1], "%.*s%s%s", (int)pre, rel, c[0] == 'c' ? "hip" : "HIP", c + 4);
    }
    for (size_t s = 0; s < nstems; s++) {
        n = push(out, n, max, stems[s]);
        const char *dot = strrchr(stems[s], '.');
        if (!dot || strchr(dot, '/')) continue;
        for (size_t e = 0; e < COUNT_OF(exts); e++) {
            if (strcmp(dot, exts[e].from) != 0) continue;
            for (size_t k = 0; k < 4; k++) {
                char p[4200];
                snprintf(p, sizeof p, "%.*s%s", (int)(dot - stems[s]), stems[s], exts[e].to[k]);
                n = push(out, n, max, p);
            }
        }
    }
    return n;
}
