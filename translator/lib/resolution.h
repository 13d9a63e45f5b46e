/* resolution.h: the one place where the proposals of all passes are settled: hazards a pass fixed,
 * supersession between diagnostics, suppression, the host-only rollback, and overlaps between edits by
 * priority. Passes never delete, downgrade or recognise each other's output; these steps do, by declared
 * rules. */
#ifndef HC_RESOLUTION_H
#define HC_RESOLUTION_H
#include "unit.h"

/* Shows as notes the diagnostics a pass said it fixed (hc_unit_diag_fixed). Runs first: it reads indices
 * into the diagnostics as the passes left them. */
void hc_resolve_fixed(hc_unit *u);

/* Each diagnostic that diagnostics.def says supersedes another (HC_DIAG_SUPERSEDES) removes one of those
 * at exactly its offset, the first proposed; where the row says the construct converts, the reference the
 * removed one counted as left unchanged counts as converted. Returns the number removed. */
size_t hc_resolve_supersession(hc_unit *u);

/* Drops the diagnostics of the ids the options suppress (--suppress, --no-warnings...). */
void hc_resolve_suppressed(hc_unit *u);

/* Settles whether the port uses HIP (u->uses_hip): a CUDA source, a unit fact set by a pass (runtime,
 * shim, CUDA or HIP runtime include), an edit that is not HIP-neutral, or a name of CUDA in the code
 * (hc_names_cuda). A file that does not and has HIP-neutral edits keeps its bytes: those edits move to
 * u->rolled_back (a rename's reference is taken back) with the diagnostics that go with them
 * (HC_DIAG_GOES_WITH_EDIT), and u->cuda_macros_kept is set; unless hipcc compiles the file
 * (u->compiled_by_hipcc), which keeps them and sets u->kept_for_hipcc. -1 on out-of-memory. */
int hc_resolve_host_only(hc_unit *u);

/* Sorts the edits and drops those that lose an overlap by priority (hc_edits_normalize). A rename that
 * lost did not happen when the winner keeps the text (a disable rule) or nothing covers the name any
 * more: its reference is taken back. A name replaced by another edit (an argument rewrite) stays
 * converted. -1 on out-of-memory. */
int hc_resolve_overlaps(hc_unit *u);

#endif
