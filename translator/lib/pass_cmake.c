/* pass_cmake.c: migrates CMakeLists.txt and *.cmake files from CUDA to HIP (languages, packages,
 * cuda_add_* commands, architectures, nvcc flags, imported targets). It reads CMake's command syntax
 * only; it does not evaluate variables or follow add_subdirectory(). docs/build-migration.md. */
#include "buildmap.h"
#include "grow.h"
#include "unit.h"
#include "util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* One argument of a command invocation; for a quoted or bracket argument, [off, off+len) is the content
 * without the delimiters. */
typedef struct cm_arg {
    uint32_t off, len;
    bool quoted;
} cm_arg;

typedef struct cm_cmd {
    uint32_t start;  /* first byte of the command name */
    uint32_t name_len;
    uint32_t close;  /* offset of the closing ')' */
    size_t first_arg, nargs; /* into the shared argument array */
} cm_cmd;

typedef struct cm_file {
    cm_cmd *cmds;
    size_t ncmds, capcmds;
    cm_arg *args;
    size_t nargs, capargs;
} cm_file;

static int push_cmd(cm_file *f, cm_cmd c) {
    if (hc_grow(&f->cmds, &f->capcmds, f->ncmds, sizeof *f->cmds, 64) < 0) return -1;
    f->cmds[f->ncmds++] = c;
    return 0;
}

static int push_arg(cm_file *f, cm_arg a) {
    if (hc_grow(&f->args, &f->capargs, f->nargs, sizeof *f->args, 256) < 0) return -1;
    f->args[f->nargs++] = a;
    return 0;
}

/* Length of a bracket opener "[==[" at p (0 when none); *level gets the number of '='. */
static size_t bracket_open(const char *p, const char *end, size_t *level) {
    if (p >= end || *p != '[') return 0;
    const char *q = p + 1;
    while (q < end && *q == '=') q++;
    if (q >= end || *q != '[') return 0;
    *level = (size_t)(q - p - 1);
    return (size_t)(q - p + 1);
}

/* Position just after the "]==]" closing a bracket of the given level, or end. */
static const char *bracket_close(const char *p, const char *end, size_t level, const char **content_end) {
    for (; p < end; p++) {
        if (*p != ']') continue;
        const char *q = p + 1;
        size_t n = 0;
        while (q < end && *q == '=') q++, n++;
        if (n == level && q < end && *q == ']') {
            *content_end = p;
            return q + 1;
        }
    }
    *content_end = end;
    return end;
}

static const char *skip_comment(const char *p, const char *end) {
    size_t level, open = bracket_open(p + 1, end, &level);
    if (open) {
        const char *ce;
        return bracket_close(p + 1 + open, end, level, &ce);
    }
    while (p < end && *p != '\n') p++;
    return p;
}

/* Splits the file into command invocations. Text that is not a command (which CMake would reject) is
 * skipped; an unterminated invocation ends the scan. */
static int parse_cmake(const char *text, size_t len, cm_file *f) {
    const char *p = text, *end = text + len;
    while (p < end) {
        if (*p == '#') {
            p = skip_comment(p, end);
            continue;
        }
        if (!(isalpha((unsigned char)*p) || *p == '_')) {
            p++;
            continue;
        }
        const char *name = p;
        while (p < end && (isalnum((unsigned char)*p) || *p == '_')) p++;
        const char *q = p;
        while (q < end && (*q == ' ' || *q == '\t')) q++;
        if (q >= end || *q != '(') continue;
        cm_cmd c = {(uint32_t)(name - text), (uint32_t)(p - name), 0, f->nargs, 0};
        p = q + 1;
        int depth = 0;
        bool closed = false;
        while (p < end && !closed) {
            char ch = *p;
            if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
                p++;
            } else if (ch == '#') {
                p = skip_comment(p, end);
            } else if (ch == ')') {
                if (depth == 0) {
                    c.close = (uint32_t)(p - text);
                    closed = true;
                } else {
                    depth--;
                }
                p++;
            } else if (ch == '(') {
                depth++;
                p++;
            } else if (ch == '"') {
                const char *s = ++p;
                while (p < end && *p != '"') p += (*p == '\\' && p + 1 < end) ? 2 : 1;
                if (push_arg(f, (cm_arg){(uint32_t)(s - text), (uint32_t)(p - s), true}) < 0) return -1;
                if (p < end) p++;
            } else {
                size_t level, open = bracket_open(p, end, &level);
                if (open) {
                    const char *s = p + open, *ce;
                    p = bracket_close(s, end, level, &ce);
                    if (push_arg(f, (cm_arg){(uint32_t)(s - text), (uint32_t)(ce - s), true}) < 0) return -1;
                    continue;
                }
                const char *s = p;
                int gen = 0; /* generator expressions may hold blanks only inside quotes; count $< > */
                while (p < end) {
                    if (*p == '\\' && p + 1 < end) {
                        p += 2;
                        continue;
                    }
                    if (*p == '$' && p + 1 < end && p[1] == '<') gen++;
                    else if (*p == '>' && gen > 0) gen--;
                    if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '"' || *p == '#') break;
                    if ((*p == '(' || *p == ')') && gen == 0) break;
                    p++;
                }
                if (p == s) p++;
                else if (push_arg(f, (cm_arg){(uint32_t)(s - text), (uint32_t)(p - s), false}) < 0) return -1;
            }
        }
        if (!closed) break;
        c.nargs = f->nargs - c.first_arg;
        if (push_cmd(f, c) < 0) return -1;
    }
    return 0;
}

/* ---- the migration ---- */

typedef struct cm_state {
    hc_unit *u;
    size_t first_edit;    /* edits before this index were proposed by other passes */
    cm_file f;
    bool *arg_done;       /* an argument already rewritten by a command-specific rule */
    bool changed;         /* some CUDA construct was migrated */
    bool has_find_hip;    /* already migrated: find_package(hip) present */
    bool has_find_cuda;   /* find_package(CUDA|CUDAToolkit): the HIP libraries' packages are found there */
    const char *packages[16]; /* HIP packages the file's libraries need (find_package after hip) */
    uint32_t package_use[16]; /* the first command naming each one's library */
    bool package_found[16];   /* the file already has its own find_package(<package>) */
    size_t npackages;
    struct { uint32_t off, len; } nvcc_vars[32]; /* variables of the file that hold nvcc options (prescan) */
    size_t nnvcc_vars;
} cm_state;

static const char *tx(const cm_state *s, const cm_arg *a) { return s->u->text + a->off; }
static bool arg_is(const cm_state *s, const cm_arg *a, const char *lit) {
    return a->len == strlen(lit) && memcmp(tx(s, a), lit, a->len) == 0;
}
static cm_arg *arg_of(cm_state *s, const cm_cmd *c, size_t i) { return &s->f.args[c->first_arg + i]; }
static bool name_is(const cm_state *s, const cm_cmd *c, const char *lit) {
    return c->name_len == strlen(lit) && strncasecmp(s->u->text + c->start, lit, c->name_len) == 0;
}

static void count(cm_state *s, const char *what) {
    char name[96];
    snprintf(name, sizeof name, "cmake:%s", what);
    hc_unit_count_rule(s->u, name);
    s->changed = true;
}

static int edit(cm_state *s, uint32_t off, uint32_t len, const char *repl) {
    return hc_unit_edit(s->u, off, len, repl, HC_PRIO_BUILD, HC_EFFORT_RENAME);
}

/* Records that the command at use names a library of HIP package pkg. */
static void need_package(cm_state *s, const char *pkg, uint32_t use) {
    if (!pkg[0] || strcmp(pkg, "hip") == 0) return;
    for (size_t i = 0; i < s->npackages; i++)
        if (strcmp(s->packages[i], pkg) == 0) return;
    if (s->npackages < COUNT_OF(s->packages)) {
        s->package_use[s->npackages] = use;
        s->packages[s->npackages++] = pkg;
    }
}

static bool is_nvcc_var(const cm_state *s, const char *name, size_t len) {
    for (size_t i = 0; i < s->nnvcc_vars; i++)
        if (s->nvcc_vars[i].len == len && memcmp(s->u->text + s->nvcc_vars[i].off, name, len) == 0) return true;
    return false;
}

static bool note_nvcc_name(cm_state *s, const char *name, size_t len) {
    if (!len || is_nvcc_var(s, name, len) || s->nnvcc_vars == COUNT_OF(s->nvcc_vars)) return false;
    s->nvcc_vars[s->nnvcc_vars].off = (uint32_t)(name - s->u->text);
    s->nvcc_vars[s->nnvcc_vars++].len = (uint32_t)len;
    return true;
}

/* Records NAME when [p, p+len) is exactly ${NAME}; true when it was new. */
static bool note_nvcc_var(cm_state *s, const char *p, size_t len) {
    if (len < 4 || p[0] != '$' || p[1] != '{' || p[len - 1] != '}') return false;
    for (size_t k = 2; k + 1 < len; k++)
        if (!isalnum((unsigned char)p[k]) && p[k] != '_') return false;
    return note_nvcc_name(s, p + 2, len - 3);
}

/* An nvcc GPU-target option (-gencode=..., -arch=sm_XX): no other compiler takes one. */
static bool is_gpu_target_option(const cm_state *s, const cm_arg *a) {
    static const char *const starts[] = {"-gencode", "--generate-code", "-arch=sm_", "-arch=compute_",
                                         "--gpu-architecture=", "-code=sm_"};
    for (size_t i = 0; i < COUNT_OF(starts); i++)
        if (a->len >= strlen(starts[i]) && memcmp(tx(s, a), starts[i], strlen(starts[i])) == 0) return true;
    return false;
}

/* The file's own variables that hold nvcc options, so that their set() is translated as CMAKE_CUDA_FLAGS is:
 * one handed to CUDA sources alone ($<$<COMPILE_LANGUAGE:CUDA>:${V}> in a target's options, the OPTIONS of
 * cuda_add_executable/cuda_add_library), one set to GPU-target options alone (set(SM70 -gencode=...), used
 * by another file, say), and the variables such a variable's own set() is made of
 * (set(GENCODE ${GENCODE} ${GENCODE_SM70})). */
static void prescan_nvcc_vars(cm_state *s) {
    static const char lang[] = "$<$<COMPILE_LANGUAGE:CUDA>:";
    const char *t = s->u->text;
    for (size_t i = 0; i < s->f.ncmds; i++) {
        const cm_cmd *c = &s->f.cmds[i];
        if (name_is(s, c, "set") && c->nargs >= 2) {
            bool all = true;
            for (size_t k = 1; k < c->nargs && all; k++) all = is_gpu_target_option(s, arg_of(s, c, k));
            if (all) note_nvcc_name(s, t + arg_of(s, c, 0)->off, arg_of(s, c, 0)->len);
        }
        bool options = false, cuda_add = name_is(s, c, "cuda_add_executable") || name_is(s, c, "cuda_add_library");
        for (size_t k = 0; k < c->nargs; k++) {
            const cm_arg *a = arg_of(s, c, k);
            const char *p = t + a->off, *end = p + a->len;
            if (cuda_add && !a->quoted && arg_is(s, a, "OPTIONS")) options = true;
            else if (options) note_nvcc_var(s, p, a->len);
            for (const char *g = p; (g = memmem(g, (size_t)(end - g), lang, sizeof lang - 1)) != NULL;) {
                g += sizeof lang - 1;
                const char *close = memchr(g, '}', (size_t)(end - g));
                if (close && close + 1 < end && close[1] == '>') note_nvcc_var(s, g, (size_t)(close + 1 - g));
            }
        }
    }
    for (bool grew = s->nnvcc_vars > 0; grew;) {
        grew = false;
        for (size_t i = 0; i < s->f.ncmds; i++) {
            const cm_cmd *c = &s->f.cmds[i];
            if (!name_is(s, c, "set") || c->nargs < 2) continue;
            const cm_arg *v = arg_of(s, c, 0);
            if (!is_nvcc_var(s, t + v->off, v->len)) continue;
            for (size_t k = 1; k < c->nargs; k++) grew |= note_nvcc_var(s, t + arg_of(s, c, k)->off, arg_of(s, c, k)->len);
        }
    }
}

/* Which HIP packages the file's CUDA libraries need (and the first command naming each), whether the file
 * finds them itself, and whether it was migrated before. */
static void prescan(cm_state *s) {
    prescan_nvcc_vars(s);
    const char *t = s->u->text;
    for (size_t ci = 0; ci < s->f.ncmds; ci++) {
        const cm_cmd *c = &s->f.cmds[ci];
        for (size_t ai = 0; ai < c->nargs; ai++) {
            const cm_arg *a = arg_of(s, c, ai);
            for (uint32_t k = 0; k + 6 < a->len; k++) {
                const char *p = t + a->off + k;
                if (memcmp(p, "CUDA::", 6) == 0) {
                    uint32_t e = k + 6;
                    while (e < a->len && (isalnum((unsigned char)t[a->off + e]) || t[a->off + e] == '_')) e++;
                    const hc_build_lib *lib = hc_build_lib_by_target(p, e - k);
                    if (lib) need_package(s, lib->hip_package, c->start);
                }
            }
            const hc_build_lib *lib = NULL;
            for (uint32_t k = 0; k + 2 < a->len && !lib; k++) /* ${CUDA_CUBLAS_LIBRARIES} */
                if (t[a->off + k] == '$' && t[a->off + k + 1] == '{') {
                    const char *v = t + a->off + k + 2;
                    const char *close = memchr(v, '}', a->len - k - 2);
                    if (close) lib = hc_build_lib_by_var(v, (size_t)(close - v));
                }
            if (lib) need_package(s, lib->hip_package, c->start);
        }
        if (name_is(s, c, "find_package") && c->nargs && arg_is(s, arg_of(s, c, 0), "hip")) s->has_find_hip = true;
        if (name_is(s, c, "find_package") && c->nargs &&
            (arg_is(s, arg_of(s, c, 0), "CUDA") || arg_is(s, arg_of(s, c, 0), "CUDAToolkit")))
            s->has_find_cuda = true;
        if (name_is(s, c, "cuda_add_cublas_to_target")) need_package(s, "hipblas", c->start);
        if (name_is(s, c, "target_link_libraries") || name_is(s, c, "link_libraries"))
            for (size_t k = 0; k < c->nargs; k++) { /* plain library names: target_link_libraries(x cublas) */
                const cm_arg *a = arg_of(s, c, k);
                const hc_build_lib *lib = a->quoted ? NULL : hc_build_lib_by_name(s->u->text + a->off, a->len);
                if (lib && lib->hip_target[0]) need_package(s, lib->hip_package, c->start);
            }
        if (name_is(s, c, "cuda_add_cufft_to_target")) need_package(s, "hipfft", c->start);
    }
    for (size_t ci = 0; ci < s->f.ncmds; ci++) { /* a package the file already finds (migrated before, say) */
        const cm_cmd *c = &s->f.cmds[ci];
        if (!name_is(s, c, "find_package") || !c->nargs) continue;
        for (size_t i = 0; i < s->npackages; i++)
            if (arg_is(s, arg_of(s, c, 0), s->packages[i])) s->package_found[i] = true;
    }
}

/* Removes argument i (and the blank before it) from its command. */
static int remove_arg(cm_state *s, const cm_cmd *c, size_t i) {
    cm_arg *a = arg_of(s, c, i);
    uint32_t off = a->off - (a->quoted ? 1 : 0), end = a->off + a->len + (a->quoted ? 1 : 0);
    while (off > 0 && (s->u->text[off - 1] == ' ' || s->u->text[off - 1] == '\t')) off--;
    s->arg_done[c->first_arg + i] = true;
    return edit(s, off, end - off, "");
}

/* project(... CUDA ...), enable_language(CUDA) and check_language(CUDA): CUDA becomes CXX (the HIP block makes CXX hipcc),
 * or disappears when CXX is already listed. */
static int migrate_languages(cm_state *s, const cm_cmd *c, size_t from) {
    bool has_cxx = false;
    for (size_t i = from; i < c->nargs; i++) has_cxx |= arg_is(s, arg_of(s, c, i), "CXX");
    for (size_t i = from; i < c->nargs; i++) {
        cm_arg *a = arg_of(s, c, i);
        if (!arg_is(s, a, "CUDA")) continue;
        int rc = has_cxx ? remove_arg(s, c, i) : edit(s, a->off, a->len, "CXX");
        if (rc < 0) return -1;
        s->arg_done[c->first_arg + i] = true;
        has_cxx = true;
        count(s, "language");
    }
    return 0;
}

/* find_package(CUDA ...) / find_package(CUDAToolkit ...): the HIP package and the HIP libraries' ones, as
 * required or as quiet as the original's search was (an optional search, find_package(CUDAToolkit QUIET) in a
 * backend that can do without CUDA, stays optional). */
static int migrate_find_package(cm_state *s, const cm_cmd *c) {
    char repl[1024], how[32] = "";
    bool required = false, quiet = false;
    for (size_t i = 1; i < c->nargs; i++) {
        required |= arg_is(s, arg_of(s, c, i), "REQUIRED");
        quiet |= arg_is(s, arg_of(s, c, i), "QUIET");
    }
    snprintf(how, sizeof how, "%s%s", required ? " REQUIRED" : "", quiet ? " QUIET" : "");
    size_t n = (size_t)snprintf(repl, sizeof repl, "find_package(hip%s)", how);
    for (size_t i = 0; i < s->npackages && n < sizeof repl; i++)
        n += (size_t)snprintf(repl + n, sizeof repl - n, "\nfind_package(%s%s)", s->packages[i], how);
    if (n >= sizeof repl) return 0;
    for (size_t i = 0; i < c->nargs; i++) s->arg_done[c->first_arg + i] = true;
    if (edit(s, c->start, c->close + 1 - c->start, repl) < 0) return -1;
    hc_unit_diag(s->u, HC_D_BUILD_REWRITE, c->start, "find_package", "find_package of CUDA replaced by find_package(hip) and the HIP libraries' packages");
    count(s, "find_package");
    return 0;
}

/* The words of arguments i0..end of c, for the nvcc-option translator: unquoted arguments are words,
 * quoted ones are split at blanks, and "$<...:flag>" generator expressions contribute their flag. */
static size_t collect_words(cm_state *s, const cm_cmd *c, size_t i0, size_t iend, hc_build_word *w, size_t cap) {
    const char *t = s->u->text;
    size_t n = 0;
    for (size_t i = i0; i < iend && n < cap; i++) {
        const cm_arg *a = arg_of(s, c, i);
        if (s->arg_done[c->first_arg + i]) continue;
        uint32_t p = a->off, e = a->off + a->len;
        if (a->len > 2 && t[p] == '$' && t[p + 1] == '<') {
            const char *colon = NULL; /* the flag follows the last ">:" */
            for (uint32_t k = p; k + 1 < e; k++)
                if (t[k] == '>' && t[k + 1] == ':') colon = t + k + 2;
            if (!colon) continue;
            p = (uint32_t)(colon - t);
            while (e > p && t[e - 1] == '>') e--;
        }
        while (p < e && n < cap) {
            while (p < e && (t[p] == ' ' || t[p] == '\t' || t[p] == ';')) p++;
            uint32_t ws = p;
            while (p < e && t[p] != ' ' && t[p] != '\t' && t[p] != ';') p++;
            if (p > ws) w[n++] = (hc_build_word){ws, p - ws};
        }
    }
    return n;
}

/* nvcc options in arguments i0..iend; GPU targets are removed because the HIP block takes them from
 * CMAKE_HIP_ARCHITECTURES / HIP_ARCHITECTURES (and drops those the compiler cannot build). */
static int translate_args(cm_state *s, const cm_cmd *c, size_t i0, size_t iend) {
    hc_build_word w[256];
    size_t n = collect_words(s, c, i0, iend, w, COUNT_OF(w));
    bool arch_done = false;
    size_t before = s->u->edits.n;
    if (hc_build_translate_flags(s->u, w, n, false, &arch_done, "cmake", NULL) < 0) return -1;
    if (s->u->edits.n > before) s->changed = true;
    /* a quoted argument that held only a removed option ("--extended-lambda") goes with its quotes and the
     * blank before it, so no empty list element is left */
    const char *t = s->u->text;
    for (size_t k = before; k < s->u->edits.n; k++) {
        hc_edit *e = &s->u->edits.v[k];
        if (e->replacement[0]) continue;
        for (size_t i = i0; i < iend; i++) {
            const cm_arg *a = arg_of(s, c, i);
            if (!a->quoted || a->off != e->offset || a->len != e->length || t[a->off - 1] != '"') continue;
            uint32_t from = a->off - 1;
            while (from > 0 && (t[from - 1] == ' ' || t[from - 1] == '\t')) from--;
            e->length = a->off + a->len + 1 - from;
            e->offset = from;
            break;
        }
    }
    return 0;
}

/* cuda_add_executable / cuda_add_library: the plain command. An OPTIONS list (nvcc options) becomes a
 * target_compile_options command by turning the OPTIONS keyword into ") target_compile_options(name
 * PRIVATE": the original ')' then closes the new command, and the options are translated in place.
 * The HIP block gives the .cu sources their HIP compile options. */
static int migrate_cuda_add(cm_state *s, const cm_cmd *c, const char *plain) {
    bool exe = strcmp(plain, "add_executable") == 0;
    if (edit(s, c->start, c->name_len, plain) < 0) return -1;
    hc_unit_diag(s->u, HC_D_BUILD_REWRITE, c->start, plain,
                 exe ? "cuda_add_executable replaced by add_executable" : "cuda_add_library replaced by add_library");
    count(s, exe ? "cuda_add_executable" : "cuda_add_library");
    if (c->nargs == 0) return 0;
    for (size_t i = 1; i < c->nargs; i++) {
        cm_arg *a = arg_of(s, c, i);
        if (a->quoted || !arg_is(s, a, "OPTIONS")) continue;
        uint32_t from = a->off;
        while (from > 0 && strchr(" \t\r\n", s->u->text[from - 1])) from--;
        const cm_arg *name = arg_of(s, c, 0);
        char repl[256];
        snprintf(repl, sizeof repl, ")\ntarget_compile_options(%.*s PRIVATE", (int)name->len, tx(s, name));
        if (edit(s, from, a->off + a->len - from, repl) < 0) return -1;
        s->arg_done[c->first_arg + i] = true;
        count(s, "cuda_add_options");
        size_t before = s->u->edits.n;
        if (translate_args(s, c, i + 1, c->nargs) < 0) return -1;
        /* FindCUDA gave these options to nvcc alone: each stays an option of the HIP sources
         * ($<COMPILE_LANGUAGE:HIP>, which the module turns into CXX on AMD and into nvcc's spelling for CUDA
         * on NVIDIA), not of the target's C++ sources, where the host compiler would get them */
        for (size_t k = i + 1; k < c->nargs; k++) {
            const cm_arg *a = arg_of(s, c, k);
            if (a->quoted && memchr(tx(s, a), ' ', a->len)) continue; /* a list in one argument: left as is */
            bool removed = false;
            for (size_t e = before; e < s->u->edits.n && !removed; e++) {
                const hc_edit *ed = &s->u->edits.v[e];
                removed = !ed->replacement[0] && ed->offset <= a->off && a->off + a->len <= ed->offset + ed->length;
            }
            if (removed || a->len == 0) continue;
            if (edit(s, a->off, 0, "$<$<COMPILE_LANGUAGE:HIP>:") < 0 || edit(s, a->off + a->len, 0, ">") < 0) return -1;
        }
        return 0;
    }
    return 0;
}

/* A property list (name value ...) after PROPERTIES / PROPERTY: LANGUAGE CUDA and CUDA_ARCHITECTURES. */
static int migrate_properties(cm_state *s, const cm_cmd *c, size_t from, bool single) {
    char archs[256];
    hc_build_arch_list(s->u->opt, archs, sizeof archs);
    for (size_t i = from; i < c->nargs; i++) {
        cm_arg *a = arg_of(s, c, i);
        if (arg_is(s, a, "LANGUAGE") && i + 1 < c->nargs && arg_is(s, arg_of(s, c, i + 1), "CUDA")) {
            cm_arg *v = arg_of(s, c, i + 1);
            if (edit(s, v->off, v->len, "HIP") < 0) return -1;
            s->arg_done[c->first_arg + i + 1] = true;
            count(s, "source-language");
        } else if (arg_is(s, a, "CUDA_ARCHITECTURES") && i + 1 < c->nargs) {
            if (edit(s, a->off, a->len, "HIP_ARCHITECTURES") < 0) return -1;
            s->arg_done[c->first_arg + i] = true;
            size_t vend = single ? c->nargs : i + 2; /* set_property(... PROPERTY X v1 v2) takes all */
            cm_arg *v0 = arg_of(s, c, i + 1), *vl = arg_of(s, c, vend - 1);
            uint32_t off = v0->off - (v0->quoted ? 1 : 0), end = vl->off + vl->len + (vl->quoted ? 1 : 0);
            char repl[300];
            snprintf(repl, sizeof repl, "\"%s\"", archs);
            if (edit(s, off, end - off, repl) < 0) return -1;
            for (size_t k = i + 1; k < vend; k++) s->arg_done[c->first_arg + k] = true;
            count(s, "architectures");
            i = vend - 1;
        }
    }
    return 0;
}

/* set(CMAKE_CUDA_ARCHITECTURES ...): the AMD targets; set/string/list on flag variables: nvcc flags. */
static int migrate_set(cm_state *s, const cm_cmd *c) {
    if (c->nargs == 0) return 0;
    size_t var = 0, vals = 1;
    if (name_is(s, c, "string") || name_is(s, c, "list")) {
        if (c->nargs < 2 || !(arg_is(s, arg_of(s, c, 0), "APPEND") || arg_is(s, arg_of(s, c, 0), "PREPEND"))) return 0;
        var = 1, vals = 2;
    }
    cm_arg *v = arg_of(s, c, var);
    if (arg_is(s, v, "CMAKE_CUDA_ARCHITECTURES") && name_is(s, c, "set")) {
        size_t vend = c->nargs;
        for (size_t i = vals; i < c->nargs; i++)
            if (arg_is(s, arg_of(s, c, i), "CACHE") || arg_is(s, arg_of(s, c, i), "PARENT_SCOPE")) {
                vend = i;
                break;
            }
        if (edit(s, v->off, v->len, "CMAKE_HIP_ARCHITECTURES") < 0) return -1;
        s->arg_done[c->first_arg + var] = true;
        if (vend > vals) {
            char archs[256], repl[300];
            hc_build_arch_list(s->u->opt, archs, sizeof archs);
            snprintf(repl, sizeof repl, "\"%s\"", archs);
            cm_arg *v0 = arg_of(s, c, vals), *vl = arg_of(s, c, vend - 1);
            uint32_t off = v0->off - (v0->quoted ? 1 : 0), end = vl->off + vl->len + (vl->quoted ? 1 : 0);
            if (edit(s, off, end - off, repl) < 0) return -1;
            for (size_t k = vals; k < vend; k++) s->arg_done[c->first_arg + k] = true;
        }
        count(s, "architectures");
        return 0;
    }
    static const char *const flag_vars[] = {"CMAKE_CUDA_FLAGS", "CMAKE_CUDA_FLAGS_DEBUG", "CMAKE_CUDA_FLAGS_RELEASE",
                                            "CMAKE_CUDA_FLAGS_RELWITHDEBINFO", "CMAKE_CUDA_FLAGS_MINSIZEREL",
                                            "CUDA_NVCC_FLAGS"};
    for (size_t k = 0; k < COUNT_OF(flag_vars); k++)
        if (arg_is(s, v, flag_vars[k])) return translate_args(s, c, vals, c->nargs);
    if (!v->quoted && is_nvcc_var(s, s->u->text + v->off, v->len)) return translate_args(s, c, vals, c->nargs);
    return 0;
}

/* True when [off, off+len) overlaps an edit this pass already proposed (a flag inside a generator
 * expression, say), so a word rename must not touch it. */
static bool already_edited(const cm_state *s, uint32_t off, uint32_t len) {
    for (size_t i = s->first_edit; i < s->u->edits.n; i++) {
        const hc_edit *e = &s->u->edits.v[i];
        if (e->length && off < e->offset + e->length && e->offset < off + len) return true;
    }
    return false;
}

/* Whole-word renames from build_cmake_vars.def, CUDA:: targets and FindCUDA library variables, in every
 * argument not already rewritten. */
static int migrate_words(cm_state *s, const cm_cmd *c, bool link_command) {
    const char *t = s->u->text;
    for (size_t i = 0; i < c->nargs; i++) {
        if (s->arg_done[c->first_arg + i]) continue;
        const cm_arg *a = arg_of(s, c, i);
        if (link_command && !a->quoted) { /* target_link_libraries(x cublas) */
            const hc_build_lib *lib = hc_build_lib_by_name(t + a->off, a->len);
            if (lib && lib->hip_target[0]) {
                if (edit(s, a->off, a->len, lib->hip_target) < 0) return -1;
                need_package(s, lib->hip_package, c->start);
                count(s, "library");
                continue;
            }
        }
        for (uint32_t k = 0; k < a->len;) {
            uint32_t p = a->off + k;
            if (k > 0 && (isalnum((unsigned char)t[p - 1]) || t[p - 1] == '_')) {
                k++;
                continue;
            }
            size_t rest = a->len - k;
            if (rest > 6 && memcmp(t + p, "CUDA::", 6) == 0) {
                uint32_t e = 6;
                while (e < rest && (isalnum((unsigned char)t[p + e]) || t[p + e] == '_')) e++;
                char name[96];
                snprintf(name, sizeof name, "%.*s", (int)e, t + p);
                const hc_build_lib *lib = hc_build_lib_by_target(t + p, e);
                if (lib && lib->hip_target[0] && !already_edited(s, p, e)) {
                    if (edit(s, p, e, lib->hip_target) < 0) return -1;
                    count(s, "imported-target");
                } else if (lib) {
                    hc_unit_diag(s->u, HC_D_BUILD_NO_EQUIVALENT, p, name, name);
                } else {
                    hc_unit_diag(s->u, HC_D_BUILD_NOT_UNDERSTOOD, p, name, name);
                }
                k += e;
                continue;
            }
            if (rest > 3 && t[p] == '$' && t[p + 1] == '{') {
                const char *close = memchr(t + p + 2, '}', rest - 2);
                const hc_build_lib *lib = close ? hc_build_lib_by_var(t + p + 2, (size_t)(close - t - p - 2)) : NULL;
                if (lib && lib->hip_target[0]) {
                    uint32_t e = (uint32_t)(close - t) + 1 - p;
                    if (edit(s, p, e, lib->hip_target) < 0) return -1;
                    count(s, "findcuda-variable");
                    k += e;
                    continue;
                }
                if (lib) { /* a FindCUDA library without a HIP counterpart (NPP) */
                    char name[96];
                    uint32_t e = (uint32_t)(close - t) + 1 - p;
                    snprintf(name, sizeof name, "%.*s", (int)e, t + p);
                    hc_unit_diag(s->u, HC_D_BUILD_NO_EQUIVALENT, p, name, name);
                    k += e;
                    continue;
                }
            }
            if (rest > 11 && memcmp(t + p, "CMAKE_CUDA_", 11) == 0) { /* CMAKE_CUDA_FLAGS_${BUILD_TYPE} */
                uint32_t e = 11;
                while (e < rest && (isalnum((unsigned char)t[p + e]) || t[p + e] == '_')) e++;
                const char *close = e + 2 < rest && t[p + e] == '$' && t[p + e + 1] == '{'
                                        ? memchr(t + p + e, '}', rest - e) : NULL;
                if (close && e == 17 && memcmp(t + p, "CMAKE_CUDA_FLAGS_", 17) == 0) {
                    /* every CMAKE_CUDA_FLAGS_<suffix> (a configuration's flags, their _INIT) has the
                     * CMAKE_HIP_FLAGS_<suffix> of CMake's HIP language, which the HIP module defines */
                    if (!already_edited(s, p, e) && edit(s, p, e, "CMAKE_HIP_FLAGS_") < 0) return -1;
                    count(s, "variable");
                    k += e;
                    continue;
                }
                if (close) { /* a name computed at configure time: which CUDA variable it is is not known here */
                    char name[96];
                    e = (uint32_t)(close - t) + 1 - p;
                    snprintf(name, sizeof name, "%.*s", (int)e, t + p);
                    hc_unit_diag(s->u, HC_D_BUILD_NOT_UNDERSTOOD, p, name, name);
                    k += e;
                    continue;
                }
            }
            size_t wlen;
            const char *hip;
            if (hc_cmake_word_at(t + p, rest, &wlen, &hip) && !already_edited(s, p, (uint32_t)wlen)) {
                char name[96];
                snprintf(name, sizeof name, "%.*s", (int)wlen, t + p);
                if (hip[0]) {
                    if (edit(s, p, (uint32_t)wlen, hip) < 0) return -1;
                    count(s, "variable");
                } else {
                    hc_unit_diag(s->u, HC_D_BUILD_CUDA_PATH, p, name, name);
                }
                k += (uint32_t)wlen;
                continue;
            }
            k++;
        }
    }
    return 0;
}

static const char *const other_cuda_commands[] = {"cuda_compile_ptx", "cuda_compile_fatbin",
                                                  "cuda_compile_cubin", "cuda_wrap_srcs", "cuda_build_clean_target",
                                                  "cuda_select_nvcc_arch_flags", "cuda_add_cufft_to_target_static",
                                                  "cuda_link_separable_compilation_objects"};

static int migrate_command(cm_state *s, const cm_cmd *c) {
    if (name_is(s, c, "project")) return migrate_languages(s, c, 1);
    if (name_is(s, c, "enable_language") || name_is(s, c, "check_language")) return migrate_languages(s, c, 0);
    if (name_is(s, c, "find_package") && c->nargs &&
        (arg_is(s, arg_of(s, c, 0), "CUDA") || arg_is(s, arg_of(s, c, 0), "CUDAToolkit")))
        return migrate_find_package(s, c);
    if (name_is(s, c, "cuda_add_executable")) return migrate_cuda_add(s, c, "add_executable");
    if (name_is(s, c, "cuda_add_library")) return migrate_cuda_add(s, c, "add_library");
    if (name_is(s, c, "cuda_include_directories")) {
        count(s, "cuda_include_directories");
        return edit(s, c->start, c->name_len, "include_directories");
    }
    if ((name_is(s, c, "cuda_add_cublas_to_target") || name_is(s, c, "cuda_add_cufft_to_target")) && c->nargs == 1) {
        const cm_arg *t = arg_of(s, c, 0);
        char repl[256];
        snprintf(repl, sizeof repl, "target_link_libraries(%.*s %s)", (int)t->len, tx(s, t),
                 name_is(s, c, "cuda_add_cublas_to_target") ? "roc::hipblas" : "hip::hipfft");
        s->arg_done[c->first_arg] = true;
        count(s, "cuda_add_library_to_target");
        return edit(s, c->start, c->close + 1 - c->start, repl);
    }
    /* cuda_compile(VAR sources... [STATIC|SHARED|MODULE]) lists nvcc-built objects for a target's sources: the
     * sources themselves do that now (the HIP block gives .cu sources their HIP options). OPTIONS (per-call
     * nvcc flags) or a computed keyword would be lost: those calls are reported and left. */
    if (name_is(s, c, "cuda_compile")) {
        bool plain = c->nargs >= 2;
        for (size_t i = 1; i < c->nargs && plain; i++) plain = !arg_is(s, arg_of(s, c, i), "OPTIONS");
        if (plain) {
            if (edit(s, c->start, c->name_len, "set") < 0) return -1;
            for (size_t i = 1; i < c->nargs; i++) { /* the library kind of the objects: no meaning for sources */
                const cm_arg *a = arg_of(s, c, i);
                if (!a->quoted && (arg_is(s, a, "STATIC") || arg_is(s, a, "SHARED") || arg_is(s, a, "MODULE")) &&
                    edit(s, a->off, a->len, "") < 0)
                    return -1;
            }
            count(s, "cuda_compile");
            hc_unit_diag(s->u, HC_D_BUILD_REWRITE, c->start, "cuda_compile",
                         "cuda_compile replaced by set: the sources are the target's, compiled as HIP");
            return 0;
        }
        hc_unit_diag(s->u, HC_D_BUILD_NOT_UNDERSTOOD, c->start, "cuda_compile", "cuda_compile");
        return 0;
    }
    /* FindCUDA's helper that finds one CUDA library (find_cuda_helper_libs(curand) sets CUDA_curand_LIBRARY,
     * which the migration has already renamed): find the HIP library's package instead. */
    if (name_is(s, c, "find_cuda_helper_libs") && c->nargs == 1) {
        const cm_arg *a = arg_of(s, c, 0);
        const hc_build_lib *lib = a->quoted ? NULL : hc_build_lib_by_name(tx(s, a), a->len);
        if (!lib || !lib->hip_package[0]) {
            hc_unit_diag(s->u, HC_D_BUILD_NOT_UNDERSTOOD, c->start, "find_cuda_helper_libs", "find_cuda_helper_libs");
            return 0;
        }
        char repl[128];
        snprintf(repl, sizeof repl, "find_package(%s REQUIRED)", lib->hip_package);
        s->arg_done[c->first_arg] = true;
        count(s, "find_cuda_helper_libs");
        hc_unit_diag(s->u, HC_D_BUILD_REWRITE, c->start, "find_cuda_helper_libs",
                     "find_cuda_helper_libs replaced by find_package of the HIP library");
        return edit(s, c->start, c->close + 1 - c->start, repl);
    }
    for (size_t k = 0; k < COUNT_OF(other_cuda_commands); k++)
        if (name_is(s, c, other_cuda_commands[k])) {
            hc_unit_diag(s->u, HC_D_BUILD_NOT_UNDERSTOOD, c->start, other_cuda_commands[k], other_cuda_commands[k]);
            return 0;
        }
    if (name_is(s, c, "set") || name_is(s, c, "string") || name_is(s, c, "list")) return migrate_set(s, c);
    if (name_is(s, c, "set_target_properties") || name_is(s, c, "set_source_files_properties") ||
        name_is(s, c, "set_tests_properties")) {
        for (size_t i = 0; i < c->nargs; i++)
            if (arg_is(s, arg_of(s, c, i), "PROPERTIES")) return migrate_properties(s, c, i + 1, false);
        return 0;
    }
    if (name_is(s, c, "set_property")) {
        for (size_t i = 0; i < c->nargs; i++)
            if (arg_is(s, arg_of(s, c, i), "PROPERTY")) return migrate_properties(s, c, i + 1, true);
        return 0;
    }
    if (name_is(s, c, "target_compile_options") || name_is(s, c, "add_compile_options")) {
        /* a dialect given to every language (add_compile_options(-std=c++11), $<$<COMPILE_LANGUAGE:CXX>:...>)
         * is the host compiler's as much as the GPU compiler's: only one of the CUDA sources is raised */
        for (size_t i = 0; i < c->nargs; i++) {
            const cm_arg *a = arg_of(s, c, i);
            const char *p = tx(s, a);
            size_t n = a->len;
            if (n >= 2 && p[0] == '"') p++, n -= 2;
            bool cuda_only = n > 2 && p[0] == '$' && p[1] == '<' && memmem(p, n, "COMPILE_LANGUAGE:CUDA", 21);
            if (!cuda_only && memmem(p, n, "-std", 4)) s->arg_done[c->first_arg + i] = true;
        }
        return translate_args(s, c, 0, c->nargs);
    }
    return 0;
}

/* Offset of the start of the line holding off. */
static uint32_t line_start(const char *t, uint32_t off) {
    while (off > 0 && t[off - 1] != '\n') off--;
    return off;
}

/* A HIP library's imported target (roc::hipblas) exists only once its package is found. A file that links
 * one and has no find_package(CUDA|CUDAToolkit) of its own to migrate (the library named bare, as CUDA's
 * language support allows, or found by a parent directory's file) gets find_package(<package> REQUIRED) on
 * the line before the first command naming it, at that command's indentation: inside the same if() or
 * function() body, so an optional CUDA part stays optional. */
static int find_packages_at_use(cm_state *s) {
    if (s->has_find_cuda) return 0;
    bool done[COUNT_OF(s->packages)] = {0};
    for (size_t i = 0; i < s->npackages; i++) {
        if (done[i] || s->package_found[i]) continue;
        uint32_t at = line_start(s->u->text, s->package_use[i]);
        const char *indent = s->u->text + at;
        int indent_len = 0;
        while (indent[indent_len] == ' ' || indent[indent_len] == '\t') indent_len++;
        if (at + (uint32_t)indent_len != s->package_use[i]) indent_len = 0; /* not first on its line */
        char repl[1024];
        size_t n = 0;
        for (size_t j = i; j < s->npackages && n < sizeof repl; j++) {
            if (done[j] || s->package_found[j] || s->package_use[j] != s->package_use[i]) continue;
            done[j] = true;
            n += (size_t)snprintf(repl + n, sizeof repl - n, "%.*sfind_package(%s REQUIRED)\n", indent_len, indent,
                                  s->packages[j]);
        }
        if (n >= sizeof repl) continue;
        if (hc_unit_edit(s->u, at, 0, repl, HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0) return -1;
        hc_unit_diag(s->u, HC_D_BUILD_REWRITE, s->package_use[i], "find_package",
                     "find_package of the HIP library added before its first use: its imported target exists only "
                     "once its package is found, and this file finds no CUDA package to migrate");
        count(s, "find_package");
    }
    return 0;
}

static int migrate(cm_state *s) {
    prescan(s);
    /* the module itself, or a file migrated before (its include line, or the module's text inline): HIP already */
    if (strstr(s->u->text, hc_build_cmake_hip_marker) || strstr(s->u->text, hc_build_cmake_module_name)) return 0;
    const cm_cmd *project = NULL;
    for (size_t i = 0; i < s->f.ncmds; i++) {
        const cm_cmd *c = &s->f.cmds[i];
        if (!project && name_is(s, c, "project")) project = c;
        if (migrate_command(s, c) < 0) return -1;
        bool link = name_is(s, c, "target_link_libraries") || name_is(s, c, "link_libraries");
        size_t before = s->u->edits.n;
        if (migrate_words(s, c, link) < 0) return -1;
        if (s->u->edits.n > before) s->changed = true;
    }
    if (s->changed && find_packages_at_use(s) < 0) return -1;
    /* a file that names no CUDA itself includes the module when the run says a CMake file below it was
     * migrated (an enable_language(CUDA) in an included .cmake file, which has no project() of its own) */
    bool root_only = !s->changed && project && s->u->cmake_module_root;
    if (!s->changed && !root_only) return 0;
    if (project) {
        /* the module is written beside this file by the front end, which finds this line in the output */
        const char *note =
            root_only ? "HIP module (cmake/hipify-hip.cmake, carried beside this file) included before project(): a "
                        "CMake file below this one enables or uses CUDA, and it has no project() of its own"
                      : "HIP module (cmake/hipify-hip.cmake, carried beside this file) included before project(): HIP "
                        "sources are compiled by hipcc, or nvcc for HIP on NVIDIA (docs/build-migration.md)";
        if (hc_unit_edit(s->u, line_start(s->u->text, project->start), 0, hc_build_cmake_include, HC_PRIO_BUILD,
                         HC_EFFORT_RENAME) < 0)
            return -1;
        hc_unit_diag(s->u, HC_D_BUILD_REWRITE, project->start, "project", note);
        count(s, "hip-module");
    } else {
        hc_unit_diag(s->u, HC_D_BUILD_REWRITE, UINT32_MAX, NULL,
                     "no project() here: the top-level CMakeLists.txt must include the hipify-c HIP module "
                     "(added to the topmost CMakeLists.txt of the same run above this file)");
    }
    return 0;
}

int hc_pass_cmake(hc_unit *u) {
    if (!u->opt->build_scripts) return 0;
    cm_state s = {0};
    s.u = u;
    s.first_edit = u->edits.n;
    int rc = parse_cmake(u->text, u->len, &s.f);
    if (rc == 0) {
        s.arg_done = calloc(s.f.nargs + 1, sizeof *s.arg_done);
        rc = s.arg_done ? migrate(&s) : -1;
    }
    free(s.arg_done);
    free(s.f.cmds);
    free(s.f.args);
    return rc;
}
