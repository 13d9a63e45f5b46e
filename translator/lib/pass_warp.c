/* pass_warp.c: the warp-size pass: finds code that assumes 32-lane warps and rewrites what it can prove safe,
 * by running the warp_*.c checks in order over one file's tokens, from the unit's value facts (values.h: the
 * index of names, scopes, variables and their classes); it renames no API and parses no C++. */
#include "warp_scan.h"

#include <stdlib.h>
#include <string.h>

/* A private copy of n elements of size bytes at v (NULL when v is NULL or memory runs out: *oom then says). */
static void *copy_of(const void *v, size_t n, size_t size, bool *oom) {
    if (!v) return NULL;
    void *c = malloc((n ? n : 1) * size);
    if (!c) *oom = true;
    else if (n) memcpy(c, v, n * size);
    return c;
}

int hc_pass_warp(hc_unit *u) {
    if (hc_values_analyze(u) < 0) return -1; /* the index and the classes: the unit's value facts */
    /* The scan starts as the shared one; what the pass marks (blocked scopes, widened variables, fixable
     * constants) goes to its own copies of those arrays, and its fixes and lookups are its own. */
    warp_scan w = *warp_shared_scan(u);
    warp_lookups look;
    memset(&look, 0, sizeof look);
    w.look = &look;
    w.first_diag = hc_unit_next_diag(u);
    bool oom = false;
    w.scopes = copy_of(w.scopes, w.nscopes, sizeof *w.scopes, &oom);
    w.vars = copy_of(w.vars, w.nvars, sizeof *w.vars, &oom);
    w.consts = copy_of(w.consts, w.nconsts, sizeof *w.consts, &oom);
    w.capscopes = w.nscopes, w.capvars = w.nvars, w.capconsts = w.nconsts;
    int rc = -1;
    if (oom || warp_build_context(&w) < 0) goto done;
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
        warp_check_multi_dim(&w, i);
    }
    warp_check_ballot_vars(&w);
    warp_check_ballot_params(&w);
    warp_check_ballot_returns(&w);
    if (w.oom) goto done;
    warp_settle_blocked_scopes(&w);
    rc = u->opt->fix_warp_size ? warp_apply_fixes(&w) : 0;
    if (w.oom) rc = -1;
done:
    free(w.scopes);
    free(w.vars);
    free(w.consts);
    free(w.fixes);
    free(w.reported);
    free(w.const_hazards);
    free(w.array_index);
    free(look.sub_stop);
    free(look.const_stop);
    free(look.paren_of);
    return rc;
}
