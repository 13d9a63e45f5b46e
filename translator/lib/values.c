/* values.c: the unit's value facts (values.h): builds the warp scan's index of one file (warp_index.c,
 * warp_vars.c), classifies its variables (warp_classify.c) and marks which vary between threads, once per file.
 * It reports nothing and proposes no rewrite: the warp pass and the other passes read what it computed. */
#include "warp_scan.h"

#include <stdlib.h>
#include <string.h>

struct hc_value_facts {
    warp_scan scan;  /* the index and the classes, as computed: no pass writes to it */
    uint8_t *varies; /* per variable record: its declaration or assignment reads a value that varies; on a
                      * first record, whether any record of its variable does */
};

const warp_scan *warp_shared_scan(const hc_unit *u) { return u->values ? &u->values->scan : NULL; }

static void free_scan(warp_scan *w) {
    free(w->fn_scopes), free(w->def_scopes), free(w->scopes), free(w->vars), free(w->consts), free(w->idents);
    free(w->callees), free(w->arrays), free(w->names), free(w->calls), free(w->calls_start), free(w->var_slots);
    free(w->init_parent), free(w->init_vars), free(w->init_vars_start), free(w->const_index);
}

void hc_values_free(hc_unit *u) {
    if (!u->values) return;
    free_scan(&u->values->scan);
    free(u->values->varies);
    free(u->values);
    u->values = NULL;
}

/* The token at i (an identifier) reads a per-thread value by itself: threadIdx, or a call of __lane_id. */
static bool thread_source(const warp_scan *w, size_t i) {
    return is(w, i, "threadIdx") || (is(w, i, "__lane_id") && is(w, nx(w, i), "("));
}

/* Whether the variable spelled at pos (in its scope) is marked as varying. */
static bool var_varies(const warp_scan *w, const uint8_t *varies, size_t pos) {
    size_t r = warp_var_first(w, pos);
    return r != NO_POS && varies[r];
}

static bool range_varies(const warp_scan *w, const uint8_t *varies, size_t first, size_t end) {
    for (size_t k = first; k < end && k < w->n; k = nx(w, k)) {
        if (!is_ident(w, k) || is(w, pv(w, k), ".") || is(w, pv(w, k), "->")) continue;
        if (thread_source(w, k) || var_varies(w, varies, k)) return true;
    }
    return false;
}

/* Marks the variables whose declaration or an assignment reads a varying value, in at most four rounds (as
 * the classes settle): a chain declared in order settles in the first. */
static int mark_varying(struct hc_value_facts *v) {
    const warp_scan *w = &v->scan;
    v->varies = calloc(w->nvars ? w->nvars : 1, 1);
    if (!v->varies) return -1;
    for (int round = 0; round < 4; round++) {
        bool changed = false;
        for (size_t k = 0; k < w->nvars; k++) {
            const warp_var *r = &w->vars[k];
            if (r->init_first == NO_POS || v->varies[k] || !range_varies(w, v->varies, r->init_first, r->init_end)) continue;
            v->varies[k] = 1;
            v->varies[warp_var_first(w, r->name)] = 1;
            changed = true;
        }
        if (!changed) break;
    }
    return 0;
}

int hc_values_analyze(hc_unit *u) {
    if (u->values) return 0;
    if (hc_code_analyze(u) < 0) return -1;
    struct hc_value_facts *v = calloc(1, sizeof *v);
    if (!v) return -1;
    warp_scan *w = &v->scan;
    w->u = u;
    w->text = u->text;
    w->n = u->toks.n; /* under 2^32: inputs over 64 MiB are refused before tokenizing */
    w->last_hazard = NO_POS;
    int rc = -1;
    if (warp_build_name_index(w) < 0 || warp_build_scopes(w) < 0) goto done;
    warp_gather_vars(w);
    if (w->oom || warp_index_vars(w) < 0) goto done;
    if (warp_link_scopes(w) < 0 || warp_index_calls(w) < 0) goto done;
    warp_gather_consts(w);
    if (w->oom || warp_index_consts(w) < 0) goto done;
    warp_classify_vars(w);
    if (w->oom || mark_varying(v) < 0) goto done;
    rc = 0;
done:
    if (rc < 0) {
        free_scan(w);
        free(v->varies);
        free(v);
        return -1;
    }
    u->values = v;
    return 0;
}

unsigned hc_value_class(const hc_unit *u, size_t i) {
    const warp_scan *w = warp_shared_scan(u);
    if (!w || !is_ident(w, i)) return 0;
    if (is_thread_builtin(w, i)) return CLS_THREAD;
    if (is(w, i, "__lane_id") && is(w, nx(w, i), "(")) return CLS_THREAD | CLS_LANE;
    return warp_var_class(w, i);
}

unsigned hc_value_expr_class(const hc_unit *u, size_t first, size_t end) {
    const warp_scan *w = warp_shared_scan(u);
    return w ? warp_classify_range(w, first, end, 0) : 0;
}

bool hc_value_varies(const hc_unit *u, size_t first, size_t end) {
    const warp_scan *w = warp_shared_scan(u);
    return w && range_varies(w, u->values->varies, first, end);
}
