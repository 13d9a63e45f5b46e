/* include_reach.c: reports includes the port cannot reach when it is built: a CUDA Samples helper
 * header that stays CUDA because it is not among the ported files (HC1123), a HIP library header
 * that the target HIP installation lacks (HC1124), and a project header that takes the place of a CUDA
 * header HIP's NVIDIA headers include (HC1163). It changes no text; the facts come from tables
 * (mappings/sdk_helpers.def, mappings/hip_libraries.def, mappings/hip_nvidia_headers.def) and from the
 * file system. */
#include "include_reach.h"
#include "paths.h"
#include "util.h"

#include <limits.h>
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

typedef struct nvidia_include {
    const char *header, *includer;
} nvidia_include;

static const nvidia_include nvidia_includes[] = {
#define HC_NVIDIA_INCLUDE(header, includer) {header, includer},
#include "../../mappings/hip_nvidia_headers.def"
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

/* Directory names projects keep shared headers in and pass with -I (cuda-samples' Common/, the SDK's
 * common/inc, include/): a helper there, beside an ancestor directory of the includer, is the one the
 * project's build finds. A copy elsewhere (rodinia's hybridsort/helper_cuda.h) belongs to another program. */
static const char *const include_dir_names[] = {"Common", "common", "inc", "include", "includes", "helpers"};

static bool is_include_dir_name(const char *name) {
    for (size_t i = 0; i < COUNT_OF(include_dir_names); i++)
        if (!strcmp(name, include_dir_names[i])) return true;
    return false;
}

/* realpath of dir + "/" + rel into out; false when it does not exist. */
static bool resolve_under(const char *dir, const char *rel, char *out) {
    char joined[PATH_MAX];
    int n = snprintf(joined, sizeof joined, "%s/%s", dir, rel);
    return n > 0 && (size_t)n < sizeof joined && realpath(joined, out) != NULL;
}

/* True when the include `spelled` in the file being translated finds the ported copy at candidate
 * (its real path): beside the includer or relative to it, through a -I directory of the run, or in a
 * conventional include directory (include_dir_names) whose parent is an ancestor of the includer. */
static bool finds_copy(const hc_unit *u, const char *spelled, const char *candidate) {
    char includer_dir[PATH_MAX], real_dir[PATH_MAX], got[PATH_MAX];
    hc_path_dir(u->path, includer_dir, sizeof includer_dir);
    if (resolve_under(includer_dir, spelled, got) && !strcmp(got, candidate)) return true;
    const char *const *args = u->opt->clang_args;
    for (size_t i = 0; i < u->opt->nclang_args; i++) {
        const char *dir = NULL;
        if (!strncmp(args[i], "-I", 2) && args[i][2]) dir = args[i] + 2;
        else if (!strcmp(args[i], "-I") && i + 1 < u->opt->nclang_args) dir = args[++i];
        if (dir && resolve_under(dir, spelled, got) && !strcmp(got, candidate)) return true;
    }
    /* the directory a -I would name for this spelling: candidate without the spelled tail */
    char tail[PATH_MAX], root[PATH_MAX], parent[PATH_MAX];
    snprintf(tail, sizeof tail, "%s", spelled);
    hc_path_normalize(tail);
    if (!strncmp(tail, "../", 3) || !hc_path_ends_with(candidate, tail) || strlen(candidate) <= strlen(tail)) return false;
    snprintf(root, sizeof root, "%.*s", (int)(strlen(candidate) - strlen(tail) - 1), candidate);
    if (!is_include_dir_name(hc_path_base(root))) return false;
    hc_path_dir(root, parent, sizeof parent);
    if (!realpath(includer_dir, real_dir)) return false;
    size_t lp = strlen(parent);
    return !strcmp(parent, "/") || (!strncmp(real_dir, parent, lp) && (real_dir[lp] == '/' || real_dir[lp] == '\0'));
}

/* True when one of the ported files is the copy of the helper that this include finds. */
static bool ports_copy(const hc_unit *u, const char *spelled, const char *name) {
    for (size_t i = 0; i < u->run->ninput_paths; i++) {
        const char *p = u->run->input_paths[i];
        char real[PATH_MAX];
        if (strcmp(hc_path_base(p), name) != 0 || !realpath(p, real)) continue;
        if (finds_copy(u, spelled, real)) return true;
    }
    return false;
}

void hc_check_sdk_helper(hc_unit *u, uint32_t off, const char *path, size_t plen) {
    if (!u->run->input_paths || !u->path || plen >= PATH_MAX) return;
    char spelled[PATH_MAX];
    memcpy(spelled, path, plen);
    spelled[plen] = '\0';
    const char *base = hc_path_base(spelled);
    for (size_t i = 0; i < COUNT_OF(sdk_helpers); i++) {
        const sdk_helper *h = &sdk_helpers[i];
        if (strcmp(h->name, base) != 0) continue;
        if (!ports_copy(u, spelled, h->name)) hc_unit_diag(u, HC_D_SDK_HELPER_OUTSIDE, off, h->name, h->name, h->holds);
        return;
    }
}

bool hc_include_beside(const hc_unit *u, const char *path, size_t plen) {
    if (!u->path) return false;
    const char *slash = strrchr(u->path, '/');
    size_t dlen = slash ? (size_t)(slash - u->path) + 1 : 0;
    char full[4096];
    if (dlen + plen + 1 > sizeof full) return false;
    memcpy(full, u->path, dlen);
    memcpy(full + dlen, path, plen);
    full[dlen + plen] = '\0';
    struct stat st;
    return stat(full, &st) == 0 && S_ISREG(st.st_mode);
}

void hc_check_hip_header(hc_unit *u, uint32_t off, const char *target, bool quoted) {
    const char *dir = u->run->hip_include_dir;
    if (!dir || !target[0]) return;
    const hip_library *lib = NULL;
    for (size_t i = 0; i < COUNT_OF(hip_libraries) && !lib; i++)
        if (strncmp(target, hip_libraries[i].prefix, strlen(hip_libraries[i].prefix)) == 0) lib = &hip_libraries[i];
    if (!lib) return;
    size_t ndirs = u->run->nhip_include_dirs ? u->run->nhip_include_dirs : 1;
    char full[4096], where[4096] = "";
    for (size_t i = 0; i < ndirs; i++) {
        const char *d = u->run->nhip_include_dirs ? u->run->hip_include_dirs[i] : dir;
        struct stat st;
        int n = snprintf(full, sizeof full, "%s/%s", d, target);
        if (n < 0 || (size_t)n >= sizeof full || (stat(full, &st) == 0 && S_ISREG(st.st_mode))) return;
        size_t used = strlen(where);
        snprintf(where + used, sizeof where - used, "%s%s", i ? ":" : "", d);
    }
    if (quoted && hc_include_beside(u, target, strlen(target))) return;
    hc_unit_diag(u, HC_D_HIP_HEADER_MISSING, off, target, target, lib->library, where, lib->remedy);
}

void hc_check_shadowing_name(hc_unit *u) {
    if (!u->path || !u->len) return;
    const char *base = hc_path_base(u->path);
    for (size_t i = 0; i < COUNT_OF(nvidia_includes); i++)
        if (!strcmp(base, nvidia_includes[i].header)) {
            hc_unit_diag(u, HC_D_NVIDIA_HEADER_SHADOWED, 0, base, base, nvidia_includes[i].includer);
            return;
        }
}
