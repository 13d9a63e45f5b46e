/* edits.c: collects proposed edits, orders them, drops overlaps by priority, applies them once.
 * It knows nothing of CUDA or of what an edit means. */
#include "edits.h"
#include "grow.h"

#include <stdlib.h>
#include <string.h>

int hc_edits_add(hc_edit_set *s, uint32_t off, uint32_t len, const char *repl, size_t repl_len,
                 hc_edit_priority priority, hc_effort effort, const char *pass) {
    if (hc_grow(&s->v, &s->cap, s->n, sizeof *s->v, 64) < 0) return -1;
    char *copy = malloc(repl_len + 1);
    if (!copy) return -1;
    memcpy(copy, repl, repl_len);
    copy[repl_len] = '\0';
    s->v[s->n++] = (hc_edit){off, len, copy, (uint8_t)priority, effort, pass, false};
    return 0;
}

/* Orders by offset; at one offset insertions first, then by priority; the proposal order breaks
 * remaining ties (stable via the index stored temporarily in the sort keys). */
typedef struct keyed { hc_edit e; size_t order; } keyed;
static int cmp_keyed(const void *a, const void *b) {
    const keyed *x = a, *y = b;
    if (x->e.offset != y->e.offset) return x->e.offset < y->e.offset ? -1 : 1;
    if ((x->e.length == 0) != (y->e.length == 0)) return x->e.length == 0 ? -1 : 1;
    if (x->e.length == 0) return x->order < y->order ? -1 : x->order > y->order;
    if (x->e.priority != y->e.priority) return x->e.priority < y->e.priority ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static int overlaps(const hc_edit *a, const hc_edit *b) {
    /* insertions overlap a replacement only when strictly inside it */
    uint32_t a_end = a->offset + a->length, b_end = b->offset + b->length;
    if (a->length == 0) return a->offset > b->offset && a->offset < b_end;
    if (b->length == 0) return b->offset > a->offset && b->offset < a_end;
    return a->offset < b_end && b->offset < a_end;
}

size_t hc_edits_normalize(hc_edit_set *s) {
    if (s->n == 0) return 0;
    keyed *k = malloc(s->n * sizeof *k);
    if (!k) return 0;
    for (size_t i = 0; i < s->n; i++) k[i] = (keyed){s->v[i], i};
    qsort(k, s->n, sizeof *k, cmp_keyed);
    /* Keep an edit unless it overlaps a kept edit of better (lower) or equal priority; when the new one is
     * better than the kept ones it overlaps, those are dropped instead. */
    size_t kept = 0, dropped = 0;
    for (size_t i = 0; i < s->n; i++) {
        hc_edit *e = &k[i].e;
        int lose = 0;
        size_t first_overlap = kept;
        /* Kept edits never overlap one another and are in offset order, so the walk back can stop at the
         * first kept edit that lies wholly before e: a replacement ending before it, or an insertion at an
         * earlier offset (an older edit reaching past that insertion would have contained it, and the two
         * could not both be kept). Stopping at insertions too keeps a file of many insertions linear. */
        for (size_t j = kept; j-- > 0;) {
            hc_edit *o = &s->v[j];
            if (o->length ? o->offset + o->length < e->offset : o->offset < e->offset) break;
            if (overlaps(o, e)) {
                if (o->priority <= e->priority) { lose = 1; break; }
                first_overlap = j;
            }
        }
        if (lose) { free(e->replacement); dropped++; continue; }
        if (first_overlap < kept) { /* drop kept edits that this better one overlaps */
            size_t w = first_overlap;
            for (size_t j = first_overlap; j < kept; j++) {
                if (overlaps(&s->v[j], e)) { free(s->v[j].replacement); dropped++; }
                else s->v[w++] = s->v[j];
            }
            kept = w;
        }
        s->v[kept++] = *e;
    }
    s->n = kept;
    free(k);
    return dropped;
}

char *hc_edits_apply(const hc_edit_set *s, const char *text, size_t len, size_t *out_len) {
    size_t size = len + 1;
    for (size_t i = 0; i < s->n; i++) size += strlen(s->v[i].replacement);
    char *out = malloc(size);
    if (!out) return NULL;
    size_t o = 0, pos = 0;
    for (size_t i = 0; i < s->n; i++) {
        const hc_edit *e = &s->v[i];
        memcpy(out + o, text + pos, e->offset - pos);
        o += e->offset - pos;
        size_t r = strlen(e->replacement);
        memcpy(out + o, e->replacement, r);
        o += r;
        pos = e->offset + e->length;
    }
    memcpy(out + o, text + pos, len - pos);
    o += len - pos;
    out[o] = '\0';
    *out_len = o;
    return out;
}

void hc_edit_set_free(hc_edit_set *s) {
    for (size_t i = 0; i < s->n; i++) free(s->v[i].replacement);
    free(s->v);
    memset(s, 0, sizeof *s);
}
