/* policy.h: the comparison policy (per-dtype default tolerances, per-program sidecar overrides), per-program
 * link flags, and the expected-failure list. It does not compare data or run anything. */
#ifndef HARNESS_POLICY_H
#define HARNESS_POLICY_H

#include <stddef.h>

#include "hc_record.h"

/* An element passes when it is equal, when both are NaN, or when any enabled bound holds:
 * |a-b| <= abs, |a-b| <= rel * max(|a|,|b|), or ULP distance <= ulp. A bound of 0 is disabled, so all-zero
 * means exact. Integer types are always compared exactly. */
typedef struct tolerance {
    double abs, rel, ulp;
} tolerance;

typedef struct buffer_rule {
    char *pattern; /* fnmatch glob over buffer names, first match wins */
    tolerance tol;
} buffer_rule;

/* The build steps, in the order they run; the names are used in the xfail list, logs and reports. The wave64
 * tier's steps come last: hip-cpu (a port built against AMD's HIP CPU Runtime) and run-cpu (its run). */
typedef enum build_step {
    STEP_TRANSLATE,
    STEP_CUDA,
    STEP_HIP_NVIDIA,
    STEP_HIP_AMD,
    STEP_RUN,
    STEP_HIP_CPU,
    STEP_RUN_CPU,
    STEP__COUNT
} build_step;
const char *step_name(build_step step);
int step_from_name(const char *name); /* -1 if unknown */

typedef struct program_policy {
    tolerance defaults[HC_DTYPE_U8 + 1];
    buffer_rule *rules;
    size_t rule_count;
    char *link[STEP__COUNT]; /* extra link flags per compile step (space separated), or NULL */
    char *cpu_args;          /* "hip-cpu": {"args"}: arguments of the run on the CPU (smaller inputs), or NULL */
} program_policy;

/* Fills the documented defaults, then applies the sidecar file if it exists (NULL or missing: defaults only).
 * Returns 0, or -1 with a reason in error when the sidecar is unreadable or malformed. */
int policy_load(const char *sidecar_path, program_policy *policy, char *error, size_t error_size);
void policy_free(program_policy *policy);
tolerance policy_for_buffer(const program_policy *policy, const char *buffer_name, hc_dtype dtype);

/* Applies a tolerance object ({"abs", "rel", "ulp"} non-negative numbers, or {"exact": true}) over tol:
 * fields it does not name keep their value. Returns 0, or -1 with a reason in error. */
struct cJSON;
int policy_parse_tolerance(const struct cJSON *object, tolerance *tol, char *error, size_t error_size);

typedef struct xfail_entry {
    char *program;
    build_step step;
    char *reason;
} xfail_entry;

typedef struct xfail_list {
    xfail_entry *entries;
    size_t count, capacity;
} xfail_list;

/* Reads "program<TAB>step<TAB>reason" lines ('#' starts a comment). An entry without a reason is an error:
 * every expected failure must say why. A missing file is an empty list. */
int xfail_load(const char *path, xfail_list *list, char *error, size_t error_size);
void xfail_free(xfail_list *list);
const char *xfail_reason(const xfail_list *list, const char *program, build_step step); /* NULL if not listed */

#endif
