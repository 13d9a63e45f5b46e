/* warp_fixes.c: reports warp hazards, queues rewrites, then settles which stand (blocked width groups, constants)
 * and applies them. It detects nothing. */
#include "warp_scan.h"

#include <stdio.h>

/* True the first time (offset, id) is seen: each place is reported once per kind. */
bool warp_first_report(warp_scan *w, uint32_t off, hc_diag_id id) {
    uint32_t key = off * 16u + (uint32_t)(id - HC_D_WARP_LANE_ARITH);
    for (size_t k = 0; k < w->nreported; k++)
        if (w->reported[k] == key) return false;
    if (!warp_grow(w, (void **)&w->reported, &w->capreported, w->nreported, sizeof *w->reported)) return false;
    w->reported[w->nreported++] = key;
    return true;
}

/* Reports a hazard; returns its index in u->diags (NO_POS when the id is suppressed), also kept as
 * last_hazard so the rewrite proposed next can turn it into a note once applied. */
size_t warp_hazard(warp_scan *w, hc_diag_id id, uint32_t off, const char *name, ...) {
    size_t before = w->u->diags.n;
    va_list ap;
    va_start(ap, name);
    hc_unit_vdiag(w->u, id, off, name, ap);
    va_end(ap);
    w->last_hazard = w->u->diags.n > before ? w->u->diags.n - 1 : NO_POS;
    return w->last_hazard;
}

/* Queues a rewrite of tokens [a, b] (inclusive) with repl; scope is the width group or INDEPENDENT. */
void warp_propose(warp_scan *w, size_t a, size_t b, const char *repl, uint32_t scope, size_t konst,
                    const char *what, size_t hazard_diag) {
    if (!warp_grow(w, (void **)&w->fixes, &w->capfixes, w->nfixes, sizeof *w->fixes)) return;
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
        !warp_grow(w, (void **)&w->const_hazards, &w->capconst_hazards, w->nconst_hazards, sizeof *w->const_hazards))
        return;
    w->const_hazards[w->nconst_hazards].diag = h;
    w->const_hazards[w->nconst_hazards++].konst = (size_t)(c - w->consts);
}

/* Drops width fixes of blocked scopes; a constant used in a blocked scope stays, and blocks every scope
 * that uses it (half-converted lane arithmetic is worse than none). */
void warp_settle_blocked_scopes(warp_scan *w) {
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t k = 0; k < w->nconsts; k++) {
            warp_const *c = &w->consts[k];
            if (c->is_mask || !c->used_as_width) continue;
            bool keep = c->fixable;
            size_t first, end;
            warp_uses_of(w, c->name, &first, &end);
            for (size_t u = first; u < end && keep; u++)
                if (w->idents[u].pos != c->name && warp_scope_blocked(w, w->scope_of[w->idents[u].pos])) keep = false;
            if (keep) continue;
            for (size_t u = first; u < end; u++) {
                size_t i = w->idents[u].pos;
                if (i != c->name && !warp_scope_blocked(w, w->scope_of[i])) {
                    warp_block_scope(w, w->scope_of[i]);
                    changed = true;
                }
            }
            c->fixable = false;
        }
    }
}

int warp_apply_fixes(warp_scan *w) {
    for (size_t k = 0; k < w->nfixes; k++) {
        const warp_fix *f = &w->fixes[k];
        if (f->konst != NO_POS && (!w->consts[f->konst].fixable || !w->consts[f->konst].used_as_width)) continue;
        if (f->konst == NO_POS && f->scope != INDEPENDENT && warp_scope_blocked(w, f->scope)) continue;
        if (hc_unit_edit(w->u, f->off, f->len, f->repl, HC_RULE_WARP, HC_EFFORT_ARGUMENTS) < 0) return -1;
        /* the hazard stays reported, as a note: it no longer needs a person (nor fails --fail-on warning) */
        if (f->hazard != NO_POS) w->u->diags.v[f->hazard].severity = HC_SEV_NOTE;
        hc_unit_diag(w->u, HC_D_WARP_FIXED, f->off, NULL, f->note);
    }
    for (size_t k = 0; k < w->nconst_hazards; k++) {
        const warp_const *c = &w->consts[w->const_hazards[k].konst];
        bool rewritten = c->is_mask ? c->fixed : c->fixable && c->used_as_width;
        if (rewritten) w->u->diags.v[w->const_hazards[k].diag].severity = HC_SEV_NOTE;
    }
    return 0;
}
