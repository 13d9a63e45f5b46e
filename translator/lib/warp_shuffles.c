/* warp_shuffles.c: detects shuffles that assume 32 lanes: loops starting at 16 or bounded by 32, literal offsets
 * and widths, warpSize compared with 32, and their shared-memory form (steps unrolled up to 16). Which rewrites
 * stand is not decided here (warp_fixes.c). */
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
    /* The loop's body: on code lines the code facts' (a block, a statement to its ';', or a nested statement
     * whole: a nested loop's block does not end it); in a macro's body, which the facts do not read, a block
     * or the expression after the ')'. */
    const hc_control_stmt *loop = hc_code_statement_at(w->u, f);
    size_t var = pv(w, eq), body = nx(w, close), body_end;
    if (loop && loop->body_first != HC_BODY_NONE) body = loop->body_first, body_end = loop->body_last;
    else body_end = is(w, body, "{") && mt(w, body) != NO_POS ? mt(w, body) : warp_expression_end(w, body, w->n);
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

/* How far (in code tokens) the other steps of an unrolled shared-memory scan are looked for on each side of its
 * step of 16: five steps of "s[i] = t += s[i - 8];" take about 60 tokens. A constant, so the check costs the
 * same on any file. */
#define STEP_WINDOW 160

/* NAME [ IDX + K ] or NAME [ IDX - K ] with the name at i: the index's identifier, the operator and K. */
static bool step_subscript(const warp_scan *w, size_t i, size_t *idx, bool *minus, unsigned long long *k) {
    size_t open = nx(w, i);
    if (!is_ident(w, i) || !is(w, open, "[")) return false;
    size_t id = nx(w, open), op = nx(w, id), lit = nx(w, op), close = nx(w, lit);
    if (!is_ident(w, id) || !(is(w, op, "-") || is(w, op, "+")) || !is(w, close, "]") || mt(w, open) != close)
        return false;
    *idx = id;
    *minus = is(w, op, "-");
    return warp_number_value(w, lit, k, NULL);
}

/* Whether the array named at i is declared through a volatile pointer (volatile float *s): the mark of
 * warp-synchronous code, whatever its index is called. */
static bool volatile_array(const warp_scan *w, size_t i) {
    const warp_var *v = warp_var_decl(w, i);
    if (!v || v->type_first == NO_POS) return false;
    for (size_t k = v->type_first; k < v->name && k < w->n; k = nx(w, k))
        if (is(w, k, "volatile")) return true;
    return false;
}

/* The last step of a warp scan or reduction unrolled over shared memory: s[i] = t += s[i - 1]; ... s[i - 16];
 * (HeCBench's bscan, the Harris-Garland warp scan). Its steps 1, 2, 4, 8 and 16 combine 32 lanes; a 64-lane
 * wavefront needs a step of 32, and its buffer, two entries a lane, twice the room. Reported at the 16 when
 * the steps 1 to 8 read the same array at the same index nearby, no step of 32 does, the array is written at
 * that index (a stencil reading one array and writing another is not a scan), no __syncthreads separates the
 * steps (a block-wide scan of 32 elements means 32), and the index is a thread or lane number or the array a
 * volatile pointer (warp-synchronous code; a loop over a plain array is not a warp's). No token rewrite
 * adds the missing step: the function's other width rewrites are blocked with it. */
void warp_check_shared_steps(warp_scan *w, size_t i) {
    size_t idx;
    bool minus;
    unsigned long long k;
    if (!step_subscript(w, i, &idx, &minus, &k) || k != 16) return;
    uint32_t scope = warp_scope_of(w, i);
    if (!scope || !w->scopes[scope].device || !(warp_var_class(w, idx) & (CLS_THREAD | CLS_LANE) || volatile_array(w, i)))
        return;
    size_t lo = i, hi = i;
    for (int s = 0; s < STEP_WINDOW && pv(w, lo) != NO_POS && pv(w, lo) > w->scopes[scope].first; s++) lo = pv(w, lo);
    for (int s = 0; s < STEP_WINDOW && nx(w, hi) < w->n && nx(w, hi) < w->scopes[scope].last; s++) hi = nx(w, hi);
    unsigned steps = 0; /* bit b: the step of 1 << b was seen */
    bool written = false, barrier = false;
    size_t first = i, last = i;
    for (size_t j = lo; j <= hi && j < w->n; j = nx(w, j)) {
        size_t jdx;
        bool jminus;
        unsigned long long jk;
        if (is(w, j, "__syncthreads")) barrier = true;
        if (!same_text(w, j, i) || !is(w, nx(w, j), "[")) continue;
        size_t open = nx(w, j), close = mt(w, open);
        /* s[idx] = ... or s[idx] += ...: the array is written at the scan's own index */
        if (close == nx_n(w, open, 2) && same_text(w, nx(w, open), idx) &&
            (is(w, nx(w, close), "=") || is(w, nx(w, close), "+=")))
            written = true;
        if (!step_subscript(w, j, &jdx, &jminus, &jk) || !same_text(w, jdx, idx) || jminus != minus) continue;
        if (jk == 32) return; /* the step of 32 is there: written for 64 lanes */
        if (jk == 1 || jk == 2 || jk == 4 || jk == 8 || jk == 16) {
            steps |= 1u << (jk == 1 ? 0 : jk == 2 ? 1 : jk == 4 ? 2 : jk == 8 ? 3 : 4);
            first = j < first ? j : first;
            last = j > last ? j : last;
        }
    }
    if (steps != 0x1f || !written) return;
    barrier = false; /* only a barrier between the first and the last step separates them */
    for (size_t j = first; j <= last && j < w->n; j = nx(w, j)) barrier |= is(w, j, "__syncthreads");
    if (barrier) return;
    char shown[64];
    warp_span_text(w, i, mt(w, nx(w, i)), shown, sizeof shown);
    warp_hazard(w, HC_D_SHARED_STEP_16, off_of(w, i), shown, shown);
    warp_block_scope(w, scope);
}
