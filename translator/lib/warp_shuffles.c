/* warp_shuffles.c: detects shuffles that assume 32 lanes: loops starting at 16 or bounded by 32, literal offsets
 * and widths, warpSize compared with 32. Which rewrites stand is not decided here (warp_fixes.c). */
#include "warp_scan.h"

/* Whether statement/body tokens [a, b) contain a reducing shuffle whose offset argument uses the
 * variable spelled at var. */
static bool shuffles_by(const warp_scan *w, size_t a, size_t b, size_t var) {
    for (size_t k = a; k < b && k < w->n; k = nx(w, k)) {
        const shuffle_intrinsic *sh = warp_shuffle_at(w, k);
        size_t af, ae;
        if (!sh || !sh->reduces || !warp_call_argument(w, nx(w, k), sh->offset_arg, &af, &ae)) continue;
        for (size_t q = af; q < ae; q = nx(w, q))
            if (same_text(w, q, var)) return true;
    }
    return false;
}

/* for (int offset = 16; offset > 0; offset /= 2) shfl...; and for (d = 1; d < 32; d *= 2) shfl...; */
void warp_check_shuffle_loop(warp_scan *w, size_t f) {
    if (!is(w, f, "for") || !is(w, nx(w, f), "(") || mt(w, nx(w, f)) == NO_POS) return;
    size_t open = nx(w, f), close = mt(w, open), s1 = NO_POS, s2 = NO_POS;
    for (size_t k = nx(w, open); k < close; k = nx(w, k))
        if (is(w, k, ";")) {
            if (s1 == NO_POS) s1 = k;
            else if (s2 == NO_POS) s2 = k;
        }
    if (s1 == NO_POS || s2 == NO_POS) return;
    size_t eq = NO_POS;
    for (size_t k = nx(w, open); k < s1; k = nx(w, k))
        if (is(w, k, "=")) {
            eq = k;
            break;
        }
    if (eq == NO_POS || !is_ident(w, pv(w, eq))) return;
    size_t var = pv(w, eq), body = nx(w, close);
    size_t body_end = is(w, body, "{") && mt(w, body) != NO_POS ? mt(w, body) : warp_expression_end(w, body, w->n);
    if (!shuffles_by(w, body, body_end, var)) return;
    uint32_t scope = warp_scope_of(w, f);
    bool halving = false, doubling = false;
    for (size_t k = nx(w, s2); k < close; k = nx(w, k)) {
        halving |= is(w, k, "/=") || is(w, k, ">>=") || is(w, k, "/") || is(w, k, ">>");
        doubling |= is(w, k, "*=") || is(w, k, "<<=") || is(w, k, "*") || is(w, k, "<<");
    }
    char shown[32];
    size_t start = nx(w, eq);
    if (halving && s1 == nx(w, start) && warp_is_number(w, start, 16)) {
        warp_tok_text(w, start, shown, sizeof shown);
        warp_hazard(w, HC_D_SHUFFLE_OFFSET_16, off_of(w, start), shown, shown);
        if (w->scopes[scope].device) warp_propose(w, start, start, "(warpSize / 2)", scope, NO_POS, "shuffle loop start", w->last_hazard);
        else warp_block_scope(w, scope);
    }
    if (doubling) { /* the bound: var < 32, var <= 16 */
        for (size_t k = nx(w, s1); nx(w, k) < s2; k = nx(w, k)) {
            if (!same_text(w, k, var)) continue;
            size_t n1 = nx(w, k), n2 = nx(w, n1);
            unsigned long long bound;
            bool lt = is(w, n1, "<"), le = is(w, n1, "<=");
            if ((!lt && !le) || !warp_number_value(w, n2, &bound, NULL) || warp_precedence(w, nx(w, n2)) > 10) continue;
            /* the last offset the loop takes is 16, so it covers 32 lanes: "< 32" and "<= 16" are rewritten;
             * any other spelling of it ("< 0x1f", "<= 31") may name 32-lane groups on purpose, so the loop
             * and the lane arithmetic around it stay as written */
            bool lt32 = lt && bound == 32, le16 = le && bound == 16;
            bool other32 = (lt && bound > 16 && bound < 32) || (le && bound > 16 && bound < 32);
            if (!lt32 && !le16 && !other32) continue;
            warp_tok_text(w, n2, shown, sizeof shown);
            warp_hazard(w, HC_D_SHUFFLE_BOUND_32, off_of(w, n2), shown, shown);
            if (other32) warp_block_scope(w, scope);
            else if (w->scopes[scope].device)
                warp_propose(w, n2, n2, lt32 ? "warpSize" : "(warpSize / 2)", scope, NO_POS, "shuffle loop bound", w->last_hazard);
            else warp_block_scope(w, scope);
        }
    }
}

/* A shuffle with a literal offset of 16 (an unrolled reduction) or a literal width of 32. */
void warp_check_shuffle_literals(warp_scan *w, size_t i) {
    const shuffle_intrinsic *sh = warp_shuffle_at(w, i);
    size_t a, e;
    if (!sh) return;
    uint32_t scope = warp_scope_of(w, i);
    char name[64];
    warp_tok_text(w, i, name, sizeof name);
    if (sh->reduces && warp_call_argument(w, nx(w, i), sh->offset_arg, &a, &e) && e == nx(w, a) && warp_is_number(w, a, 16)) {
        warp_hazard(w, HC_D_SHUFFLE_OFFSET_16, off_of(w, a), name, "16");
        warp_block_scope(w, scope); /* the missing step 32 cannot be added by a token rewrite */
    }
    if (warp_call_argument(w, nx(w, i), sh->width_arg, &a, &e) && e == nx(w, a) && warp_is_number(w, a, 32)) {
        warp_hazard(w, HC_D_SHUFFLE_WIDTH_32, off_of(w, a), name, name);
        if (w->scopes[scope].device) warp_propose(w, a, a, "warpSize", scope, NO_POS, "shuffle width", w->last_hazard);
        else warp_block_scope(w, scope);
    }
}

/* warpSize == 32, 32 != warpSize: an assumption no rewrite can keep. */
void warp_check_warpsize_assumed(warp_scan *w, size_t i) {
    if (!is(w, i, "warpSize")) return;
    size_t n1 = nx(w, i), p1 = pv(w, i);
    bool cmp_after = (is(w, n1, "==") || is(w, n1, "!=")) && warp_is_number(w, nx(w, n1), 32);
    bool cmp_before = (is(w, p1, "==") || is(w, p1, "!=")) && warp_is_number(w, pv(w, p1), 32);
    if (!cmp_after && !cmp_before) return;
    char shown[48];
    warp_span_text(w, cmp_after ? i : pv(w, p1), cmp_after ? nx(w, n1) : i, shown, sizeof shown);
    warp_hazard(w, HC_D_WARPSIZE_ASSUMED, off_of(w, i), "warpSize", shown);
}
