/* resync.c: plans a re-sync file by file: three-way merges (libgit2's git_merge_file) of the last port's
 * translation, the hand-edited HIP tree and today's translation; renames found by the CUDA source's blob id
 * or by line similarity. It works on bytes in memory and touches no file. */
#include "resync.h"
#include "grow.h"

#include <git2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct { const char *key, *text; } actions[] = {
#define HC_RS_ACTION(sym, key, text) {key, text},
#include "resync_actions.def"
#undef HC_RS_ACTION
};

const char *hc_rs_action_key(hc_rs_action a) { return a < HC_RS__COUNT ? actions[a].key : "?"; }
const char *hc_rs_action_text(hc_rs_action a) { return a < HC_RS__COUNT ? actions[a].text : "?"; }

static unsigned count_markers(const char *s, size_t len) {
    unsigned n = 0;
    for (const char *p = s, *end = s + len; p < end;) {
        if ((size_t)(end - p) >= 8 && !memcmp(p, "<<<<<<< ", 8)) n++;
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) break;
        p = nl + 1;
    }
    return n;
}

int hc_merge3(const char *base, size_t blen, const char *ours, size_t olen, const char *theirs, size_t tlen,
              const hc_rs_labels *labels, char **out, size_t *outlen) {
    git_libgit2_init();
    git_merge_file_input a, o, t;
    git_merge_file_input_init(&a, GIT_MERGE_FILE_INPUT_VERSION);
    git_merge_file_input_init(&o, GIT_MERGE_FILE_INPUT_VERSION);
    git_merge_file_input_init(&t, GIT_MERGE_FILE_INPUT_VERSION);
    a.ptr = base ? base : "", a.size = blen;
    o.ptr = ours, o.size = olen;
    t.ptr = theirs, t.size = tlen;
    git_merge_file_options opts;
    git_merge_file_options_init(&opts, GIT_MERGE_FILE_OPTIONS_VERSION);
    opts.ancestor_label = labels->base;
    opts.our_label = labels->ours;
    opts.their_label = labels->theirs;
    opts.flags = GIT_MERGE_FILE_STYLE_DIFF3; /* the base in the conflict shows what each side changed */
    git_merge_file_result r = {0};
    int rc = -1;
    if (git_merge_file(&r, &a, &o, &t, &opts) == 0 && (*out = malloc(r.len + 1))) {
        memcpy(*out, r.ptr, r.len);
        (*out)[r.len] = '\0';
        *outlen = r.len;
        rc = r.automergeable ? 0 : (int)count_markers(*out, r.len);
        if (!r.automergeable && rc == 0) rc = 1; /* a conflict libgit2 wrote without a marker line of ours */
    }
    git_merge_file_result_free(&r);
    git_libgit2_shutdown();
    return rc;
}

/* ---- line similarity (renames without an identical source) ---- */

static uint64_t fnv(const char *s, size_t n) {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t *line_hashes(const char *s, size_t len, size_t *n) {
    size_t cap = 1;
    for (size_t i = 0; i < len; i++) cap += s[i] == '\n';
    uint64_t *v = malloc(cap * sizeof *v);
    if (!v) return NULL;
    *n = 0;
    for (const char *p = s, *end = s + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
        v[(*n)++] = fnv(p, l);
        p += l + 1;
    }
    qsort(v, *n, sizeof *v, cmp_u64);
    return v;
}

int hc_rs_similarity(const char *a, size_t alen, const char *b, size_t blen) {
    size_t na = 0, nb = 0, common = 0;
    uint64_t *ha = line_hashes(a, alen, &na), *hb = line_hashes(b, blen, &nb);
    if (ha && hb)
        for (size_t i = 0, j = 0; i < na && j < nb;) {
            if (ha[i] == hb[j]) common++, i++, j++;
            else if (ha[i] < hb[j]) i++;
            else j++;
        }
    free(ha), free(hb);
    return na + nb ? (int)(200 * common / (na + nb)) : 100;
}

/* ---- the plan ---- */

static const hc_rs_file *find(const hc_rs_tree *t, const char *rel) {
    size_t lo = 0, hi = t->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(t->v[mid].rel, rel);
        if (!c) return &t->v[mid];
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

static bool same(const hc_rs_file *a, const hc_rs_file *b) {
    return a && b && a->len == b->len && !memcmp(a->data, b->data, a->len);
}

static bool binary(const hc_rs_file *f) { return f && memchr(f->data, '\0', f->len) != NULL; }

static hc_rs_entry *add(hc_rs_plan *p, const char *rel, hc_rs_action a) {
    if (hc_grow(&p->v, &p->cap, p->n, sizeof *p->v, 64) < 0) return NULL;
    hc_rs_entry *e = &p->v[p->n];
    memset(e, 0, sizeof *e);
    if (!(e->rel = strdup(rel))) return NULL;
    e->action = a;
    p->n++;
    p->count[a]++;
    return e;
}

static void set_action(hc_rs_plan *p, hc_rs_entry *e, hc_rs_action a) {
    p->count[e->action]--;
    p->count[a]++;
    e->action = a;
}

static int take_copy(hc_rs_entry *e, const hc_rs_file *f) {
    e->write = true;
    e->len = f->len;
    if (!(e->data = malloc(f->len + 1))) return -1;
    memcpy(e->data, f->data, f->len);
    e->data[f->len] = '\0';
    return 0;
}

/* base -> ours, base -> theirs, at one path or across a rename (from). */
static int plan_one(hc_rs_plan *p, const char *rel, const char *from, const hc_rs_file *b, const hc_rs_file *t,
                    const hc_rs_file *o, const hc_rs_file *o_at_target, const hc_rs_labels *labels) {
    hc_rs_entry *e;
    if (b && !t) { /* removed upstream */
        if (!o) return 0; /* gone on both sides */
        if (!(e = add(p, rel, same(o, b) ? HC_RS_REMOVED : HC_RS_REMOVED_KEPT))) return -1;
        e->hand_edited = !same(o, b);
        if (!e->hand_edited) e->remove = true, e->remove_rel = o->rel, e->expect = o->data, e->expect_len = o->len;
        return 0;
    }
    if (!b) { /* added upstream */
        if (!o) return (e = add(p, rel, HC_RS_ADDED)) && take_copy(e, t) == 0 ? 0 : -1;
        if (same(o, t)) return add(p, rel, HC_RS_UNCHANGED) ? 0 : -1;
        if (!(e = add(p, rel, HC_RS_ADDED_CONFLICT))) return -1;
        e->hand_edited = true;
        if (binary(o) || binary(t)) return set_action(p, e, HC_RS_BINARY_CONFLICT), 0;
        int c = hc_merge3("", 0, o->data, o->len, t->data, t->len, labels, &e->data, &e->len);
        if (c < 0) return -1;
        e->write = true, e->conflicts = (unsigned)c;
        if (c == 0) set_action(p, e, HC_RS_MERGED);
        return 0;
    }
    if (from) { /* renamed upstream: ours is at the old path; nothing may stand at the new one */
        if (o_at_target) { /* the HIP tree already has a file at the new path: both kept, nothing merged */
            if (!(e = add(p, rel, HC_RS_RENAMED_CONFLICT)) || !(e->from = strdup(from))) return -1;
            e->hand_edited = true;
            return 0;
        }
        if (!o) { /* deleted from the port by hand: the port's choice holds under the new name too */
            if (!(e = add(p, rel, HC_RS_DELETED_HERE)) || !(e->from = strdup(from))) return -1;
            return 0;
        }
        if (!(e = add(p, rel, HC_RS_RENAMED)) || !(e->from = strdup(from))) return -1;
        e->hand_edited = !same(o, b);
        if (!e->hand_edited) {
            if (take_copy(e, t) != 0) return -1;
        } else if (binary(o) || binary(t) || binary(b)) {
            set_action(p, e, HC_RS_BINARY_CONFLICT);
            return 0;
        } else {
            int c = hc_merge3(b->data, b->len, o->data, o->len, t->data, t->len, labels, &e->data, &e->len);
            if (c < 0) return -1;
            e->write = true, e->conflicts = (unsigned)c;
            if (c) {
                set_action(p, e, HC_RS_RENAMED_CONFLICT);
                return 0; /* the old file stays until the conflict is resolved */
            }
        }
        e->remove = true, e->remove_rel = o->rel, e->expect = o->data, e->expect_len = o->len;
        return 0;
    }
    /* the same path on both CUDA sides */
    if (same(b, t)) {
        if (!o) return 0; /* deleted from the port and unchanged upstream: the port's choice */
        if (!(e = add(p, rel, same(o, b) ? HC_RS_UNCHANGED : HC_RS_KEPT_EDIT))) return -1;
        e->hand_edited = !same(o, b);
        return 0;
    }
    if (!o) return add(p, rel, HC_RS_DELETED_HERE) ? 0 : -1;
    if (same(o, t)) return add(p, rel, HC_RS_UNCHANGED) ? 0 : -1;
    if (same(o, b)) return (e = add(p, rel, HC_RS_UPDATED)) && take_copy(e, t) == 0 ? 0 : -1;
    if (!(e = add(p, rel, HC_RS_MERGED))) return -1;
    e->hand_edited = true;
    if (binary(o) || binary(t) || binary(b)) return set_action(p, e, HC_RS_BINARY_CONFLICT), 0;
    int c = hc_merge3(b->data, b->len, o->data, o->len, t->data, t->len, labels, &e->data, &e->len);
    if (c < 0) return -1;
    e->write = true, e->conflicts = (unsigned)c;
    if (c) set_action(p, e, HC_RS_CONFLICT);
    return 0;
}

/* Pairs each file removed upstream with the added file it became: the same CUDA source first, then the
 * most similar translation (at least half its lines) with the same file name or extension. rename_of[i]
 * is the index in theirs of base file i's new path, or SIZE_MAX. */
static void find_renames(const hc_rs_tree *base, const hc_rs_tree *theirs, size_t *rename_of, bool *taken) {
    for (size_t i = 0; i < base->n; i++) rename_of[i] = SIZE_MAX;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < base->n; i++) {
            const hc_rs_file *b = &base->v[i];
            if (rename_of[i] != SIZE_MAX || find(theirs, b->rel)) continue;
            const char *bext = strrchr(b->rel, '.');
            int best = 49;
            size_t bj = SIZE_MAX, checked = 0;
            for (size_t j = 0; j < theirs->n && checked < 4096; j++) {
                const hc_rs_file *t = &theirs->v[j];
                if (taken[j] || find(base, t->rel)) continue;
                if (pass == 0) {
                    if (b->src_id && t->src_id && b->src_id[0] && !strcmp(b->src_id, t->src_id)) {
                        bj = j;
                        break;
                    }
                    continue;
                }
                const char *text = strrchr(t->rel, '.');
                if (!bext || !text || strcmp(bext, text) != 0) continue;
                checked++;
                int s = hc_rs_similarity(b->data, b->len, t->data, t->len);
                if (s > best) best = s, bj = j;
            }
            if (bj != SIZE_MAX) rename_of[i] = bj, taken[bj] = true;
        }
}

int hc_rs_plan_make(const hc_rs_tree *base, const hc_rs_tree *theirs, const hc_rs_tree *ours, const hc_rs_labels *labels,
                    hc_rs_plan *plan, char *err, size_t errsize) {
    memset(plan, 0, sizeof *plan);
    size_t *rename_of = calloc(base->n + 1, sizeof *rename_of);
    bool *taken = calloc(theirs->n + 1, sizeof *taken);
    int rc = -1;
    if (!rename_of || !taken) goto done;
    find_renames(base, theirs, rename_of, taken);
    for (size_t i = 0; i < base->n; i++) {
        const hc_rs_file *b = &base->v[i], *o = find(ours, b->rel);
        if (rename_of[i] != SIZE_MAX) {
            const hc_rs_file *t = &theirs->v[rename_of[i]];
            if (plan_one(plan, t->rel, b->rel, b, t, o, find(ours, t->rel), labels) != 0) goto done;
        } else if (plan_one(plan, b->rel, NULL, b, find(theirs, b->rel), o, NULL, labels) != 0) {
            goto done;
        }
    }
    for (size_t j = 0; j < theirs->n; j++) {
        const hc_rs_file *t = &theirs->v[j];
        if (taken[j] || find(base, t->rel)) continue;
        if (plan_one(plan, t->rel, NULL, NULL, t, find(ours, t->rel), NULL, labels) != 0) goto done;
    }
    rc = 0;
done:
    if (rc != 0) snprintf(err, errsize, "out of memory, or libgit2 could not merge");
    free(rename_of);
    free(taken);
    return rc;
}

void hc_rs_plan_free(hc_rs_plan *plan) {
    for (size_t i = 0; i < plan->n; i++) {
        free(plan->v[i].rel);
        free(plan->v[i].from);
        free(plan->v[i].data);
    }
    free(plan->v);
    memset(plan, 0, sizeof *plan);
}
