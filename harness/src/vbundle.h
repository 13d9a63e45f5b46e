/* vbundle.h: the bundle of `hipify-harness validate`: packed stages, the staged spec and the harness, made
 * here and unpacked on the GPU machine. It builds and runs nothing under test. */
#ifndef HARNESS_VBUNDLE_H
#define HARNESS_VBUNDLE_H

#include <stddef.h>

#include "harness.h"
#include "report.h"
#include "vspec.h"

/* Packs each staged program into its work folder, then copies the archives, a staged spec naming them and the
 * harness into --bundle, or refuses (writing nothing there) when the whole would exceed BUNDLE_LIMIT_BYTES.
 * Adds one "(bundle)" row to results. notes_path (or NULL): the platform differences table, copied as
 * B/platform_differences.tsv, where the run (--work B) finds it. */
void vbundle_make(const harness_options *o, vprogram *staged, size_t count, const char *notes_path,
                  result_set *results);
/* Makes p's staged folder available: unpacks STAGE.tar.gz next to it when only the archive is there.
 * Returns 0 when the folder exists, or -1 with the reason in why. */
int vbundle_unpack_stage(const vprogram *p, char *why, size_t why_size);

#endif
