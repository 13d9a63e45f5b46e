/* hip_install.c: finds the HIP installation a port will be built against, and its version. The port is
 * translated for that installation: its version is the default target (--hip-version) and its include
 * directory is where the library headers the port includes must be (HC1124). Reads files; translates
 * nothing. */
#include "cli.h"
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
