/* vbuild.h: the build half of `hipify-harness validate` (translate, build both sides, stage). It runs no
 * program under test; vcheck.h runs and compares, vbundle.h packs the staged programs. */
#ifndef HARNESS_VBUILD_H
#define HARNESS_VBUILD_H

#include "harness.h"
#include "report.h"
#include "vspec.h"

/* Translates p's tree into WORK_ROOT/NAME/hip (unless p names a port), builds both sides with the command
 * templates and stages the executables and declared inputs into WORK_ROOT/NAME/stage. Fills staged (the
 * staged form of p; a side that could not be built carries its reason and log) and adds the translate,
 * build-cuda, build-hip and stage rows to results.
 * cpu: the wave64 tier instead: translates with --hip-kernel-execution-syntax into WORK_ROOT/NAME/hip-cpu, refuses
 * a port HIP-CPU cannot run faithfully (staged->cpu_not_runnable, the reason in skipped[SIDE_HIP]), builds it with
 * the spec's "hip-cpu" command ({hip_cpu_cxx}, {hip_cpu_libs}) and stages it into WORK_ROOT/NAME/stage-cpu; the
 * CUDA side is neither built nor staged (rows translate-cpu, build-hip-cpu, stage-cpu). */
void vbuild_program(const harness_options *o, const vprogram *p, const char *work_root, int cpu, vprogram *staged,
                    result_set *results);

#endif
