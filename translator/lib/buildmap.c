/* buildmap.c: table lookups and nvcc-option translation shared by the CMake and Makefile migrations,
 * and the HIP module and block they add. It does not find commands in build files or write files. */
#include "buildmap.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const hc_build_lib build_libs[] = {
#define HC_BUILD_LIB(cl, hl, ct, ht, pkg, var, sym) {cl, hl, ct, ht, pkg, var, sym},
#include "build_libraries.def"
#undef HC_BUILD_LIB
};
enum { NBUILD_LIBS = COUNT_OF(build_libs) };

static size_t strip_static(const char *s, size_t len) {
    static const char suffix[] = "_static";
    size_t n = sizeof suffix - 1;
    return len > n && memcmp(s + len - n, suffix, n) == 0 ? len - n : len;
}

static bool equals(const char *s, size_t len, const char *lit) { return lit[0] && strlen(lit) == len && memcmp(s, lit, len) == 0; }

const hc_build_lib *hc_build_lib_by_name(const char *name, size_t len) {
    len = strip_static(name, len);
    for (size_t i = 0; i < NBUILD_LIBS; i++)
        if (equals(name, len, build_libs[i].cuda_lib)) return &build_libs[i];
    return NULL;
}

const hc_build_lib *hc_build_lib_by_target(const char *target, size_t len) {
    len = strip_static(target, len);
    for (size_t i = 0; i < NBUILD_LIBS; i++)
        if (equals(target, len, build_libs[i].cuda_target)) return &build_libs[i];
    return NULL;
}

/* FindCUDA also names each library it finds in a variable of its own, CUDA_<library>_LIBRARY
 * (CUDA_cublas_LIBRARY, CUDA_cufft_LIBRARY, CUDA_CUDART_LIBRARY, CUDA_cudart_static_LIBRARY) */
const hc_build_lib *hc_build_lib_by_var(const char *var, size_t len) {
    for (size_t i = 0; i < NBUILD_LIBS; i++)
        if (equals(var, len, build_libs[i].findcuda_var)) return &build_libs[i];
    static const char pre[] = "CUDA_", suf[] = "_LIBRARY";
    size_t np = sizeof pre - 1, ns = sizeof suf - 1;
    if (len <= np + ns || memcmp(var, pre, np) != 0 || memcmp(var + len - ns, suf, ns) != 0) return NULL;
    const char *name = var + np;
    size_t n = strip_static(name, len - np - ns);
    for (size_t i = 0; i < NBUILD_LIBS; i++)
        if (strlen(build_libs[i].cuda_lib) == n && strncasecmp(name, build_libs[i].cuda_lib, n) == 0) return &build_libs[i];
    return NULL;
}

const hc_build_lib *hc_build_lib_by_function(const char *name, size_t len) {
    const hc_build_lib *best = NULL;
    size_t best_len = 0;
    for (size_t i = 0; i < NBUILD_LIBS; i++) {
        size_t n = strlen(build_libs[i].cuda_lib);
        if (n > best_len && n < len && build_libs[i].link_symbol[0] && memcmp(name, build_libs[i].cuda_lib, n) == 0)
            best = &build_libs[i], best_len = n;
    }
    return best;
}

static const struct {
    const char *cuda, *hip;
} cmake_words[] = {
#define HC_CMAKE_WORD(cuda, hip) {cuda, hip},
#include "build_cmake_vars.def"
#undef HC_CMAKE_WORD
};

static bool is_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

const char *hc_cmake_word_at(const char *text, size_t len, size_t *wlen, const char **hip) {
    const char *best = NULL;
    size_t best_len = 0;
    for (size_t i = 0; i < COUNT_OF(cmake_words); i++) {
        size_t n = strlen(cmake_words[i].cuda);
        if (n <= best_len || n > len || memcmp(text, cmake_words[i].cuda, n) != 0) continue;
        if (n < len && is_word_char(text[n])) continue;
        best = cmake_words[i].cuda;
        best_len = n;
        *hip = cmake_words[i].hip;
    }
    *wlen = best_len;
    return best;
}

/* ---- nvcc options ---- */

typedef enum flag_action { BF_ARCH, BF_REPLACE, BF_VALUE, BF_PASS, BF_RDC, BF_BOOL, BF_LANG, BF_DROP, BF_ODIR, BF_STD, BF_HINT, BF_NONE } flag_action;

typedef struct nvcc_flag {
    const char *spelling;
    bool takes_value;
    flag_action action;
    const char *replacement;
    const char *why;
} nvcc_flag;

static const nvcc_flag nvcc_flags[] = {
#define HC_NVCC_FLAG(sp, val, act, repl, why) {sp, val, act, repl, why},
#include "build_nvcc_flags.def"
#undef HC_NVCC_FLAG
};

static const char *const default_archs[] = {"gfx90a", "gfx942", "gfx1100"};

static const char *join_archs(const hc_options *opt, const char *prefix, const char *sep, char *buf, size_t size) {
    const char *const *v = opt && opt->noffload_archs ? opt->offload_archs : default_archs;
    size_t n = opt && opt->noffload_archs ? opt->noffload_archs : COUNT_OF(default_archs);
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < size; i++) {
        int w = snprintf(buf + used, size - used, "%s%s%s", i ? sep : "", prefix, v[i]);
        if (w < 0) break;
        used += (size_t)w;
    }
    return buf;
}

const char *hc_build_offload_flags(const hc_options *opt, char *buf, size_t size) {
    return join_archs(opt, "--offload-arch=", " ", buf, size);
}

const char *hc_build_arch_list(const hc_options *opt, char *buf, size_t size) {
    return join_archs(opt, "", ";", buf, size);
}

/* Finds the table row for words[i]; sets *value to the attached (=value) or next word, and *last to the
 * index of the last word consumed. */
static const nvcc_flag *match_flag(const char *text, const hc_build_word *w, size_t n, size_t i, const char **value,
                                   size_t *value_len, size_t *last) {
    const char *s = text + w[i].off;
    size_t len = w[i].len;
    for (size_t k = 0; k < COUNT_OF(nvcc_flags); k++) {
        const nvcc_flag *f = &nvcc_flags[k];
        size_t sl = strlen(f->spelling);
        if (len < sl || memcmp(s, f->spelling, sl) != 0) continue;
        if (len == sl) {
            *last = i;
            *value = NULL;
            *value_len = 0;
            if (f->takes_value) {
                if (i + 1 >= n) return NULL; /* the value is elsewhere: not understood, leave it */
                *last = i + 1;
                *value = text + w[i + 1].off;
                *value_len = w[i + 1].len;
            }
            return f;
        }
        if (f->takes_value && s[sl] == '=') {
            *last = i;
            *value = s + sl + 1;
            *value_len = len - sl - 1;
            return f;
        }
    }
    return NULL;
}

static bool blank(char c) { return c == ' ' || c == '\t'; }

static int propose(hc_unit *u, uint32_t off, uint32_t end, const char *repl) {
    const char *t = u->text;
    if (!repl[0]) {
        /* an option alone on a continuation line (-gencode lists, one a line) takes the line break before
         * it with it, so the statement keeps no empty continuation lines */
        uint32_t ls = off, le = end;
        while (ls > 0 && blank(t[ls - 1])) ls--;
        while (le < u->len && blank(t[le])) le++;
        bool alone = ls > 1 && t[ls - 1] == '\n' && t[ls - 2] == '\\' &&
                     (le == u->len || t[le] == '\n' || (t[le] == '\\' && le + 1 < u->len && t[le + 1] == '\n'));
        if (alone) {
            uint32_t from = ls - 2;
            while (from > 0 && blank(t[from - 1])) from--;
            return hc_unit_edit(u, from, end - from, "", HC_PRIO_BUILD, HC_EFFORT_RENAME);
        }
        /* otherwise take one blank before it so no double blank is left */
        if (off > 0 && blank(t[off - 1])) off--;
    }
    return hc_unit_edit(u, off, end - off, repl, HC_PRIO_BUILD, HC_EFFORT_RENAME);
}

/* In a Makefile with the HIP module, an nvcc option text[off, end) becomes $(call fn,AMD,NVIDIA): clang's
 * spelling (amd) for clang, the option as written for nvcc, which is HIP on NVIDIA's compiler. Commas of the
 * option (-gencode arch=compute_80,code=sm_80) would split the call's arguments: they become
 * $(hipify_comma). False when the result does not fit. */
static bool platform_call(const char *fn, const char *text, uint32_t off, uint32_t end, const char *amd, char *repl,
                          size_t size) {
    static const char comma[] = "$(hipify_comma)";
    int k = snprintf(repl, size, "$(call %s,%s,", fn, amd);
    if (k < 0 || (size_t)k >= size) return false;
    size_t n = (size_t)k;
    int depth = 0; /* a comma inside a make function of the option ($(subst .,,$(V))) is that function's */
    for (uint32_t i = off; i < end; i++) {
        depth += text[i] == '(' || text[i] == '{' ? 1 : text[i] == ')' || text[i] == '}' ? -1 : 0;
        const char *piece = text[i] == ',' && depth == 0 ? comma : NULL;
        size_t plen = piece ? sizeof comma - 1 : 1;
        if (n + plen + 2 > size) return false;
        if (piece) memcpy(repl + n, piece, plen);
        else repl[n] = text[i];
        n += plen;
    }
    repl[n++] = ')';
    repl[n] = '\0';
    return true;
}

/* A GPU target option: the --offload-arch list (amd, "" for a statement's later options) on AMD, so the port
 * builds for the original's targets on NVIDIA without a command-line override. */
static bool arch_call(const char *text, uint32_t off, uint32_t end, const char *amd, char *repl, size_t size) {
    return platform_call("hipify_gpu_arch", text, off, end, amd, repl, size);
}

static void count(hc_unit *u, const char *prefix, const char *what) {
    char name[128];
    snprintf(name, sizeof name, "%s:%s", prefix, what);
    hc_unit_count_rule(u, name);
}

int hc_build_translate_flags(hc_unit *u, const hc_build_word *w, size_t n, bool arch_flags, bool *arch_done,
                             const char *prefix, const char *host_call) {
    const char *text = u->text;
    for (size_t i = 0; i < n; i++) {
        const char *value;
        size_t vlen, last;
        const nvcc_flag *f = match_flag(text, w, n, i, &value, &vlen, &last);
        if (!f) {
            /* -l<cuda library> */
            const char *s = text + w[i].off;
            if (w[i].len > 2 && s[0] == '-' && s[1] == 'l') {
                const hc_build_lib *lib = hc_build_lib_by_name(s + 2, w[i].len - 2);
                if (lib && lib->hip_lib[0]) {
                    char repl[160], amd[64];
                    snprintf(amd, sizeof amd, "-l%s", lib->hip_lib);
                    /* with the Makefile's HIP module: on NVIDIA the HIP library is a layer over the CUDA one
                     * the original links (hipBLAS over cuBLAS), so the original's option stays there */
                    if (!(host_call && platform_call("hipify_gpu_flag", text, w[i].off, w[i].off + w[i].len, amd, repl,
                                                     sizeof repl)))
                        snprintf(repl, sizeof repl, "%s", amd);
                    if (hc_unit_edit(u, w[i].off, w[i].len, repl, HC_PRIO_BUILD, HC_EFFORT_RENAME) < 0) return -1;
                    count(u, prefix, "library");
                } else if (lib) {
                    char name[64];
                    snprintf(name, sizeof name, "%.*s", (int)w[i].len, s);
                    hc_unit_diag(u, HC_D_BUILD_NO_EQUIVALENT, w[i].off, name, name);
                }
            }
            continue;
        }
        uint32_t off = w[i].off, end = w[last].off + w[last].len;
        int depth = 0; /* a make function call split at blanks: $(foreach ...,-gencode arch=..$(sm))) */
        for (uint32_t k = off; k < end; k++) depth += text[k] == '(' ? 1 : text[k] == ')' ? -1 : 0;
        /* a GPU target whose value a make function computes (-arch=compute_$(subst .,,$(CC))): the function's
         * words belong to the option; for nvcc the whole option stays as written */
        if (depth > 0 && f->action == BF_ARCH && host_call) {
            size_t k = last;
            int d = depth;
            while (d > 0 && k + 1 < n) {
                k++;
                for (uint32_t c = w[k].off; c < w[k].off + w[k].len; c++) d += text[c] == '(' ? 1 : text[c] == ')' ? -1 : 0;
            }
            if (d == 0) last = k, end = w[k].off + w[k].len, depth = 0;
        }
        if (depth != 0) {
            char what[160];
            snprintf(what, sizeof what, "'%.*s' inside a make function or expression", (int)(end - off < 100 ? end - off : 100),
                     text + off);
            hc_unit_diag(u, HC_D_BUILD_NOT_UNDERSTOOD, off, f->spelling, what);
            i = last;
            continue;
        }
        char flagname[64], repl[512];
        bool both = false; /* the replacement is the option for nvcc as well */
        snprintf(flagname, sizeof flagname, "%s", f->spelling);
        repl[0] = '\0';
        switch (f->action == BF_HINT && !host_call ? BF_NONE : f->action) {
        case BF_ARCH: {
            char amd[256] = "";
            if (arch_flags && !*arch_done) hc_build_offload_flags(u->opt, amd, sizeof amd);
            *arch_done = true;
            if (!(arch_flags && host_call && arch_call(text, off, end, amd, repl, sizeof repl)))
                snprintf(repl, sizeof repl, "%s", amd);
            break;
        }
        case BF_REPLACE: snprintf(repl, sizeof repl, "%s", f->replacement); break;
        case BF_VALUE: {
            char v[128];
            snprintf(v, sizeof v, "%.*s", (int)vlen, value);
            snprintf(repl, sizeof repl, f->replacement, v);
            break;
        }
        case BF_PASS: {
            /* the list's quotes made it one word for nvcc; bare, its options are separate words again */
            if (vlen >= 2 && (value[0] == '"' || value[0] == '\'') && value[vlen - 1] == value[0]) value++, vlen -= 2;
            size_t k = host_call ? (size_t)snprintf(repl, sizeof repl, "$(call %s,", host_call) : 0;
            for (size_t j = 0; j < vlen && k + 2 < sizeof repl; j++) repl[k++] = value[j] == ',' ? ' ' : value[j];
            if (host_call) repl[k++] = ')';
            repl[k] = '\0';
            break;
        }
        case BF_RDC:
            if (vlen == 4 && memcmp(value, "true", 4) == 0) snprintf(repl, sizeof repl, "-fgpu-rdc");
            else if (vlen == 5 && memcmp(value, "false", 5) == 0) snprintf(repl, sizeof repl, "-fno-gpu-rdc");
            else continue; /* a variable or something else: not understood, left alone */
            break;
        case BF_BOOL: {
            const char *bar = strchr(f->replacement, '|');
            if (vlen == 4 && memcmp(value, "true", 4) == 0) snprintf(repl, sizeof repl, "%.*s", (int)(bar - f->replacement), f->replacement);
            else if (vlen == 5 && memcmp(value, "false", 5) == 0) snprintf(repl, sizeof repl, "%s", bar + 1);
            else continue; /* a variable or something else: not understood, left alone */
            break;
        }
        case BF_STD: {
            static const char *const older[] = {"98", "03", "0x", "11", "1y", "14"};
            bool gnu = vlen > 5 && memcmp(value, "gnu++", 5) == 0, cxx = vlen > 3 && memcmp(value, "c++", 3) == 0;
            const char *num = value + (gnu ? 5 : 3);
            size_t nlen = vlen - (size_t)(gnu ? 5 : 3);
            bool old = false;
            for (size_t k = 0; k < COUNT_OF(older) && (gnu || cxx); k++)
                old |= nlen == 2 && memcmp(num, older[k], 2) == 0;
            if (old) { /* the same for nvcc: CUDA 13 refuses the older dialects too */
                both = true;
                snprintf(repl, sizeof repl, "-std=%s17", gnu ? "gnu++" : "c++");
                char what[256];
                snprintf(what, sizeof what, "'%.*s' raised to '%s': HIP's rocThrust, rocPRIM and hipCUB, and CUDA 13's "
                         "Thrust and CUB for HIP on NVIDIA, refuse an older dialect", (int)(end - off < 40 ? end - off : 40),
                         text + off, repl);
                hc_unit_diag(u, HC_D_BUILD_REWRITE, off, f->spelling, what);
            } else if (w[i].len > 2 && memcmp(text + off, "-std", 4) == 0 && text[off + 4] == '=') {
                i = last; /* -std=c++17: clang's spelling already */
                continue;
            } else {
                char v[128];
                snprintf(v, sizeof v, "%.*s", (int)vlen, value);
                snprintf(repl, sizeof repl, f->replacement, v);
            }
            break;
        }
        case BF_LANG:
            if (!(vlen == 2 && memcmp(value, "cu", 2) == 0)) continue; /* -x c++ means the same to clang */
            snprintf(repl, sizeof repl, "-x hip");
            break;
        case BF_DROP: break;
        case BF_HINT: { /* nvcc's alone (below); only a Makefile's module can say so, elsewhere it is a BF_NONE */
            char what[256];
            snprintf(what, sizeof what, "'%.*s' kept for nvcc only: %s", (int)(end - off < 40 ? end - off : 40),
                     text + off, f->why);
            hc_unit_diag(u, HC_D_BUILD_REWRITE, off, f->spelling, what);
            break;
        }
        case BF_ODIR:
            /* clang reads -odir as -o dir; the rule's target is named with -MT, which only a make recipe
             * can spell without knowing the input file */
            if (strcmp(prefix, "make") == 0) {
                char v[256];
                snprintf(v, sizeof v, "%.*s", (int)vlen, value);
                snprintf(repl, sizeof repl, f->replacement, v);
                break;
            }
            /* fall through */
        case BF_NONE: {
            char name[128];
            snprintf(name, sizeof name, "%.*s", (int)(end - off), text + off);
            hc_unit_diag(u, HC_D_BUILD_NO_EQUIVALENT, off, name, name);
            i = last;
            continue;
        }
        }
        /* in a Makefile with the HIP module, nvcc is the compiler on NVIDIA: it gets the option as written */
        char amd[sizeof repl];
        if (host_call && !both && f->action != BF_ARCH && f->action != BF_PASS && f->action != BF_ODIR) {
            snprintf(amd, sizeof amd, "%s", repl);
            if (!platform_call("hipify_gpu_flag", text, off, end, amd, repl, sizeof repl)) snprintf(repl, sizeof repl, "%s", amd);
        }
        if (propose(u, off, end, repl) < 0) return -1;
        count(u, prefix, flagname);
        i = last;
    }
    return 0;
}

/* ---- the HIP module for CMake ---- */

const char hc_build_cmake_hip_marker[] =
    "# hipify-c: HIP sources built as C++ by hipcc, which works with Debian's ROCm packages and with ROCm.";
const char hc_build_cmake_module_name[] = "cmake/hipify-hip.cmake";
const char hc_build_cmake_include[] =
    "include(${CMAKE_CURRENT_LIST_DIR}/cmake/hipify-hip.cmake) # hipify-c: HIP build (docs/build-migration.md)\n";

/* Tested on Debian 12 (CMake 3.25, hipcc 5.2) with hipcc and with HIPCXX=clang++-15, and for HIP on NVIDIA
 * with nvcc 13 (tests/build). */
static const char cmake_hip_block[] =
    "# hipify-c: HIP sources built as C++ by hipcc, which works with Debian's ROCm packages and with ROCm.\n"
    "# CMake's HIP language (enable_language(HIP)) needs ROCm's own directory layout and fails on Debian.\n"
    "# Compiler: -DCMAKE_CXX_COMPILER=..., else $HIPCXX, else hipcc. Included before project() by the\n"
    "# migrated CMakeLists.txt; drop that include() to use the HIP language instead.\n"
    "if(CMAKE_VERSION VERSION_LESS 3.19)\n"
    "  message(FATAL_ERROR \"the hipify-c HIP block needs CMake 3.19 or newer (cmake_language(DEFER))\")\n"
    "endif()\n"
    "# Once per configure, however many CMakeLists.txt of the project include it (a subproject's, a top-level\n"
    "# file's for an included .cmake that enables CUDA): the walk from the first one covers every directory.\n"
    "get_property(hipify_hip_included GLOBAL PROPERTY HIPIFY_HIP_MODULE)\n"
    "if(hipify_hip_included)\n"
    "  return()\n"
    "endif()\n"
    "set_property(GLOBAL PROPERTY HIPIFY_HIP_MODULE ON)\n"
    "# HIP on NVIDIA (-DCMAKE_HIP_PLATFORM=nvidia, or HIP_PLATFORM=nvidia in the environment): nvcc builds the HIP\n"
    "# sources as CUDA sources (CMake's CUDA language, CMAKE_CUDA_ARCHITECTURES), the host compiler the rest.\n"
    "if(NOT DEFINED CMAKE_HIP_PLATFORM AND \"$ENV{HIP_PLATFORM}\" STREQUAL \"nvidia\")\n"
    "  set(CMAKE_HIP_PLATFORM nvidia)\n"
    "endif()\n"
    "if(CMAKE_HIP_PLATFORM STREQUAL \"nvidia\")\n"
    "  # after project(): CUDA, and HIP's package for NVIDIA (hip::host: HIP's headers, CUDA's runtime)\n"
    "  file(WRITE \"${CMAKE_BINARY_DIR}/hipify_hip_nvidia.cmake\" \"enable_language(CUDA)\\nfind_package(hip REQUIRED)\\n\"\n"
    "       \"if(NOT DEFINED CMAKE_HIP_COMPILER)\\n  set(CMAKE_HIP_COMPILER \\\"\\${CMAKE_CUDA_COMPILER}\\\")\\nendif()\\n\")\n"
    "  set(CMAKE_PROJECT_INCLUDE \"${CMAKE_BINARY_DIR}/hipify_hip_nvidia.cmake\")\n"
    "elseif(NOT DEFINED CMAKE_CXX_COMPILER)\n"
    "  if(DEFINED ENV{HIPCXX})\n"
    "    set(CMAKE_CXX_COMPILER \"$ENV{HIPCXX}\")\n"
    "  else()\n"
    "    find_program(HIPIFY_HIPCC hipcc HINTS /opt/rocm/bin REQUIRED)\n"
    "    set(CMAKE_CXX_COMPILER \"${HIPIFY_HIPCC}\")\n"
    "  endif()\n"
    "endif()\n"
    "# The compiler of HIP sources, which the migrated file tests where it tested CMAKE_CUDA_COMPILER.\n"
    "if(NOT DEFINED CMAKE_HIP_COMPILER AND NOT CMAKE_HIP_PLATFORM STREQUAL \"nvidia\")\n"
    "  set(CMAKE_HIP_COMPILER \"${CMAKE_CXX_COMPILER}\")\n"
    "endif()\n"
    "if(NOT CMAKE_HIP_PLATFORM STREQUAL \"nvidia\")\n"
    "  # after project(): HIP's package, for the hip::host the migration links where the original linked CUDA's\n"
    "  # runtime or driver by name (target_link_libraries(x cuda)) and found no CUDA package\n"
    "  file(WRITE \"${CMAKE_BINARY_DIR}/hipify_hip_amd.cmake\" \"if(NOT TARGET hip::host)\\n  find_package(hip QUIET)\\nendif()\\n\")\n"
    "  set(CMAKE_PROJECT_INCLUDE \"${CMAKE_BINARY_DIR}/hipify_hip_amd.cmake\")\n"
    "endif()\n"
    "set(CMAKE_HIP_ARCHITECTURES \"@ARCHS@\" CACHE STRING \"AMD GPU targets of HIP sources\")\n"
    "# The per-configuration flags CMake's HIP language defines (its Clang defaults), which a migrated file\n"
    "# reads where it read CMAKE_CUDA_FLAGS_<CONFIG> (a CUDA language enabled defines those): without them it\n"
    "# would read an empty value. The configuration's C++ (AMD) or CUDA (NVIDIA) flags are what compiles.\n"
    "set(CMAKE_HIP_FLAGS_DEBUG \"-g\" CACHE STRING \"HIP flags of the DEBUG configuration\")\n"
    "set(CMAKE_HIP_FLAGS_RELEASE \"-O3 -DNDEBUG\" CACHE STRING \"HIP flags of the RELEASE configuration\")\n"
    "set(CMAKE_HIP_FLAGS_RELWITHDEBINFO \"-O2 -g -DNDEBUG\" CACHE STRING \"HIP flags of the RELWITHDEBINFO configuration\")\n"
    "set(CMAKE_HIP_FLAGS_MINSIZEREL \"-Os -DNDEBUG\" CACHE STRING \"HIP flags of the MINSIZEREL configuration\")\n"
    "# Flags hipcc adds by itself, spelled out for a plain clang++.\n"
    "function(hipify_hip_driver_flags compile_out link_out)\n"
    "  set(c \"\")\n"
    "  set(l \"\")\n"
    "  if(NOT CMAKE_CXX_COMPILER MATCHES \"hipcc\")\n"
    "    if(DEFINED ENV{ROCM_PATH})\n"
    "      set(rocm \"$ENV{ROCM_PATH}\")\n"
    "    elseif(EXISTS /usr/include/hip/hip_runtime.h)\n"
    "      set(rocm /usr)\n"
    "    else()\n"
    "      set(rocm /opt/rocm)\n"
    "    endif()\n"
    "    find_path(HIPIFY_DEVICE_LIBS ockl.bc NO_DEFAULT_PATH PATHS \"${rocm}/amdgcn/bitcode\"\n"
    "              \"${rocm}/lib/${CMAKE_LIBRARY_ARCHITECTURE}/amdgcn/bitcode\" \"${rocm}/lib/amdgcn/bitcode\")\n"
    "    set(c \"--rocm-path=${rocm}\" \"--rocm-device-lib-path=${HIPIFY_DEVICE_LIBS}\")\n"
    "    set(l --hip-link \"--rocm-path=${rocm}\" \"-L${rocm}/lib/${CMAKE_LIBRARY_ARCHITECTURE}\" \"-L${rocm}/lib\")\n"
    "  endif()\n"
    "  set(${compile_out} \"${c}\" PARENT_SCOPE)\n"
    "  set(${link_out} \"${l}\" PARENT_SCOPE)\n"
    "endfunction()\n"
    "# Keeps the GPU targets the compiler can build (Debian's clang 15 has no gfx942), naming those dropped.\n"
    "function(hipify_hip_usable_archs out)\n"
    "  include(CheckCXXCompilerFlag)\n"
    "  hipify_hip_driver_flags(driver_flags unused)\n"
    "  string(REPLACE \";\" \" \" driver_flags \"${driver_flags}\")\n"
    "  set(usable \"\")\n"
    "  foreach(arch IN LISTS ARGN)\n"
    "    string(MAKE_C_IDENTIFIER \"HIPIFY_HIP_ARCH_${arch}\" var)\n"
    "    check_cxx_compiler_flag(\"-x hip ${driver_flags} --offload-arch=${arch}\" ${var})\n"
    "    if(${var})\n"
    "      list(APPEND usable \"${arch}\")\n"
    "    else()\n"
    "      message(WARNING \"hipify-c: ${CMAKE_CXX_COMPILER} cannot build for ${arch}; skipped\")\n"
    "    endif()\n"
    "  endforeach()\n"
    "  set(${out} \"${usable}\" PARENT_SCOPE)\n"
    "endfunction()\n"
    "# HIP on NVIDIA: nvcc's spelling of the options the migration wrote for clang, and host-compiler options\n"
    "# (-fPIC, -fopenmp, -Wl,...) through -Xcompiler, as hipcc passes them.\n"
    "function(hipify_hip_nvcc_flags out)\n"
    "  set(nv \"\")\n"
    "  foreach(f IN LISTS ARGN)\n"
    "    if(f STREQUAL \"-ffast-math\")\n"
    "      set(f --use_fast_math)\n"
    "    elseif(f STREQUAL \"-gline-tables-only\")\n"
    "      set(f -lineinfo)\n"
    "    elseif(f MATCHES \"^-fgpu-default-stream=(.*)$\")\n"
    "      set(f \"--default-stream=${CMAKE_MATCH_1}\")\n"
    "    elseif(f STREQUAL \"-save-temps\")\n"
    "      set(f -keep)\n"
    "    elseif(f STREQUAL \"-Rpass-analysis=kernel-resource-usage\")\n"
    "      set(f --resource-usage)\n"
    "    elseif(f STREQUAL \"-fgpu-rdc\")\n"
    "      set(f -rdc=true)\n"
    "    elseif(f STREQUAL \"-fno-gpu-rdc\")\n"
    "      set(f -rdc=false)\n"
    "    elseif(f MATCHES \"^-f(no-)?gpu-flush-denormals-to-zero$\")\n"
    "      set(f --ftz=true)\n"
    "      if(CMAKE_MATCH_1)\n"
    "        set(f --ftz=false)\n"
    "      endif()\n"
    "    elseif(f STREQUAL \"-ffp-contract=off\")\n"
    "      set(f --fmad=false)\n"
    "    elseif(f STREQUAL \"-ffp-contract=fast\")\n"
    "      set(f --fmad=true)\n"
    "    elseif(f MATCHES \"^-f(no-)?hip-fp32-correctly-rounded-divide-sqrt$\")\n"
    "      set(f --prec-div=true --prec-sqrt=true)\n"
    "      if(CMAKE_MATCH_1)\n"
    "        set(f --prec-div=false --prec-sqrt=false)\n"
    "      endif()\n"
    "    elseif(f STREQUAL \"-pthread\" OR f MATCHES \"^-Wl,\" OR (f MATCHES \"^-f\" AND NOT f MATCHES \"^-(fmad|ftz|fgpu-|forward-|ffp-contract|fhip-|fno-gpu-|fno-hip-)\"))\n"
    "      set(f \"-Xcompiler=${f}\")\n"
    "    endif()\n"
    "    list(APPEND nv \"${f}\")\n"
    "  endforeach()\n"
    "  set(${out} \"${nv}\" PARENT_SCOPE)\n"
    "endfunction()\n"
    "# HIP on NVIDIA: the target's HIP sources become CUDA sources with the HIP flags in nvcc's spelling;\n"
    "# CUDA's shared runtime, the one hip::host links.\n"
    "# HIP on NVIDIA: a target gets HIP's headers for NVIDIA, the platform macro and CUDA's runtime from hip::host,\n"
    "# once (a property, not a second target_link_libraries signature)\n"
    "function(hipify_hip_nvidia_host t)\n"
    "  get_target_property(libs ${t} LINK_LIBRARIES)\n"
    "  list(FIND libs hip::host linked)\n"
    "  if(NOT TARGET hip::host OR linked GREATER -1)\n"
    "    return()\n"
    "  endif()\n"
    "  set_property(TARGET ${t} APPEND PROPERTY LINK_LIBRARIES hip::host)\n"
    "  get_target_property(type ${t} TYPE)\n"
    "  if(type STREQUAL \"STATIC_LIBRARY\")\n"
    "    set_property(TARGET ${t} APPEND PROPERTY INTERFACE_LINK_LIBRARIES \"$<LINK_ONLY:hip::host>\")\n"
    "  endif()\n"
    "endfunction()\n"
    "function(hipify_hip_nvidia_target t srcs flags std rdc_default)\n"
    "  # what clang accepts by default and nvcc only when asked (the migration drops these nvcc options)\n"
    "  hipify_hip_nvcc_flags(nv --extended-lambda --expt-relaxed-constexpr ${flags})\n"
    "  set_source_files_properties(${srcs} TARGET_DIRECTORY ${t} PROPERTIES LANGUAGE CUDA)\n"
    "  set_property(SOURCE ${srcs} TARGET_DIRECTORY ${t} APPEND PROPERTY COMPILE_OPTIONS ${nv})\n"
    "  set_target_properties(${t} PROPERTIES CUDA_RUNTIME_LIBRARY Shared)\n"
    "  # hipcc gives every HIP source HIP's headers; nvcc gets them from hip::host\n"
    "  hipify_hip_nvidia_host(${t})\n"
    "  if(std)\n"
    "    set_target_properties(${t} PROPERTIES CUDA_STANDARD ${std})\n"
    "  endif()\n"
    "  # linked by the host compiler as on AMD, so the project's C++ flags (-fopenmp) reach the link\n"
    "  get_target_property(linker ${t} LINKER_LANGUAGE)\n"
    "  if(NOT linker)\n"
    "    set_target_properties(${t} PROPERTIES LINKER_LANGUAGE CXX)\n"
    "  endif()\n"
    "  if(DEFINED CMAKE_CUDA_ARCHITECTURES)\n"
    "    set_target_properties(${t} PROPERTIES CUDA_ARCHITECTURES \"${CMAKE_CUDA_ARCHITECTURES}\")\n"
    "  endif()\n"
    "  get_target_property(rdc ${t} HIP_SEPARABLE_COMPILATION)\n"
    "  if(rdc STREQUAL \"rdc-NOTFOUND\")\n"
    "    set(rdc \"${rdc_default}\")\n"
    "  endif()\n"
    "  if(rdc)\n"
    "    set_target_properties(${t} PROPERTIES CUDA_SEPARABLE_COMPILATION ON)\n"
    "  endif()\n"
    "endfunction()\n"
    "# On AMD: CMAKE_HIP_FLAGS without nvcc's GPU-target options (-gencode, -arch, -code, long forms), which a\n"
    "# project computes at configure time (Caffe's caffe_select_nvcc_arch_flags) where the migration cannot\n"
    "# see them; clang stops at them, and the targets come from HIP_ARCHITECTURES.\n"
    "function(hipify_hip_drop_nvcc_archs out)\n"
    "  set(kept \"\")\n"
    "  set(skip OFF)\n"
    "  foreach(f IN LISTS ARGN)\n"
    "    if(skip)\n"
    "      set(skip OFF)\n"
    "    elseif(f MATCHES \"^(-gencode|--generate-code|-arch|--gpu-architecture|-code|--gpu-code)$\")\n"
    "      set(skip ON)\n"
    "    elseif(NOT f MATCHES \"^(-gencode|--generate-code|-arch|--gpu-architecture|-code|--gpu-code)=\")\n"
    "      list(APPEND kept \"${f}\")\n"
    "    endif()\n"
    "  endforeach()\n"
    "  set(${out} \"${kept}\" PARENT_SCOPE)\n"
    "endfunction()\n"
    "# Gives every HIP source (.cu, .hip, or LANGUAGE HIP) of every target the HIP compile options.\n"
    "function(hipify_hip_sources dir)\n"
    "  get_property(subdirs DIRECTORY \"${dir}\" PROPERTY SUBDIRECTORIES)\n"
    "  foreach(sub IN LISTS subdirs)\n"
    "    hipify_hip_sources(\"${sub}\")\n"
    "  endforeach()\n"
    "  get_property(targets DIRECTORY \"${dir}\" PROPERTY BUILDSYSTEM_TARGETS)\n"
    "  get_directory_property(flags DIRECTORY \"${dir}\" DEFINITION CMAKE_HIP_FLAGS)\n"
    "  get_directory_property(rdc_default DIRECTORY \"${dir}\" DEFINITION CMAKE_HIP_SEPARABLE_COMPILATION)\n"
    "  separate_arguments(flags UNIX_COMMAND \"${flags}\")\n"
    "  hipify_hip_driver_flags(driver_compile driver_link)\n"
    "  foreach(t IN LISTS targets)\n"
    "    get_target_property(type ${t} TYPE)\n"
    "    if(type STREQUAL \"UTILITY\")\n"
    "      continue()\n"
    "    endif()\n"
    "    get_target_property(srcs ${t} SOURCES)\n"
    "    get_target_property(tdir ${t} SOURCE_DIR)\n"
    "    set(hip_srcs \"\")\n"
    "    set(cxx_srcs \"\")\n"
    "    foreach(s IN LISTS srcs)\n"
    "      if(NOT IS_ABSOLUTE \"${s}\" AND NOT s MATCHES \"^\\\\$<\")\n"
    "        set(s \"${tdir}/${s}\")\n"
    "      endif()\n"
    "      get_source_file_property(lang \"${s}\" TARGET_DIRECTORY ${t} LANGUAGE)\n"
    "      # a .cu file reads as CUDA once CUDA is enabled (HIP on NVIDIA enables it)\n"
    "      if(lang STREQUAL \"HIP\" OR ((NOT lang OR lang STREQUAL \"CUDA\") AND s MATCHES \"\\\\.(cu|hip)$\"))\n"
    "        list(APPEND hip_srcs \"${s}\")\n"
    "      elseif(lang STREQUAL \"CXX\" OR (NOT lang AND s MATCHES \"\\\\.(cpp|cc|cxx|C|c\\\\+\\\\+)$\"))\n"
    "        list(APPEND cxx_srcs \"${s}\")\n"
    "      endif()\n"
    "    endforeach()\n"
    "    # the C++ sources, which the original compiled with the host compiler: hipcc would compile them as HIP\n"
    "    # (HIP_COMPILE_CXX_AS_HIP), for its default GPU where none is named, so on AMD they say -x c++; and they\n"
    "    # get the platform macro HIP's headers need outside HIP (what hip::host and hipconfig --cpp_config give)\n"
    "    if(cxx_srcs AND NOT CMAKE_HIP_PLATFORM STREQUAL \"nvidia\")\n"
    "      if(CMAKE_CXX_COMPILER MATCHES \"hipcc\")\n"
    "        set_property(SOURCE ${cxx_srcs} TARGET_DIRECTORY ${t} APPEND PROPERTY COMPILE_OPTIONS -x c++)\n"
    "      endif()\n"
    "      # clang stops at a braced initialiser that narrows a non-constant value, which the host compiler that\n"
    "      # built them (GCC) only warns about\n"
    "      if(CMAKE_CXX_COMPILER_ID STREQUAL \"Clang\")\n"
    "        set_property(SOURCE ${cxx_srcs} TARGET_DIRECTORY ${t} APPEND PROPERTY COMPILE_OPTIONS\n"
    "                     -Wno-error=c++11-narrowing)\n"
    "      endif()\n"
    "      set_property(SOURCE ${cxx_srcs} TARGET_DIRECTORY ${t} APPEND PROPERTY COMPILE_DEFINITIONS\n"
    "                   __HIP_PLATFORM_HCC__=1 __HIP_PLATFORM_AMD__=1)\n"
    "    elseif(cxx_srcs)\n"
    "      # on NVIDIA the host compiler builds them, as on AMD hipcc builds every C++ source with HIP's headers\n"
    "      # and links HIP's runtime: what FindCUDA's cuda_add_executable gave a target of C++ sources alone\n"
    "      hipify_hip_nvidia_host(${t})\n"
    "    endif()\n"
    "    # what the target gives its HIP sources: the C++ sources' on AMD, the CUDA sources' on NVIDIA (where an\n"
    "    # option of the form $<$<COMPILE_LANGUAGE:HIP>:-opt> is spelled for nvcc)\n"
    "    set(hip_lang CXX)\n"
    "    if(CMAKE_HIP_PLATFORM STREQUAL \"nvidia\")\n"
    "      set(hip_lang CUDA)\n"
    "    endif()\n"
    "    foreach(p COMPILE_OPTIONS COMPILE_DEFINITIONS INCLUDE_DIRECTORIES INTERFACE_COMPILE_OPTIONS)\n"
    "      get_target_property(v ${t} ${p})\n"
    "      if(v AND v MATCHES \"COMPILE_LANGUAGE:HIP\")\n"
    "        set(mapped \"\")\n"
    "        set(depth 0)\n"
    "        foreach(item IN LISTS v)\n"
    "          # on NVIDIA each flag of a $<$<COMPILE_LANGUAGE:HIP>:...> expression in nvcc's spelling, also when the\n"
    "          # expression holds a list (a variable of flags) and so spans items: depth counts its open '$<'\n"
    "          if(hip_lang STREQUAL \"CUDA\" AND p MATCHES \"OPTIONS$\")\n"
    "            set(head \"\")\n"
    "            set(body \"${item}\")\n"
    "            if(depth EQUAL 0 AND body MATCHES \"^(\\\\$<\\\\$<COMPILE_LANGUAGE:HIP>:)(.*)$\")\n"
    "              set(head \"${CMAKE_MATCH_1}\")\n"
    "              set(body \"${CMAKE_MATCH_2}\")\n"
    "              set(depth 1)\n"
    "            endif()\n"
    "            if(depth GREATER 0)\n"
    "              string(REGEX MATCHALL \"\\\\$<\" opens \"${body}\")\n"
    "              string(REGEX MATCHALL \">\" closes \"${body}\")\n"
    "              list(LENGTH opens no)\n"
    "              list(LENGTH closes nc)\n"
    "              if(body MATCHES \"^([^$<>]+)(>*)$\")\n"
    "                set(closing \"${CMAKE_MATCH_2}\")\n"
    "                hipify_hip_nvcc_flags(f \"${CMAKE_MATCH_1}\")\n"
    "                set(item \"${head}${f}${closing}\")\n"
    "              endif()\n"
    "              math(EXPR depth \"${depth} + ${no} - ${nc}\")\n"
    "              if(depth LESS 0)\n"
    "                set(depth 0)\n"
    "              endif()\n"
    "            endif()\n"
    "          endif()\n"
    "          string(REPLACE \"COMPILE_LANGUAGE:HIP\" \"COMPILE_LANGUAGE:${hip_lang}\" item \"${item}\")\n"
    "          list(APPEND mapped \"${item}\")\n"
    "        endforeach()\n"
    "        set_target_properties(${t} PROPERTIES ${p} \"${mapped}\")\n"
    "      endif()\n"
    "    endforeach()\n"
    "    # an interface library (a header-only one) hands its options on to the targets that link it\n"
    "    if(NOT hip_srcs OR type STREQUAL \"INTERFACE_LIBRARY\")\n"
    "      continue()\n"
    "    endif()\n"
    "    get_target_property(std ${t} HIP_STANDARD)\n"
    "    if(NOT std)\n"
    "      get_directory_property(std DIRECTORY \"${dir}\" DEFINITION CMAKE_HIP_STANDARD)\n"
    "    endif()\n"
    "    get_target_property(cxx_std ${t} CXX_STANDARD)\n"
    "    if(std AND NOT cxx_std)\n"
    "      set_target_properties(${t} PROPERTIES CXX_STANDARD ${std})\n"
    "    endif()\n"
    "    # no HIP standard: nvcc compiled these sources in its own default, C++17, whatever the C++ standard\n"
    "    # (hipcc's default is C++11, CMake hands CUDA sources CXX_STANDARD), unless that is newer\n"
    "    set(std17 \"\")\n"
    "    if(NOT std AND (NOT cxx_std OR cxx_std MATCHES \"^(98|11|14)$\"))\n"
    "      set(std17 -std=c++17)\n"
    "      if(cxx_std)\n"
    "        set(std 17)\n"
    "      endif()\n"
    "    endif()\n"
    "    if(CMAKE_HIP_PLATFORM STREQUAL \"nvidia\")\n"
    "      hipify_hip_nvidia_target(${t} \"${hip_srcs}\" \"${flags}\" \"${std}\" \"${rdc_default}\")\n"
    "      continue()\n"
    "    endif()\n"
    "    get_target_property(archs ${t} HIP_ARCHITECTURES)\n"
    "    if(NOT archs)\n"
    "      set(archs \"${CMAKE_HIP_ARCHITECTURES}\")\n"
    "    endif()\n"
    "    hipify_hip_usable_archs(archs ${archs})\n"
    "    list(TRANSFORM archs PREPEND \"--offload-arch=\")\n"
    "    hipify_hip_drop_nvcc_archs(amd_flags ${flags})\n"
    "    set(options -x hip ${driver_compile} ${archs} ${std17} ${amd_flags})\n"
    "    get_target_property(rdc ${t} HIP_SEPARABLE_COMPILATION)\n"
    "    if(rdc STREQUAL \"rdc-NOTFOUND\")\n"
    "      set(rdc \"${rdc_default}\")\n"
    "    endif()\n"
    "    if(rdc)\n"
    "      list(APPEND options -fgpu-rdc)\n"
    "      target_link_options(${t} PUBLIC -fgpu-rdc --hip-link ${archs})\n"
    "    endif()\n"
    "    set_source_files_properties(${hip_srcs} TARGET_DIRECTORY ${t} PROPERTIES LANGUAGE CXX)\n"
    "    set_property(SOURCE ${hip_srcs} TARGET_DIRECTORY ${t} APPEND PROPERTY COMPILE_OPTIONS ${options})\n"
    "    set_target_properties(${t} PROPERTIES LINKER_LANGUAGE CXX)\n"
    "    if(driver_link)\n"
    "      target_link_options(${t} PRIVATE ${driver_link} ${archs})\n"
    "    endif()\n"
    "  endforeach()\n"
    "endfunction()\n"
    "cmake_language(DEFER DIRECTORY \"${CMAKE_CURRENT_SOURCE_DIR}\" CALL hipify_hip_sources \"${CMAKE_CURRENT_SOURCE_DIR}\")\n"
    "# end of the hipify-c HIP module\n";

/* With a port that calls libhipify_shim (hc_run_facts.links_shim): after the walk, every executable and shared or
 * module library links it, as the Makefile block's -lhipify_shim does. */
static const char cmake_shim_link[] =
    "# The port calls CUDA APIs HIP lacks through libhipify_shim (docs/shim.md): executables and shared\n"
    "# libraries link it (CMAKE_LIBRARY_PATH or CMAKE_PREFIX_PATH name where it is).\n"
    "function(hipify_hip_link_shim dir)\n"
    "  get_property(subdirs DIRECTORY \"${dir}\" PROPERTY SUBDIRECTORIES)\n"
    "  foreach(sub IN LISTS subdirs)\n"
    "    hipify_hip_link_shim(\"${sub}\")\n"
    "  endforeach()\n"
    "  get_property(targets DIRECTORY \"${dir}\" PROPERTY BUILDSYSTEM_TARGETS)\n"
    "  foreach(t IN LISTS targets)\n"
    "    get_target_property(type ${t} TYPE)\n"
    "    if(type MATCHES \"^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY)$\")\n"
    "      set_property(TARGET ${t} APPEND PROPERTY LINK_LIBRARIES \"${HIPIFY_SHIM_LIBRARY}\")\n"
    "    endif()\n"
    "  endforeach()\n"
    "endfunction()\n"
    "cmake_language(DEFER DIRECTORY \"${CMAKE_CURRENT_SOURCE_DIR}\" CALL find_library HIPIFY_SHIM_LIBRARY hipify_shim REQUIRED)\n"
    "cmake_language(DEFER DIRECTORY \"${CMAKE_CURRENT_SOURCE_DIR}\" CALL hipify_hip_link_shim \"${CMAKE_CURRENT_SOURCE_DIR}\")\n";

char *hc_build_cmake_hip_block(const hc_options *opt, bool links_shim) {
    char archs[512];
    hc_build_arch_list(opt, archs, sizeof archs);
    const char *at = strstr(cmake_hip_block, "@ARCHS@");
    const char *end = strstr(cmake_hip_block, "# end of the hipify-c HIP module");
    const char *shim = links_shim ? cmake_shim_link : "";
    size_t head = (size_t)(at - cmake_hip_block), alen = strlen(archs), mid = (size_t)(end - (at + 7)),
           slen = strlen(shim), tail = strlen(end);
    char *s = malloc(head + alen + mid + slen + tail + 1);
    if (!s) return NULL;
    char *p = s;
    memcpy(p, cmake_hip_block, head), p += head;
    memcpy(p, archs, alen), p += alen;
    memcpy(p, at + 7, mid), p += mid;
    memcpy(p, shim, slen), p += slen;
    memcpy(p, end, tail + 1);
    return s;
}

/* ---- the HIP module for Makefiles ---- */

/* Words that name a CUDA installation: left unchanged, flagged (HC4003). */
const char *const hc_build_cuda_path_words[] = {"CUDA_PATH", "CUDA_HOME", "CUDA_ROOT", "CUDA_DIR",
                                                "CUDA_INSTALL_PATH", "CUDA_TOOLKIT_ROOT_DIR", "/usr/local/cuda"};
const size_t hc_build_ncuda_path_words = COUNT_OF(hc_build_cuda_path_words);

const char hc_build_make_hip_marker[] = "# hipify-c: HIP settings of this Makefile, set before its own (docs/build-migration.md).";
const char hc_build_make_module_name[] = "hipify-hip.mk";
/* The directory of the including Makefile (the last one make has read when it reads this line), so the
 * port builds with make -C, make -f dir/Makefile or from its own directory. */
const char hc_build_make_include[] =
    "include $(dir $(lastword $(MAKEFILE_LIST)))hipify-hip.mk # hipify-c: HIP settings (docs/build-migration.md)\n";

/* The module's make functions, written into hipify-hip.mk and, for automake's Makefile.am, substituted by
 * configure (hc_build_autoconf_hip_block): one text for both. */
#define MK_HOST_FLAGS "$(if $(filter nvidia,$(HIP_PLATFORM)),$(if $(strip $(1)),-Xcompiler " \
                      "$(subst $() ,$(hipify_comma),$(strip $(1)))),$(1))"
#define MK_GPU_ARCH "$(if $(filter nvidia,$(HIP_PLATFORM)),$(2),$(1))"
#define MK_GPU_FLAG "$(hipify_gpu_arch)"

/* HIP's headers stop with #error unless a platform macro is defined: hipcc defines it, a host compiler
 * building a ported .cpp does not, so hipconfig's preprocessor flags are appended to the file's flag
 * variables (pass_makefile.c). HIP on NVIDIA has no libamdhip64: its runtime is CUDA's. Tested with
 * Debian's hipconfig 5.2 (amd and HIP_PLATFORM=nvidia) in tests/build/lit/make-block.test. */
static const char make_hip_block[] =
    "# hipify-c: HIP settings of this Makefile, set before its own (docs/build-migration.md).\n"
    "# HIP_PLATFORM (amd or nvidia) comes from the command line or the environment, else from hipconfig.\n"
    "HIPCONFIG ?= hipconfig\n"
    "ifeq ($(origin HIP_PLATFORM),undefined)\n"
    "HIP_PLATFORM := $(shell $(HIPCONFIG) --platform 2>/dev/null || echo amd)\n"
    "endif\n"
    "# The platform macro and HIP's include directories: hipcc adds them itself, the host compiler needs them.\n"
    "ifeq ($(origin HIP_CPP_CONFIG),undefined)\n"
    "HIP_CPP_CONFIG := $(shell HIP_PLATFORM=$(HIP_PLATFORM) $(HIPCONFIG) --cpp_config 2>/dev/null || "
    "echo -D__HIP_PLATFORM_$(if $(filter nvidia,$(HIP_PLATFORM)),NVIDIA,AMD)__)\n"
    "endif\n"
    "# The runtime libraries: HIP on NVIDIA runs on CUDA's own runtime and driver.\n"
    "ifeq ($(HIP_PLATFORM),nvidia)\n"
    "HIP_RUNTIME_LIB ?= cudart\n"
    "HIP_DRIVER_LIB ?= cuda\n"
    "else\n"
    "HIP_RUNTIME_LIB ?= amdhip64\n"
    "HIP_DRIVER_LIB ?= amdhip64\n"
    "endif\n"
    "# Host-compiler options of a compile line: nvcc (HIP on NVIDIA) takes them through -Xcompiler, clang bare.\n"
    "hipify_comma := ,\n"
    "hipify_host_flags = " MK_HOST_FLAGS "\n"
    "# GPU targets of a compile line: $(call hipify_gpu_arch,AMD,NVIDIA), the --offload-arch list for clang,\n"
    "# the original's nvcc options (-gencode ...) for nvcc.\n"
    "hipify_gpu_arch = " MK_GPU_ARCH "\n"
    "# Other nvcc options of a compile line: $(call hipify_gpu_flag,CLANG,NVCC), clang's spelling (empty for an\n"
    "# option clang does without), the option as written for nvcc; the same choice as hipify_gpu_arch.\n"
    "hipify_gpu_flag = " MK_GPU_FLAG "\n";

const char hc_build_make_hip_end[] = "# end of the hipify-c HIP block\n";

/* A compile line that names no target: hipcc then builds for HCC_AMDGPU_TARGET, else for what
 * rocm_agent_enumerator finds, else for clang's default (gfx803 with Debian's hipcc 5.2 on a machine
 * without an AMD GPU). With targets given to hipify-c (--offload-arch) the module sets the variable to
 * them unless the environment has it; without, hipcc chooses as before. nvcc ignores it. */
/* block, then (with targets given) head, the target list with commas (hipcc splits the variable at commas) and
 * its export, then the end marker; the make and autoconf blocks differ only in block and head. */
static char *hip_block_with_targets(const hc_options *opt, const char *block_text, const char *head) {
    char list[512] = "";
    if (opt && opt->noffload_archs) {
        size_t k = (size_t)snprintf(list, sizeof list, "%s", head);
        hc_build_arch_list(opt, list + k, sizeof list - k);
        for (char *c = list + k; *c; c++)
            if (*c == ';') *c = ',';
        k = strlen(list);
        snprintf(list + k, sizeof list - k, "\nexport HCC_AMDGPU_TARGET\n");
    }
    size_t size = strlen(block_text) + strlen(list) + sizeof hc_build_make_hip_end;
    char *block = malloc(size);
    if (block) snprintf(block, size, "%s%s%s", block_text, list, hc_build_make_hip_end);
    return block;
}

char *hc_build_make_hip_block(const hc_options *opt) {
    return hip_block_with_targets(opt, make_hip_block,
                                  "# GPU targets of a compile line that names none (hipcc reads HCC_AMDGPU_TARGET; nvcc ignores it)\n"
                                  "HCC_AMDGPU_TARGET ?= ");
}

/* ---- the HIP block of an autoconf configure script (configure.ac, configure.in) ---- */

const char hc_build_autoconf_hip_marker[] = "# hipify-c: HIP settings of the Makefiles, which configure substitutes";

/* configure decides the platform once and substitutes the make module's variables and functions into every
 * Makefile automake writes (an AC_SUBST variable is defined at the top of each Makefile.in, before the
 * Makefile.am's own ':=' assignments that call the functions; automake would read an included module's
 * ifeq/else/endif as its own conditionals). Shell only, no brackets: they are m4's quotes. */
static const char autoconf_hip_block[] =
    "# hipify-c: HIP settings of the Makefiles, which configure substitutes (docs/build-migration.md).\n"
    "# HIP_PLATFORM (amd or nvidia) comes from the environment, else from hipconfig, else amd; make's command\n"
    "# line can still override it.\n"
    "AC_ARG_VAR([HIP_PLATFORM], [HIP platform: amd or nvidia (default: hipconfig --platform, else amd)])\n"
    "AC_ARG_VAR([HIPCONFIG], [the hipconfig program (default: hipconfig)])\n"
    "test -n \"$HIPCONFIG\" || HIPCONFIG=hipconfig\n"
    "test -n \"$HIP_PLATFORM\" || HIP_PLATFORM=`$HIPCONFIG --platform 2>/dev/null`\n"
    "test -n \"$HIP_PLATFORM\" || HIP_PLATFORM=amd\n"
    "# The platform macro and HIP's include directories for sources the host compiler builds.\n"
    "test -n \"$HIP_CPP_CONFIG\" || HIP_CPP_CONFIG=`HIP_PLATFORM=$HIP_PLATFORM $HIPCONFIG --cpp_config 2>/dev/null`\n"
    "if test -z \"$HIP_CPP_CONFIG\"; then\n"
    "  if test \"$HIP_PLATFORM\" = nvidia; then HIP_CPP_CONFIG=-D__HIP_PLATFORM_NVIDIA__; "
    "else HIP_CPP_CONFIG=-D__HIP_PLATFORM_AMD__; fi\n"
    "fi\n"
    "# The runtime libraries: HIP on NVIDIA runs on CUDA's own runtime and driver.\n"
    "if test \"$HIP_PLATFORM\" = nvidia; then HIP_RUNTIME_LIB=cudart HIP_DRIVER_LIB=cuda; "
    "else HIP_RUNTIME_LIB=amdhip64 HIP_DRIVER_LIB=amdhip64; fi\n"
    "# The make functions of compile lines (hipify-hip.mk): host-compiler options, GPU targets, other nvcc options.\n"
    "hipify_comma=','\n"
    "hipify_host_flags='" MK_HOST_FLAGS "'\n"
    "hipify_gpu_arch='" MK_GPU_ARCH "'\n"
    "hipify_gpu_flag='" MK_GPU_FLAG "'\n"
    "AC_SUBST([HIP_CPP_CONFIG])\n"
    "AC_SUBST([HIP_RUNTIME_LIB])\n"
    "AC_SUBST([HIP_DRIVER_LIB])\n"
    "AC_SUBST([hipify_comma])\n"
    "AC_SUBST([hipify_host_flags])\n"
    "AC_SUBST([hipify_gpu_arch])\n"
    "AC_SUBST([hipify_gpu_flag])\n";

char *hc_build_autoconf_hip_block(const hc_options *opt) { /* hipcc reads the variable for a compile line that names no target */
    return hip_block_with_targets(opt, autoconf_hip_block,
                                  "AC_ARG_VAR([HCC_AMDGPU_TARGET], [AMD GPU targets of compile lines that name none])\n"
                                  "test -n \"$HCC_AMDGPU_TARGET\" || HCC_AMDGPU_TARGET=");
}
