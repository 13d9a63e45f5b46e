/* cmake_roots.c: finds the top-level CMakeLists.txt of a run that must include the CMake HIP module because
 * a CMake file below it was migrated without getting the include (no project() there). It reads results; it
 * translates nothing, and a top-level file outside the run is not looked for (HC4001 says so at the file). */
#include "cli.h"
#include "buildmap.h"

#include <string.h>

/* Length of the directory part of a relative path ("src/cuda/model.cmake": 8; "CMakeLists.txt": 0). */
static size_t dir_len(const char *rel) {
    const char *slash = strrchr(rel, '/');
    return slash ? (size_t)(slash - rel) : 0;
}

static bool is_cmakelists(const char *rel) {
    const char *base = rel + dir_len(rel) + (strchr(rel, '/') ? 1 : 0);
    return strcmp(base, "CMakeLists.txt") == 0;
}

/* The directory of ancestor (dlen bytes of it) holds rel, at any depth. */
static bool holds(const char *ancestor, size_t dlen, const char *rel) {
    return dlen == 0 || (strncmp(ancestor, rel, dlen) == 0 && rel[dlen] == '/');
}

static bool has_include(const hc_file_result *r) {
    return r->output && memmem(r->output, r->output_len, hc_build_cmake_module_name, strlen(hc_build_cmake_module_name));
}

size_t hc_cmake_module_roots(const struct hc_job_list *jobs, const hc_file_result *results, bool *out) {
    size_t marked = 0;
    for (size_t i = 0; i < jobs->n; i++) {
        const hc_file_result *r = &results[i];
        if (r->kind != HC_FILE_CMAKE || !r->changed || has_include(r)) continue;
        const char *rel = jobs->v[i].rel_path;
        size_t best = jobs->n, best_len = 0;
        for (size_t j = 0; j < jobs->n; j++) {
            const char *top = jobs->v[j].rel_path;
            size_t dl = dir_len(top);
            if (results[j].kind != HC_FILE_CMAKE || jobs->v[j].root != jobs->v[i].root || !is_cmakelists(top) ||
                !holds(top, dl, rel) || (best < jobs->n && dl >= best_len))
                continue;
            best = j, best_len = dl;
        }
        if (best == jobs->n || best == i || out[best] || has_include(&results[best])) continue;
        out[best] = true;
        marked++;
    }
    return marked;
}
