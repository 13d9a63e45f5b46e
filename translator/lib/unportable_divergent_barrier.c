/* unportable_divergent_barrier.c: the divergent_barrier check of the unportable pass: a block barrier
 * (__syncthreads and its _count/_and/_or forms) reached under a condition that differs between the threads of a
 * block (HC1116): an if/else/switch on such a value. It rewrites nothing, and reads loops as uniform (a stride
 * loop's trip count usually is; the tokens cannot tell). A barrier past an early `return` is not reported: a
 * thread that has exited no longer holds a barrier up (PTX `exit`; on AMD a wave that ended is not counted). */
#include "unportable.h"
#include "util.h"
#include "values.h"

#include <stdlib.h>

static const char *const barriers[] = {"__syncthreads", "__syncthreads_count", "__syncthreads_and",
                                       "__syncthreads_or"};

/* The facts of statement k's chain (it and the statements around it), each computed once per file so that a
 * deep else-if chain costs its length, not its length squared: whether some if, else or switch of the chain tests
 * a value that differs between threads, and the chain's outermost statement. */
typedef struct div_chain {
    uint32_t top;
    uint8_t state; /* 0: not computed; 1: uniform; 2: varies */
} div_chain;

static const div_chain *chain_of(unp_scan *s, uint32_t k) {
    const hc_unit *u = s->u;
    size_t n;
    const hc_control_stmt *all = hc_code_controls(u, &n);
    div_chain *memo = s->div_chains;
    if (memo[k].state) return &memo[k];
    /* up to the first statement already computed, or the outermost: the outermost varying statement on the way */
    uint32_t stop = k, top = k, vary = HC_BODY_NONE;
    bool above_varies = false;
    for (const hc_control_stmt *c = &all[k];; c = &all[c->outer]) {
        stop = (uint32_t)(c - all);
        if (memo[stop].state) {
            top = memo[stop].top;
            above_varies = memo[stop].state == 2;
            break;
        }
        if ((c->control == HC_CTL_IF || c->control == HC_CTL_ELSE || c->control == HC_CTL_SWITCH) &&
            c->cond_open != HC_BODY_NONE && hc_value_varies(u, c->cond_open + 1, c->cond_close))
            vary = stop;
        top = stop;
        if (c->outer == HC_BODY_NONE) break;
    }
    /* a statement's chain varies when it or one around it does: every one up to the outermost varying one */
    bool below = above_varies || vary != HC_BODY_NONE;
    for (const hc_control_stmt *c = &all[k];; c = &all[c->outer]) {
        uint32_t j = (uint32_t)(c - all);
        if (memo[j].state) break;
        memo[j] = (div_chain){top, (uint8_t)(below ? 2 : 1)};
        if (j == vary) below = above_varies;
        if (j == stop) break;
    }
    return &memo[k];
}

/* The chain facts of the statement controlling token i, or NULL when none does (or memory runs out: *oom). */
static const div_chain *control_chain(unp_scan *s, size_t i, bool *oom) {
    const hc_control_stmt *c = hc_code_control_of(s->u, i);
    if (!c) return NULL;
    size_t n;
    const hc_control_stmt *all = hc_code_controls(s->u, &n);
    if (!s->div_chains && !(s->div_chains = calloc(n, sizeof *s->div_chains))) {
        *oom = true;
        return NULL;
    }
    return chain_of(s, (uint32_t)(c - all));
}

/* Token i is an identifier in code the compilation reads (pass_unportable.c's loop), in token order. A barrier
 * whose controlling statements include an if, else or switch on a thread-dependent value is reported. Each
 * statement's chain is computed once (chain_of), so the pass stays linear in the file. */
int unp_check_divergent_barrier(unp_scan *s, size_t i) {
    hc_unit *u = s->u;
    bool oom = false;
    size_t k = unp_word(s, i, barriers, COUNT_OF(barriers));
    if (k == NONE || !hc_code_punct(u, hc_code_next(u, i), "(") || !unp_global_use(s, i)) return 0;
    if (!hc_code_device_body(u, i)) return 0;
    if (hc_values_analyze(u) < 0) return -1;
    const div_chain *ch = control_chain(s, i, &oom);
    if (oom) return -1;
    if (ch && ch->state == 2) hc_unit_diag(u, HC_D_DIVERGENT_BARRIER, hc_code_tok(u, i)->off, barriers[k], barriers[k]);
    return 0;
}
