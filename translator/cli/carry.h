/* carry.h: puts the runtime-shim headers a port includes beside the ported files, so the port builds where
 * hipify-c was never installed. It does not translate, and never replaces a file it did not write. */
#ifndef HC_CARRY_H
#define HC_CARRY_H
#include "cli.h"
#include "hipify/hipify.h"
#include <stddef.h>

typedef struct hc_support_file {
    const char *name; /* file name, e.g. "hipify_shim.h" */
    const char *data;
    size_t len;
} hc_support_file;

/* The runtime-shim headers, embedded at build time (runtime-shim/tools/embed_headers.py). */
extern const hc_support_file hc_shim_files[];
extern const size_t hc_shim_nfiles;

/* For every written result whose output includes "hipify_shim.h", writes the shim headers into the
 * directory the output went to, unless an identical file is there. A different file of the same name is
 * left alone and reported (HC1083). Returns the number of directories that could not be served. */
int hc_carry_shim(const hc_port_opts *po, const hc_file_result *results, const hc_job_list *jobs, bool single);

/* For every written CMake or Makefile result that includes a HIP module (the include line pass_cmake.c or
 * pass_makefile.c inserts), writes the module beside it (cmake/hipify-hip.cmake, for opt's GPU targets and
 * the run's shim link (links_shim); hipify-hip.mk), unless an identical file is there; a different one is left alone
 * and reported (HC1083). Returns the number of modules that could not be written. */
int hc_carry_build_modules(const hc_port_opts *po, const hc_options *opt, bool links_shim, const hc_file_result *results,
                           const hc_job_list *jobs, bool single);

/* True when path is a shim header an earlier run carried into the tree: its name is one of the shim
 * files' and its first line is that file's first line (any version of it). Such a file is HIP already and
 * is copied as it is: translating it would make hipify_shim.h include itself. */
bool hc_carry_is_shim(const char *path);

#endif
