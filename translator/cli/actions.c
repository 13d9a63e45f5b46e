/* actions.c: hipify-clang's actions that need no input file (--versions, --md/--csv through docgen.c)
 * and the -v report. It translates nothing and writes no translated file. */
#include "cli.h"
#include "mapping.h"
#include "output.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

typedef struct version_span { hc_version lo, hi; } version_span;

static void widen(version_span *s, hc_version v) {
    if (!v) return;
    if (!s->lo || v < s->lo) s->lo = v;
    if (v > s->hi) s->hi = v;
}

/* "7.0.0" -> "7.0": the tables name CUDA releases by major.minor */
static const char *short_version(hc_version v, char *buf, size_t size) {
    hc_version_format(v, buf, size);
    size_t n = strlen(buf);
    if (n > 2 && strcmp(buf + n - 2, ".0") == 0 && strchr(buf, '.') != buf + n - 2) buf[n - 2] = '\0';
    return buf;
}

static void print_span(FILE *out, const char *what, version_span s) {
    char a[16], b[16];
    if (s.hi) fprintf(out, "; %s %s to %s", what, short_version(s.lo, a, sizeof a), short_version(s.hi, b, sizeof b));
}

/* --versions: per family, the oldest and newest versions the tables name (hipify-clang prints the
 * releases its tables support; ours are the data, so the spans come from them). */
static void print_versions(FILE *out, const hc_cli *cli) {
    size_t n = 0;
    const hc_mapping *all = hc_mapping_all(&n);
    version_span cuda[HC_FAMILY__COUNT] = {{0}}, hip[HC_FAMILY__COUNT] = {{0}}, roc[HC_FAMILY__COUNT] = {{0}};
    size_t rows[HC_FAMILY__COUNT] = {0};
    for (size_t i = 0; i < n; i++) {
        const hc_mapping *m = &all[i];
        if (m->family >= HC_FAMILY__COUNT) continue;
        rows[m->family]++;
        hc_version c[] = {m->cuda_added, m->cuda_deprecated, m->cuda_changed, m->cuda_removed};
        hc_version h[] = {m->hip_added, m->hip_deprecated, m->hip_changed, m->hip_removed, m->hip_experimental};
        hc_version r[] = {m->roc_added, m->roc_deprecated, m->roc_changed, m->roc_removed, m->roc_experimental};
        for (size_t k = 0; k < COUNT_OF(c); k++) widen(&cuda[m->family], c[k]);
        for (size_t k = 0; k < COUNT_OF(h); k++) widen(&hip[m->family], h[k]);
        for (size_t k = 0; k < COUNT_OF(r); k++) widen(&roc[m->family], r[k]);
    }
    char v[16];
    fprintf(out, "hipify-c %s; target HIP %s\n", HC_VERSION_STRING,
            cli->port.opt.hip_version ? hc_version_format(cli->port.opt.hip_version, v, sizeof v) : "the newest in the tables");
    for (int f = 0; f < HC_FAMILY__COUNT; f++) {
        if (!rows[f]) continue;
        fprintf(out, "%s: %zu names", hc_family_label((hc_family)f), rows[f]);
        print_span(out, f == HC_FAM_DNN ? "cuDNN" : "CUDA", cuda[f]);
        print_span(out, "HIP", hip[f]);
        print_span(out, f == HC_FAM_DNN ? "MIOpen" : "ROC", roc[f]);
        fputc('\n', out);
    }
}

int hc_cli_actions(const hc_cli *cli) {
    bool acted = cli->versions || cli->doc_md || cli->doc_csv;
    if (cli->versions) print_versions(stdout, cli);
    if ((cli->doc_md || cli->doc_csv) && hc_docgen_write(cli) != 0) return HC_EXIT_OUTPUT;
    if (fflush(stdout) != 0) return HC_EXIT_OUTPUT;
    /* like hipify-clang: with no input the action was the whole run */
    return acted && cli->port.inputs.n == 0 ? HC_EXIT_OK : -1;
}

void hc_cli_verbose(FILE *out, const hc_context *ctx, const hc_file_result *results, size_t n) {
    size_t nargs = 0;
    const char *const *args = hc_context_clang_args(ctx, &nargs);
    fprintf(out, "hipify-c: semantic pass arguments:");
    for (size_t i = 0; i < nargs; i++) hc_out_printf(out, " %s", args[i]); /* the user's words: escaped */
    fputc('\n', out);
    for (size_t i = 0; i < n; i++) {
        const hc_file_result *r = &results[i];
        if (r->kind == HC_FILE_OTHER) continue;
        hc_out_printf(out, "hipify-c: %s: %zu edits, %zu diagnostics, %s, %.1f ms\n", r->path, r->nedits, r->ndiags,
                r->status != HC_OK ? "not translated" : r->parsed ? "semantic pass ok or not needed" : "semantic pass failed: token pass only",
                r->stats.seconds * 1000.0);
    }
}
