/* hip_install.c: finds the HIP installation a port will be built against, and its version. The port is
 * translated for that installation: its version is the default target (--hip-version) and its include
 * directory is where the library headers the port includes must be (HC1124). Reads files; translates
 * nothing. */
#include "cli.h"
#include "output.h"
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* True when root/include holds HIP's headers; writes root/include into incdir. */
static bool is_installation(const char *root, char *incdir, size_t size) {
    char probe[PATH_MAX + 32];
    struct stat st;
    if (!root || !root[0]) return false;
    snprintf(probe, sizeof probe, "%s/include/hip/hip_version.h", root);
    if (stat(probe, &st) != 0 || !S_ISREG(st.st_mode)) return false;
    int n = snprintf(incdir, size, "%s/include", root);
    return n > 0 && (size_t)n < size;
}

int hc_hip_install_find(const char *given, char *incdir, size_t size) {
    if (given) return is_installation(given, incdir, size) ? 1 : 0;
    /* The order hipcc itself uses: the environment first, then ROCm's default prefix, then a
     * distribution's (Debian installs HIP under /usr). */
    const char *const roots[] = {getenv("ROCM_PATH"), getenv("HIP_PATH"), "/opt/rocm", "/usr"};
    for (size_t i = 0; i < COUNT_OF(roots); i++)
        if (is_installation(roots[i], incdir, size)) return 1;
    return 0;
}

bool hc_hip_library_location(const char *root, char *incdir, size_t size) {
    struct stat st;
    int n = snprintf(incdir, size, "%s/include", root);
    return n > 0 && (size_t)n < size && stat(incdir, &st) == 0 && S_ISDIR(st.st_mode);
}

hc_version hc_hip_install_version(const char *incdir) {
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/hip/hip_version.h", incdir);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    unsigned major = 0, minor = 0, patch = 0, v;
    char line[256], name[64];
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "#define %63s %u", name, &v) != 2) continue;
        if (!strcmp(name, "HIP_VERSION_MAJOR")) major = v;
        else if (!strcmp(name, "HIP_VERSION_MINOR")) minor = v;
        else if (!strcmp(name, "HIP_VERSION_PATCH")) patch = v;
    }
    fclose(f);
    return major ? HC_VERSION(major, minor, patch > 255 ? 0 : patch) : 0;
}

/* The target installation (--hip-path, else the one found) gives the default --hip-version and the
 * include directory HC1124 checks; --hip-path none keeps the found version and turns the check off.
 * Returns -1 after printing when --hip-path names no installation. */
static int resolve_hip_target(hc_port_opts *po) {
    bool none = false;
    for (size_t i = 0; i < po->hip_paths.n; i++) none |= strcmp(po->hip_paths.v[i], "none") == 0;
    char incdir[sizeof po->hip_include];
    /* several locations: the first HIP installation among them is the target; the others hold libraries
     * installed apart from HIP (hipBLAS under its own prefix), whose headers count as present */
    const char *install = NULL;
    for (size_t i = 0; i < po->hip_paths.n && !none && !install; i++)
        if (hc_hip_install_find(po->hip_paths.v[i], incdir, sizeof incdir)) install = po->hip_paths.v[i];
    for (size_t i = 0; i < po->hip_paths.n && !none; i++) {
        char libdir[sizeof po->hip_include];
        if (po->hip_paths.v[i] != install && !hc_hip_library_location(po->hip_paths.v[i], libdir, sizeof libdir)) {
            hc_out_printf(stderr, "hipify-c: --hip-path: no HIP installation in '%s' (include/hip/hip_version.h not found)\n",
                          po->hip_paths.v[i]);
            return -1;
        }
    }
    if (!install && !hc_hip_install_find(NULL, incdir, sizeof incdir)) incdir[0] = '\0';
    if (!po->hip_version_given && incdir[0]) po->opt.hip_version = hc_hip_install_version(incdir);
    if (none || !incdir[0]) return 0;
    snprintf(po->hip_include, sizeof po->hip_include, "%s", incdir);
    po->hip_include_dirs = calloc(po->hip_paths.n + 1, sizeof *po->hip_include_dirs);
    if (!po->hip_include_dirs) return -1;
    po->hip_include_dirs[0] = po->hip_include;
    po->nhip_include_dirs = 1;
    for (size_t i = 0; i < po->hip_paths.n; i++) {
        char libdir[sizeof po->hip_include];
        if (po->hip_paths.v[i] == install || !hc_hip_library_location(po->hip_paths.v[i], libdir, sizeof libdir)) continue;
        if (!(po->hip_include_dirs[po->nhip_include_dirs] = strdup(libdir))) return -1;
        po->nhip_include_dirs++;
    }
    return 0;
}

int hc_port_hip_target(hc_port_opts *po) {
    if (po->hip_target_known) return 0; /* once a port: it fills the port's include directories */
    int rc = resolve_hip_target(po);
    po->hip_target_known = rc == 0;
    return rc;
}
