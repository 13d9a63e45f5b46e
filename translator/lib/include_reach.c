/* include_reach.c: reports includes the port cannot reach when it is built: a CUDA Samples helper
 * header that stays CUDA because it is not among the ported files (HC1123), and a HIP library header
 * that the target HIP installation lacks (HC1124). It changes no text; both facts come from tables
 * (mappings/sdk_helpers.def, mappings/hip_libraries.def) and from the file system. */
#include "include_reach.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct sdk_helper {
    const char *name;
    const char *holds;
} sdk_helper;

static const sdk_helper sdk_helpers[] = {
#define HC_SDK_HELPER(name, holds) {name, holds},
#include "../../mappings/sdk_helpers.def"
#undef HC_SDK_HELPER
};

typedef struct hip_library {
    const char *prefix;
    const char *library;
    const char *remedy; /* what to do when the header is missing */
} hip_library;

static const hip_library hip_libraries[] = {
#define HC_HIP_LIBRARY(prefix, library, remedy) {prefix, library, remedy},
#include "../../mappings/hip_libraries.def"
#undef HC_HIP_LIBRARY
};

static int cmp_name(const void *key, const void *elem) { return strcmp(key, *(const char *const *)elem); }

/* True when a file called base is among the ported files (input_names is sorted). */
static bool among_inputs(const hc_options *opt, const char *base) {
    return bsearch(base, opt->input_names, opt->ninput_names, sizeof *opt->input_names, cmp_name) != NULL;
}

void hc_check_sdk_helper(hc_unit *u, uint32_t off, const char *path, size_t plen) {
    if (!u->opt->input_names) return;
    const char *base = path;
    for (size_t i = 0; i < plen; i++)
        if (path[i] == '/' || path[i] == '\\') base = path + i + 1;
    size_t blen = plen - (size_t)(base - path);
    for (size_t i = 0; i < sizeof sdk_helpers / sizeof *sdk_helpers; i++) {
        const sdk_helper *h = &sdk_helpers[i];
        if (strlen(h->name) != blen || memcmp(h->name, base, blen) != 0) continue;
        if (among_inputs(u->opt, h->name)) return;
        hc_unit_diag(u, HC_D_SDK_HELPER_OUTSIDE, off, h->name, h->name, h->holds);
        return;
    }
}

static bool is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* True when a quoted include of name finds the file beside the includer (the project's own copy). */
static bool beside(const hc_unit *u, const char *name) {
    if (!u->path) return false;
    const char *slash = strrchr(u->path, '/');
    char full[4096];
    int n = snprintf(full, sizeof full, "%.*s%s", slash ? (int)(slash - u->path) + 1 : 0, u->path, name);
    return n > 0 && (size_t)n < sizeof full && is_file(full);
}

void hc_check_hip_header(hc_unit *u, uint32_t off, const char *target, bool quoted) {
    const char *dir = u->opt->hip_include_dir;
    if (!dir || !target[0]) return;
    const hip_library *lib = NULL;
    for (size_t i = 0; i < sizeof hip_libraries / sizeof *hip_libraries && !lib; i++)
        if (strncmp(target, hip_libraries[i].prefix, strlen(hip_libraries[i].prefix)) == 0) lib = &hip_libraries[i];
    if (!lib) return;
    char full[4096];
    int n = snprintf(full, sizeof full, "%s/%s", dir, target);
    if (n < 0 || (size_t)n >= sizeof full || is_file(full)) return;
    if (quoted && beside(u, target)) return;
    hc_unit_diag(u, HC_D_HIP_HEADER_MISSING, off, target, target, lib->library, dir, lib->remedy);
}
