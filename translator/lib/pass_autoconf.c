/* pass_autoconf.c: migrates an autoconf script (configure.ac, configure.in) from nvcc to hipcc: the compiler
 * its shell assignments and program checks name, the CUDA libraries of its -l options, and a HIP block after
 * AC_INIT that substitutes the make module's settings into every Makefile automake writes. It reads lines
 * and words; it neither runs m4 nor understands shell beyond assignments. docs/build-migration.md. */
#include "buildmap.h"
#include "util.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Macros that look a program up by name: their nvcc argument becomes hipcc (AC_PATH_PROG([NVCC], [nvcc])). */
static const char *const program_checks[] = {"AC_PATH_PROG", "AC_PATH_PROGS", "AC_CHECK_PROG", "AC_CHECK_PROGS",
                                             "AC_PATH_TOOL", "AC_CHECK_TOOL", "AC_CHECK_TOOLS"};

/* nvcc's dialect, which hipcc 5.x does not default to (pass_makefile.c says why): an assignment of the
 * compiler gets the whole command, quoted for the shell. */
#define HIPCC_COMMAND "\"hipcc -std=c++17\""

static bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The basename is configure.ac or configure.in. */
bool hc_is_autoconf_path(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    return strcmp(base, "configure.ac") == 0 || strcmp(base, "configure.in") == 0;
}

/* A value that names nvcc: "nvcc", 'nvcc', nvcc, or a path ending in /nvcc ("$with_cuda/bin/nvcc"). */
static bool names_nvcc(const char *v, size_t n) {
    if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) v++, n -= 2;
    return (n == 4 && memcmp(v, "nvcc", 4) == 0) || (n > 5 && memcmp(v + n - 5, "/nvcc", 5) == 0);
}

/* The end of a shell word's value starting at i: a quoted string whole, else up to a blank, ';', ')' or ']'. */
static size_t value_end(const char *t, size_t i, size_t e) {
    while (i < e && t[i] != ' ' && t[i] != '\t' && t[i] != ';' && t[i] != ')' && t[i] != ']') {
        if (t[i] == '"' || t[i] == '\'') {
            const char *q = memchr(t + i + 1, t[i], e - i - 1);
            if (!q) return e;
            i = (size_t)(q - t) + 1;
        } else {
            i++;
        }
    }
    return i;
}

/* One line [b, e) that is not a comment. */
static int migrate_line(hc_unit *u, size_t b, size_t e, bool program_check) {
    const char *t = u->text;
    for (size_t i = b; i < e; i++) {
        bool word_start = i == b || !is_name_char(t[i - 1]);
        if (!word_start) continue;
        /* NAME=value: the compiler, when the value names nvcc */
        size_t k = i;
        while (k < e && is_name_char(t[k])) k++;
        if (k > i && k < e && t[k] == '=' && !(t[i] >= '0' && t[i] <= '9') && (i == b || t[i - 1] != '$')) {
            size_t ve = value_end(t, k + 1, e);
            if (names_nvcc(t + k + 1, ve - k - 1)) {
                if (hc_unit_edit(u, (uint32_t)(k + 1), (uint32_t)(ve - k - 1), HIPCC_COMMAND, HC_PRIO_BUILD,
                                 HC_EFFORT_RENAME) < 0)
                    return -1;
                hc_unit_count_rule(u, "autoconf:nvcc");
                i = ve - 1;
                continue;
            }
            i = k; /* the value's own words (-lcudart) are read next */
            continue;
        }
        /* nvcc as a program to look for */
        if (program_check && e - i >= 4 && memcmp(t + i, "nvcc", 4) == 0 && (i + 4 == e || !is_name_char(t[i + 4])) &&
            (i == b || (t[i - 1] != '/' && t[i - 1] != '-' && t[i - 1] != '.'))) {
            if (hc_unit_edit(u, (uint32_t)i, 4, "hipcc", HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0) return -1;
            hc_unit_count_rule(u, "autoconf:nvcc");
            i += 3;
            continue;
        }
        /* -l<CUDA library>: the runtime and driver by the block's variables (CUDA's own on NVIDIA) */
        if (t[i] == '-' && i + 2 < e && t[i + 1] == 'l' && (i == b || !is_name_char(t[i - 1]))) {
            size_t ne = i + 2;
            while (ne < e && is_name_char(t[ne])) ne++;
            const hc_build_lib *lib = hc_build_lib_by_name(t + i + 2, ne - i - 2);
            bool runtime_static = ne - i == 15 && memcmp(t + i, "-lcudart_static", 15) == 0;
            if (!lib || (strlen(lib->cuda_lib) != ne - i - 2 && !runtime_static)) continue;
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(ne - i), t + i);
            const char *repl = NULL;
            char buf[64];
            if (strcmp(lib->hip_lib, "amdhip64") == 0)
                repl = strcmp(lib->cuda_lib, "cuda") == 0 ? "-l$HIP_DRIVER_LIB" : "-l$HIP_RUNTIME_LIB";
            else if (lib->hip_lib[0])
                repl = (snprintf(buf, sizeof buf, "-l%s", lib->hip_lib), buf);
            if (!repl) {
                hc_unit_diag(u, HC_D_BUILD_NO_EQUIVALENT, (uint32_t)i, name, name);
            } else {
                if (hc_unit_edit(u, (uint32_t)i, (uint32_t)(ne - i), repl, HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0) return -1;
                hc_unit_count_rule(u, "autoconf:library");
            }
            i = ne - 1;
        }
    }
    for (size_t k = 0; k < hc_build_ncuda_path_words; k++) {
        const char *w = hc_build_cuda_path_words[k];
        size_t l = strlen(w);
        for (size_t i = b; i + l <= e; i++)
            if (memcmp(t + i, w, l) == 0) {
                size_t we = value_end(t, i, e);
                while (we > i && (t[we - 1] == '"' || t[we - 1] == '\'')) we--; /* the word, not the closing quote */
                char name[128];
                snprintf(name, sizeof name, "%.*s", (int)(we - i < 120 ? we - i : 120), t + i);
                hc_unit_diag(u, HC_D_BUILD_CUDA_PATH, (uint32_t)i, name, name);
                break;
            }
    }
    return 0;
}

/* The byte after the line that closes AC_INIT(...) (its arguments may span lines), or 0 when there is none. */
static size_t after_ac_init(const char *t, size_t len) {
    const char *p = strstr(t, "AC_INIT(");
    while (p && p > t && p[-1] != '\n' && p[-1] != ' ' && p[-1] != '\t') p = strstr(p + 1, "AC_INIT(");
    if (!p) return 0;
    size_t i = (size_t)(p - t) + 8;
    int depth = 1, quote = 0;
    for (; i < len && depth > 0; i++) {
        if (t[i] == '[') quote++;
        else if (t[i] == ']' && quote > 0) quote--;
        else if (!quote && t[i] == '(') depth++;
        else if (!quote && t[i] == ')') depth--;
    }
    if (depth > 0) return 0;
    while (i < len && t[i] != '\n') i++;
    return i < len ? i + 1 : 0;
}

int hc_pass_autoconf(hc_unit *u) {
    if (!u->opt->build_scripts || !hc_is_autoconf_path(u->path)) return 0;
    if (strstr(u->text, hc_build_autoconf_hip_marker)) return 0; /* migrated before: HIP already */
    const char *t = u->text;
    size_t before = u->edits.n;
    for (size_t b = 0; b < u->len;) {
        size_t e = b;
        while (e < u->len && t[e] != '\n') e++;
        size_t f = b;
        while (f < e && (t[f] == ' ' || t[f] == '\t')) f++;
        bool comment = f < e && (t[f] == '#' || (e - f >= 3 && memcmp(t + f, "dnl", 3) == 0 &&
                                                 (e - f == 3 || !is_name_char(t[f + 3]))));
        bool check = false;
        for (size_t k = 0; k < COUNT_OF(program_checks) && !comment && !check; k++) {
            size_t l = strlen(program_checks[k]);
            for (size_t i = f; i + l < e && !check; i++)
                check = memcmp(t + i, program_checks[k], l) == 0 && t[i + l] == '(';
        }
        if (!comment && migrate_line(u, b, e, check) < 0) return -1;
        b = e + 1;
    }
    if (u->edits.n == before) return 0; /* no CUDA here: the script stays as it is */
    size_t at = after_ac_init(t, u->len);
    if (!at) {
        hc_unit_diag(u, HC_D_BUILD_NOT_UNDERSTOOD, 0, "AC_INIT",
                     "a configure script without an AC_INIT(...) line (the HIP block the Makefiles need is not added)");
        return 0;
    }
    char *block = hc_build_autoconf_hip_block(u->opt);
    if (!block) return -1;
    int rc = hc_unit_edit(u, (uint32_t)at, 0, block, HC_PRIO_BUILD, HC_EFFORT_RENAME);
    free(block);
    if (rc < 0) return -1;
    hc_unit_diag(u, HC_D_BUILD_REWRITE, (uint32_t)at, "configure",
                 "HIP block added after AC_INIT: configure chooses HIP_PLATFORM and substitutes the HIP module's "
                 "variables and make functions into the Makefiles automake writes (docs/build-migration.md)");
    hc_unit_count_rule(u, "autoconf:hip-block");
    return 0;
}
