/* warp_fixes.c: reports warp hazards, queues rewrites, then settles which stand (blocked width groups, constants)
 * and applies them. It detects nothing. */
#include "warp_scan.h"

#include <stdio.h>
#include <stdlib.h>

/* True the first time (offset, id) is seen: each place is reported once per kind. A hash set (open
 * addressing, stored key + 1 so that 0 marks a free slot): one lookup per report, not a scan of all. */
bool warp_first_report(warp_scan *w, uint32_t off, hc_diag_id id) {
    /* 32 kinds a place: the warp ids run from HC3001 to HC3017 */
    uint64_t key = (uint64_t)off * 32u + (uint32_t)(id - HC_D_WARP_LANE_ARITH) + 1;
    if (2 * (w->nreported + 1) > w->capreported) {
        size_t cap = w->capreported ? 2 * w->capreported : 64;
        uint64_t *t = calloc(cap, sizeof *t);
        if (!t) {
            w->oom = true;
            return false;
        }
        for (size_t k = 0; k < w->capreported; k++) {
            if (!w->reported[k]) continue;
            size_t h = (size_t)(w->reported[k] * 0x9e3779b97f4a7c15ull) & (cap - 1);
            while (t[h]) h = (h + 1) & (cap - 1);
            t[h] = w->reported[k];
        }
        free(w->reported);
        w->reported = t;
        w->capreported = cap;
    }
    size_t h = (size_t)(key * 0x9e3779b97f4a7c15ull) & (w->capreported - 1);
    for (; w->reported[h]; h = (h + 1) & (w->capreported - 1))
        if (w->reported[h] == key) return false;
    w->reported[h] = key;
    w->nreported++;
    return true;
}

/* Reports a hazard; returns its index in u->diags (NO_POS when memory ran out), also kept as last_hazard
 * so the rewrite proposed next can say it fixes it once applied. */
size_t warp_hazard(warp_scan *w, hc_diag_id id, uint32_t off, const char *name, ...) {
    size_t at = hc_unit_next_diag(w->u);
    va_list ap;
    va_start(ap, name);
    hc_unit_vdiag(w->u, id, off, name, ap);
    va_end(ap);
    w->last_hazard = hc_unit_next_diag(w->u) > at ? at : NO_POS;
    return w->last_hazard;
}

/* Queues a rewrite of tokens [a, b] (inclusive) with repl; scope is the width group or INDEPENDENT. */
void warp_propose(warp_scan *w, size_t a, size_t b, const char *repl, uint32_t scope, size_t konst,
                    const char *what, size_t hazard_diag) {
    if (!w->u->opt->fix_warp_size) return; /* only warp_apply_fixes reads the queue */
    if (!warp_grow(w, &w->fixes, &w->capfixes, w->nfixes, sizeof *w->fixes)) return;
    warp_fix *f = &w->fixes[w->nfixes++];
    char old[64];
    warp_span_text(w, a, b, old, sizeof old);
    f->off = off_of(w, a);
    f->len = end_of(w, b) - f->off;
    f->scope = scope;
    f->konst = konst;
    f->hazard = hazard_diag;
    snprintf(f->repl, sizeof f->repl, "%s", repl);
    snprintf(f->note, sizeof f->note, "%s: '%s' -> '%s'", what, old, repl);
}

/* Remembers that the hazard reported as diagnostic h is fixed exactly when constant c is rewritten. */
void warp_link_const_hazard(warp_scan *w, size_t h, const warp_const *c) {
    if (h == NO_POS ||
        !warp_grow(w, &w->const_hazards, &w->capconst_hazards, w->nconst_hazards, sizeof *w->const_hazards))
        return;
    w->const_hazards[w->nconst_hazards].diag = h;
    w->const_hazards[w->nconst_hazards++].konst = (size_t)(c - w->consts);
}

/* Drops width fixes of blocked scopes; a constant used in a blocked scope stays, and blocks every scope
 * that uses it (half-converted lane arithmetic is worse than none). */
void warp_settle_blocked_scopes(warp_scan *w) {
    /* Constants of one spelling share their uses: each round counts the uses in blocked scopes once per
     * spelling (const_index sorts the constants by spelling), so a round is linear in the uses. Rounds
     * repeat until nothing more is blocked; blocking only grows, so the result is the same fixpoint as
     * taking the constants one by one. */
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t a = 0, b; a < w->nconsts; a = b) {
            uint32_t name = warp_name_of(w, w->consts[w->const_index[a]].name);
            for (b = a; b < w->nconsts && warp_name_of(w, w->consts[w->const_index[b]].name) == name; b++) {
            }
            size_t blocked = 0, trigger = NO_POS;
            bool several = false; /* constants of more than one declaration gave up their rewrite */
            size_t uend = warp_name_end(w, name);
            for (size_t u = name; u < uend; u++) blocked += warp_scope_blocked(w, warp_scope_of(w, w->idents[u].pos));
            for (size_t q = a; q < b; q++) {
                warp_const *c = &w->consts[w->const_index[q]];
                if (c->is_mask || !c->used_as_width) continue;
                size_t own = warp_scope_blocked(w, warp_scope_of(w, c->name)); /* its own name is one of the uses */
                if (c->fixable && blocked == own) continue;
                c->fixable = false;
                if (trigger == NO_POS) trigger = c->name;
                else if (trigger != c->name) several = true;
            }
            if (trigger == NO_POS) continue;
            /* half-converted lane arithmetic is worse than none: every scope using it stays as it is */
            for (size_t u = name; u < uend; u++) {
                size_t i = w->idents[u].pos;
                if ((several || i != trigger) && !warp_scope_blocked(w, warp_scope_of(w, i))) {
                    warp_block_scope(w, warp_scope_of(w, i));
                    changed = true;
                }
            }
        }
    }
}

/* When some of the file's hazards stay warnings, says how many of them the rewrite left and how many it
 * made, so a file where nothing could be rewritten does not pass for one the option fixed. */
static int summarize_left(warp_scan *w) {
    hc_unit *u = w->u;
    size_t first = w->first_diag, end = hc_unit_next_diag(u), hazards = 0, fixed = 0;
    if (end <= first) return 0;
    bool *is_fixed = calloc(end - first, sizeof *is_fixed);
    if (!is_fixed) return -1;
    for (size_t k = 0; k < u->nfixed; k++)
        if (u->fixed[k] >= first && u->fixed[k] < end) is_fixed[u->fixed[k] - first] = true;
    for (size_t d = first; d < end; d++) {
        hc_diag_id id = u->diags.v[d].id;
        if (id < HC_D_WARP_LANE_ARITH || (id > HC_D_MASK_VAR_32BIT && id != HC_D_SHARED_STEP_16) ||
            id == HC_D_WARP_FIXED)
            continue;
        hazards++;
        fixed += is_fixed[d - first];
    }
    free(is_fixed);
    if (fixed == hazards) return 0;
    char what[160];
    snprintf(what, sizeof what, "%zu of the %zu warp-size hazards in this file; the other %zu, and the code that shares "
             "their values, are left as written (the warnings)", fixed, hazards, hazards - fixed);
    hc_unit_diag(u, HC_D_WARP_LEFT_AS_WRITTEN, UINT32_MAX, NULL, what);
    return 0;
}

int warp_apply_fixes(warp_scan *w) {
    for (size_t k = 0; k < w->nfixes; k++) {
        const warp_fix *f = &w->fixes[k];
        if (f->konst != NO_POS && (!w->consts[f->konst].fixable || !w->consts[f->konst].used_as_width)) continue;
        if (f->konst == NO_POS && f->scope != INDEPENDENT && warp_scope_blocked(w, f->scope)) continue;
        if (hc_unit_edit(w->u, f->off, f->len, f->repl, HC_PRIO_WARP, HC_EFFORT_ARGUMENTS) < 0) return -1;
        /* the hazard stays reported, as a note: it no longer needs a person (nor fails --fail-on warning) */
        if (f->hazard != NO_POS && hc_unit_diag_fixed(w->u, f->hazard) < 0) return -1;
        hc_unit_diag(w->u, HC_D_WARP_FIXED, f->off, NULL, f->note);
    }
    for (size_t k = 0; k < w->nconst_hazards; k++) {
        const warp_const *c = &w->consts[w->const_hazards[k].konst];
        bool rewritten = c->is_mask ? c->fixed : c->fixable && c->used_as_width;
        if (rewritten && hc_unit_diag_fixed(w->u, w->const_hazards[k].diag) < 0) return -1;
    }
    return summarize_left(w);
}
