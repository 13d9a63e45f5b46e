/* compare.h: element-by-element comparison of two recordings (e.g. the CUDA run and the HIP run) under a
 * program policy, with a mismatch report. It does not read files or print tables (report.c does). */
#ifndef HARNESS_COMPARE_H
#define HARNESS_COMPARE_H

#include <stdint.h>
#include <stdio.h>

#include "policy.h"
#include "recfile.h"

#define COMPARE_FIRST_MISMATCHES 5

typedef struct buffer_result {
    char *name;
    hc_dtype dtype;
    uint64_t count;
    uint64_t mismatches;
    double max_abs, max_rel, max_ulp; /* over all elements (inf where a NaN or infinity differs) */
    int first_count;
    uint64_t first_index[COMPARE_FIRST_MISMATCHES];
    double first_a[COMPARE_FIRST_MISMATCHES], first_b[COMPARE_FIRST_MISMATCHES];
    tolerance tol;
    int passed;
    char *problem; /* structural problem (missing on one side, other type or size), or NULL */
} buffer_result;

typedef struct comparison {
    buffer_result *buffers;
    size_t buffer_count;
    int passed;
    int failed_checks[2];     /* CPU-reference checks failed by side A and side B */
    double worst_check[2];    /* largest CPU-reference error seen on each side */
    int incomplete[2];        /* a recording without its END record */
    double max_abs, max_rel, max_ulp; /* over every buffer */
} comparison;

/* Compares every buffer of a with the buffer of the same name in b (a buffer only one side has fails), and
 * requires both sides' CPU-reference checks to pass. Returns 0, or -1 when out of memory. */
int compare_recordings(const recording *a, const recording *b, const program_policy *policy, comparison *out);
void comparison_free(comparison *c);
/* Writes the mismatch report (only failing buffers, or all when verbose) for humans. */
void comparison_print(FILE *out, const char *program, const comparison *c, const char *label_a, const char *label_b,
                      int verbose);

/* The floating-point rule for one pair of values (dtype F32 or F64 picks the ULP grid): equal, both NaN, or
 * within any enabled bound. Fills the three errors (infinite where a NaN or infinity differs); 1 when it passes. */
int compare_values(double a, double b, hc_dtype dtype, tolerance tol, double *abs_err, double *rel_err,
                   double *ulp_err);

/* ULP distance between two finite values of the same type; exposed for the unit test. */
double ulp_distance_f32(float a, float b);
double ulp_distance_f64(double a, double b);

#endif
