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

const hc_rs_file *hc_rs_tree_find(const hc_rs_tree *t, const char *rel) {
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

/* ---- renames: near-linear candidate search ----
 * A rename by similarity needs similarity(a, b) >= 50, i.e. 4 * common >= na + nb lines, so common >=
 * ceil(na / 3) and >= ceil(nb / 3). Each line occurrence becomes a token (its hash and how many equal lines
 * came before it, so that token sets intersect as the line multisets do); ordered by how rare the token is
 * across both sides, two files sharing t tokens share one among the first n - t + 1 of each (prefix
 * filtering). Only the added files' prefixes are indexed, and only pairs meeting there are measured: the
 * answers are those of measuring every pair, at a cost that follows the lines, not their product. */

/* A bound on the pairs measured for one removed file: thousands of identical files would make the search
 * quadratic again. Candidates are met rarest shared line first, the likeliest ones first. */
#define RN_MEASURED 4096

typedef struct rn_file {
    uint64_t *lines; /* sorted line hashes: what similarity compares */
    uint64_t *tok;   /* tokens, rarest first */
    size_t n;        /* lines (= tokens) */
} rn_file;

typedef struct rn_post {
    uint64_t tok;
    size_t j; /* index in theirs */
} rn_post;

static uint64_t mix(uint64_t x) { /* splitmix64's finaliser */
    x ^= x >> 30, x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27, x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static int cmp_post(const void *a, const void *b) {
    const rn_post *x = a, *y = b;
    return ((x->tok > y->tok) - (x->tok < y->tok)) ? (x->tok > y->tok) - (x->tok < y->tok) : (x->j > y->j) - (x->j < y->j);
}

/* The token counts of all files, sorted by token, for looking up how rare a token is. */
typedef struct rn_freq {
    uint64_t *tok;
    size_t *count, n;
} rn_freq;

static size_t freq_of(const rn_freq *f, uint64_t t) {
    size_t lo = 0, hi = f->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (f->tok[mid] == t) return f->count[mid];
        if (f->tok[mid] < t) lo = mid + 1;
        else hi = mid;
    }
    return 0;
}

typedef struct rn_rank {
    size_t freq;
    uint64_t tok;
} rn_rank;

static int cmp_rank(const void *a, const void *b) {
    const rn_rank *x = a, *y = b;
    if (x->freq != y->freq) return x->freq < y->freq ? -1 : 1;
    return (x->tok > y->tok) - (x->tok < y->tok);
}

/* Puts r's tokens rarest first (ties by value, so that both sides agree on one order). */
static int order_by_rarity(rn_file *r, const rn_freq *f) {
    if (r->n < 2) return 0;
    rn_rank *v = malloc(r->n * sizeof *v);
    if (!v) return -1;
    for (size_t k = 0; k < r->n; k++) v[k] = (rn_rank){freq_of(f, r->tok[k]), r->tok[k]};
    qsort(v, r->n, sizeof *v, cmp_rank);
    for (size_t k = 0; k < r->n; k++) r->tok[k] = v[k].tok;
    free(v);
    return 0;
}

static int rn_prepare(const hc_rs_file *f, rn_file *r) {
    if (!(r->lines = line_hashes(f->data, f->len, &r->n))) return -1;
    if (!(r->tok = malloc((r->n + 1) * sizeof *r->tok))) return -1;
    for (size_t k = 0, run = 0; k < r->n; k++) {
        run = k && r->lines[k] == r->lines[k - 1] ? run + 1 : 0;
        r->tok[k] = mix(r->lines[k] ^ mix(run + 1));
    }
    return 0;
}

static int sim_sorted(const rn_file *a, const rn_file *b) {
    size_t common = 0;
    for (size_t i = 0, j = 0; i < a->n && j < b->n;) {
        if (a->lines[i] == b->lines[j]) common++, i++, j++;
        else if (a->lines[i] < b->lines[j]) i++;
        else j++;
    }
    return a->n + b->n ? (int)(200 * common / (a->n + b->n)) : 100;
}

static size_t prefix_len(size_t n) { return n ? n - (n + 2) / 3 + 1 : 0; }

static bool same_ext(const char *a, const char *b) {
    const char *x = strrchr(a, '.'), *y = strrchr(b, '.');
    return x && y && !strcmp(x, y);
}

int hc_rs_renames(const hc_rs_tree *base, const hc_rs_tree *theirs, size_t *rename_of) {
    int rc = -1;
    bool *taken = calloc(theirs->n + 1, sizeof *taken), *added = calloc(theirs->n + 1, sizeof *added), *removed = calloc(base->n + 1, sizeof *removed);
    rn_file *rb = calloc(base->n + 1, sizeof *rb), *rt = calloc(theirs->n + 1, sizeof *rt);
    size_t *stamp = malloc((theirs->n + 1) * sizeof *stamp), *cand = malloc((theirs->n + 1) * sizeof *cand);
    rn_post *post = NULL, *src = NULL;
    rn_freq freq = {0};
    uint64_t *all = NULL;
    size_t npost = 0, nsrc = 0, nall = 0;
    if (!taken || !added || !removed || !rb || !rt || !stamp || !cand) goto done;
    for (size_t i = 0; i < base->n; i++) rename_of[i] = SIZE_MAX, removed[i] = !hc_rs_tree_find(theirs, base->v[i].rel);
    for (size_t j = 0; j < theirs->n; j++) added[j] = !hc_rs_tree_find(base, theirs->v[j].rel), stamp[j] = SIZE_MAX;

    /* the same CUDA source: each removed file takes the first added file (in path order) with its id */
    if (!(src = malloc((theirs->n + 1) * sizeof *src))) goto done;
    for (size_t j = 0; j < theirs->n; j++)
        if (added[j] && theirs->v[j].src_id && theirs->v[j].src_id[0])
            src[nsrc++] = (rn_post){fnv(theirs->v[j].src_id, strlen(theirs->v[j].src_id)), j};
    if (nsrc) qsort(src, nsrc, sizeof *src, cmp_post);
    for (size_t i = 0; i < base->n; i++) {
        const char *id = base->v[i].src_id;
        if (!removed[i] || !id || !id[0]) continue;
        uint64_t h = fnv(id, strlen(id));
        size_t lo = 0, hi = nsrc;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (src[mid].tok < h) lo = mid + 1;
            else hi = mid;
        }
        for (; lo < nsrc && src[lo].tok == h; lo++) {
            size_t j = src[lo].j;
            if (!taken[j] && theirs->v[j].src_id && !strcmp(id, theirs->v[j].src_id)) {
                rename_of[i] = j, taken[j] = true;
                break;
            }
        }
    }

    /* similarity: tokens of the files still unpaired, their rarity, the added files' prefixes indexed */
    for (size_t i = 0; i < base->n; i++)
        if (removed[i] && rename_of[i] == SIZE_MAX && rn_prepare(&base->v[i], &rb[i]) != 0) goto done;
    for (size_t j = 0; j < theirs->n; j++)
        if (added[j] && !taken[j] && rn_prepare(&theirs->v[j], &rt[j]) != 0) goto done;
    for (int side = 0; side < 2; side++)
        for (size_t k = 0, n = side ? theirs->n : base->n; k < n; k++) nall += (side ? rt : rb)[k].n;
    if (!(all = malloc((nall + 1) * sizeof *all))) goto done;
    nall = 0;
    for (int side = 0; side < 2; side++)
        for (size_t k = 0, n = side ? theirs->n : base->n; k < n; k++) {
            const rn_file *r = &(side ? rt : rb)[k];
            if (r->n) memcpy(all + nall, r->tok, r->n * sizeof *all);
            nall += r->n;
        }
    if (nall) qsort(all, nall, sizeof *all, cmp_u64);
    if (!(freq.tok = malloc((nall + 1) * sizeof *freq.tok)) || !(freq.count = malloc((nall + 1) * sizeof *freq.count)))
        goto done;
    for (size_t k = 0; k < nall; k++) {
        if (freq.n && freq.tok[freq.n - 1] == all[k]) freq.count[freq.n - 1]++;
        else freq.tok[freq.n] = all[k], freq.count[freq.n++] = 1;
    }
    for (int side = 0; side < 2; side++)
        for (size_t k = 0, n = side ? theirs->n : base->n; k < n; k++)
            if (order_by_rarity(&(side ? rt : rb)[k], &freq) != 0) goto done;
    size_t cap = 0;
    for (size_t j = 0; j < theirs->n; j++) cap += prefix_len(rt[j].n);
    if (!(post = malloc((cap + 1) * sizeof *post))) goto done;
    for (size_t j = 0; j < theirs->n; j++)
        for (size_t k = 0; k < prefix_len(rt[j].n); k++) post[npost++] = (rn_post){rt[j].tok[k], j};
    if (npost) qsort(post, npost, sizeof *post, cmp_post);

    for (size_t i = 0; i < base->n; i++) {
        if (!removed[i] || rename_of[i] != SIZE_MAX) continue;
        size_t ncand = 0;
        if (!rb[i].n) { /* an empty file is like another empty file only */
            for (size_t j = 0; j < theirs->n && ncand < RN_MEASURED; j++)
                if (added[j] && !taken[j] && !rt[j].n && theirs->v[j].len == 0) cand[ncand++] = j;
        }
        for (size_t k = 0; k < prefix_len(rb[i].n); k++) {
            size_t lo = 0, hi = npost;
            while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (post[mid].tok < rb[i].tok[k]) lo = mid + 1;
                else hi = mid;
            }
            for (; lo < npost && post[lo].tok == rb[i].tok[k] && ncand < RN_MEASURED; lo++)
                if (stamp[post[lo].j] != i) stamp[post[lo].j] = i, cand[ncand++] = post[lo].j;
        }
        int best = 49;
        size_t bj = SIZE_MAX;
        for (size_t c = 0; c < ncand; c++) {
            size_t j = cand[c];
            if (taken[j] || !same_ext(base->v[i].rel, theirs->v[j].rel)) continue;
            int s = sim_sorted(&rb[i], &rt[j]);
            if (s > best || (s == best && s > 49 && j < bj)) best = s, bj = j;
        }
        if (bj != SIZE_MAX) rename_of[i] = bj, taken[bj] = true;
    }
    rc = 0;
done:
    for (size_t i = 0; rb && i < base->n; i++) free(rb[i].lines), free(rb[i].tok);
    for (size_t j = 0; rt && j < theirs->n; j++) free(rt[j].lines), free(rt[j].tok);
    free(taken), free(added), free(removed), free(rb), free(rt), free(stamp), free(cand), free(post), free(src), free(all);
    free(freq.tok), free(freq.count);
    return rc;
}

int hc_rs_plan_make(const hc_rs_tree *base, const hc_rs_tree *theirs, const hc_rs_tree *ours, const hc_rs_labels *labels,
                    hc_rs_plan *plan, char *err, size_t errsize) {
    memset(plan, 0, sizeof *plan);
    size_t *rename_of = calloc(base->n + 1, sizeof *rename_of);
    bool *taken = calloc(theirs->n + 1, sizeof *taken);
    int rc = -1;
    if (!rename_of || !taken || hc_rs_renames(base, theirs, rename_of) != 0) goto done;
    for (size_t i = 0; i < base->n; i++)
        if (rename_of[i] != SIZE_MAX) taken[rename_of[i]] = true;
    for (size_t i = 0; i < base->n; i++) {
        const hc_rs_file *b = &base->v[i], *o = hc_rs_tree_find(ours, b->rel);
        if (rename_of[i] != SIZE_MAX) {
            const hc_rs_file *t = &theirs->v[rename_of[i]];
            if (plan_one(plan, t->rel, b->rel, b, t, o, hc_rs_tree_find(ours, t->rel), labels) != 0) goto done;
        } else if (plan_one(plan, b->rel, NULL, b, hc_rs_tree_find(theirs, b->rel), o, NULL, labels) != 0) {
            goto done;
        }
    }
    for (size_t j = 0; j < theirs->n; j++) {
        const hc_rs_file *t = &theirs->v[j];
        if (taken[j] || hc_rs_tree_find(base, t->rel)) continue;
        if (plan_one(plan, t->rel, NULL, NULL, t, hc_rs_tree_find(ours, t->rel), NULL, labels) != 0) goto done;
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

hc_rs_entry *hc_rs_plan_add(hc_rs_plan *plan, const char *rel, hc_rs_action a) { return add(plan, rel, a); }

void hc_rs_plan_set(hc_rs_plan *plan, hc_rs_entry *e, hc_rs_action a) { set_action(plan, e, a); }
