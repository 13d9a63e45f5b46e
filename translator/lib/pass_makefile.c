/* pass_makefile.c: migrates Makefiles from nvcc to hipcc (the compiler, nvcc options, CUDA libraries)
 * and flags references to a CUDA installation. It reads Makefile lines and words only; it does not
 * expand variables or run make. docs/build-migration.md. */
#include "buildmap.h"
#include "grow.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Words that name a CUDA installation: left unchanged, flagged (HC4003). */
static const char *const cuda_path_words[] = {"CUDA_PATH", "CUDA_HOME", "CUDA_ROOT", "CUDA_DIR",
                                              "CUDA_INSTALL_PATH", "CUDA_TOOLKIT_ROOT_DIR", "/usr/local/cuda"};
/* Parts of a variable name that say the variable holds nvcc options (NVCCFLAGS, CUDA_FLAGS, GENCODE_FLAGS). */
static const char *const nvcc_variable_parts[] = {"NVCC", "CUDA", "GENCODE", "CUFLAGS", "CU_FLAGS", "GPU_ARCH"};

/* Options only nvcc takes: a statement holding one is about nvcc whatever its variable is called. */
static const char *const nvcc_only_options[] = {"-arch=sm_", "-arch=compute_", "-gencode", "--generate-code",
                                                "--gpu-architecture", "--use_fast_math", "--expt-", "-Xcompiler"};

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static bool contains(const char *s, size_t n, const char *lit) {
    size_t l = strlen(lit);
    for (size_t i = 0; i + l <= n; i++)
        if (memcmp(s + i, lit, l) == 0) return true;
    return false;
}

/* "nvcc", or a path ending in /nvcc ($(CUDA_PATH)/bin/nvcc). */
static bool is_nvcc_word(const char *s, size_t n) {
    return (n == 4 && memcmp(s, "nvcc", 4) == 0) || (n > 5 && memcmp(s + n - 5, "/nvcc", 5) == 0);
}

typedef struct mk_state {
    hc_unit *u;
    hc_build_word *w;
    size_t nw, cap;
} mk_state;

static int push_word(mk_state *s, uint32_t off, uint32_t len) {
    if (hc_grow(&s->w, &s->cap, s->nw, sizeof *s->w, 64) < 0) return -1;
    s->w[s->nw++] = (hc_build_word){off, len};
    return 0;
}

/* The variable a statement assigns (NAME = ..., NAME := ..., NAME += ..., export NAME ?= ...), or none. */
static bool assigned_variable(const char *t, const hc_build_word *w, size_t n, const char **name, size_t *len) {
    size_t i = 0;
    if (n > 1 && w[0].len == 6 && memcmp(t + w[0].off, "export", 6) == 0) i = 1;
    if (i >= n) return false;
    const char *s = t + w[i].off;
    const char *eq = memchr(s, '=', w[i].len);
    size_t l = eq ? (size_t)(eq - s) : w[i].len;
    if (!eq) {
        if (i + 1 >= n) return false;
        const char *op = t + w[i + 1].off;
        if (op[0] != '=' && !((op[0] == ':' || op[0] == '+' || op[0] == '?' || op[0] == '!') && w[i + 1].len > 1 && op[1] == '='))
            return false;
    }
    while (l > 0 && (s[l - 1] == ':' || s[l - 1] == '+' || s[l - 1] == '?' || s[l - 1] == '!')) l--;
    *name = s;
    *len = l;
    return l > 0;
}

/* One logical statement (continuation lines joined) of words: the migration proper. */
static int migrate_statement(mk_state *s, bool recipe) {
    hc_unit *u = s->u;
    const char *t = u->text;
    bool nvcc_related = false;
    for (size_t i = 0; i < s->nw; i++) {
        const char *p = t + s->w[i].off;
        size_t n = s->w[i].len;
        if (is_nvcc_word(p, n) || contains(p, n, "$(NVCC") || contains(p, n, "${NVCC")) nvcc_related = true;
        for (size_t k = 0; k < sizeof nvcc_only_options / sizeof nvcc_only_options[0]; k++)
            if (n >= strlen(nvcc_only_options[k]) && memcmp(p, nvcc_only_options[k], strlen(nvcc_only_options[k])) == 0)
                nvcc_related = true;
    }
    const char *var;
    size_t vlen;
    if (!recipe && assigned_variable(t, s->w, s->nw, &var, &vlen))
        for (size_t k = 0; k < sizeof nvcc_variable_parts / sizeof nvcc_variable_parts[0]; k++)
            if (contains(var, vlen, nvcc_variable_parts[k])) nvcc_related = true;

    /* Flags go to the shared translator; in statements that are not about nvcc only -l<library> is
     * rewritten, because options such as -arch or -G mean other things to other tools. */
    hc_build_word flags[512];
    size_t nflags = 0;
    for (size_t i = 0; i < s->nw; i++) {
        const char *p = t + s->w[i].off;
        size_t n = s->w[i].len;
        if (is_nvcc_word(p, n)) {
            if (hc_unit_edit(u, s->w[i].off, s->w[i].len, "hipcc", HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0) return -1;
            hc_unit_count_rule(u, "make:nvcc");
            continue;
        }
        for (size_t k = 0; k < sizeof cuda_path_words / sizeof cuda_path_words[0]; k++)
            if (contains(p, n, cuda_path_words[k])) {
                char name[128];
                snprintf(name, sizeof name, "%.*s", (int)(n < 120 ? n : 120), p);
                hc_unit_diag(u, HC_D_BUILD_CUDA_PATH, s->w[i].off, name, name);
                break;
            }
        bool is_lib = n > 2 && p[0] == '-' && p[1] == 'l';
        if ((nvcc_related || is_lib) && nflags < sizeof flags / sizeof flags[0]) flags[nflags++] = s->w[i];
    }
    bool arch_done = false;
    return hc_build_translate_flags(u, flags, nflags, true, &arch_done, "make");
}

int hc_pass_makefile(hc_unit *u) {
    if (!u->opt->build_scripts) return 0;
    mk_state s = {u, NULL, 0, 0};
    const char *t = u->text;
    size_t i = 0, len = u->len;
    int rc = 0;
    while (i < len && rc == 0) {
        bool recipe = t[i] == '\t';
        s.nw = 0;
        /* one statement: words up to an unescaped newline; '#' starts a comment to the end of line */
        bool comment = false;
        while (i < len) {
            char c = t[i];
            if (c == '\n') {
                bool continued = i > 0 && t[i - 1] == '\\';
                i++;
                comment = false;
                if (!continued) break;
                continue;
            }
            if (comment) {
                i++;
                continue;
            }
            if (c == '#' && !(i > 0 && t[i - 1] == '\\')) {
                comment = true;
                i++;
                continue;
            }
            if (is_blank(c) || (c == '\\' && i + 1 < len && t[i + 1] == '\n')) {
                i++;
                continue;
            }
            size_t st = i;
            while (i < len && !is_blank(t[i]) && t[i] != '\n' && t[i] != '#' &&
                   !(t[i] == '\\' && i + 1 < len && t[i + 1] == '\n'))
                i++;
            if (push_word(&s, (uint32_t)st, (uint32_t)(i - st)) < 0) {
                rc = -1;
                break;
            }
        }
        if (rc == 0 && s.nw) rc = migrate_statement(&s, recipe);
    }
    free(s.w);
    return rc;
}
