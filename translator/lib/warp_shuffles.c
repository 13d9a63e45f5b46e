/* warp_shuffles.c: detects shuffles that assume 32 lanes: loops starting at 16 or bounded by 32, literal offsets
 * and widths, warpSize compared with 32. Which rewrites stand is not decided here (warp_fixes.c). */
#include "warp_scan.h"

/* Whether statement/body tokens [a, b) contain a reducing shuffle whose offset argument uses the
 * variable spelled at var. */
static bool shuffles_by(const warp_scan *w, size_t a, size_t b, size_t var) {
    for (size_t k = a; k < b; k++) {
        const shuffle_intrinsic *sh = warp_shuffle_at(w, k);
        size_t af, ae;
        if (!sh || !sh->reduces || !warp_call_argument(w, k + 1, sh->offset_arg, &af, &ae)) continue;
        for (size_t q = af; q < ae; q++)
            if (same_text(w, q, var)) return true;
    }
    return false;
}

/* for (int offset = 16; offset > 0; offset /= 2) shfl...; and for (d = 1; d < 32; d *= 2) shfl...; */
void warp_check_shuffle_loop(warp_scan *w, size_t f) {
    if (!is(w, f, "for") || !is(w, f + 1, "(") || w->match[f + 1] == NO_POS) return;
    size_t open = f + 1, close = w->match[open], s1 = NO_POS, s2 = NO_POS;
    for (size_t k = open + 1; k < close; k++)
        if (is(w, k, ";")) {
            if (s1 == NO_POS) s1 = k;
            else if (s2 == NO_POS) s2 = k;
        }
    if (s1 == NO_POS || s2 == NO_POS) return;
    size_t eq = NO_POS;
    for (size_t k = open + 1; k < s1; k++)
        if (is(w, k, "=")) {
            eq = k;
            break;
        }
    if (eq == NO_POS || !is_ident(w, eq - 1)) return;
    size_t var = eq - 1, body_end = is(w, close + 1, "{") && w->match[close + 1] != NO_POS ? w->match[close + 1]
                                                                                        : warp_expression_end(w, close + 1, w->n);
    if (!shuffles_by(w, close + 1, body_end, var)) return;
    uint32_t scope = warp_scope_of(w, f);
    bool halving = false, doubling = false;
    for (size_t k = s2 + 1; k < close; k++) {
        halving |= is(w, k, "/=") || is(w, k, ">>=") || is(w, k, "/") || is(w, k, ">>");
        doubling |= is(w, k, "*=") || is(w, k, "<<=") || is(w, k, "*") || is(w, k, "<<");
    }
    char shown[32];
    if (halving && s1 == eq + 2 && warp_is_number(w, eq + 1, 16)) {
        warp_tok_text(w, eq + 1, shown, sizeof shown);
        warp_hazard(w, HC_D_SHUFFLE_OFFSET_16, off_of(w, eq + 1), shown, shown);
        if (w->scopes[scope].device) warp_propose(w, eq + 1, eq + 1, "(warpSize / 2)", scope, NO_POS, "shuffle loop start", w->last_hazard);
        else warp_block_scope(w, scope);
    }
    if (doubling) { /* the bound: var < 32, var <= 16 */
        for (size_t k = s1 + 1; k + 1 < s2; k++) {
            if (!same_text(w, k, var)) continue;
            bool lt32 = is(w, k + 1, "<") && warp_is_number(w, k + 2, 32), le16 = is(w, k + 1, "<=") && warp_is_number(w, k + 2, 16);
            if ((!lt32 && !le16) || warp_precedence(w, k + 3) > 10) continue;
            warp_tok_text(w, k + 2, shown, sizeof shown);
            warp_hazard(w, HC_D_SHUFFLE_BOUND_32, off_of(w, k + 2), shown, shown);
            if (w->scopes[scope].device)
                warp_propose(w, k + 2, k + 2, lt32 ? "warpSize" : "(warpSize / 2)", scope, NO_POS, "shuffle loop bound", w->last_hazard);
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
    if (sh->reduces && warp_call_argument(w, i + 1, sh->offset_arg, &a, &e) && e == a + 1 && warp_is_number(w, a, 16)) {
        warp_hazard(w, HC_D_SHUFFLE_OFFSET_16, off_of(w, a), name, "16");
        warp_block_scope(w, scope); /* the missing step 32 cannot be added by a token rewrite */
    }
    if (warp_call_argument(w, i + 1, sh->width_arg, &a, &e) && e == a + 1 && warp_is_number(w, a, 32)) {
        warp_hazard(w, HC_D_SHUFFLE_WIDTH_32, off_of(w, a), name, name);
        if (w->scopes[scope].device) warp_propose(w, a, a, "warpSize", scope, NO_POS, "shuffle width", w->last_hazard);
        else warp_block_scope(w, scope);
    }
}

/* warpSize == 32, 32 != warpSize: an assumption no rewrite can keep. */
void warp_check_warpsize_assumed(warp_scan *w, size_t i) {
    if (!is(w, i, "warpSize")) return;
    bool cmp_after = (is(w, i + 1, "==") || is(w, i + 1, "!=")) && warp_is_number(w, i + 2, 32);
    bool cmp_before = i >= 2 && (is(w, i - 1, "==") || is(w, i - 1, "!=")) && warp_is_number(w, i - 2, 32);
    if (!cmp_after && !cmp_before) return;
    char shown[48];
    warp_span_text(w, cmp_after ? i : i - 2, cmp_after ? i + 2 : i, shown, sizeof shown);
    warp_hazard(w, HC_D_WARPSIZE_ASSUMED, off_of(w, i), "warpSize", shown);
}
