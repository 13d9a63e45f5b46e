/* pass_makefile.c: migrates Makefiles from nvcc to hipcc (the compiler, nvcc options, CUDA libraries),
 * gives a Makefile with rules the HIP block (platform macro, runtime library, shim link) and flags
 * references to a CUDA installation. It reads Makefile lines and words only; it does not expand
 * variables or run make. docs/build-migration.md. */
#include "buildmap.h"
#include "util.h"
#include "grow.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parts of a variable name that say the variable holds nvcc options (NVCCFLAGS, CUDA_FLAGS, GENCODE_FLAGS). */
static const char *const nvcc_variable_parts[] = {"NVCC", "CUDA", "GENCODE", "CUFLAGS", "CU_FLAGS", "GPU_ARCH"};

/* Options only nvcc takes: a statement holding one is about nvcc whatever its variable is called. */
static const char *const nvcc_only_options[] = {"-arch=sm_", "-arch=compute_", "-gencode", "--generate-code",
                                                "--gpu-architecture", "--use_fast_math", "--expt-", "-Xcompiler"};

/* nvcc compiles in its host compiler's default dialect (C++17 with GCC 11 and later, clang 16), while
 * hipcc 5.x passes -std=c++11 unless told otherwise, which rocPRIM and rocThrust (C++14) refuse: the
 * compiler word carries nvcc's dialect, and a -std given later on the line still wins. */
#define HIPCC_NVCC_STD "-std=c++17"

/* Make's directives: a line starting with one is neither a rule nor an assignment. */
static const char *const directives[] = {"ifeq",   "ifneq",  "ifdef",    "ifndef",   "else",     "endif",
                                         "define", "endef",  "include",  "-include", "sinclude", "export",
                                         "unexport", "override", "vpath", "undefine", "private"};

/* Host-compiler flag variables that receive HIP's preprocessor flags, in the order they are appended. */
static const char *const host_flag_vars[] = {"CPPFLAGS", "CFLAGS", "CXXFLAGS"};
/* Words that start a host compiler's command in a recipe: the other *FLAGS variables such a line names
 * (LINKFLAGS of a compile-and-link line) get HIP's preprocessor flags too. */
static const char *const host_compilers[] = {"$(CXX)", "${CXX}", "$(CC)", "${CC}", "g++", "gcc", "c++", "cc",
                                             "clang++", "clang"};

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static bool contains(const char *s, size_t n, const char *lit) {
    size_t l = strlen(lit);
    for (size_t i = 0; i + l <= n; i++)
        if (memcmp(s + i, lit, l) == 0) return true;
    return false;
}

/* lit (upper case) occurs in s[0, n) in any case. */
static bool contains_nocase(const char *s, size_t n, const char *lit) {
    size_t l = strlen(lit);
    for (size_t i = 0; i + l <= n; i++) {
        size_t k = 0;
        while (k < l && (s[i + k] == lit[k] || (s[i + k] >= 'a' && s[i + k] <= 'z' && s[i + k] - 32 == lit[k]))) k++;
        if (k == l) return true;
    }
    return false;
}

/* LIBS, LDLIBS, CUDA_LIBS, LIBRARIES: a variable listing libraries (not LIBRARY_DIRS). */
static bool ends_with(const char *s, size_t n, const char *lit) {
    size_t l = strlen(lit);
    return n >= l && memcmp(s + n - l, lit, l) == 0;
}

static bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* lit occurs in text[0, n) as a whole variable name (not part of NVCCFLAGS when looking for CFLAGS). */
static bool mentions_name(const char *text, size_t n, const char *lit) {
    size_t l = strlen(lit);
    for (size_t i = 0; i + l <= n; i++)
        if (memcmp(text + i, lit, l) == 0 && (i == 0 || !is_name_char(text[i - 1])) &&
            (i + l == n || !is_name_char(text[i + l])))
            return true;
    return false;
}

/* Where the compiler's path starts in a recipe word: after recipe prefixes (@, -, +) and make variables
 * that only precede it ($(Q)), but at a variable that names its directory ($(CUDA_DIR)/bin/nvcc). */
static size_t command_start(const char *s, size_t n) {
    size_t i = 0;
    while (i < n && (s[i] == '@' || s[i] == '-' || s[i] == '+')) i++;
    while (i + 1 < n && s[i] == '$' && (s[i + 1] == '(' || s[i + 1] == '{')) {
        char open = s[i + 1], close = open == '(' ? ')' : '}';
        size_t j = i + 2;
        int depth = 1;
        for (; j < n && depth > 0; j++) depth += s[j] == open ? 1 : s[j] == close ? -1 : 0;
        if (depth != 0 || (j < n && s[j] == '/')) break;
        i = j;
    }
    return i;
}

/* "nvcc", or a path ending in /nvcc ($(CUDA_PATH)/bin/nvcc), after a recipe prefix. */
static bool is_nvcc_path(const char *s, size_t n) {
    return (n == 4 && memcmp(s, "nvcc", 4) == 0) || (n > 5 && memcmp(s + n - 5, "/nvcc", 5) == 0);
}

typedef struct mk_state {
    hc_unit *u;
    hc_build_word *w;
    size_t nw, cap;
    bool block;      /* the file has (or gets) the HIP block: the runtime library is its HIP_RUNTIME_LIB */
    bool in_rule;    /* the last statement outside recipes was a rule: tab lines are its recipe */
    bool has_rules;  /* the file has a rule with a recipe (it builds something, not only settings) */
    bool gpu_recipe; /* a recipe runs nvcc through a variable ($(NVCC) -c $<) set elsewhere (a settings file,
                      * configure's @NVCC@): hipcc there needs the module's GPU target as much as an edited line */
    size_t skip_from, skip_to; /* the HIP block of an earlier run: HIP already, never migrated again */
    char host_vars[1024];      /* "NAME NAME ": *FLAGS variables named on host-compiler recipe lines */
    char nvcc_vars[256];       /* " NAME NAME ": variables assigned nvcc (NVCC, or CC := nvcc) */
    char overridden[256];      /* " NAME NAME ": variables the file assigns with override */
    char rule_sources;         /* the sources the last rule's prerequisites name: see source_kind */
    bool automake;             /* automake's input (Makefile.am): the module's settings come from configure */
} mk_state;

/* What nvcc makes of a source by its name: 'g' a GPU source (.cu), 'x' host C++ (.cpp, .cc, .cxx, .C), 'c'
 * host C (.c), 0 no source (a header, an object, a variable). */
static char source_kind(const char *p, size_t n) {
    static const char *const cxx[] = {".cpp", ".cc", ".cxx", ".C", ".c++"};
    if (ends_with(p, n, ".cu") || ends_with(p, n, ".hip")) return 'g';
    for (size_t k = 0; k < COUNT_OF(cxx); k++)
        if (ends_with(p, n, cxx[k])) return 'x';
    return ends_with(p, n, ".c") ? 'c' : 0;
}

/* Folds one source's kind into what a list of them is: one host language, or 'm' (mixed, or a GPU source). */
static char fold_kind(char acc, char k) {
    if (!k) return acc;
    if (k == 'g' || (acc && acc != k)) return 'm';
    return k;
}

/* The sources a rule line's prerequisites name ("x.o: x.cpp x.h", "%.o: %.cpp"), folded. */
static char rule_source_kind(const char *t, const hc_build_word *w, size_t n) {
    char acc = 0;
    bool after = false;
    for (size_t i = 0; i < n; i++) {
        const char *p = t + w[i].off;
        size_t len = w[i].len;
        if (!after) {
            const char *colon = memchr(p, ':', len);
            if (!colon) continue;
            after = true;
            len -= (size_t)(colon - p) + 1, p = colon + 1;
            if (len && *p == ':') len--, p++; /* a double-colon rule */
        }
        if (len == 1 && (*p == '|' || *p == ';')) break; /* order-only prerequisites, an inline recipe */
        if (len) acc = fold_kind(acc, source_kind(p, len));
    }
    return acc;
}

/* A compile-only nvcc line (-c) with no -x, whose sources are all host sources: nvcc compiled them with its
 * host compiler (a .cpp is C++ to nvcc unless -x cu says otherwise), while hipcc compiles a .cpp as a GPU
 * source (-x hip on AMD, -x cu on NVIDIA) and defines __HIPCC__, changing which branches a portable header
 * takes. Returns 'x' (C++) or 'c' (C) for such a line, else 0. Sources are the words the line names, else the
 * rule's prerequisites when the line names them through $<, $^ or $+. */
static char host_compile_kind(const mk_state *s) {
    const char *t = s->u->text;
    bool compile = false, automatic = false;
    char acc = 0;
    for (size_t i = 1; i < s->nw; i++) {
        const char *p = t + s->w[i].off;
        size_t n = s->w[i].len;
        if ((n == 2 && memcmp(p, "-c", 2) == 0) || (n == 9 && memcmp(p, "--compile", 9) == 0)) compile = true;
        else if ((n >= 2 && memcmp(p, "-x", 2) == 0) || (n >= 3 && memcmp(p, "--x", 3) == 0)) return 0;
        else if (n == 2 && memcmp(p, "-o", 2) == 0) i++; /* the output, not a source */
        else if (p[0] != '-') {
            automatic |= contains(p, n, "$<") || contains(p, n, "$^") || contains(p, n, "$+");
            acc = fold_kind(acc, source_kind(p, n));
        }
    }
    if (!acc && automatic) acc = s->rule_sources;
    return compile && (acc == 'x' || acc == 'c') ? acc : 0;
}

static int push_word(mk_state *s, uint32_t off, uint32_t len) {
    if (hc_grow(&s->w, &s->cap, s->nw, sizeof *s->w, 64) < 0) return -1;
    s->w[s->nw++] = (hc_build_word){off, len};
    return 0;
}

/* The variable a statement assigns (NAME = ..., NAME := ..., NAME += ..., export NAME ?= ...), or none;
 * *value is the index of the first word after the operator. */
static bool assigned_variable(const char *t, const hc_build_word *w, size_t n, const char **name, size_t *len,
                              size_t *value) {
    size_t i = 0;
    if (n > 1 && ((w[0].len == 6 && memcmp(t + w[0].off, "export", 6) == 0) ||
                  (w[0].len == 8 && memcmp(t + w[0].off, "override", 8) == 0)))
        i = 1;
    if (i >= n) return false;
    const char *s = t + w[i].off;
    const char *eq = memchr(s, '=', w[i].len);
    size_t l = eq ? (size_t)(eq - s) : w[i].len;
    *value = i + 1;
    if (!eq) {
        if (i + 1 >= n) return false;
        const char *op = t + w[i + 1].off;
        if (op[0] != '=' && !((op[0] == ':' || op[0] == '+' || op[0] == '?' || op[0] == '!') && w[i + 1].len > 1 && op[1] == '='))
            return false;
        *value = i + 2;
    } else if ((size_t)(eq - s) + 1 < w[i].len) {
        *value = i; /* NAME=value in one word: the value is inside it; bare library words never are */
    }
    while (l > 0 && (s[l - 1] == ':' || s[l - 1] == '+' || s[l - 1] == '?' || s[l - 1] == '!')) l--;
    *name = s;
    *len = l;
    return l > 0;
}

/* A rule line: a ':' outside $(...) that is not an assignment operator, in a line that is no directive. */
static bool is_rule_line(const char *t, const hc_build_word *w, size_t n) {
    if (!n) return false;
    for (size_t k = 0; k < COUNT_OF(directives); k++)
        if (w[0].len == strlen(directives[k]) && memcmp(t + w[0].off, directives[k], w[0].len) == 0) return false;
    int depth = 0;
    for (uint32_t i = w[0].off; i < w[n - 1].off + w[n - 1].len; i++) {
        char c = t[i];
        if (c == '(' || c == '{') depth++;
        else if ((c == ')' || c == '}') && depth > 0) depth--;
        else if (depth == 0 && c == '=') return false; /* an assignment (its value may hold ':') */
        else if (depth == 0 && c == ':') return t[i + 1] != '=' && !(t[i + 1] == ':' && t[i + 2] == '=');
    }
    return false;
}

/* The HIP spelling of a CUDA runtime or driver library in a file with the HIP block: the block's
 * variable, which names CUDA's own library when the port is built for NVIDIA. NULL for other libraries. */
static const char *runtime_variable(const mk_state *s, const hc_build_lib *lib) {
    if (!s->block || strcmp(lib->hip_lib, "amdhip64") != 0) return NULL;
    return strcmp(lib->cuda_lib, "cuda") == 0 ? "$(HIP_DRIVER_LIB)" : "$(HIP_RUNTIME_LIB)";
}

/* A bare library name in a variable that lists libraries (LIBRARIES := cudart cublas curand): the make
 * file adds the -l itself, so the name alone is renamed. */
static int migrate_library_word(mk_state *s, const hc_build_word *w) {
    hc_unit *u = s->u;
    const char *p = u->text + w->off;
    const hc_build_lib *lib = hc_build_lib_by_name(p, w->len);
    if (!lib || strlen(lib->cuda_lib) != w->len) return 0; /* curand_static: a static name stays as written */
    const char *repl = runtime_variable(s, lib);
    if (!repl && !lib->hip_lib[0]) {
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)w->len, p);
        hc_unit_diag(u, HC_D_BUILD_NO_EQUIVALENT, w->off, name, name);
        return 0;
    }
    /* with the HIP block, a library HIP on NVIDIA layers over the CUDA one (hipBLAS over cuBLAS) keeps the
     * original's name there */
    char both[160];
    if (!repl && s->block) {
        snprintf(both, sizeof both, "$(call hipify_gpu_flag,%s,%.*s)", lib->hip_lib, (int)w->len, p);
        repl = both;
    }
    if (hc_unit_edit(u, w->off, w->len, repl ? repl : lib->hip_lib, HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0) return -1;
    hc_unit_count_rule(u, "make:library");
    return 0;
}

/* A recipe run by the host compiler: the *FLAGS variables it names (not linker-only ones such as LDFLAGS,
 * nor nvcc's) are remembered for the end of the file. */
static void note_host_flags(mk_state *s) {
    const char *t = s->u->text;
    const char *p = t + s->w[0].off;
    size_t n = s->w[0].len, c = 0, hit = 0;
    while (c < n && (p[c] == '@' || p[c] == '-' || p[c] == '+')) c++;
    /* the compiler alone, or after variables that only precede it ($(Q)$(CXX)) */
    for (size_t k = 0; k < COUNT_OF(host_compilers) && !hit; k++) {
        size_t l = strlen(host_compilers[k]);
        hit = n - c >= l && memcmp(p + n - l, host_compilers[k], l) == 0 &&
              (n - c == l || p[n - l - 1] == ')' || p[n - l - 1] == '}');
    }
    if (!hit) return;
    for (size_t i = 1; i < s->nw; i++) {
        const char *w = t + s->w[i].off;
        size_t len = s->w[i].len;
        if (len < 9 || w[0] != '$' || (w[1] != '(' && w[1] != '{') || (w[len - 1] != ')' && w[len - 1] != '}')) continue;
        const char *name = w + 2;
        size_t nl = len - 3;
        bool ok = ends_with(name, nl, "FLAGS") && !contains(name, nl, "LD") && !contains(name, nl, "NVCC") &&
                  !contains(name, nl, "CUDA") && !contains(name, nl, "HIP");
        for (size_t k = 0; k < nl && ok; k++) ok = is_name_char(name[k]);
        char entry[96];
        if (!ok || nl > 80) continue;
        snprintf(entry, sizeof entry, " %.*s ", (int)nl, name);
        size_t used = strlen(s->host_vars);
        if (!strstr(s->host_vars, entry) && used + nl + 2 < sizeof s->host_vars)
            snprintf(s->host_vars + used, sizeof s->host_vars - used, "%s", used ? entry + 1 : entry);
    }
}

/* Options that make a compiler line stop before linking. */
static const char *const no_link_options[] = {"-c", "-dc", "-E", "-M", "-MM", "--compile", "-ptx", "-cubin", "-fatbin", "-lib",
                                              "--preprocess", "--device-c"};

/* A recipe line that links a program with nvcc or the CUDA runtime library and names none of the link
 * variables the end of the file extends (LDFLAGS, LDLIBS): a port that calls libhipify_shim needs it on
 * the line itself. */
static bool links_without_variables(const mk_state *s, const char *t, const hc_build_word *w, size_t n) {
    bool linker = false;
    for (size_t i = 0; i < n; i++) {
        const char *p = t + w[i].off;
        size_t len = w[i].len, c = command_start(p, len);
        if (i == 0 && len > 3 && len < 64 && p[0] == '$' && (p[1] == '(' || p[1] == '{')) { /* $(NVCC) */
            char entry[72];
            snprintf(entry, sizeof entry, " %.*s ", (int)(len - 3), p + 2);
            linker |= strstr(s->nvcc_vars, entry) != NULL;
        }
        for (size_t k = 0; k < COUNT_OF(no_link_options); k++)
            if (len == strlen(no_link_options[k]) && memcmp(p, no_link_options[k], len) == 0) return false;
        if (mentions_name(p, len, "LDFLAGS") || mentions_name(p, len, "LDLIBS")) return false;
        linker |= is_nvcc_path(p + c, len - c) || (len >= 8 && memcmp(p, "-lcudart", 8) == 0 &&
                                                    (len == 8 || (len == 15 && memcmp(p + 8, "_static", 7) == 0)));
    }
    return linker;
}

/* The recipe starts with a variable that holds nvcc ($(NVCC), or $(CC) where CC := nvcc). */
static bool nvcc_variable_word(const mk_state *s) {
    const char *p = s->u->text + s->w[0].off;
    size_t n = s->w[0].len, c = command_start(p, n);
    if (c > 0 && c == n) { /* $(Q)$(NVCC): command_start stops before the last variable only with a path */
        c = 0;
        while (c < n && (p[c] == '@' || p[c] == '-' || p[c] == '+')) c++;
    }
    p += c, n -= c;
    while (n > 3 && p[0] == '$' && (p[1] == '(' || p[1] == '{')) {
        const char *close = memchr(p, p[1] == '(' ? ')' : '}', n);
        if (!close) return false;
        size_t vl = (size_t)(close - p) - 2;
        if ((size_t)(close - p) + 1 == n) {
            char entry[72];
            if (vl > 64) return false;
            snprintf(entry, sizeof entry, " %.*s ", (int)vl, p + 2);
            return contains(p + 2, vl, "NVCC") || strstr(s->nvcc_vars, entry) != NULL;
        }
        n -= (size_t)(close - p) + 1, p = close + 1;
    }
    return false;
}

static void note_host_compile(hc_unit *u, uint32_t off) {
    hc_unit_diag(u, HC_D_BUILD_REWRITE, off, "nvcc",
                 "nvcc compiled this host source with its host compiler (no -x cu): hipcc is told its language "
                 "and given HIP's platform macro, so its host branches stay (no __HIPCC__)");
    hc_unit_count_rule(u, "make:host-compile");
}

/* One logical statement (continuation lines joined) of words: the migration proper. */
static int migrate_statement(mk_state *s, bool recipe) {
    hc_unit *u = s->u;
    const char *t = u->text;
    if (recipe) note_host_flags(s);
    if (recipe && s->nw && nvcc_variable_word(s)) s->gpu_recipe = true;
    const char *var = NULL;
    size_t vlen = 0, value = 0;
    bool assigns = !recipe && assigned_variable(t, s->w, s->nw, &var, &vlen, &value);
    if (assigns && value < s->nw && t + s->w[value].off == var) {
        /* NAME=value written without blanks: the value's first word is glued to the name; it is read as the
         * word it is (CODE_GEN=-gencode arch=..., NVCC=/usr/local/cuda/bin/nvcc) */
        const char *eq = memchr(var, '=', s->w[value].len);
        uint32_t skip = (uint32_t)(eq - var) + 1;
        s->w[value].off += skip, s->w[value].len -= skip;
    }
    bool nvcc_related = false;
    for (size_t i = 0; i < s->nw; i++) {
        const char *p = t + s->w[i].off;
        size_t n = s->w[i].len, c = command_start(p, n);
        if (is_nvcc_path(p + c, n - c) || contains(p, n, "$(NVCC") || contains(p, n, "${NVCC")) nvcc_related = true;
        for (size_t k = 0; k < COUNT_OF(nvcc_only_options); k++)
            if (n >= strlen(nvcc_only_options[k]) && memcmp(p, nvcc_only_options[k], strlen(nvcc_only_options[k])) == 0)
                nvcc_related = true;
    }
    if (assigns) /* any case: automake's per-program variables are lower case (nvcc_FLAGS) */
        for (size_t k = 0; k < COUNT_OF(nvcc_variable_parts); k++)
            if (contains_nocase(var, vlen, nvcc_variable_parts[k])) nvcc_related = true;
    bool library_list = assigns && (ends_with(var, vlen, "LIBS") || ends_with(var, vlen, "LIBRARIES"));

    char host = recipe && s->block ? host_compile_kind(s) : 0;
    bool has_std = false;
    for (size_t i = 0; i < s->nw; i++)
        has_std |= (s->w[i].len > 5 && (memcmp(t + s->w[i].off, "-std=", 5) == 0 || memcmp(t + s->w[i].off, "--std", 5) == 0));

    /* Flags go to the shared translator; in statements that are not about nvcc only -l<library> is
     * rewritten, because options such as -arch or -G mean other things to other tools. */
    hc_build_word flags[512];
    size_t nflags = 0;
    bool shim_link = recipe && s->block && u->run->links_shim && links_without_variables(s, t, s->w, s->nw);
    for (size_t i = 0; i < s->nw; i++) {
        const char *p = t + s->w[i].off;
        size_t n = s->w[i].len, c = command_start(p, n);
        if (is_nvcc_path(p + c, n - c)) {
            const char *hipcc = has_std || host == 'c' ? "hipcc" : "hipcc " HIPCC_NVCC_STD;
            char spelled[96];
            if (host) { /* a host compile stays one: hipcc is told the language, and gets HIP's platform macro */
                snprintf(spelled, sizeof spelled, "%s -x %s $(HIP_CPP_CONFIG)", hipcc, host == 'c' ? "c" : "c++");
                hipcc = spelled;
                note_host_compile(u, s->w[i].off);
            }
            size_t used = strlen(s->nvcc_vars);
            if (assigns && vlen < 60 && used + vlen + 2 < sizeof s->nvcc_vars) /* its recipes link with hipcc */
                snprintf(s->nvcc_vars + used, sizeof s->nvcc_vars - used, "%s%.*s ", used ? "" : " ", (int)vlen, var);
            if (hc_unit_edit(u, s->w[i].off + (uint32_t)c, (uint32_t)(n - c), hipcc, HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0)
                return -1;
            hc_unit_count_rule(u, "make:nvcc");
            continue;
        }
        for (size_t k = 0; k < hc_build_ncuda_path_words; k++)
            if (contains(p, n, hc_build_cuda_path_words[k])) {
                char name[128];
                snprintf(name, sizeof name, "%.*s", (int)(n < 120 ? n : 120), p);
                hc_unit_diag(u, HC_D_BUILD_CUDA_PATH, s->w[i].off, name, name);
                break;
            }
        bool is_lib = n > 2 && p[0] == '-' && p[1] == 'l';
        if (is_lib) {
            const hc_build_lib *lib = hc_build_lib_by_name(p + 2, n - 2);
            /* -lcudart_static too: HIP has no static runtime on either platform, and amdhip64 is no NVIDIA library */
            bool runtime_static = n == 15 && memcmp(p, "-lcudart_static", 15) == 0;
            const char *var_name =
                lib && (strlen(lib->cuda_lib) == n - 2 || runtime_static) ? runtime_variable(s, lib) : NULL;
            if (var_name) {
                char repl[64];
                bool shim = shim_link && strcmp(lib->cuda_lib, "cudart") == 0; /* the shim calls the runtime */
                snprintf(repl, sizeof repl, "%s-l%s", shim ? "-lhipify_shim " : "", var_name);
                if (shim) shim_link = false;
                if (hc_unit_edit(u, s->w[i].off, s->w[i].len, repl, HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0) return -1;
                hc_unit_count_rule(u, "make:library");
                continue;
            }
        } else if (library_list && i >= value && p[0] != '$' && p[0] != '-') {
            if (migrate_library_word(s, &s->w[i]) < 0) return -1;
            continue;
        }
        if ((nvcc_related || is_lib) && nflags < COUNT_OF(flags)) flags[nflags++] = s->w[i];
    }
    if (host && nvcc_variable_word(s)) {
        const hc_build_word *w0 = &s->w[0];
        char ins[64];
        snprintf(ins, sizeof ins, " -x %s $(HIP_CPP_CONFIG)", host == 'c' ? "c" : "c++");
        if (hc_unit_edit(u, w0->off + w0->len, 0, ins, HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0) return -1;
        note_host_compile(u, w0->off);
    }
    if (shim_link) { /* an nvcc link line: the shim after everything the line links */
        const hc_build_word *last = &s->w[s->nw - 1];
        if (hc_unit_edit(u, last->off + last->len, 0, " -lhipify_shim", HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0) return -1;
        hc_unit_count_rule(u, "make:shim-link");
    }
    bool arch_done = false;
    return hc_build_translate_flags(u, flags, nflags, true, &arch_done, "make", s->block ? "hipify_host_flags" : NULL);
}

/* A '#' that starts a comment: make reads a backslash-escaped one as a literal '#'. */
static bool starts_comment(const char *t, size_t i) { return t[i] == '#' && !(i > 0 && t[i - 1] == '\\'); }

/* Splits the file into statements (continuation lines joined, comments dropped) and hands each to fn
 * with whether it is a recipe line. */
static int each_statement(mk_state *s, int (*fn)(mk_state *, bool)) {
    const char *t = s->u->text;
    size_t i = 0, len = s->u->len;
    int rc = 0;
    s->in_rule = false;
    while (i < len && rc == 0) {
        bool tab = t[i] == '\t';
        s->nw = 0;
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
            if (starts_comment(t, i)) {
                comment = true;
                i++;
                continue;
            }
            if (is_blank(c) || (c == '\\' && i + 1 < len && t[i + 1] == '\n')) {
                i++;
                continue;
            }
            /* a word runs to a blank, a line end or a comment; an escaped '#' (-DX=\#) is part of it, so the
             * word is never empty and the scan always moves on */
            size_t st = i;
            while (i < len && !is_blank(t[i]) && t[i] != '\n' && !starts_comment(t, i) &&
                   !(t[i] == '\\' && i + 1 < len && t[i + 1] == '\n')) {
                /* a quoted list ("-O2 -fopenmp", for the shell of a recipe) is one word, as nvcc got it */
                const char *q = t[i] == '"' || t[i] == '\'' ? memchr(t + i + 1, t[i], len - i - 1) : NULL;
                const char *nl = q ? memchr(t + i + 1, '\n', (size_t)(q - t) - i - 1) : NULL;
                i = q && !nl ? (size_t)(q - t) + 1 : i + 1;
            }
            if (push_word(s, (uint32_t)st, (uint32_t)(i - st)) < 0) return -1;
        }
        if (!s->nw || (s->w[0].off >= s->skip_from && s->w[0].off < s->skip_to)) continue;
        /* a tab-indented line is a recipe only after a rule: in a conditional it is an ordinary line */
        bool recipe = tab && s->in_rule;
        if (!recipe) s->in_rule = is_rule_line(t, s->w, s->nw);
        else s->has_rules = true;
        if (!recipe && s->in_rule) s->rule_sources = rule_source_kind(t, s->w, s->nw);
        rc = fn(s, recipe);
    }
    return rc;
}

/* The first walk: which variables the file assigns with override. Once make has read such an assignment it
 * ignores every later plain one, so the lines append_tail adds must say override too. */
static int note_overrides(mk_state *s, bool recipe) {
    const char *t = s->u->text, *name;
    size_t len, value;
    if (recipe || s->nw < 2 || s->w[0].len != 8 || memcmp(t + s->w[0].off, "override", 8) != 0) return 0;
    if (!assigned_variable(t, s->w, s->nw, &name, &len, &value) || len > 64) return 0;
    char entry[72];
    snprintf(entry, sizeof entry, " %.*s ", (int)len, name);
    size_t used = strlen(s->overridden);
    if (!strstr(s->overridden, entry) && used + len + 2 < sizeof s->overridden)
        snprintf(s->overridden + used, sizeof s->overridden - used, "%s", used ? entry + 1 : entry);
    return 0;
}

/* "override " when the file assigns the variable text[0, n) with override, else "". */
static const char *override_of(const mk_state *s, const char *name, size_t n) {
    char entry[72];
    if (n > 64) return "";
    snprintf(entry, sizeof entry, " %.*s ", (int)n, name);
    return strstr(s->overridden, entry) ? "override " : "";
}

/* The first byte of the first line that is neither blank nor a comment: the block goes before it, after
 * the file's opening comment. */
static uint32_t first_statement(const char *t, size_t len) {
    size_t i = 0;
    while (i < len) {
        size_t e = i;
        while (e < len && t[e] != '\n') e++;
        size_t k = i;
        while (k < e && is_blank(t[k])) k++;
        if (k < e && t[k] != '#') return (uint32_t)i;
        i = e + 1;
    }
    return (uint32_t)len;
}

/* The tail's first words: an automake input, which has no include line, is known by them as migrated. */
static const char tail_marker[] = "# hipify-c: HIP's platform macro and include directories for sources";

/* The lines appended at the end of a file with the HIP block: the host compiler's flag variables the
 * file uses get HIP's platform macro and include directories; with a port that calls the runtime shim,
 * the link gets libhipify_shim. Appended last so the file's own assignments (even ':=') come first. */
static int append_tail(mk_state *s) {
    hc_unit *u = s->u;
    const char *t = u->text;
    char tail[1024];
    size_t n = 0;
    bool any = false;
    n += (size_t)snprintf(tail + n, sizeof tail - n, "%s%s the host compiler builds (from %s), after the file's own "
                          "settings.\n", u->len && t[u->len - 1] != '\n' ? "\n" : "", tail_marker,
                          s->automake ? "configure" : "hipify-hip.mk");
    for (size_t k = 0; k < COUNT_OF(host_flag_vars); k++) {
        char entry[32];
        snprintf(entry, sizeof entry, " %s ", host_flag_vars[k]);
        if (mentions_name(t, u->len, host_flag_vars[k]) && !strstr(s->host_vars, entry)) {
            n += (size_t)snprintf(tail + n, sizeof tail - n, "%s%s += $(HIP_CPP_CONFIG)\n",
                                  override_of(s, host_flag_vars[k], strlen(host_flag_vars[k])), host_flag_vars[k]);
            any = true;
        }
    }
    /* then those the host compiler's recipe lines name, in the order first seen (CXXFLAGS, LINKFLAGS) */
    for (const char *v = s->host_vars; *v;) {
        while (*v == ' ') v++;
        const char *e = strchr(v, ' ');
        if (!*v || !e) break;
        n += (size_t)snprintf(tail + n, sizeof tail - n, "%s%.*s += $(HIP_CPP_CONFIG)\n", override_of(s, v, (size_t)(e - v)),
                              (int)(e - v), v);
        any = true;
        v = e;
    }
    if (!any)
        n += (size_t)snprintf(tail + n, sizeof tail - n, "%sCPPFLAGS += $(HIP_CPP_CONFIG)\n", override_of(s, "CPPFLAGS", 8));
    if (u->run->links_shim) {
        const char *link = mentions_name(t, u->len, "LDLIBS") ? "LDLIBS" : "LDFLAGS";
        n += (size_t)snprintf(tail + n, sizeof tail - n,
                              "# The port calls CUDA APIs HIP lacks through libhipify_shim (docs/shim.md).\n"
                              "%s%s += -lhipify_shim -l$(HIP_RUNTIME_LIB)\n", override_of(s, link, strlen(link)), link);
    } else if (s->gpu_recipe && !strstr(t, "cudart")) {
        /* objects its $(NVCC) rule made are linked elsewhere, by a link that got CUDA's runtime from
         * somewhere this file does not name (SHOC asks nvcc -dryrun): hipcc's objects need HIP's, after
         * them: LDLIBS for make's own link rule, LIBS for configure's templates (automake's link puts LIBS
         * last, LDFLAGS before the objects, where a linker with --as-needed drops the library) */
        size_t pl = strlen(u->path);
        bool tmpl = pl > 3 && strcmp(u->path + pl - 3, ".in") == 0;
        const char *link = mentions_name(t, u->len, "LDLIBS")                         ? "LDLIBS"
                           : tmpl || mentions_name(t, u->len, "LIBS")                 ? "LIBS"
                                                                                      : "LDFLAGS";
        n += (size_t)snprintf(tail + n, sizeof tail - n,
                              "# Objects hipcc compiled need HIP's runtime where the host compiler links them.\n"
                              "%s%s += -l$(HIP_RUNTIME_LIB)\n", override_of(s, link, strlen(link)), link);
    }
    if (hc_unit_edit(u, (uint32_t)u->len, 0, tail, HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0) return -1;
    return 0;
}

int hc_pass_makefile(hc_unit *u) {
    if (!u->opt->build_scripts || hc_is_autoconf_path(u->path)) return 0;
    mk_state s = {0};
    s.u = u;
    /* automake's input (Makefile.am): automake would read the module's ifeq/else/endif as its own
     * conditionals if it were included, and would put the include after every variable, past the ':='
     * assignments that call its functions; configure substitutes the module's settings instead
     * (pass_autoconf.c), defined at the top of every Makefile.in. */
    s.automake = ends_with(u->path, strlen(u->path), ".am");
    /* migrated before: the include line of the module (or the module itself, or an older port's inline copy
     * of it) is HIP already, never migrated again */
    const char *mark = strstr(u->text, hc_build_make_hip_marker), *inc = strstr(u->text, hc_build_make_include);
    bool migrated_before = mark || inc || (s.automake && strstr(u->text, tail_marker));
    if (s.automake && migrated_before) return 0;
    if (mark) {
        const char *end = strstr(mark, hc_build_make_hip_end);
        s.skip_from = (size_t)(mark - u->text);
        s.skip_to = end ? (size_t)(end - u->text) + strlen(hc_build_make_hip_end) : s.skip_from;
    } else if (inc) {
        s.skip_from = (size_t)(inc - u->text);
        s.skip_to = s.skip_from + strlen(hc_build_make_include);
    }
    int rc = each_statement(&s, note_overrides); /* first: does the file have rules? what does it override? */
    s.block = s.has_rules;
    size_t before = u->edits.n;
    if (rc == 0) rc = each_statement(&s, migrate_statement);
    if (rc == 0 && s.block && !migrated_before && (u->edits.n > before || s.gpu_recipe)) {
        /* the module is written beside this file by the front end, which finds this line in the output */
        uint32_t at = first_statement(u->text, u->len);
        if (!s.automake && hc_unit_edit(u, at, 0, hc_build_make_include, HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0) rc = -1;
        if (rc == 0) rc = append_tail(&s);
        if (rc == 0 && s.automake) {
            hc_unit_diag(u, HC_D_BUILD_REWRITE, at, "Makefile.am",
                         "automake input: HIP_PLATFORM, HIP_CPP_CONFIG, the runtime library and the make functions of "
                         "the HIP module come from configure (the HIP block of configure.ac, docs/build-migration.md)");
            hc_unit_count_rule(u, "make:hip-module");
        } else if (rc == 0) {
            hc_unit_diag(u, HC_D_BUILD_REWRITE, at, "Makefile",
                         "HIP module (hipify-hip.mk, carried beside this file) included: HIP_PLATFORM, the platform "
                         "macro for the host compiler and the runtime library (docs/build-migration.md)");
            hc_unit_count_rule(u, "make:hip-module");
        }
    }
    free(s.w);
    return rc;
}
