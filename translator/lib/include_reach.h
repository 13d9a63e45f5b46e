/* include_reach.h: whether the headers a port includes will be there when it is built: a CUDA Samples
 * helper header outside the ported files, a HIP library header the target installation lacks. It only
 * reports (HC1123, HC1124); pass_includes.c decides what the include becomes. */
#ifndef HC_INCLUDE_REACH_H
#define HC_INCLUDE_REACH_H
#include "unit.h"

/* True when a file called path[0, plen) lies in the including file's directory: a quoted include then names
 * the project's own header (a math_functions.h of its own), which the compiler finds first. */
bool hc_include_beside(const hc_unit *u, const char *path, size_t plen);

/* path[0, plen) is what the file includes, at byte offset off. Reports HC1123 when it names a CUDA
 * Samples helper header (mappings/sdk_helpers.def) and no ported file (hc_run_facts.input_paths; no check
 * when the caller gave none) is the copy the include finds: beside or relative to the includer, through a
 * -I directory, or in a Common/, inc/ or include/ directory beside an ancestor of the includer. */
void hc_check_sdk_helper(hc_unit *u, uint32_t off, const char *path, size_t plen);

/* target is the header the port includes in place of a CUDA header the tables know. Reports HC1124
 * when a library of the HIP stack provides it (mappings/hip_libraries.def) and the target installation
 * (hc_run_facts.hip_include_dir; no check when NULL) does not have it. quoted: a "..." include, which a
 * file of that name beside the includer satisfies. */
void hc_check_hip_header(hc_unit *u, uint32_t off, const char *target, bool quoted);
/* Reports HC1163 at the top of a file named like a CUDA header that HIP's NVIDIA headers include with <...>
 * (mappings/hip_nvidia_headers.def: cuda.h, cuda_runtime.h...): on the include path it shadows CUDA's. */
void hc_check_shadowing_name(hc_unit *u);
#endif
