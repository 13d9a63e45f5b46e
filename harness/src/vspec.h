/* vspec.h: the program spec of `hipify-harness validate` (docs/harness.md, "Validating an unmodified program"):
 * parsing the user's spec, and the staged form that `validate build` writes next to the staged binaries and
 * inputs (WORK/validate.json, also the bundle's). It builds, runs and compares nothing. */
#ifndef HARNESS_VSPEC_H
#define HARNESS_VSPEC_H

#include <stddef.h>

#include "policy.h"
#include "util.h"

enum { SIDE_CUDA = 0, SIDE_HIP = 1 };
extern const char *const vside_names[2]; /* "cuda", "hip": spec keys, stage folders, report labels */

typedef enum output_format { OUTPUT_TEXT, OUTPUT_RAW, OUTPUT_NPY } output_format;

typedef struct output_spec {
    char *path;     /* relative to the run's working directory */
    output_format format;
    char *dtype;    /* raw only */
} output_spec;

typedef struct vprogram {
    char *name;
    /* The user's spec (absolute paths, resolved against the spec's folder). */
    char *tree;
    char *port;           /* NULL: hipify-c translates the tree */
    char *build[2];       /* command templates, run with cwd = tree / port */
    strvec files;         /* inputs, relative to the tree */
    strvec also_translate;/* folders beside or above the tree translated with it (relative to the tree) */
    /* The wave64 tier ("hip-cpu": {"build", "args"}): the build command run in the CPU port (NULL: the HIP
     * build's when it uses {hipcc}, else none), and other arguments for the CPU run (smaller inputs), which is
     * then judged by the program's own checks only. */
    char *cpu_build;
    strvec cpu_args;
    int has_cpu_args;
    /* Both forms. */
    char *exe[2];         /* user spec: relative to tree / port; staged: relative to root */
    strvec args;
    char *cwd;            /* relative to the tree (staged: to root); "." by default */
    char *stdin_path;     /* relative to the tree (staged: to root), like files; or NULL */
    strvec env;           /* "NAME=value" */
    char *setup;          /* run.setup: a shell command run in the run folder before the program, or NULL */
    strvec must_match;    /* verdict: each pattern must match a line of each side's stdout */
    strvec must_not_match;/* verdict: no line of either side's stdout may match these */
    double timeout;       /* seconds */
    int compare_exit, compare_stdout, compare_stderr;
    strvec ignore;        /* the defaults' patterns, then the program's */
    output_spec *outputs;
    size_t output_count;
    tolerance tol;        /* harness f32 defaults, then defaults.tolerance, then compare.tolerance */
    char *platform_difference; /* expect.platform_difference, or NULL */
    strvec platform_notes;     /* staged form: keys of platform_differences.tsv the CUDA sources use */
    /* Staged form only. */
    int staged;
    char *stage;          /* folder with inputs/, cuda/, hip/ (absolute once loaded) */
    char *root;           /* where the tree sits inside each of them ("." when no input lies above it) */
    char *skipped[2];     /* why a side was not built, or NULL */
    int cpu;              /* staged by `validate cpu`: side 1 is the hip-cpu build, side 0 is not run here */
    int cpu_not_runnable; /* cpu: the CPU port shows a construct HIP-CPU cannot run faithfully (skipped[1] says) */
    char *build_log[2];
} vprogram;

/* The label of side s: "cuda", and "hip", or "hip-cpu" for a program staged for the wave64 tier (its stage and
 * run folders, its stdout file and report text). */
const char *vside_name(const vprogram *p, int side);

typedef struct vspec {
    char *path;
    char *dir;            /* the spec's folder: relative paths start there */
    vprogram *programs;
    size_t count;
} vspec;

/* Reads a spec (comments allowed: the file is minified before parsing) or a staged spec. Relative tree/port/
 * stage paths become absolute. Returns 0, or -1 with "FILE: program NAME: what is wrong" in error. */
int vspec_load(const char *path, vspec *spec, char *error, size_t error_size);
void vspec_free(vspec *spec);
const vprogram *vspec_find(const vspec *spec, const char *name);

/* Writes programs in the staged form to path; stage paths are written relative to path's folder so that the
 * file and the folders it names can move together (a bundle). Returns 0 or -1. */
int vspec_write_staged(const char *path, vprogram *const *programs, size_t count);

/* Lexically normalises a relative path ("a/./b/../c" -> "a/c"); sets *ups to the number of leading ".."
 * components left. Returns NULL when out of memory or when the path is absolute. */
char *vspec_normalize(const char *path, int *ups);

#endif
