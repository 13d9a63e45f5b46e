/* vcheck.h: runs one staged program of `hipify-harness validate` (both sides, each in a fresh copy of its run
 * folder, with a time limit) and compares exit status, stdout/stderr and declared output files. It builds
 * nothing and writes no report file (validate.c and report.c do). */
#ifndef HARNESS_VCHECK_H
#define HARNESS_VCHECK_H

#include <stdio.h>

#include "report.h"
#include "vspec.h"

/* Runs and compares p (staged form), using run_base/NAME/run for the run folders (kept when the result is
 * not PASS, so that a difference can be inspected). Adds one row (step "validate") to results: PASS, FAIL,
 * PLATFORM, SKIPPED (a side was not built) or ERROR, with the differences found. Progress and differences
 * are printed to out. Returns 0, or -1 when out of memory. */
int vcheck_program(const vprogram *p, const char *run_base, FILE *out, result_set *results);

#endif
