/* unit.c: bookkeeping for one file under translation: diagnostics, reference and rule-hit counters,
 * the line index, edit proposals. No translation decisions are made here. */
#include "unit.h"
#include "grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t hc_unit_line_of(const hc_unit *u, uint32_t off, uint32_t *col) {
    size_t lo = 0, hi = u->nlines;
    while (hi - lo > 1) { /* last line start <= off */
        size_t mid = (lo + hi) / 2;
        if (u->line_starts[mid] <= off) lo = mid;
        else hi = mid;
    }
    if (col) *col = off - u->line_starts[lo] + 1;
    return (uint32_t)lo + 1;
}

void hc_unit_vdiag(hc_unit *u, hc_diag_id id, uint32_t off, const char *name, va_list ap) {
    /* a lost diagnostic is better than a crash; memory is exhausted anyway */
    if (hc_grow(&u->diags.v, &u->diags.cap, u->diags.n, sizeof *u->diags.v, 32) < 0) return;
    const hc_diag_info *info = hc_diag_info_get(id);
    char msg[1024];
    vsnprintf(msg, sizeof msg, info->format, ap);
    hc_diag *d = &u->diags.v[u->diags.n++];
    memset(d, 0, sizeof *d);
    d->id = id;
    d->severity = info->severity;
    d->offset = off;
    if (off != UINT32_MAX && u->nlines) d->line = hc_unit_line_of(u, off, &d->col);
    d->message = strdup(msg);
    d->name = name ? strdup(name) : NULL;
    d->pass = u->pass;
}

void hc_unit_diag(hc_unit *u, hc_diag_id id, uint32_t off, const char *name, ...) {
    va_list ap;
    va_start(ap, name);
    hc_unit_vdiag(u, id, off, name, ap);
    va_end(ap);
}

static uint64_t hash_name(const char *s, size_t n) { /* FNV-1a */
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

/* Finds or inserts (name, converted) in t; returns the slot or NULL on out-of-memory. */
static hc_ref_count *ref_slot(hc_ref_table *t, const char *name, size_t len, bool converted) {
    if (t->used * 2 >= t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 64;
        hc_ref_count *s = calloc(cap, sizeof *s);
        if (!s) return NULL;
        for (size_t i = 0; i < t->cap; i++) {
            if (!t->slots[i].name) continue;
            size_t j = (hash_name(t->slots[i].name, strlen(t->slots[i].name)) ^ t->slots[i].converted) & (cap - 1);
            while (s[j].name) j = (j + 1) & (cap - 1);
            s[j] = t->slots[i];
        }
        free(t->slots);
        t->slots = s;
        t->cap = cap;
    }
    size_t j = (hash_name(name, len) ^ converted) & (t->cap - 1);
    while (t->slots[j].name) {
        if (t->slots[j].converted == converted && strlen(t->slots[j].name) == len &&
            memcmp(t->slots[j].name, name, len) == 0)
            return &t->slots[j];
        j = (j + 1) & (t->cap - 1);
    }
    t->slots[j].name = strndup(name, len);
    if (!t->slots[j].name) return NULL;
    t->slots[j].converted = converted;
    t->used++;
    return &t->slots[j];
}

void hc_unit_count_ref(hc_unit *u, const char *name, size_t len, hc_family fam, bool converted) {
    hc_ref_count *r = ref_slot(&u->refs, name, len, converted);
    if (!r) return;
    r->family = fam;
    r->count++;
}

void hc_unit_uncount_ref(hc_unit *u, const char *name, size_t len) {
    if (!u->refs.cap) return;
    hc_ref_count *r = ref_slot(&u->refs, name, len, true);
    if (r && r->count) r->count--;
}

void hc_unit_convert_ref(hc_unit *u, const char *name, size_t len) {
    hc_ref_count *r = u->refs.cap ? ref_slot(&u->refs, name, len, false) : NULL;
    if (!r || !r->count) return; /* never counted as left: nothing to move */
    r->count--;
    hc_family fam = r->family; /* counting may grow the table and move r */
    hc_unit_count_ref(u, name, len, fam, true);
}

void hc_unit_count_rule(hc_unit *u, const char *rule_name) {
    hc_ref_count *r = ref_slot(&u->rule_hits, rule_name, strlen(rule_name), true);
    if (!r) return;
    /* build-script rewrites are named cmake:... and make:...; everything else is a user rule */
    r->family = !strncmp(rule_name, "cmake:", 6) || !strncmp(rule_name, "make:", 5) ? HC_FAM_BUILD : HC_FAM_USER;
    r->count++;
}

int hc_unit_edit(hc_unit *u, uint32_t off, uint32_t len, const char *repl, hc_edit_priority priority, hc_effort effort) {
    return hc_edits_add(&u->edits, off, len, repl, strlen(repl), priority, effort, u->pass);
}

int hc_unit_edit_hip_neutral(hc_unit *u, uint32_t off, uint32_t len, const char *repl, hc_edit_priority priority,
                             hc_effort effort) {
    if (hc_unit_edit(u, off, len, repl, priority, effort) < 0) return -1;
    u->edits.v[u->edits.n - 1].hip_neutral = true;
    return 0;
}

int hc_unit_diag_fixed(hc_unit *u, size_t i) {
    if (hc_grow(&u->fixed, &u->capfixed, u->nfixed, sizeof *u->fixed, 16) < 0) return -1;
    u->fixed[u->nfixed++] = i;
    return 0;
}
