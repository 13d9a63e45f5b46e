/* pass_warp.c: the warp-size pass: finds code that assumes 32-lane warps and rewrites what it can prove safe,
 * by running the warp_*.c modules in order over one file's tokens; it renames no API and parses no C++. */
#include "warp_scan.h"

#include <stdlib.h>
#include <string.h>

int hc_pass_warp(hc_unit *u) {
    warp_scan w;
    memset(&w, 0, sizeof w);
    warp_lookups look;
    memset(&look, 0, sizeof look);
    w.look = &look;
    w.u = u;
    w.text = u->text;
    w.n = u->toks.n; /* under 2^32: inputs over 64 MiB are refused before tokenizing */
    w.last_hazard = NO_POS;
    w.first_diag = hc_unit_next_diag(u);
    int rc = -1;
    if (hc_code_analyze(u) < 0 || warp_build_name_index(&w) < 0 || warp_build_scopes(&w) < 0) goto done;
    warp_gather_vars(&w);
    if (w.oom || warp_index_vars(&w) < 0) goto done;
    if (warp_link_scopes(&w) < 0 || warp_index_calls(&w) < 0) goto done;
    warp_gather_consts(&w);
    if (w.oom || warp_index_consts(&w) < 0 || warp_build_context(&w) < 0) goto done;
    warp_classify_vars(&w);
    warp_check_consts(&w);
    for (size_t i = first_code(&w); i < w.n && !w.oom; i = nx(&w, i)) {
        if (tk(&w, i)->flags & HC_TOKF_INACTIVE) continue;
        warp_check_lane_arithmetic(&w, i);
        if (warp_mask_intrinsic_at(&w, i)) warp_check_mask_arguments(&w, i);
        warp_check_ballot_cast(&w, i);
        warp_check_bitcount(&w, i);
        warp_check_shuffle_loop(&w, i);
        warp_check_shuffle_literals(&w, i);
        warp_check_shared_steps(&w, i);
        warp_check_array_bound(&w, i);
        warp_check_lane_subscript(&w, i);
        warp_check_launch_shared(&w, i);
        warp_check_warpsize_assumed(&w, i);
        warp_check_mask_compare(&w, i);
        warp_check_lane_bit(&w, i);
    }
    warp_check_ballot_vars(&w);
    warp_check_ballot_params(&w);
    warp_check_ballot_returns(&w);
    if (w.oom) goto done;
    warp_settle_blocked_scopes(&w);
    rc = u->opt->fix_warp_size ? warp_apply_fixes(&w) : 0;
    if (w.oom) rc = -1;
done:
    free(w.fn_scopes);
    free(w.def_scopes);
    free(w.scopes);
    free(w.vars);
    free(w.consts);
    free(w.fixes);
    free(w.reported);
    free(w.const_hazards);
    free(w.idents);
    free(w.callees);
    free(w.arrays);
    free(w.names);
    free(w.calls);
    free(w.calls_start);
    free(w.var_slots);
    free(w.init_parent);
    free(w.init_vars);
    free(w.init_vars_start);
    free(w.const_index);
    free(w.array_index);
    free(look.sub_stop);
    free(look.const_stop);
    free(look.paren_of);
    return rc;
}
