/* warp_classify.c: what a value holds, as far as tokens tell: a thread index, a lane, a warp number or a lane mask.
 * It reports nothing and proposes no rewrite. */
#include "warp_scan.h"

/* Class and first position of the operand that ends just before position end. */
unsigned warp_left_primary(const warp_scan *w, size_t end, size_t *start, int depth) {
    size_t e = pv(w, end);
    if (e == NO_POS) return 0;
    *start = e;
    if (is(w, e, ")") && mt(w, e) != NO_POS) {
        size_t o = mt(w, e), callee = pv(w, o);
        *start = o;
        if (is_ident(w, callee) && !warp_is_statement_word(w, callee)) {
            *start = callee;
            if (warp_is_ballot_call(w, callee)) return CLS_BALLOT;
            if (is(w, callee, "__lane_id")) return CLS_THREAD;
            return 0;
        }
        return warp_classify_range(w, nx(w, o), e, depth + 1);
    }
    if (!is_ident(w, e)) return 0;
    size_t dot = pv(w, e), object = pv(w, dot);
    if (object != NO_POS && (is(w, dot, ".") || is(w, dot, "->"))) {
        *start = object;
        return is_thread_builtin(w, object) ? CLS_THREAD : 0;
    }
    return warp_var_class(w, e);
}

/* Whether the operator at p has the literal (or constant) right operand of a lane division: / 32,
 * >> 5, / WARP_SIZE, / warpSize. */
static bool divides_by_warp(const warp_scan *w, size_t p) {
    if (!(is(w, p, "/") || is(w, p, ">>") || is(w, p, "/=") || is(w, p, ">>="))) return false;
    bool shift = is(w, p, ">>") || is(w, p, ">>=");
    size_t n1 = nx(w, p);
    if (warp_precedence(w, nx(w, n1)) > warp_precedence(w, p)) return false;
    if (shift) return warp_is_number(w, n1, 5);
    if (warp_is_number(w, n1, 32) || is(w, n1, "warpSize")) return true;
    warp_const *c = warp_const_at(w, n1);
    return c && !c->is_mask;
}

/* Whether the operator at p reduces its left operand to a lane: % 32, & 31, % warpSize, & (warpSize - 1),
 * % WARP_SIZE, & (WARP_SIZE - 1). */
static bool reduces_to_lane(const warp_scan *w, size_t p) {
    bool mod = is(w, p, "%") || is(w, p, "%="), and = is(w, p, "&") || is(w, p, "&=");
    if (!mod && !and) return false;
    size_t n1 = nx(w, p), n2 = nx(w, n1), n3 = nx(w, n2), n4 = nx(w, n3);
    warp_const *c = warp_const_at(w, n1);
    if (mod) return warp_is_number(w, n1, 32) || is(w, n1, "warpSize") || (c && !c->is_mask);
    if (warp_is_number(w, n1, 31)) return true;
    c = warp_const_at(w, n2);
    return is(w, n1, "(") && (is(w, n2, "warpSize") || (c && !c->is_mask)) && is(w, n3, "-") &&
           warp_is_number(w, n4, 1) && is(w, nx(w, n4), ")");
}

/* Whether the identifier at i calls a function of this file that returns a lane mask. */
bool warp_returns_ballot(const warp_scan *w, size_t i) {
    uint32_t s = warp_callee(w, i);
    return s && w->scopes[s].returns_ballot;
}

unsigned warp_classify_range(const warp_scan *w, size_t a, size_t b, int depth) {
    unsigned found = 0;
    bool boolean = false, warp_division = false, warp_scaled = false, lane_modulo = false;
    if (depth > 8) return 0;
    for (size_t k = a; k < b && k < w->n; k = nx(w, k)) {
        if (is(w, k, "[") && mt(w, k) != NO_POS) { /* a subscript reads data, not an index */
            k = mt(w, k);
            continue;
        }
        size_t n1 = nx(w, k), p1 = pv(w, k);
        if (is_ident(w, k) && is(w, n1, "(") && mt(w, n1) != NO_POS && !warp_is_statement_word(w, k)) {
            if (warp_is_ballot_call(w, k) || warp_returns_ballot(w, k)) found |= CLS_BALLOT;
            if (is(w, k, "__lane_id")) found |= CLS_THREAD | CLS_LANE;
            k = mt(w, n1);
            continue;
        }
        if (is(w, k, "==") || is(w, k, "!=") || is(w, k, "<") || is(w, k, ">") || is(w, k, "<=") ||
            is(w, k, ">=") || is(w, k, "&&") || is(w, k, "||") || is(w, k, "!"))
            boolean = true;
        if (divides_by_warp(w, k)) {
            size_t s;
            if (warp_left_primary(w, k, &s, depth + 1) & CLS_THREAD) warp_division = true;
        }
        if (reduces_to_lane(w, k)) {
            size_t s;
            if (warp_left_primary(w, k, &s, depth + 1) & CLS_THREAD) lane_modulo = true;
        }
        size_t shifted = is(w, k, "<<") && warp_is_number(w, p1, 1) ? warp_shift_operand(w, n1, NULL) : NO_POS;
        if (shifted != NO_POS && (is_thread_builtin(w, shifted) || (warp_var_class(w, shifted) & CLS_THREAD)))
            found |= CLS_BALLOT; /* 1 << lane, 1 << (lane): a lane mask */
        if ((is(w, k, "*") && (warp_is_number(w, n1, 32) || is(w, n1, "warpSize"))) ||
            (is(w, k, "<<") && warp_is_number(w, n1, 5))) {
            size_t s;
            if (warp_left_primary(w, k, &s, depth + 1) & CLS_WARP) warp_scaled = true;
        }
        if (!is_ident(w, k) || is(w, p1, ".") || is(w, p1, "->")) continue;
        if (is_thread_builtin(w, k)) found |= CLS_THREAD;
        else found |= warp_var_class(w, k);
    }
    if (boolean) return 0;
    unsigned cls = found & CLS_BALLOT;
    if (warp_division) cls |= CLS_WARP;
    else if (lane_modulo) cls |= CLS_THREAD | CLS_LANE;
    else if ((found & CLS_THREAD) || warp_scaled) cls |= CLS_THREAD | (found & CLS_LANE);
    else if (found & CLS_WARP) cls |= CLS_WARP;
    return cls;
}

void warp_classify_vars(warp_scan *w) {
    for (int round = 0; round < 4; round++) {
        bool changed = false;
        for (uint32_t s = 1; s < w->nscopes; s++) { /* functions that return a lane mask */
            warp_scope *sc = &w->scopes[s];
            for (size_t i = sc->first; !sc->returns_ballot && !sc->is_define && i <= sc->last && i < w->n; i = nx(w, i))
                if (is(w, i, "return") && warp_scope_of(w, i) == s &&
                    (warp_classify_range(w, nx(w, i), warp_expression_end(w, nx(w, i), sc->last), 0) & CLS_BALLOT))
                    changed = sc->returns_ballot = true;
        }
        for (size_t k = 0; k < w->nvars; k++) { /* parameters every call passes a lane mask to */
            warp_var *p = &w->vars[k];
            const warp_scope *sc = &w->scopes[p->scope];
            if (!p->is_param || p->param_index < 0 || (p->cls & CLS_BALLOT) || sc->name == NO_POS) continue;
            size_t calls = 0, ballots = 0;
            for (size_t c = w->calls_start[p->scope]; c < w->calls_start[p->scope + 1]; c++) {
                size_t i = w->calls[c], af, ae;
                calls++;
                ballots += warp_call_argument(w, nx(w, i), p->param_index, &af, &ae) &&
                           (warp_classify_range(w, af, ae, 0) & CLS_BALLOT);
            }
            if (calls && ballots == calls) {
                warp_var_add_class(w, p, CLS_BALLOT);
                changed = true;
            }
        }
        for (size_t k = 0; k < w->nvars; k++) {
            warp_var *v = &w->vars[k];
            if (v->init_first == NO_POS) continue;
            unsigned cls = warp_classify_range(w, v->init_first, v->init_end, 0) | warp_name_table_class(w, v->name);
            if ((cls | v->cls) != v->cls) {
                warp_var_add_class(w, v, cls);
                changed = true;
            }
        }
        if (!changed) break;
    }
}
