/* test_headers_complete.c: every header of the CUDA toolkit has a row in the header map (mapped to a HIP
 * header, removed, or reported as unsupported), so that no CUDA include passes silently. It reads the
 * checked-in list, and walks a CUDA include directory too when one is given and present.
 * It does not check what a row says; tests/lit/families/headers.cu does. */
#define _XOPEN_SOURCE 700
#include "mapping.h"
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static size_t checked, missing;
static size_t root_len; /* length of the include directory's path, for nftw's callback */

static void check(const char *name) {
    checked++;
    if (!hc_header_find(name, strlen(name))) {
        fprintf(stderr, "no row in mappings/headers.tsv for CUDA header <%s>\n", name);
        missing++;
    }
}

/* A file under the include directory, named as an #include spells it: files of CCCL live under cccl/,
 * which nvcc puts on the include path itself (<cub/cub.cuh>, <thrust/sort.h>, <cuda/std/atomic>). */
static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw) {
    (void)st, (void)ftw;
    if (type != FTW_F) return 0;
    const char *name = path + root_len;
    while (*name == '/') name++;
    if (strncmp(name, "cccl/", 5) == 0) name += 5;
    check(name);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: test_headers_complete LIST [CUDA_INCLUDE_DIR]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] && line[0] != '#') check(line);
    }
    fclose(f);
    size_t from_list = checked;
    struct stat st;
    if (argc > 2 && stat(argv[2], &st) == 0 && S_ISDIR(st.st_mode)) {
        root_len = strlen(argv[2]);
        if (nftw(argv[2], visit, 16, FTW_PHYS) != 0) {
            perror(argv[2]);
            return 2;
        }
        printf("%zu headers of %s\n", checked - from_list, argv[2]);
    } else if (argc > 2) {
        printf("%s not present: the checked-in list only\n", argv[2]);
    }
    printf("%zu headers of the list; %zu without a row\n", from_list, missing);
    return missing ? 1 : 0;
}
