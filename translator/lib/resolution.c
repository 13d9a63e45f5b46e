/* resolution.c: settles the proposals of all passes by the rules declared for them (diagnostics.def,
 * edit priorities, HIP-neutral edits). It proposes nothing and knows no CUDA name. */
#include "resolution.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const struct supersession {
    hc_diag_id newer, older;
    bool converts;
} supersessions[] = {
#define HC_DIAG_SUPERSEDES(newer, older, converts) {newer, older, converts},
#include "hipify/diagnostics.def"
};

static bool goes_with_edit(hc_diag_id id) {
    static const hc_diag_id ids[] = {
#define HC_DIAG_GOES_WITH_EDIT(sym) sym,
#include "hipify/diagnostics.def"
    };
    for (size_t k = 0; k < COUNT_OF(ids); k++)
        if (ids[k] == id) return true;
    return false;
}

static void free_diag(hc_diag *d) {
    free(d->message);
    free(d->name);
}

/* Keeps the diagnostics whose flag is false, in order, freeing the others; returns how many went. */
static size_t drop_diags(hc_unit *u, const bool *gone) {
    size_t w = 0;
    for (size_t i = 0; i < u->diags.n; i++) {
        if (gone[i]) free_diag(&u->diags.v[i]);
        else u->diags.v[w++] = u->diags.v[i];
    }
    size_t dropped = u->diags.n - w;
    u->diags.n = w;
    return dropped;
}

void hc_resolve_fixed(hc_unit *u) {
    for (size_t k = 0; k < u->nfixed; k++)
        if (u->fixed[k] < u->diags.n) u->diags.v[u->fixed[k]].severity = HC_SEV_NOTE;
}

size_t hc_resolve_supersession(hc_unit *u) {
    if (!u->diags.n) return 0;
    bool *gone = calloc(u->diags.n, sizeof *gone);
    if (!gone) return 0; /* out of memory: every diagnostic stays, which loses nothing */
    for (size_t i = 0; i < u->diags.n; i++) {
        const hc_diag *d = &u->diags.v[i];
        for (size_t r = 0; r < COUNT_OF(supersessions); r++) {
            if (supersessions[r].newer != d->id) continue;
            for (size_t j = 0; j < u->diags.n; j++) {
                hc_diag *o = &u->diags.v[j];
                if (gone[j] || j == i || o->id != supersessions[r].older || o->offset != d->offset) continue;
                gone[j] = true;
                if (supersessions[r].converts && o->name) hc_unit_convert_ref(u, o->name, strlen(o->name));
                break;
            }
        }
    }
    size_t n = drop_diags(u, gone);
    free(gone);
    return n;
}

void hc_resolve_suppressed(hc_unit *u) {
    size_t w = 0;
    for (size_t i = 0; i < u->diags.n; i++) {
        hc_diag *d = &u->diags.v[i];
        if (u->opt->suppress_all || u->opt->suppressed[d->id]) free_diag(d);
        else u->diags.v[w++] = *d;
    }
    u->diags.n = w;
}

static bool uses_hip(const hc_unit *u) {
    if (hc_is_cuda_source(u->path) || u->uses_runtime || u->uses_shim || u->includes_cuda_runtime ||
        u->includes_hip_runtime)
        return true;
    for (size_t i = 0; i < u->edits.n; i++)
        if (!u->edits.v[i].hip_neutral) return true;
    return hc_names_cuda(u);
}

/* Why: a host-only file (gtest.h, a CPU math routine) that tests __CUDACC__ does so to work around nvcc
 * the compiler, not to use CUDA. Renaming the test to __HIPCC__ changes the file for hipcc, which needs
 * none of those workarounds, and touches a file the HIP port does not otherwise change. */
int hc_resolve_host_only(hc_unit *u) {
    size_t neutral = 0;
    for (size_t i = 0; i < u->edits.n; i++) neutral += u->edits.v[i].hip_neutral;
    u->uses_hip = uses_hip(u);
    if (neutral == 0 || u->uses_hip) return 0;
    if (u->compiled_by_hipcc) { /* hipcc, not a host compiler, reads its macro tests */
        u->kept_for_hipcc = true;
        return 0;
    }
    u->cuda_macros_kept = true;
    bool *gone = u->diags.n ? calloc(u->diags.n, sizeof *gone) : NULL;
    hc_edit *back = malloc(neutral * sizeof *back);
    if ((u->diags.n && !gone) || !back) {
        free(gone);
        free(back);
        return -1;
    }
    size_t w = 0, nb = 0;
    for (size_t i = 0; i < u->edits.n; i++) {
        hc_edit *e = &u->edits.v[i];
        if (!e->hip_neutral) {
            u->edits.v[w++] = *e;
            continue;
        }
        if (e->priority == HC_PRIO_RENAME) hc_unit_uncount_ref(u, u->text + e->offset, e->length);
        for (size_t k = 0; k < u->diags.n; k++)
            if (u->diags.v[k].offset == e->offset && goes_with_edit(u->diags.v[k].id)) gone[k] = true;
        back[nb++] = *e;
    }
    u->edits.n = w;
    if (gone) drop_diags(u, gone);
    free(gone);
    hc_edit_set_free(&u->rolled_back);
    u->rolled_back = (hc_edit_set){back, nb, neutral};
    return 0;
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static bool keeps_text(const hc_unit *u, const hc_edit *e) {
    return strlen(e->replacement) == e->length && memcmp(e->replacement, u->text + e->offset, e->length) == 0;
}

int hc_resolve_overlaps(hc_unit *u) {
    size_t nren = 0;
    uint32_t *ren = malloc((u->edits.n + 1) * sizeof *ren);
    if (!ren) return -1;
    for (size_t i = 0; i < u->edits.n; i++)
        if (u->edits.v[i].priority == HC_PRIO_RENAME) ren[nren++] = u->edits.v[i].offset;
    qsort(ren, nren, sizeof *ren, cmp_u32);
    hc_edits_normalize(&u->edits);
    size_t first = 0; /* normalized edits are sorted and disjoint: their ends rise too */
    for (size_t k = 0; k < nren; k++) {
        size_t t = hc_tok_at(&u->toks, ren[k]);
        if (t == SIZE_MAX) continue;
        uint32_t end = ren[k] + u->toks.v[t].len;
        bool renamed = false, covered = false;
        while (first < u->edits.n && u->edits.v[first].offset + u->edits.v[first].length <= ren[k]) first++;
        for (size_t j = first; j < u->edits.n && u->edits.v[j].offset < end; j++) {
            const hc_edit *e = &u->edits.v[j];
            if (e->offset + e->length <= ren[k] || e->length == 0) continue;
            covered = true;
            if (e->priority == HC_PRIO_RENAME || !keeps_text(u, e)) renamed = true;
        }
        if (!covered || !renamed) hc_unit_uncount_ref(u, u->text + ren[k], u->toks.v[t].len);
    }
    free(ren);
    return 0;
}
