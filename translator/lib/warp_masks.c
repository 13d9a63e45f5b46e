/* warp_masks.c: detects 32-bit lane masks: full-mask literals, ballots kept, passed or returned in 32 bits, bit
 * counts and comparisons of ballots, lane bits. Which rewrites stand is not decided here (warp_fixes.c). */
#include "warp_scan.h"

#include <stdlib.h>
#include <string.h>

/* The 32-bit-ness of the type spelled by tokens [first, last]: 0 not 32-bit (or unknown), 1 unsigned 32-bit,
 * 2 signed 32-bit; *tw and *tl: its first and last word that is no qualifier. */
static int type_width32(const warp_scan *w, size_t first, size_t last, size_t *tw, size_t *tl) {
    *tw = *tl = NO_POS;
    bool is_unsigned = false, is_int = false, other = false;
    for (size_t t = first; t <= last; t = nx(w, t)) {
        if (warp_is_qualifier(w, t)) continue;
        if (*tw == NO_POS) *tw = t;
        *tl = t;
        if (is(w, t, "unsigned") || is(w, t, "uint32_t") || is(w, t, "uint")) is_unsigned = true;
        else if (is(w, t, "int") || is(w, t, "signed") || is(w, t, "int32_t")) is_int = true;
        else if (!is(w, t, "::") && !is(w, t, "std")) other = true;
    }
    if (other) return 0;
    return is_unsigned ? 1 : is_int ? 2 : 0;
}

/* The same for the declared type of variable record v (none: 0). */
static int var_width32(const warp_scan *w, const warp_var *v, size_t *tw, size_t *tl) {
    *tw = *tl = NO_POS;
    return v && v->type_first != NO_POS ? type_width32(w, v->type_first, pv(w, v->name), tw, tl) : 0;
}

/* The mask argument of a mask-taking intrinsic: a 32-bit full mask (rewritten to the full-wave mask), a
 * mask constant (rewritten at its definition when every use is a mask argument), a 32-bit variable. */
void warp_check_mask_arguments(warp_scan *w, size_t call) {
    const mask_intrinsic *mi = warp_mask_intrinsic_at(w, call);
    size_t a, e;
    if (!mi || !warp_call_argument(w, nx(w, call), mi->mask_arg, &a, &e)) return;
    char shown[64], name[64];
    warp_tok_text(w, call, name, sizeof name);
    uint32_t scope = warp_scope_of(w, call);
    if (warp_is_full_mask32(w, a, e)) {
        size_t la = a, le = e;
        while (span_count(w, la, le, 3) >= 3 && is(w, la, "(") && mt(w, la) == pv(w, le)) la = nx(w, la), le = pv(w, le);
        warp_span_text(w, la, pv(w, le), shown, sizeof shown);
        if (!warp_first_report(w, off_of(w, la), HC_D_WARP_MASK_32)) return;
        warp_hazard(w, HC_D_WARP_MASK_32, off_of(w, la), name, shown, name);
        if (w->scopes[scope].device) warp_propose(w, la, pv(w, le), FULL_WAVE_MASK, INDEPENDENT, NO_POS, "full-wave mask", w->last_hazard);
        return;
    }
    bool one = e == nx(w, a);
    warp_const *c = one ? warp_const_at(w, a) : NULL;
    if (!c && one && is_ident(w, a) && !(warp_var_class(w, a) & CLS_BALLOT)) {
        size_t tw, tl;
        if (var_width32(w, warp_var_decl(w, a), &tw, &tl)) {
            warp_tok_text(w, a, shown, sizeof shown);
            warp_hazard(w, HC_D_MASK_VAR_32BIT, off_of(w, a), shown, shown, name);
        }
        return;
    }
    if (c && c->is_mask) {
        warp_tok_text(w, a, shown, sizeof shown);
        warp_link_const_hazard(w, warp_hazard(w, HC_D_WARP_MASK_32, off_of(w, a), name, shown, name), c);
        if (c->fixable && !c->fixed) {
            const warp_var *v = c->var != NO_POS ? &w->vars[c->var] : NULL;
            size_t tw = NO_POS, tl = NO_POS; /* the type words to widen, qualifiers left alone */
            for (size_t t = v ? v->type_first : 1; v && t < v->name; t = nx(w, t))
                if (!warp_is_qualifier(w, t)) {
                    if (tw == NO_POS) tw = t;
                    tl = t;
                }
            bool wide = false;
            for (size_t t = tw; tw != NO_POS && t <= tl; t = nx(w, t))
                wide |= is(w, t, "long") || is(w, t, "uint64_t") || is(w, t, "auto") || is(w, t, "size_t");
            if (v && tw == NO_POS) return;
            c->fixed = true;
            if (v && !wide) warp_propose(w, tw, tl, "unsigned long long", INDEPENDENT, NO_POS, "64-bit mask type", w->last_hazard);
            warp_propose(w, c->value, c->value_last, FULL_WAVE_MASK, INDEPENDENT, NO_POS, "full-wave mask", w->last_hazard);
        }
    }
}


/* Whether the use of a ballot value spelled by tokens [a, b] (a variable, or a call of a function
 * returning one) keeps its low 32 bits and adds no high ones, so widening it to 64 bits changes nothing
 * on a 32-lane target. */
static bool ballot_use_is_width_safe(const warp_scan *w, size_t a, size_t b) {
    size_t i = a;
    while (is(w, pv(w, a), "(") && is(w, nx(w, b), ")") && !is_ident(w, pv(w, pv(w, a)))) a = pv(w, a), b = nx(w, b);
    size_t prev = pv(w, a), next = nx(w, b), pp = pv(w, prev), ppp = pv(w, pp);
    static const char *const safe_next[] = {";", ")", ",", "]", "}", "&", "|", "^", ">>", "==", "!=", "&&", "||",
                                            "?", ":", "&=", "|=", "^=", ">>="};
    static const char *const safe_prev[] = {"(", ",", "&", "|", "^", "=", "==", "!=", "&&", "||", "!", "return",
                                            "?", ":", "&=", "|=", "^=", "{", ";"};
    /* x &= x - 1 and x & (x - 1) clear the lowest set bit whatever the width */
    if (is(w, next, "-") && warp_is_number(w, nx(w, next), 1) && pp != NO_POS &&
        ((is(w, prev, "&=") && same_text(w, pp, i)) || (is(w, prev, "(") && ppp != NO_POS && is(w, pp, "&") && same_text(w, ppp, i))))
        return true;
    if (is(w, next, "=")) return true; /* reassigned: the assignment is checked on its own */
    /* pending &= ~group: the complement's new high ones meet a mask whose high bits are zero on 32 lanes */
    if (is(w, prev, "~") && pp != NO_POS && hc_code_is_any(w->u, next, safe_next, COUNT_OF(safe_next))) {
        size_t s;
        if (is(w, pp, "&=") && is_ident(w, ppp) && (warp_var_class(w, ppp) & CLS_BALLOT)) return true;
        return is(w, pp, "&") && (warp_left_primary(w, pp, &s, 0) & CLS_BALLOT);
    }
    if (is(w, prev, "(") && is(w, pp, "printf")) return false;
    if (ppp != NO_POS && is(w, prev, ",")) {
        size_t q = warp_paren_of(w, prev); /* an argument of printf: the format names its width */
        if (q != NO_POS) return !is(w, pv(w, q), "printf");
    }
    return hc_code_is_any(w->u, next, safe_next, COUNT_OF(safe_next)) && hc_code_is_any(w->u, prev, safe_prev, COUNT_OF(safe_prev));
}

/* Whether every use and every assignment of the variable declared by d tolerates 64 bits. */
static bool uses_are_width_safe(const warp_scan *w, const warp_var *d) {
    const warp_scope *sc = &w->scopes[d->scope];
    size_t first, end;
    warp_uses_between(w, d->name, sc->first, sc->last, &first, &end);
    for (size_t u = first; u < end; u++) {
        size_t i = w->idents[u].pos, n1 = nx(w, i), n2 = nx(w, n1);
        if (i == d->name || warp_scope_of(w, i) != d->scope) continue;
        if (is(w, pv(w, i), ".") || is(w, pv(w, i), "->")) continue;
        if (is(w, n1, "=")) {
            size_t end = warp_expression_end(w, n2, sc->last);
            if (!(warp_classify_range(w, n2, end, 0) & CLS_BALLOT) && !(end == nx(w, n2) && warp_is_number(w, n2, 0)))
                return false;
            continue;
        }
        if (is(w, n1, "<<=") || is(w, n1, "+=") || is(w, n1, "-=") || is(w, n1, "*=")) return false;
        if (!ballot_use_is_width_safe(w, i, i)) return false;
    }
    return true;
}

/* Ballot results kept in 32-bit variables. */
void warp_check_ballot_vars(warp_scan *w) {
    for (size_t k = 0; k < w->nvars; k++) {
        warp_var *v = &w->vars[k];
        if (v->init_first == NO_POS || !(warp_classify_range(w, v->init_first, v->init_end, 0) & CLS_BALLOT)) continue;
        warp_var *d = v->type_first != NO_POS ? v : warp_var_decl(w, v->name);
        size_t tw, tl;
        int width = var_width32(w, d, &tw, &tl);
        if (!width) continue;
        char name[64], call[64];
        warp_span_text(w, v->init_first, pv(w, v->init_end), call, sizeof call); /* e.g. (1u << lane) - 1 */
        for (size_t i = v->init_first; i < v->init_end && i < w->n; i = nx(w, i))
            if (warp_is_ballot_call(w, i) || warp_returns_ballot(w, i) || (is_ident(w, i) && (warp_var_class(w, i) & CLS_BALLOT))) {
                warp_tok_text(w, i, call, sizeof call);
                break;
            }
        warp_tok_text(w, v->name, name, sizeof name);
        if (!warp_first_report(w, off_of(w, v->name), HC_D_BALLOT_32BIT)) continue;
        size_t h = warp_hazard(w, HC_D_BALLOT_32BIT, off_of(w, v->name), name, call);
        /* a later assignment to a variable already widened is fixed by that same rewrite */
        if (d->widened && w->u->opt->fix_warp_size && h != NO_POS && hc_unit_diag_fixed(w->u, h) < 0) w->oom = true;
        if (d->widened) continue;
        if (width == 1 && d->single && d->scope != 0 && uses_are_width_safe(w, d)) {
            warp_propose(w, tw, tl, "unsigned long long", d->scope, NO_POS, "64-bit ballot variable", h);
            d->widened = true;
        } else {
            /* the mask keeps 32 bits: lane arithmetic, lane bits and bit counts it meets stay 32-lane too */
            warp_block_scope(w, warp_scope_of(w, v->name));
        }
        d->single = false; /* one rewrite per declaration */
    }
}

/* __device__ int count(unsigned mask) { ... } called as count(__ballot_sync(...)): a lane mask converted to a
 * 32-bit parameter. The parameter is widened when every call passes a lane mask (so no caller's value
 * could sign-extend) and every use in the function tolerates 64 bits. */
void warp_check_ballot_params(warp_scan *w) {
    for (size_t k = 0; k < w->nvars; k++) {
        warp_var *p = &w->vars[k];
        size_t tw, tl, calls = 0, ballots = 0;
        if (!p->is_param || p->param_index < 0) continue;
        int width = var_width32(w, p, &tw, &tl);
        const warp_scope *sc = &w->scopes[p->scope];
        if (!width || sc->name == NO_POS) continue;
        size_t shown = NO_POS;
        for (size_t c = w->calls_start[p->scope]; c < w->calls_start[p->scope + 1]; c++) {
            size_t i = w->calls[c], af, ae;
            calls++;
            if (warp_call_argument(w, nx(w, i), p->param_index, &af, &ae) && (warp_classify_range(w, af, ae, 0) & CLS_BALLOT)) {
                ballots++;
                if (shown == NO_POS) shown = af;
            }
        }
        if (!ballots) continue;
        char call[64], name[64];
        warp_tok_text(w, shown, call, sizeof call);
        warp_tok_text(w, p->name, name, sizeof name);
        warp_hazard(w, HC_D_BALLOT_32BIT, off_of(w, p->name), name, call);
        if (width == 1 && ballots == calls && uses_are_width_safe(w, p))
            warp_propose(w, tw, tl, "unsigned long long", p->scope, NO_POS, "64-bit lane-mask parameter", w->last_hazard);
        else
            warp_block_scope(w, p->scope);
    }
}

/* Whether the call at name position i would truncate a 64-bit lane-mask result (unsafe[] memoises the
 * answer per position: same-named functions share their uses). */
static bool call_unsafe(const warp_scan *w, size_t i, uint8_t *unsafe) {
    size_t open = nx(w, i);
    if (!unsafe[i]) unsafe[i] = !is(w, open, "(") || mt(w, open) == NO_POS || ballot_use_is_width_safe(w, i, mt(w, open)) ? 1 : 2;
    return unsafe[i] == 2;
}

/* __device__ unsigned f(...) { return __ballot_sync(...); }: a lane mask returned in 32 bits. Every
 * use of the name followed by '(' (but the definition's own) must tolerate a 64-bit result; the count
 * of intolerant uses is kept per spelling, so same-named functions cost their uses once. */
void warp_check_ballot_returns(warp_scan *w) {
    bool any = false; /* the tables below are a byte a token: only a file that returns a lane mask needs them */
    for (uint32_t s = 1; s < w->nscopes && !any; s++) any = w->scopes[s].returns_ballot;
    if (!any) return;
    uint8_t *unsafe = calloc(w->n + 1, 1);              /* per position: 0 unknown, 1 tolerant, 2 not */
    uint32_t *bad = malloc((w->nidents + 1) * sizeof *bad); /* per spelling start: intolerant uses, or NO_POS */
    if (!unsafe || !bad) {
        free(unsafe), free(bad);
        w->oom = true;
        return;
    }
    for (size_t k = 0; k < w->nidents; k++) bad[k] = NO_POS;
    for (uint32_t s = 1; s < w->nscopes; s++) {
        const warp_scope *sc = &w->scopes[s];
        if (!sc->returns_ballot || sc->name == NO_POS || sc->params == NO_POS) continue;
        size_t last = pv(w, sc->name), first = last; /* the return type */
        for (size_t p = pv(w, first);
             p != NO_POS && (is_ident(w, p) || is(w, p, "::")) && !warp_is_statement_word(w, p) && !in_directive(w, p);
             p = pv(w, p))
            first = p;
        size_t tw, tl;
        int width = is_ident(w, last) ? type_width32(w, first, last, &tw, &tl) : 0;
        if (!width) continue;
        char name[64];
        warp_tok_text(w, sc->name, name, sizeof name);
        warp_hazard(w, HC_D_BALLOT_32BIT, off_of(w, sc->name), name, name);
        bool safe = width == 1;
        if (safe) {
            size_t first, end;
            warp_uses_of(w, sc->name, &first, &end);
            if (bad[first] == NO_POS) {
                bad[first] = 0;
                for (size_t u = first; u < end; u++) bad[first] += call_unsafe(w, w->idents[u].pos, unsafe);
            }
            safe = bad[first] - call_unsafe(w, sc->name, unsafe) == 0;
        }
        for (size_t t = tw; safe && t <= tl; t = nx(w, t)) safe = !warp_is_qualifier(w, t);
        if (safe) warp_propose(w, tw, tl, "unsigned long long", s, NO_POS, "64-bit lane-mask return type", w->last_hazard);
        else warp_block_scope(w, s);
    }
    free(unsafe);
    free(bad);
}

/* (unsigned)__ballot_sync(...): a cast that drops the upper 32 lanes. */
void warp_check_ballot_cast(warp_scan *w, size_t i) {
    if (!is(w, i, ")") || mt(w, i) == NO_POS || !warp_is_ballot_call(w, nx(w, i))) return;
    size_t o = mt(w, i);
    if (is_ident(w, pv(w, o))) return; /* a call, not a cast */
    size_t tw, tl;
    if (nx(w, o) >= i || !type_width32(w, nx(w, o), pv(w, i), &tw, &tl)) return;
    char call[64];
    warp_tok_text(w, nx(w, i), call, sizeof call);
    if (warp_first_report(w, off_of(w, o), HC_D_BALLOT_32BIT)) warp_hazard(w, HC_D_BALLOT_32BIT, off_of(w, o), call, call);
    warp_block_scope(w, warp_scope_of(w, i)); /* the cast keeps 32 lanes: so does the code around it */
}

/* __popc/__ffs/__clz applied to a ballot result. */
void warp_check_bitcount(warp_scan *w, size_t i) {
    size_t open = nx(w, i);
    if (!is_ident(w, i) || !is(w, open, "(") || mt(w, open) == NO_POS) return;
    const bitcount_intrinsic *bc = NULL;
    for (size_t k = 0; k < warp_bitcounts_count; k++)
        if (is(w, i, warp_bitcounts[k].name32)) bc = &warp_bitcounts[k];
    size_t close = mt(w, open);
    if (!bc || !(warp_classify_range(w, nx(w, open), close, 0) & CLS_BALLOT)) return;
    warp_hazard(w, HC_D_POPC_ON_BALLOT, off_of(w, i), bc->name32, bc->name32);
    bool safe = bc->safe;
    for (size_t k = nx(w, open); k < close && safe; k = nx(w, k)) { /* a signed int would sign-extend */
        size_t tw, tl, n1 = nx(w, k);
        if (is_ident(w, k) && !is(w, n1, "(") && (warp_var_class(w, k) & CLS_BALLOT) &&
            var_width32(w, warp_var_decl(w, k), &tw, &tl) == 2)
            safe = false;
        if (is(w, k, "(") && is(w, n1, "int") && is(w, nx(w, n1), ")")) safe = false;
    }
    if (safe) warp_propose(w, i, i, bc->name64, warp_scope_of(w, i), NO_POS, "64-bit bit count", w->last_hazard);
    else warp_block_scope(w, warp_scope_of(w, i));
}

/* ballot == 0xffffffff: a "whole warp agrees" test that a full 64-lane wave never passes. */
void warp_check_mask_compare(warp_scan *w, size_t i) {
    if (!is(w, i, "==") && !is(w, i, "!=")) return;
    size_t lit = NO_POS, start;
    unsigned other = 0;
    size_t n1 = nx(w, i), p1 = pv(w, i);
    if (n1 < w->n && warp_is_full_mask32(w, n1, nx(w, n1)) && warp_precedence(w, nx(w, n1)) <= 9) {
        lit = n1;
        other = warp_left_primary(w, i, &start, 0);
    } else if (p1 != NO_POS && warp_is_full_mask32(w, p1, i) && warp_precedence(w, pv(w, p1)) < 9) {
        lit = p1;
        if (warp_is_ballot_call(w, n1)) other = CLS_BALLOT;
        else if (is_ident(w, n1)) other = warp_var_class(w, n1);
    }
    if (lit == NO_POS || !(other & CLS_BALLOT)) return;
    char shown[32];
    warp_tok_text(w, lit, shown, sizeof shown);
    warp_hazard(w, HC_D_BALLOT_COMPARED_32, off_of(w, lit), shown, shown);
    uint32_t scope = warp_scope_of(w, i);
    if (w->scopes[scope].device) warp_propose(w, lit, lit, FULL_WAVE_MASK, scope, NO_POS, "full-wave mask", w->last_hazard);
    else warp_block_scope(w, scope);
}

/* 1u << lane: a lane bit built in 32 bits overflows for lanes 32..63. */
void warp_check_lane_bit(warp_scan *w, size_t i) {
    size_t p1 = pv(w, i), p2 = pv(w, p1), last;
    size_t n1 = is(w, i, "<<") ? warp_shift_operand(w, nx(w, i), &last) : NO_POS;
    if (n1 == NO_POS || !warp_is_number(w, p1, 1)) return;
    bool lng;
    unsigned long long v;
    if (!warp_number_value(w, p1, &v, &lng) || lng) return;
    if (p2 != NO_POS && !(is(w, p2, "(") || is(w, p2, "=") || is(w, p2, ",") || is(w, p2, "return") ||
                          (warp_precedence(w, p2) >= 2 && warp_precedence(w, p2) < 11)))
        return;
    unsigned cls = is(w, n1, "threadIdx") ? CLS_THREAD : warp_var_class(w, n1);
    if (!(cls & CLS_THREAD) || warp_precedence(w, nx(w, last)) > 11) return;
    char shown[48];
    warp_span_text(w, p1, last, shown, sizeof shown);
    warp_hazard(w, HC_D_LANE_BIT_32, off_of(w, p1), shown, shown);
    warp_propose(w, p1, p1, "1ull", warp_scope_of(w, i), NO_POS, "64-bit lane bit", w->last_hazard);
}
