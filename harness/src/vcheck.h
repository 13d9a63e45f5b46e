/* vcheck.h: runs one staged program of `hipify-harness validate` (both sides, each in a fresh copy of its run
 * folder, with a time limit) and compares exit status, stdout/stderr and declared output files. It builds
 * nothing and writes no report file (validate.c and report.c do). */
#ifndef HARNESS_VCHECK_H
#define HARNESS_VCHECK_H

#include <stdio.h>

#include "report.h"
#include "vspec.h"

/* Standard output, standard error and text outputs larger than this are not compared line by line: a larger
 * pair passes only when byte-identical, and the report says so. Memory stays bounded by twice this. */
#define VCHECK_TEXT_LIMIT (64ull * 1024 * 1024)
/* Raw and .npy outputs larger than this are not read (each element becomes a double): ERROR, said so. */
#define VCHECK_ARRAY_LIMIT (256ull * 1024 * 1024)

/* Runs and compares p (staged form), using run_base/NAME/run for the run folders. The run folders are
 * kept when the result is not PASS, so that a difference can be inspected; both sides' stdout and stderr
 * (run/cuda.stdout, ...) are kept always, so a reviewer sees what was compared. timeout: seconds per run
 * that replace the spec's (0: the spec's). Adds one row (step "validate") to results: PASS, FAIL (also when a
 * side was not built), PLATFORM or ERROR, with the differences found. Progress and differences are printed
 * to out. Returns 0, or -1 when out of memory. */
int vcheck_program(const vprogram *p, const char *run_base, double timeout, FILE *out, result_set *results);

#endif
