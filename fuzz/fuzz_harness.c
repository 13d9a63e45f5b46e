/* fuzz_harness.c: libFuzzer target for the validation harness's spec reader and path rules: the input is a
 * spec file (JSON with comments) read by vspec_load, whose programs are then checked against a scratch work
 * folder by vpaths_check_program; the raw input also goes through the key scanner and, line by line, through
 * the relative-path rules and path_resolve. After each run it checks the rules' promises; a broken one aborts.
 * It builds, runs and deletes nothing (the checks only read the file system); it compares no outputs.
 *
 * The scratch folder holds a tree, a work folder and a link into the tree, so that relative paths in the
 * input ("tree", "../w", "link/..") meet real folders and links. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vkeys.h"
#include "vpaths.h"
#include "vspec.h"

/* The scratch root and the spec's path in it, made once by LLVMFuzzerInitialize. */
static char base[PATH_MAX];
static char spec_path[PATH_MAX + 32];
static char work[PATH_MAX + 32];

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_harness: invariant broken: %s\n", what);
        abort();
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(base, sizeof base, "%s/hipify-fuzz-harness-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    require(mkdtemp(base) != NULL, "scratch folder made");
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/tree", base);
    require(mkdir(path, 0755) == 0, "tree made");
    snprintf(path, sizeof path, "%s/tree/sub", base);
    require(mkdir(path, 0755) == 0, "tree/sub made");
    snprintf(work, sizeof work, "%s/w", base);
    require(mkdir(work, 0755) == 0, "work made");
    snprintf(path, sizeof path, "%s/link", base);
    require(symlink("tree/sub", path) == 0, "link made");
    snprintf(spec_path, sizeof spec_path, "%s/spec.json", base);
    require(chdir(base) == 0, "entered the scratch folder");
    return 0;
}

/* A relative path the rules accepted must stay where they promise. */
static void check_relative_rules(const char *path)
{
    char error[600];
    int ups = 0;
    char *normal = vspec_normalize(path, &ups);
    if (vpaths_check_relative("exe", path, false, true, error, sizeof error) == 0 && path) {
        require(path[0] != '/', "an accepted inside path is relative");
        require(normal && ups == 0, "an accepted inside path does not climb");
        require(normal && strcmp(normal, ".") != 0, "an accepted file path names something below the folder");
    }
    if (vpaths_check_relative("files", path, true, true, error, sizeof error) == 0 && path && normal) {
        size_t parts = 1;
        for (const char *c = normal; *c; c++)
            parts += *c == '/';
        require(strcmp(normal, ".") != 0 && (size_t)ups < parts, "an accepted input is not the tree or above it");
    }
    if (normal) {
        /* normalised: no "." component, ".." only leading */
        int seen_name = 0;
        char *copy = strdup(normal), *save = NULL;
        require(copy != NULL, "memory");
        for (char *part = strtok_r(copy, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
            if (!strcmp(part, ".."))
                require(!seen_name, "'..' only leads a normalised path");
            else
                seen_name = 1;
            require(strcmp(part, ".") != 0 || !strcmp(normal, "."), "no '.' inside a normalised path");
        }
        free(copy);
    }
    free(normal);
    char *resolved = path_resolve(path);
    if (resolved) {
        require(resolved[0] == '/', "a resolved path is absolute");
        require(hc_path_within(resolved, resolved) && hc_path_within(resolved, "/"), "containment is reflexive");
    }
    free(resolved);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(spec_path, "wb");
    require(f != NULL, "spec written");
    fwrite(data, 1, size, f);
    fclose(f);
    char error[1200];
    char *text = malloc(size + 1);
    require(text != NULL, "memory");
    memcpy(text, data, size);
    text[size] = '\0';
    vkeys_check("spec.json", text, size, error, sizeof error);
    /* Each line of the input as a path too. */
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (strlen(line) < 512)
            check_relative_rules(line);
    }
    free(text);
    vspec spec;
    if (vspec_load(spec_path, &spec, error, sizeof error) == 0) {
        char *resolved_work = path_resolve(work);
        require(resolved_work != NULL, "the work folder resolves");
        for (size_t i = 0; i < spec.count; i++) {
            const vprogram *p = &spec.programs[i];
            if (p->staged) {
                vpaths_check_staged(p, work, error, sizeof error);
                continue;
            }
            for (int s = 0; s < 2; s++) {
                int ups = 0;
                char *normal = vspec_normalize(p->exe[s], &ups);
                require(normal && ups == 0 && strcmp(normal, "."), "a loaded executable path stays in its folder");
                free(normal);
            }
            if (vpaths_check_program(p, work, error, sizeof error) == 0) {
                char *tree = path_resolve(p->tree);
                require(tree && !path_overlaps(tree, resolved_work), "an accepted tree lies apart from WORK");
                free(tree);
                for (size_t k = 0; k < p->files.count; k++) {
                    char *joined = NULL;
                    if (asprintf(&joined, "%s/%s", p->tree, p->files.items[k]) < 0)
                        joined = NULL;
                    char *input = joined ? path_resolve(joined) : NULL;
                    require(input && !path_overlaps(input, resolved_work), "an accepted input lies apart from WORK");
                    free(input);
                    free(joined);
                }
            }
        }
        free(resolved_work);
        vspec_free(&spec);
    }
    return 0;
}
