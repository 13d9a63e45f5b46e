/* warp_lanes.c: detects lane arithmetic, warp-size constants and arrays sized for 32-lane warps, and proposes the
 * rewrites that make them wave-width neutral. Which rewrites stand is not decided here (warp_fixes.c). */
#include "warp_scan.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Whether the subscript opening at sub indexes an array declared with fewer than 64 elements that cannot
 * be enlarged to 64. Reports each such array once, and proposes [32] -> [64] where that is safe. */
static bool lane_overflows_array(warp_scan *w, size_t sub) {
    size_t decl = NO_POS, first = sub, dim = 0;
    while (is(w, pv(w, first), "]") && mt(w, pv(w, first)) != NO_POS && dim < 8) first = mt(w, pv(w, first)), dim++;
    unsigned long long bound = is_ident(w, pv(w, first)) ? warp_array_bound(w, pv(w, first), &decl) : 0;
    if (bound && dim) { /* tile[row][lane]: the bound of the dimension it indexes, which cannot be enlarged
                         * alone (the rows' layout, and code reading them, would change) */
        size_t open = nx(w, decl);
        for (size_t k = 0; k < dim && is(w, open, "[") && mt(w, open) != NO_POS; k++) open = nx(w, mt(w, open));
        size_t lit = nx(w, open);
        if (!is(w, open, "[") || !is(w, nx(w, lit), "]") || !warp_number_value(w, lit, &bound, NULL)) return false;
        if (bound >= 64) return false;
        if (warp_first_report(w, off_of(w, decl), HC_D_SHARED_BY_WARP)) {
            char name[64], bound_text[32];
            warp_tok_text(w, decl, name, sizeof name);
            snprintf(bound_text, sizeof bound_text, "%llu", bound);
            warp_hazard(w, HC_D_SHARED_BY_WARP, off_of(w, decl), name, bound_text);
        }
        return true;
    }
    if (bound == 0 || bound >= 64) return false;
    /* A literal [32] becomes [64]: every index valid before stays valid, and a lane of a 64-lane
     * wave fits. Not when sizeof reads the array (its size would change) or outside device code. */
    size_t lit = nx_n(w, decl, 2);
    bool enlargeable = bound == 32 && is_kind(w, lit, HC_TOK_NUMBER) && !warp_sizeof_reads(w, decl) &&
                       w->scopes[warp_scope_of(w, decl)].device;
    /* [WARP_SIZE] becomes [64] together with the constant (examine_const_uses); if the constant stays,
     * so does every width rewrite of the scopes using it */
    warp_const *c = warp_const_at(w, lit);
    if (c && !c->is_mask && is(w, nx(w, lit), "]")) return false;
    if (warp_first_report(w, off_of(w, decl), HC_D_SHARED_BY_WARP)) {
        char name[64], bound_text[32];
        warp_tok_text(w, decl, name, sizeof name);
        snprintf(bound_text, sizeof bound_text, "%llu", bound);
        warp_hazard(w, HC_D_SHARED_BY_WARP, off_of(w, decl), name, bound_text);
        /* enlarging is safe whatever else is rewritten: no index valid before becomes invalid */
        if (enlargeable) warp_propose(w, lit, lit, "64", INDEPENDENT, NO_POS, "array sized for 64 lanes", w->last_hazard);
    }
    return !enlargeable;
}

/* Whether the lane value computed at p would index an array of fewer than 64 elements once it ranges
 * over 64 lanes (directly, or through the variable it initialises) and the array cannot be enlarged. */
static bool widens_into_small_array(warp_scan *w, size_t p) {
    size_t subs[64], nsubs = 0;
    size_t s = warp_enclosing_subscript(w, p);
    if (s != NO_POS) subs[nsubs++] = s;
    /* The records whose initialiser contains p: initialisers nest, so they are the last one starting at
     * or before p, or the innermost of its enclosing ones that still reaches p, and those around it. */
    uint32_t scope = warp_scope_of(w, p);
    size_t lo = w->init_vars_start[scope], hi = w->init_vars_start[scope + 1], last = NO_POS;
    while (lo < hi) { /* the last record with an initialiser starting at or before p */
        size_t mid = lo + (hi - lo) / 2;
        if (w->vars[w->init_vars[mid]].init_first <= p) lo = mid + 1;
        else hi = mid;
    }
    if (lo > w->init_vars_start[scope]) last = lo - 1; /* an entry of init_vars */
    size_t chain[64], nchain = 0;
    while (last != NO_POS && p >= w->vars[w->init_vars[last]].init_end) last = w->init_parent[last];
    for (; last != NO_POS && nchain < COUNT_OF(chain); last = w->init_parent[last]) chain[nchain++] = w->init_vars[last];
    while (nchain-- > 0) { /* outermost first: the order of the records */
        const warp_var *v = &w->vars[chain[nchain]];
        const warp_scope *sc = &w->scopes[v->scope];
        size_t first, end;
        if (v->init_end > sc->last) continue;
        warp_uses_between(w, v->name, v->init_end, sc->last, &first, &end);
        for (size_t u = first; u < end && nsubs < COUNT_OF(subs); u++) {
            size_t i = w->idents[u].pos;
            if (!is(w, pv(w, i), ".") && (s = warp_enclosing_subscript(w, i)) != NO_POS) subs[nsubs++] = s;
        }
    }
    bool small = false;
    for (size_t k = 0; k < nsubs; k++) small |= lane_overflows_array(w, subs[k]);
    return small;
}

/* Whether tokens [a, b) read blockIdx or gridDim, directly or through the initialisers of the locals they
 * name (depth levels deep): a warp number made from such a value counts warps across the grid. */
static bool grid_derived(const warp_scan *w, size_t a, size_t b, int depth) {
    for (size_t t = a; t < b && t < w->n; t = nx(w, t)) {
        if (is(w, t, "blockIdx") || is(w, t, "gridDim")) return true;
        if (!is_ident(w, t) || depth <= 0 || is(w, pv(w, t), ".") || is(w, pv(w, t), "->")) continue;
        const warp_var *d = warp_var_decl(w, t);
        if (d && d->init_first != NO_POS && d->name != t && grid_derived(w, d->init_first, d->init_end, depth - 1))
            return true;
    }
    return false;
}

/* Whether the value at p is combined with blockIdx or gridDim: the innermost subscript holding p reads one, or,
 * outside subscripts, its statement does (blockIdx.x * (blockDim.x / 32) + warp). */
static bool meets_grid(const warp_scan *w, size_t p) {
    size_t a = p, b = p, sub = warp_enclosing_subscript(w, p);
    if (sub != NO_POS && mt(w, sub) != NO_POS) a = nx(w, sub), b = mt(w, sub);
    else {
        while (pv(w, a) != NO_POS && !is(w, pv(w, a), ";") && !is(w, pv(w, a), "{") && !is(w, pv(w, a), "}")) a = pv(w, a);
        while (b < w->n && !is(w, b, ";") && !is(w, b, "{") && !is(w, b, "}")) b = nx(w, b);
    }
    /* subscripts not holding p (out[blockIdx.x] = ...: a per-block slot) are another value's index */
    for (size_t t = a; t < b && t < w->n; t = nx(w, t)) {
        if (is(w, t, "[") && mt(w, t) != NO_POS && !(t < p && p < mt(w, t))) {
            t = mt(w, t);
            continue;
        }
        if (is(w, t, "blockIdx") || is(w, t, "gridDim")) return true;
    }
    return false;
}

/* A warp number or warp count that numbers work across the grid: it meets blockIdx at p, or it initialises a
 * local ("int warp = threadIdx.x / 32;") that meets blockIdx where it is used. */
static bool grid_work_index(const warp_scan *w, size_t p) {
    if (meets_grid(w, p)) return true;
    size_t a = p;
    while (pv(w, a) != NO_POS && !is(w, pv(w, a), ";") && !is(w, pv(w, a), "{") && !is(w, pv(w, a), "}")) a = pv(w, a);
    size_t eq = NO_POS;
    for (size_t t = a; t < p && eq == NO_POS; t = nx(w, t))
        if (is(w, t, "=")) eq = t;
    if (eq == NO_POS || !is_ident(w, pv(w, eq)) || !(warp_var_class(w, pv(w, eq)) & CLS_WARP)) return false;
    uint32_t scope = warp_scope_of(w, p);
    size_t first, end;
    warp_uses_between(w, pv(w, eq), nx(w, p), w->scopes[scope].last, &first, &end);
    for (size_t u = first; u < end; u++)
        if (warp_scope_of(w, w->idents[u].pos) == scope && meets_grid(w, w->idents[u].pos)) return true;
    return false;
}

/* Lane arithmetic: thread % 32, thread / 32, thread & 31, thread >> 5, warp * 32, warp << 5. */
void warp_check_lane_arithmetic(warp_scan *w, size_t p) {
    for (size_t k = 0; k < warp_lane_ops_count; k++) {
        const lane_op *op = &warp_lane_ops[k];
        if (!is(w, p, op->op)) continue;
        static const unsigned operand_class[] = {CLS_THREAD, CLS_WARP, CLS_LANE};
        unsigned want = operand_class[op->operand];
        size_t lit = NO_POS, start = p;
        unsigned cls = 0;
        size_t next = nx(w, p), before = pv(w, p);
        /* blockDim.x / 32.f: the warp count in floating point; the literal keeps its type as a cast */
        const char *float_repl = !strcmp(op->op, "/") || !strcmp(op->op, "/=") ? warp_float_warp_literal(w, next) : NULL;
        bool minus = !strcmp(op->op, "-"); /* only 31 - lane: the lane counted from the last one */
        if (!minus && (warp_is_number(w, next, op->value) || float_repl) && warp_precedence(w, nx(w, next)) <= warp_precedence(w, p)) {
            lit = next;
            cls = warp_left_primary(w, p, &start, 0);
        } else if ((!strcmp(op->op, "*") || minus) && warp_is_number(w, before, op->value) &&
                   warp_precedence(w, pv(w, before)) < warp_precedence(w, p) && is_ident(w, next) &&
                   warp_precedence(w, nx(w, next)) <= warp_precedence(w, p)) {
            lit = before; /* 32 * warp, 31 - lane */
            cls = warp_var_class(w, next);
        }
        if (lit == NO_POS || !(cls & want)) continue;
        uint32_t scope = warp_scope_of(w, p);
        char construct[64]; /* the whole lane expression: "threadIdx.x % 32", "32 * warp" */
        if (lit < p) warp_span_text(w, lit, next, construct, sizeof construct);
        else warp_span_text(w, start, lit, construct, sizeof construct);
        if (!warp_first_report(w, off_of(w, p), HC_D_WARP_LANE_ARITH)) return;
        size_t h = warp_hazard(w, HC_D_WARP_LANE_ARITH, off_of(w, lit < p ? lit : start), construct, construct);
        bool fixable = w->scopes[scope].device && !warp_in_constant_context(w, p);
        bool widening = !strcmp(op->op, "%") || !strcmp(op->op, "&") || !strcmp(op->op, "%=") || !strcmp(op->op, "&=");
        if (fixable && widening && widens_into_small_array(w, p)) fixable = false;
        /* (blockIdx.x * blockDim.x + threadIdx.x) / 32, or blockIdx.x * (blockDim.x / 32) + warp: a warp number
         * across the grid numbers work items (rows, segments) whose count the host's launch fixed for 32 threads
         * each; warpSize here would leave half of them to no warp on 64 lanes, so the scope stays as written,
         * where each 32 threads still do one. */
        bool warp_number = op->operand == 0 && !widening && strcmp(op->op, "*") && strcmp(op->op, "<<");
        if (fixable && warp_number && (grid_derived(w, start, p, 4) || grid_work_index(w, p))) fixable = false;
        if (fixable && op->replace_operation) {
            /* Changing >> to / (or << to *) raises precedence: the left operand must stand alone, and a
             * right shift equals division only for non-negative values (threadIdx or unsigned). */
            size_t sp = pv(w, start);
            bool alone = is(w, sp, "(") || is(w, sp, "=") || is(w, sp, ",") || is(w, sp, "[") || is(w, sp, "return") ||
                         is(w, sp, "?") || is(w, sp, ":") || (warp_precedence(w, sp) >= 2 && warp_precedence(w, sp) < 11);
            bool nonnegative = !strcmp(op->op, "<<") || is_thread_builtin(w, start);
            if (!nonnegative && is_ident(w, before) && start == before) {
                warp_var *d = warp_var_decl(w, before);
                for (size_t t = d ? d->type_first : 1; d && t < d->name; t = nx(w, t))
                    nonnegative |= is(w, t, "unsigned") || is(w, t, "size_t") || is(w, t, "uint32_t");
            }
            fixable = alone && nonnegative;
        }
        if (!fixable) {
            warp_block_scope(w, scope);
            return;
        }
        if (op->replace_operation) warp_propose(w, p, lit, op->replace_operation, scope, NO_POS, "lane arithmetic", h);
        else warp_propose(w, lit, lit, lit == next && float_repl ? float_repl : op->replace_literal, scope, NO_POS, "lane arithmetic", h);
        return;
    }
}

/* Uses of constant c: which contexts accept warpSize (or the full-wave mask) in place of its value. */
static void examine_const_uses(warp_scan *w, size_t ci) {
    warp_const *c = &w->consts[ci];
    c->fixable = !c->template_param;
    size_t uses = 0;
    if (c->var != NO_POS) {
        const warp_var *v = &w->vars[c->var];
        for (size_t t = v->type_first; t != NO_POS && t < v->name; t = nx(w, t))
            if (is(w, t, "constexpr") || is(w, t, "static")) c->fixable = false;
        if (c->scope == 0 || !w->scopes[c->scope].device) c->fixable = false;
    }
    size_t first, end;
    if (c->scope) /* a local constant: only the uses inside its function */
        warp_uses_between(w, c->name, w->scopes[c->scope].first, w->scopes[c->scope].last, &first, &end);
    else
        warp_uses_of(w, c->name, &first, &end);
    for (size_t u = first; u < end; u++) {
        size_t i = w->idents[u].pos, p1 = pv(w, i), p2 = pv(w, p1), n1 = nx(w, i), n2 = nx(w, n1);
        if (i == c->name || is(w, p1, ".") || is(w, p1, "->")) continue;
        if (c->scope != 0 && warp_scope_of(w, i) != c->scope) continue;
        if (is(w, p1, "define") || is(w, p1, "ifdef") || is(w, p1, "ifndef") || is(w, p1, "undef") ||
            is(w, p1, "defined") || (is(w, p1, "(") && is(w, p2, "defined")))
            continue; /* the include-guard idiom #ifndef WARP_SIZE only asks whether it exists */
        uint32_t s = warp_scope_of(w, i);
        uses++;
        /* a use that assigns it (c = ...) makes it a variable, not a constant */
        if (is(w, n1, "=") || is(w, n1, "++") || is(w, n1, "--")) c->fixable = false;
        if (c->is_mask) {
            bool mask_arg = is(w, p1, "(") && (is(w, n1, ",") || is(w, n1, ")")) && warp_mask_intrinsic_at(w, p2);
            if (!mask_arg || s == 0 || !w->scopes[s].device) c->fixable = false;
            continue;
        }
        size_t start;
        bool modulo = (is(w, p1, "%") || is(w, p1, "%=")) && (warp_left_primary(w, p1, &start, 0) & CLS_THREAD);
        bool masked = is(w, p1, "(") && is(w, p2, "&") && is(w, n1, "-") && warp_is_number(w, n2, 1) &&
                      (warp_left_primary(w, p2, &start, 0) & CLS_THREAD);
        /* the lane it computes ranges over 64 values once the constant is warpSize */
        if ((modulo && widens_into_small_array(w, p1)) || (masked && widens_into_small_array(w, p2)))
            c->fixable = false;
        bool lane_use = modulo || masked ||
                        ((is(w, p1, "/") || is(w, p1, "/=")) && (warp_left_primary(w, p1, &start, 0) & CLS_THREAD)) ||
                        (is(w, p1, "*") && (warp_left_primary(w, p1, &start, 0) & CLS_WARP)) ||
                        (is(w, n1, "*") && (warp_var_class(w, n2) & CLS_WARP));
        bool loop_use = is(w, n1, "/") && warp_is_number(w, n2, 2);
        /* a shuffle's width argument, the call opening in the same statement */
        bool width_use = warp_width_call(w, i) != NO_POS;
        /* N / 2 of template <int N = 32> is any halving unless N is named like a warp size */
        if (loop_use && c->template_param && !warp_name_looks_like_warp_size(w, c->name)) loop_use = false;
        if (lane_use || loop_use || width_use) c->used_as_width = true;
        size_t sub = warp_enclosing_subscript(w, i);
        if (sub != NO_POS && warp_is_declarator_bracket(w, sub) && !c->template_param) {
            /* An array bound needs a constant, and warpSize is none in CUDA: an array of one element per
             * lane ([WARP_SIZE]) gets the widest wave, 64; one of one element per warp ([N / WARP_SIZE])
             * the count for the narrowest warp, N / 32. Either only over-allocates on the other width. */
            size_t close = mt(w, sub);
            if (close == n1 && nx(w, sub) == i && !warp_sizeof_reads(w, pv(w, sub)))
                warp_propose(w, i, i, "64", 0, ci, "per-lane array bound", NO_POS);
            else if (close == n1 && is(w, p1, "/") && !warp_sizeof_reads(w, pv(w, sub)))
                warp_propose(w, i, i, "32", 0, ci, "per-warp array bound", NO_POS);
            else
                c->fixable = false;
            continue;
        }
        if (s == 0 || w->scopes[s].is_define || !w->scopes[s].device || warp_in_constant_context(w, i))
            c->fixable = false;
    }
    c->uses = uses;
}

/* Whether the file is a header: its macros are used by files this pass does not see. */
static bool is_header(const warp_scan *w) {
    static const char *const exts[] = {".h", ".hh", ".hpp", ".hxx", ".cuh", ".inc", ".inl", ".ipp"};
    const char *path = w->u->path, *dot = path ? strrchr(path, '.') : NULL;
    for (size_t k = 0; dot && k < COUNT_OF(exts); k++)
        if (!strcmp(dot, exts[k])) return true;
    return false;
}

static bool name_looks_like_mask(const warp_scan *w, size_t pos) {
    const hc_token *t = tk(w, pos);
    for (size_t k = 0; k + 4 <= t->len; k++)
        if (!strncasecmp(w->text + t->off + k, "mask", 4)) return true;
    return false;
}

void warp_check_consts(warp_scan *w) {
    for (size_t k = 0; k < w->nconsts; k++) {
        examine_const_uses(w, k);
        warp_const *c = &w->consts[k];
        char name[96];
        warp_tok_text(w, c->name, name, sizeof name);
        /* A macro of a header, or one this file never uses, serves other files: rewriting it could put
         * warpSize into their host code or array bounds. Reported, kept. */
        if (c->var == NO_POS && (is_header(w) || !c->uses)) c->fixable = false;
        if (c->is_mask) { /* reported where it is passed (check_mask_arguments), or here when unused */
            if (!c->uses && name_looks_like_mask(w, c->name))
                warp_hazard(w, HC_D_WARP_MASK_32, off_of(w, c->name), name, name, "warp intrinsics in other files");
            continue;
        }
        if (!c->used_as_width && !warp_name_looks_like_warp_size(w, c->name)) continue;
        c->used_as_width = true;
        warp_hazard(w, HC_D_WARP_SIZE_CONSTANT, off_of(w, c->name), name, name);
        if (c->fixable) warp_propose(w, c->value, c->value, "warpSize", 0, k, "warp-size constant", w->last_hazard);
    }
}

/* threadIdx.y or threadIdx.z: in a block of more than one dimension a warp's lanes run across rows of
 * threadIdx.x, so whether a 32 there counts lanes or a row's width (blockDim.x, set by the host) cannot be
 * told; a 64-lane reduction would add two rows together. The scope's width hazards stay as written. */
void warp_check_multi_dim(warp_scan *w, size_t i) {
    if (!is(w, i, "threadIdx") || !is(w, nx(w, i), ".")) return;
    size_t m = nx_n(w, i, 2);
    if (is(w, m, "y") || is(w, m, "z")) warp_block_scope(w, warp_scope_of(w, i));
}

/* s[lane] on an array of 32 (or fewer) elements: a lane of a 64-lane wave indexes past its end, even in
 * code that already computes lanes with warpSize. */
void warp_check_lane_subscript(warp_scan *w, size_t open) {
    if (!is(w, open, "[") || !is_ident(w, pv(w, open)) || mt(w, open) == NO_POS || warp_is_declarator_bracket(w, open))
        return;
    size_t close = mt(w, open);
    if (!(warp_classify_range(w, nx(w, open), close, 0) & CLS_LANE)) return;
    for (size_t k = nx(w, open); k < close; k = nx(w, k)) /* the lane itself, not a value computed from it */
        if (is(w, k, "*") || is(w, k, "/") || is(w, k, ">>") || is(w, k, "<<") || is(w, k, "+") || is(w, k, "-"))
            return;
    lane_overflows_array(w, open);
}

/* __shared__ T s[BLOCK / 32]: per-warp arrays sized for 32-lane warps. */
void warp_check_array_bound(warp_scan *w, size_t open) {
    if (!is(w, open, "[") || mt(w, open) == NO_POS || !warp_is_declarator_bracket(w, open)) return;
    size_t close = mt(w, open);
    for (size_t k = nx(w, open); k < close; k = nx(w, k)) {
        size_t n1 = nx(w, k);
        warp_const *c = warp_const_at(w, n1);
        bool by32 = (is(w, k, "/") && (warp_is_number(w, n1, 32) || (c && !c->is_mask))) ||
                    (is(w, k, ">>") && warp_is_number(w, n1, 5));
        if (!by32) continue;
        char bound[64];
        warp_span_text(w, nx(w, open), pv(w, close), bound, sizeof bound);
        if (!warp_first_report(w, off_of(w, pv(w, open)), HC_D_SHARED_BY_WARP)) return;
        size_t h = warp_hazard(w, HC_D_SHARED_BY_WARP, off_of(w, pv(w, open)), bound, bound);
        if (c && !c->is_mask) warp_link_const_hazard(w, h, c); /* [N / WARP_SIZE] is rewritten with the constant */
        return;
    }
}

/* kernel<<<grid, block, block / 32 * sizeof(float)>>>: dynamic shared memory sized by 32-lane warps. */
void warp_check_launch_shared(warp_scan *w, size_t open) {
    if (!is(w, open, "<<<")) return;
    size_t close = hc_code_pair(w->u, open);
    if (close == SIZE_MAX) return;
    hc_code_args args;
    hc_code_split(w->u, open, close, HC_SPLIT_CALL, &args);
    if (args.n < 3 || args.first[2] == SIZE_MAX) return;
    size_t first = args.first[2], last = args.last[2]; /* the dynamic shared memory size */
    for (size_t q = first; nx(w, q) <= last; q = nx(w, q)) {
        size_t n1 = nx(w, q);
        warp_const *c = warp_const_at(w, n1);
        if ((is(w, q, "/") && (warp_is_number(w, n1, 32) || (c && !c->is_mask))) || (is(w, q, ">>") && warp_is_number(w, n1, 5))) {
            char shown[64];
            warp_span_text(w, first, last, shown, sizeof shown);
            warp_hazard(w, HC_D_SHARED_BY_WARP, off_of(w, first), shown, shown);
            return;
        }
    }
}
