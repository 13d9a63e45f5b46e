/* buildmap.h: the tables and helpers shared by the CMake and Makefile migrations (nvcc options, CUDA
 * libraries, CMake words, the HIP block written into a migrated top-level CMakeLists.txt). It does not
 * parse build files: pass_cmake.c and pass_makefile.c do. */
#ifndef HC_BUILDMAP_H
#define HC_BUILDMAP_H
#include "unit.h"

/* One CUDA library and its HIP counterparts (build_libraries.def). Empty strings: none. */
typedef struct hc_build_lib {
    const char *cuda_lib;    /* -l name: "cublas" */
    const char *hip_lib;     /* "hipblas" */
    const char *cuda_target; /* "CUDA::cublas" */
    const char *hip_target;  /* "roc::hipblas" */
    const char *hip_package; /* find_package name: "hipblas" */
    const char *findcuda_var;/* FindCUDA variable: "CUDA_CUBLAS_LIBRARIES" */
    const char *link_symbol; /* a function the HIP library exports: "hipblasCreate" */
} hc_build_lib;

/* Lookups; name need not be NUL-terminated. A trailing _static is ignored. NULL when unknown. */
const hc_build_lib *hc_build_lib_by_name(const char *name, size_t len);
const hc_build_lib *hc_build_lib_by_target(const char *target, size_t len); /* "CUDA::cublas_static" */
const hc_build_lib *hc_build_lib_by_var(const char *var, size_t len);
/* The library whose CUDA -l name starts a CUDA function's name (cublasInit: cublas; the longest, cublasLt
 * before cublas), among those with a link symbol. */
const hc_build_lib *hc_build_lib_by_function(const char *name, size_t len);

/* CMake word renames (build_cmake_vars.def): the longest table word starting at text[0, len) that ends on
 * a word boundary; its length in *wlen, its HIP word in *hip ("" for a CUDA-installation reference to flag). */
const char *hc_cmake_word_at(const char *text, size_t len, size_t *wlen, const char **hip);

/* A word of a build command line: text[off, off+len). */
typedef struct hc_build_word {
    uint32_t off, len;
} hc_build_word;

/* Translates the nvcc options among words (one command line or one flags variable). With arch_flags,
 * the first -arch/-gencode of a statement becomes the --offload-arch list and later ones are removed
 * (*arch_done remembers it); without, all are removed because the targets come from elsewhere (CMake's
 * HIP_ARCHITECTURES). Proposes HC_PRIO_BUILD edits, counts hits under "<prefix>:<option>", reports
 * options without equivalent (HC4002). Returns 0 or -1 (out of memory). */
int hc_build_translate_flags(hc_unit *u, const hc_build_word *w, size_t n, bool arch_flags, bool *arch_done,
                             const char *prefix, const char *host_call);
/* host_call: a make function that wraps host-compiler options for the platform (the Makefile block's
 * hipify_host_flags): -Xcompiler "$(CFLAGS)" becomes $(call host_call,$(CFLAGS)). NULL: the options
 * are written bare, which only clang takes. With host_call (a Makefile with the HIP module) and
 * arch_flags, each target option becomes the module's $(call hipify_gpu_arch,AMD,NVIDIA): the
 * --offload-arch list ("" after the first of a statement) on AMD, the option itself on NVIDIA. */

/* "--offload-arch=gfx90a --offload-arch=..." (sep " ") or "gfx90a;gfx942" (list) for the targets in the
 * options (default gfx90a;gfx942;gfx1100), written into buf. */
const char *hc_build_offload_flags(const hc_options *opt, char *buf, size_t size);
const char *hc_build_arch_list(const hc_options *opt, char *buf, size_t size);

/* The HIP module of a migrated CMake project (hc_build_cmake_module_name, carried beside the top-level
 * CMakeLists.txt by the front end), with the AMD target list filled in and, when the port calls
 * libhipify_shim (links_shim), its link; malloc'd, NULL on out-of-memory. docs/build-migration.md
 * explains it. */
char *hc_build_cmake_hip_block(const hc_options *opt, bool links_shim);
/* The module's first line, by which a run recognises the module itself (and a top-level file of older
 * ports that holds the same text inline) as HIP already. */
extern const char hc_build_cmake_hip_marker[];
/* "cmake/hipify-hip.cmake": where the module goes, relative to the CMakeLists.txt that includes it. */
extern const char hc_build_cmake_module_name[];
/* The line inserted before project() of a migrated top-level CMakeLists.txt: it includes the module. */
extern const char hc_build_cmake_include[];

/* The HIP module of a migrated Makefile that has rules (HIP_PLATFORM, HIP_CPP_CONFIG, HIP_RUNTIME_LIB,
 * HIP_DRIVER_LIB, hipify_host_flags, hipify_gpu_arch, and HCC_AMDGPU_TARGET from the options' AMD
 * targets for compile lines that name none), carried beside it by the front end as
 * hc_build_make_module_name; malloc'd, NULL on out-of-memory. Its first and last lines (ports made
 * before the module hold the same text inline at the top of the Makefile). */
char *hc_build_make_hip_block(const hc_options *opt);
extern const char hc_build_make_hip_marker[];
extern const char hc_build_make_hip_end[];
/* "hipify-hip.mk", and the line inserted before the first statement of the Makefile to include it. */
extern const char hc_build_make_module_name[];
extern const char hc_build_make_include[];

/* The HIP block inserted after AC_INIT of a migrated configure.ac (pass_autoconf.c): the platform, the
 * module's variables and make functions, substituted into every Makefile automake writes; malloc'd, NULL on
 * out-of-memory. Its first line marks a migrated file; it ends with hc_build_make_hip_end. */
char *hc_build_autoconf_hip_block(const hc_options *opt);
extern const char hc_build_autoconf_hip_marker[];
/* The path names an autoconf script (configure.ac, configure.in) or the configure script autoconf generates,
 * which pass_autoconf.c migrates. */
bool hc_is_autoconf_path(const char *path);
/* Words that name a CUDA installation (CUDA_PATH, /usr/local/cuda): build files flag them (HC4003). */
extern const char *const hc_build_cuda_path_words[];
extern const size_t hc_build_ncuda_path_words;

#endif
