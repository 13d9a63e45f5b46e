/* drift_cli.c: --drift: for a CUDA tree and its HIP port kept side by side, which CUDA files and kernels
 * have no HIP counterpart, which HIP files are stale against their CUDA source, hand-edited or orphaned;
 * as text, JSON and HTML. With the port's manifest it compares blob ids, without one modification times.
 * It writes nothing but its reports and changes neither tree. */
#include "cli.h"
#include "drift.h"
#include "grow.h"
#include "manifest.h"
#include "output.h"
#include "resync.h"
#include "sbuf.h"
#include "tree_files.h"
#include "util.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef enum { D_PORTED, D_STALE, D_MISSING, D_ORPHAN, D_RENAMED, D__COUNT } drift_state;
static const char *const state_key[] = {"ported", "stale", "missing", "orphan", "renamed"};

typedef struct drift_file {
    char *cuda, *hip;  /* relative paths; NULL when that side has none (renamed: the CUDA file's new path and
                        * the HIP file still at the old one) */
    drift_state state;
    bool hand_edited;  /* the HIP file differs from what the port wrote (manifest only) */
} drift_file;

typedef struct drift_kernel {
    char *name, *file;
    unsigned line;
} drift_kernel;

typedef struct drift_report {
    drift_file *files;
    size_t nfiles;
    drift_kernel *kernels; /* CUDA kernels defined nowhere in the HIP tree */
    size_t nkernels, kernels_cap;
    size_t nkernels_total;
    size_t count[D__COUNT];
    bool by_manifest;
} drift_report;

static bool in_strv(const hc_strv *s, const char *v) {
    size_t lo = 0, hi = s->n; /* s is sorted */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(s->v[mid], v);
        if (!c) return true;
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return false;
}

static int kernels_of(const char *root, const char *rel, hc_kernel_list *k) {
    char path[PATH_MAX], *text;
    size_t len;
    snprintf(path, sizeof path, "%s/%s", root, rel);
    if (hc_read_file(path, HC_TREE_FILE_LIMIT, HC_READ_REGULAR_ONLY, &text, &len, NULL) != HC_READ_OK) return 0;
    int rc = hc_kernels_find(text, len, k);
    free(text);
    return rc;
}

static int cmp_kernel_name(const void *a, const void *b) {
    return strcmp(((const hc_kernel *)a)->name, ((const hc_kernel *)b)->name);
}

static bool newer(const char *a, const char *b) {
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
           (sa.st_mtim.tv_sec > sb.st_mtim.tv_sec ||
            (sa.st_mtim.tv_sec == sb.st_mtim.tv_sec && sa.st_mtim.tv_nsec > sb.st_mtim.tv_nsec));
}

/* Whether the HIP file rel differs from what the port wrote there (out: its recorded blob id; "" when the
 * port wrote nothing, which no file can be compared with). */
static bool hand_edited(const char *hip, const char *rel, const char *out) {
    char path[PATH_MAX];
    hc_blob_id now = "";
    snprintf(path, sizeof path, "%s/%s", hip, rel);
    hc_blob_id_of_file(path, now);
    return out[0] && strcmp(now, out) != 0;
}

/* A CUDA file without a counterpart and an orphan it was renamed from become one renamed entry: the same
 * source as the manifest recorded for the orphan, else its most similar text (resync.c's rename search,
 * the CUDA text against the orphan's HIP text). */
static int pair_renames(const char *cuda, const char *hip, const hc_manifest *m, drift_report *d) {
    size_t n = d->nfiles, ngone = 0, nnew = 0;
    hc_rs_file *gone = calloc(n, sizeof *gone), *added = calloc(n, sizeof *added);
    size_t *gone_at = calloc(n, sizeof *gone_at), *added_at = calloc(n, sizeof *added_at), *rename_of = calloc(n, sizeof *rename_of);
    hc_blob_id *ids = calloc(n, sizeof *ids);
    int rc = -1;
    if (!gone || !added || !gone_at || !added_at || !rename_of || !ids) goto done;
    /* missing files come in the CUDA tree's sorted order, orphans in the manifest's (its files, then its kept
     * ones); the two sides share no path, which is all the search's lookups by path need */
    for (size_t i = 0; i < n; i++) {
        drift_file *f = &d->files[i];
        char path[PATH_MAX], *text;
        size_t len;
        bool orphan = f->state == D_ORPHAN;
        if (!orphan && f->state != D_MISSING) continue;
        snprintf(path, sizeof path, "%s/%s", orphan ? hip : cuda, orphan ? f->hip : f->cuda);
        if (hc_read_file(path, HC_TREE_FILE_LIMIT, HC_READ_REGULAR_ONLY, &text, &len, NULL) != HC_READ_OK) continue;
        if (orphan) {
            const hc_manifest_file *r = hc_manifest_find(m, f->hip);
            gone_at[ngone] = i;
            gone[ngone++] = (hc_rs_file){f->hip, text, len, r ? r->src : NULL};
        } else {
            hc_blob_id_of(text, len, ids[nnew]);
            added_at[nnew] = i;
            added[nnew] = (hc_rs_file){f->cuda, text, len, ids[nnew]};
            nnew++;
        }
    }
    hc_rs_tree tg = {gone, ngone}, ta = {added, nnew};
    if (hc_rs_renames(&tg, &ta, rename_of) != 0) goto done;
    for (size_t k = 0; k < ngone; k++) {
        if (rename_of[k] == SIZE_MAX) continue;
        drift_file *o = &d->files[gone_at[k]], *c = &d->files[added_at[rename_of[k]]];
        c->hip = o->hip, o->hip = NULL;
        c->hand_edited = o->hand_edited;
        d->count[c->state]--, d->count[o->state]--, d->count[D_RENAMED]++;
        c->state = D_RENAMED;
        o->state = D__COUNT; /* merged into c: dropped below */
    }
    size_t w = 0;
    for (size_t i = 0; i < n; i++)
        if (d->files[i].state != D__COUNT) d->files[w++] = d->files[i];
    d->nfiles = w;
    rc = 0;
done:
    for (size_t k = 0; gone && k < ngone; k++) free((char *)gone[k].data);
    for (size_t k = 0; added && k < nnew; k++) free((char *)added[k].data);
    free(gone), free(added), free(gone_at), free(added_at), free(rename_of), free(ids);
    return rc;
}

static int build(const char *cuda, const char *hip, const hc_manifest *m, drift_report *d) {
    hc_strv cf = {0}, hf = {0};
    hc_kernel_list hip_k = {0};
    int rc = -1;
    if (hc_tree_list(cuda, &cf) != 0 || hc_tree_list(hip, &hf) != 0) goto done;
    d->files = calloc(cf.n + hf.n + 1, sizeof *d->files);
    if (!d->files) goto done;
    for (size_t i = 0; i < cf.n; i++) {
        if (hc_classify_path(cf.v[i]) == HC_FILE_OTHER) continue; /* data files: copied, not ported */
        drift_file *f = &d->files[d->nfiles];
        char *cand[16];
        size_t nc = hc_drift_counterparts(cf.v[i], cand, 16);
        for (size_t k = 0; k < nc; k++) {
            if (!f->hip && in_strv(&hf, cand[k])) f->hip = strdup(cand[k]);
            free(cand[k]);
        }
        if (!(f->cuda = strdup(cf.v[i]))) goto done;
        char cpath[PATH_MAX], hpath[PATH_MAX];
        snprintf(cpath, sizeof cpath, "%s/%s", cuda, f->cuda);
        if (!f->hip) {
            f->state = D_MISSING;
        } else {
            snprintf(hpath, sizeof hpath, "%s/%s", hip, f->hip);
            const hc_manifest_file *r = m ? hc_manifest_find(m, f->cuda) : NULL;
            hc_blob_id now = "";
            if (r) {
                hc_blob_id_of_file(cpath, now);
                f->state = strcmp(now, r->src) ? D_STALE : D_PORTED;
                f->hand_edited = hand_edited(hip, f->hip, r->out);
            } else {
                f->state = newer(cpath, hpath) ? D_STALE : D_PORTED; /* no record: the clock is all there is */
            }
        }
        d->count[f->state]++;
        d->nfiles++;
    }
    /* HIP files the manifest says were ported from a CUDA file that is gone (each path once: the list has
     * room for every file of both trees, no more) */
    for (size_t i = 0; m && i < m->nfiles + m->nkept && d->nfiles < cf.n + hf.n; i++) {
        /* the ported files, then those a re-sync kept after their source was removed */
        const hc_manifest_file *r = i < m->nfiles ? &m->files[i] : &m->kept[i - m->nfiles];
        if ((i >= m->nfiles && hc_manifest_find(m, r->rel)) || in_strv(&cf, r->rel) || !in_strv(&hf, r->rel)) continue;
        drift_file *f = &d->files[d->nfiles++];
        if (!(f->hip = strdup(r->rel))) goto done;
        f->state = D_ORPHAN;
        f->hand_edited = hand_edited(hip, r->rel, r->out);
        d->count[D_ORPHAN]++;
    }
    if (m && d->count[D_MISSING] && d->count[D_ORPHAN] && pair_renames(cuda, hip, m, d) != 0) goto done;
    /* kernels: a name the CUDA tree defines that no HIP file defines */
    for (size_t i = 0; i < hf.n; i++)
        if (hc_classify_path(hf.v[i]) == HC_FILE_SOURCE && kernels_of(hip, hf.v[i], &hip_k) != 0) goto done;
    if (hip_k.n) qsort(hip_k.v, hip_k.n, sizeof *hip_k.v, cmp_kernel_name);
    for (size_t i = 0; i < cf.n; i++) {
        if (hc_classify_path(cf.v[i]) != HC_FILE_SOURCE) continue;
        hc_kernel_list ck = {0};
        if (kernels_of(cuda, cf.v[i], &ck) != 0) goto done;
        for (size_t k = 0; k < ck.n; k++) {
            d->nkernels_total++;
            hc_kernel key = {ck.v[k].name, 0};
            if (hip_k.n && bsearch(&key, hip_k.v, hip_k.n, sizeof *hip_k.v, cmp_kernel_name)) continue;
            if (hc_grow(&d->kernels, &d->kernels_cap, d->nkernels, sizeof *d->kernels, 16) < 0) {
                hc_kernel_list_free(&ck);
                goto done;
            }
            d->kernels[d->nkernels++] = (drift_kernel){strdup(ck.v[k].name), strdup(cf.v[i]), ck.v[k].line};
        }
        hc_kernel_list_free(&ck);
    }
    rc = 0;
done:
    hc_strv_clear(&cf);
    hc_strv_clear(&hf);
    hc_kernel_list_free(&hip_k);
    return rc;
}

static void report_free(drift_report *d) {
    for (size_t i = 0; i < d->nfiles; i++) free(d->files[i].cuda), free(d->files[i].hip);
    for (size_t i = 0; i < d->nkernels; i++) free(d->kernels[i].name), free(d->kernels[i].file);
    free(d->files);
    free(d->kernels);
}

static void print_text(const drift_report *d, const char *cuda, const char *hip) {
    hc_out_printf(stdout, "drift of %s against %s (%s)\n", hip, cuda,
                  d->by_manifest ? "by the port's manifest" : "no manifest: by modification time");
    for (size_t i = 0; i < d->nfiles; i++) {
        const drift_file *f = &d->files[i];
        if (f->state == D_PORTED && !f->hand_edited) continue;
        if (f->state == D_MISSING) hc_out_printf(stdout, "  missing      %s: no HIP counterpart\n", f->cuda);
        else if (f->state == D_RENAMED)
            hc_out_printf(stdout, "  renamed      %s -> %s: the CUDA file was renamed; its port is still %s%s\n", f->hip,
                          f->cuda, f->hip, f->hand_edited ? " (hand-edited)" : "");
        else if (f->state == D_ORPHAN)
            hc_out_printf(stdout, "  orphan       %s: its CUDA source is gone%s\n", f->hip, f->hand_edited ? " (hand-edited)" : "");
        else
            hc_out_printf(stdout, "  %-12s %s -> %s%s\n", f->state == D_STALE ? "stale" : "hand-edited", f->cuda, f->hip,
                          f->state == D_STALE && f->hand_edited ? " (hand-edited: --resync merges)" : "");
    }
    for (size_t i = 0; i < d->nkernels; i++)
        hc_out_printf(stdout, "%s/%s:%u: kernel '%s' has no HIP counterpart\n", cuda, d->kernels[i].file, d->kernels[i].line,
                      d->kernels[i].name);
    size_t edited = 0;
    for (size_t i = 0; i < d->nfiles; i++) edited += d->files[i].hand_edited;
    printf("summary: ported %zu, stale %zu, missing %zu, orphan %zu, renamed %zu, hand-edited %zu; kernels %zu, without HIP "
           "counterpart %zu\n", d->count[D_PORTED], d->count[D_STALE], d->count[D_MISSING], d->count[D_ORPHAN],
           d->count[D_RENAMED], edited, d->nkernels_total, d->nkernels);
}

static cJSON *to_json(const drift_report *d, const char *cuda, const char *hip) {
    cJSON *root = cJSON_CreateObject(), *files = cJSON_CreateArray(), *kernels = cJSON_CreateArray(), *counts = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "cuda_tree", cuda);
    cJSON_AddStringToObject(root, "hip_tree", hip);
    cJSON_AddStringToObject(root, "compared_by", d->by_manifest ? "manifest" : "mtime");
    for (int s = 0; s < D__COUNT; s++) cJSON_AddNumberToObject(counts, state_key[s], (double)d->count[s]);
    cJSON_AddNumberToObject(counts, "kernels", (double)d->nkernels_total);
    cJSON_AddNumberToObject(counts, "kernels_missing", (double)d->nkernels);
    cJSON_AddItemToObject(root, "counts", counts);
    for (size_t i = 0; i < d->nfiles; i++) {
        cJSON *f = cJSON_CreateObject();
        const drift_file *x = &d->files[i];
        if (x->cuda) cJSON_AddStringToObject(f, "cuda", x->cuda);
        else cJSON_AddNullToObject(f, "cuda");
        if (x->hip) cJSON_AddStringToObject(f, "hip", x->hip);
        else cJSON_AddNullToObject(f, "hip");
        cJSON_AddStringToObject(f, "state", state_key[x->state]);
        cJSON_AddBoolToObject(f, "hand_edited", x->hand_edited);
        cJSON_AddItemToArray(files, f);
    }
    cJSON_AddItemToObject(root, "files", files);
    for (size_t i = 0; i < d->nkernels; i++) {
        cJSON *k = cJSON_CreateObject();
        cJSON_AddStringToObject(k, "name", d->kernels[i].name);
        cJSON_AddStringToObject(k, "file", d->kernels[i].file);
        cJSON_AddNumberToObject(k, "line", d->kernels[i].line);
        cJSON_AddItemToArray(kernels, k);
    }
    cJSON_AddItemToObject(root, "kernels_missing", kernels);
    return root;
}

/* HTML text with the five characters that matter escaped; other bytes as they are. */
static void html_put(hc_sbuf *b, const char *s) {
    for (; s && *s; s++) {
        const char *rep = *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '&' ? "&amp;" : *s == '"' ? "&quot;" : *s == '\'' ? "&#39;" : NULL;
        if (rep) hc_sbuf_puts(b, rep);
        else hc_sbuf_add(b, s, 1);
    }
}

static char *to_html(const drift_report *d, const char *cuda, const char *hip) {
    hc_sbuf b = {0};
    hc_sbuf_puts(&b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>hipify-c drift report</title><style>"
                     "body{font:14px sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
                     "padding:2px 8px;text-align:left}.missing,.orphan{background:#fdd}.stale,.renamed{background:#ffd}"
                     "</style></head><body><h1>Drift of ");
    html_put(&b, hip);
    hc_sbuf_puts(&b, " against ");
    html_put(&b, cuda);
    hc_sbuf_printf(&b, "</h1><p>Compared by %s. Ported %zu, stale %zu, missing %zu, orphan %zu, renamed %zu; kernels %zu, without "
                       "HIP counterpart %zu.</p><h2>Files</h2><table><tr><th>state</th><th>CUDA</th><th>HIP</th>"
                       "<th>hand-edited</th></tr>\n",
                   d->by_manifest ? "the port's manifest" : "modification time", d->count[D_PORTED], d->count[D_STALE],
                   d->count[D_MISSING], d->count[D_ORPHAN], d->count[D_RENAMED], d->nkernels_total, d->nkernels);
    for (size_t i = 0; i < d->nfiles; i++) {
        const drift_file *f = &d->files[i];
        hc_sbuf_printf(&b, "<tr class=\"%s\"><td>%s</td><td>", state_key[f->state], state_key[f->state]);
        html_put(&b, f->cuda ? f->cuda : "");
        hc_sbuf_puts(&b, "</td><td>");
        html_put(&b, f->hip ? f->hip : "");
        hc_sbuf_puts(&b, f->hand_edited ? "</td><td>yes</td></tr>\n" : "</td><td></td></tr>\n");
    }
    hc_sbuf_puts(&b, "</table><h2>Kernels without a HIP counterpart</h2><table><tr><th>kernel</th><th>where</th></tr>\n");
    for (size_t i = 0; i < d->nkernels; i++) {
        hc_sbuf_puts(&b, "<tr><td>");
        html_put(&b, d->kernels[i].name);
        hc_sbuf_puts(&b, "</td><td>");
        html_put(&b, d->kernels[i].file);
        hc_sbuf_printf(&b, ":%u</td></tr>\n", d->kernels[i].line);
    }
    hc_sbuf_puts(&b, "</table></body></html>\n");
    if (b.failed) hc_sbuf_free(&b);
    return b.data;
}

/* --drift reads the port's manifest and the two trees; it translates and writes nothing but its own reports.
 * An option of a port or of a translation means nothing to it: the first one given is refused by name (its
 * word as the manifest would record it), never ignored. Returns 0, or HC_EXIT_USAGE after saying which. */
static int check_drift_options(const hc_cli *cli) {
    const hc_port_opts *po = &cli->port;
    const struct { bool given; const char *name; } refused[] = {
        {po->output != NULL, "-o"},         {po->out_dir != NULL, "--out-dir"},
        {po->inplace, "--inplace"},         {cli->no_output, "--no-output"},
        {po->examine && !cli->no_output, "--examine"},
        {po->print_stats, "--print-stats"}, {po->print_stats_csv, "--print-stats-csv"},
        {po->o_stats != NULL, "--o-stats"}, {po->stats_json != NULL, "--stats-json"},
        {po->diff != NULL, "--diff"},       {po->report != NULL, "--report"},
        {po->sarif != NULL, "--sarif"},     {po->fail_on >= 0, "--fail-on"},
        {po->depfile != NULL, "--depfile"}, {po->no_manifest, "--no-manifest"},
        {po->jobs != 0, "--jobs"},          {po->memory_limit != 0, "--memory"},
        {po->verbose, "--verbose"},         {po->hip_paths.n != 0, "--hip-path"},
    };
    char word[PATH_MAX + 64] = "";
    for (size_t i = 0; i < COUNT_OF(refused) && !word[0]; i++)
        if (refused[i].given) snprintf(word, sizeof word, "%s", refused[i].name);
    hc_strv given = {0}; /* translation options, as a manifest records them: the target version only when given */
    if (!word[0] && hc_cli_port_options(po, &given) != 0) {
        fprintf(stderr, "hipify-c: error: out of memory\n");
        return HC_EXIT_USAGE;
    }
    for (size_t i = 0; i < given.n && !word[0]; i++)
        if (po->hip_version_given || strncmp(given.v[i], "--hip-version=", 14) != 0)
            snprintf(word, sizeof word, "%.*s", (int)strcspn(given.v[i], "#"), given.v[i]); /* --rules=PATH, not its blob */
    hc_strv_clear(&given);
    if (!word[0]) return 0;
    hc_out_printf(stderr, "hipify-c: --drift compares the trees with the port's manifest and translates and writes "
                          "nothing but its reports: %s does not apply; nothing was done\n", word);
    return HC_EXIT_USAGE;
}

int hc_cli_drift(hc_cli *cli) {
    struct stat st;
    if (cli->port.inputs.n != 1 || stat(cli->port.inputs.v[0], &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "hipify-c: --drift HIP_DIR takes one input: the CUDA tree (a directory)\n");
        return HC_EXIT_USAGE;
    }
    int refused = check_drift_options(cli);
    if (refused) return refused;
    const char *cuda = cli->port.inputs.v[0], *hip = cli->drift_dir;
    if (stat(hip, &st) != 0 || !S_ISDIR(st.st_mode)) {
        hc_out_printf(stderr, "%s: error: --drift: not a directory\n", hip);
        return HC_EXIT_USAGE;
    }
    char mpath[PATH_MAX], err[PATH_MAX * 2];
    snprintf(mpath, sizeof mpath, "%s/%s", hip, HC_MANIFEST_NAME);
    hc_manifest m;
    int loaded = hc_manifest_load(mpath, &m, err, sizeof err);
    if (loaded < 0) { /* a broken manifest is an error, not a reason to guess by the clock */
        hc_out_printf(stderr, "%s: error\n", err);
        return HC_EXIT_USAGE;
    }
    drift_report d = {.by_manifest = loaded == 0};
    int rc = build(cuda, hip, loaded == 0 ? &m : NULL, &d);
    if (loaded == 0) hc_manifest_free(&m);
    if (rc != 0) {
        hc_out_printf(stderr, "hipify-c: error: cannot read %s or %s (or out of memory)\n", cuda, hip);
        report_free(&d);
        return HC_EXIT_ERRORS;
    }
    print_text(&d, cuda, hip);
    hc_out_guard guard = {0};
    int failed = 0;
    hc_strv rels = {0}; /* the reports never replace a file of either tree */
    const char *roots[] = {cuda, hip};
    for (int t = 0; t < 2; t++) {
        if (hc_tree_list(roots[t], &rels) == 0)
            for (size_t i = 0; i < rels.n; i++) {
                char p[PATH_MAX];
                snprintf(p, sizeof p, "%s/%s", roots[t], rels.v[i]);
                hc_out_guard_add(&guard, p);
            }
        hc_strv_clear(&rels);
    }
    hc_out_policy pol = {HC_OUT_MKDIRS, NULL, &guard};
    if (cli->drift_json) {
        cJSON *j = to_json(&d, cuda, hip);
        char *text = j ? cJSON_Print(j) : NULL;
        if (!text || hc_out_write(&pol, cli->drift_json, text, strlen(text), HC_OUT_MODE_DEFAULT, err, sizeof err) < 0) {
            hc_out_printf(stderr, "hipify-c: error: cannot write %s: %s\n", cli->drift_json, text ? err : "out of memory");
            failed++;
        }
        cJSON_free(text);
        cJSON_Delete(j);
    }
    if (cli->drift_html) {
        char *html = to_html(&d, cuda, hip);
        if (!html || hc_out_write(&pol, cli->drift_html, html, strlen(html), HC_OUT_MODE_DEFAULT, err, sizeof err) < 0) {
            hc_out_printf(stderr, "hipify-c: error: cannot write %s: %s\n", cli->drift_html, html ? err : "out of memory");
            failed++;
        }
        free(html);
    }
    hc_out_guard_free(&guard);
    bool drifted = d.count[D_STALE] || d.count[D_MISSING] || d.count[D_ORPHAN] || d.count[D_RENAMED] || d.nkernels;
    report_free(&d);
    fflush(stdout);
    return failed ? HC_EXIT_OUTPUT : drifted ? HC_EXIT_ERRORS : HC_EXIT_OK;
}
