/* report_html.c: --report, one self-contained HTML file (no network, no external assets): summary,
 * sortable file list and per-file side-by-side diffs rendered lazily from embedded JSON. No other format. */
#include "report_html_assets.h"
#include "report_util.h"
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends JSON text made pure ASCII: every non-ASCII character becomes a \uXXXX escape (invalid UTF-8
 * becomes U+FFFD), and so does "<", so the text can neither end its <script> element nor open an HTML
 * comment there. Both can only occur inside JSON strings, where the escapes mean the same. ASCII also
 * makes byte offsets equal JavaScript string indices, which the #hc-details index relies on. */
static void add_json_ascii(hc_sbuf *b, const char *json)
{
    const unsigned char *p = (const unsigned char *)json;
    while (*p) {
        const unsigned char *run = p;
        while (*p && *p < 0x80 && *p != '<')
            p++;
        hc_sbuf_add(b, (const char *)run, (size_t)(p - run));
        if (!*p)
            break;
        uint32_t cp = 0xFFFD;
        size_t n = 1;
        if (*p == '<')
            cp = '<';
        else if ((*p & 0xE0) == 0xC0 && (p[1] & 0xC0) == 0x80)
            cp = ((uint32_t)(*p & 0x1F) << 6) | (p[1] & 0x3F), n = 2;
        else if ((*p & 0xF0) == 0xE0 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80)
            cp = ((uint32_t)(*p & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F), n = 3;
        else if ((*p & 0xF8) == 0xF0 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80 && (p[3] & 0xC0) == 0x80)
            cp = ((uint32_t)(*p & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) | ((uint32_t)(p[2] & 0x3F) << 6) |
                 (p[3] & 0x3F),
            n = 4;
        if ((n == 2 && cp < 0x80) || (n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
            (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
            cp = 0xFFFD, n = 1; /* overlong forms and surrogates are invalid UTF-8 */
        if (cp >= 0x10000)
            hc_sbuf_printf(b, "\\u%04x\\u%04x", 0xD800 + ((cp - 0x10000) >> 10), 0xDC00 + ((cp - 0x10000) & 0x3FF));
        else
            hc_sbuf_printf(b, "\\u%04x", cp);
        p += n;
    }
}

static void add_script_json(hc_sbuf *b, const char *type, const char *id, const char *json)
{
    hc_sbuf_printf(b, "<script type=\"%s\" id=\"%s\">", type, id);
    add_json_ascii(b, json);
    hc_sbuf_puts(b, "</script>\n");
}

/* A line's text without its end-of-line bytes (LF or CRLF). */
static cJSON *line_text(const char *s, size_t n)
{
    if (n && s[n - 1] == '\n')
        n--;
    if (n && s[n - 1] == '\r')
        n--;
    char *tmp = malloc(n + 1);
    if (!tmp)
        return NULL;
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    cJSON *j = cJSON_CreateString(tmp);
    free(tmp);
    return j;
}

static bool push(cJSON *a, cJSON *item)
{
    if (!item)
        return false;
    if (!cJSON_AddItemToArray(a, item)) {
        cJSON_Delete(item);
        return false;
    }
    return true;
}

/* The detail of one file: {"h": [[old_start, new_start, ["<origin><text>", ...]], ...],
 * "d": [[line, col, code, severity, message, source line], ...],
 * "p": [[line, col, effort, code or "", name or ""], ...]} where origin is ' ', '-' or '+'.
 * Returns printed JSON or NULL. */
static char *file_detail_json(const hc_file_result *f, char *err, size_t errsize)
{
    cJSON *root = cJSON_CreateObject(), *hunks = cJSON_CreateArray(), *diags = cJSON_CreateArray();
    bool ok = root && hunks && diags && cJSON_AddItemToObject(root, "h", hunks);
    if (!ok) {
        cJSON_Delete(hunks);
        cJSON_Delete(diags);
        cJSON_Delete(root);
        return NULL;
    }
    ok = cJSON_AddItemToObject(root, "d", diags);
    if (!ok)
        cJSON_Delete(diags);
    if (ok && f->output && (f->output_len != f->original_len || memcmp(f->output, f->original, f->original_len))) {
        git_patch *patch = NULL;
        ok = hc_report_patch(f, &patch, err, errsize) == 0;
        for (size_t h = 0; ok && h < git_patch_num_hunks(patch); h++) {
            const git_diff_hunk *hunk;
            size_t nlines;
            cJSON *hj, *lines;
            ok = git_patch_get_hunk(&hunk, &nlines, patch, h) == 0 && push(hunks, hj = cJSON_CreateArray()) &&
                 push(hj, cJSON_CreateNumber(hunk->old_start)) && push(hj, cJSON_CreateNumber(hunk->new_start)) &&
                 push(hj, lines = cJSON_CreateArray());
            for (size_t l = 0; ok && l < nlines; l++) {
                const git_diff_line *line;
                ok = git_patch_get_line_in_hunk(&line, patch, h, l) == 0;
                /* '<' '>' '=' mark "no newline at end of file": not lines of either side. */
                if (!ok || (line->origin != ' ' && line->origin != '+' && line->origin != '-'))
                    continue;
                /* One string per line, its origin first: line numbers follow from the hunk start, so
                 * they need not be stored for every line of a large tree. */
                char *text = malloc(line->content_len + 2);
                size_t n = line->content_len;
                if (n && line->content[n - 1] == '\n')
                    n--;
                if (n && line->content[n - 1] == '\r')
                    n--;
                if (text) {
                    text[0] = line->origin;
                    memcpy(text + 1, line->content, n);
                    text[n + 1] = '\0';
                }
                ok = text && push(lines, cJSON_CreateString(text));
                free(text);
            }
        }
        git_patch_free(patch);
    }
    /* Each diagnostic carries its source line, shown when the line is outside every hunk. */
    uint32_t nstarts = 0;
    uint32_t *starts = ok ? hc_report_line_starts(f->original, f->original_len, &nstarts) : NULL;
    ok = ok && starts;
    for (size_t i = 0; ok && i < f->ndiags; i++) {
        const hc_diag *d = &f->diags[i];
        const hc_diag_info *info = hc_diag_info_get(d->id);
        cJSON *dj = cJSON_CreateArray();
        ok = push(diags, dj) && push(dj, cJSON_CreateNumber(d->line)) && push(dj, cJSON_CreateNumber(d->col)) &&
             push(dj, cJSON_CreateString(info->code)) && push(dj, cJSON_CreateString(hc_report_severity_key(d->severity))) &&
             push(dj, cJSON_CreateString(d->message ? d->message : info->title));
        if (ok && d->line >= 1 && d->line <= nstarts) {
            uint32_t b = starts[d->line - 1];
            uint32_t e = d->line < nstarts ? starts[d->line] : (uint32_t)f->original_len;
            ok = push(dj, line_text(f->original + b, e - b));
        }
    }
    free(starts);
    /* The places a person must look at (--examine), grouped by effort in the page. */
    hc_place *pv = NULL;
    size_t np = 0;
    cJSON *places = cJSON_CreateArray();
    ok = ok && places && cJSON_AddItemToObject(root, "p", places) && hc_report_places(f, &pv, &np) == 0;
    for (size_t i = 0; ok && i < np; i++) {
        cJSON *pj = cJSON_CreateArray();
        ok = push(places, pj) && push(pj, cJSON_CreateNumber(pv[i].line)) && push(pj, cJSON_CreateNumber(pv[i].col)) &&
             push(pj, cJSON_CreateString(hc_report_effort_key(pv[i].effort))) &&
             push(pj, cJSON_CreateString(pv[i].code ? pv[i].code : "")) &&
             push(pj, cJSON_CreateString(pv[i].name ? pv[i].name : ""));
    }
    free(pv);
    char *text = ok ? cJSON_PrintUnformatted(root) : NULL;
    cJSON_Delete(root);
    return text;
}

static void card(hc_sbuf *b, const char *id, const char *label, const char *shown, double value)
{
    hc_sbuf_printf(b, "<div class=\"card\"><div class=\"v\" id=\"%s\" data-value=\"%.4f\">", id, value);
    hc_sbuf_html(b, shown, strlen(shown));
    hc_sbuf_printf(b, "</div><div class=\"l\">%s</div></div>\n", label);
}

static void card_count(hc_sbuf *b, const char *id, const char *label, uint64_t v)
{
    char shown[32];
    snprintf(shown, sizeof shown, "%llu", (unsigned long long)v);
    card(b, id, label, shown, (double)v);
}

static void card_percent(hc_sbuf *b, const char *id, const char *label, double pct)
{
    char shown[32];
    snprintf(shown, sizeof shown, "%.1f%%", pct);
    card(b, id, label, shown, pct);
}

typedef struct name_count {
    const char *name;
    const char *family;
    uint64_t count;
} name_count;

static int by_count_desc(const void *a, const void *b)
{
    const name_count *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return strcmp(x->name, y->name);
}

/* The summary tables: unconverted references by family and by name, diagnostics by id, effort. */
static void summary_tables(hc_sbuf *b, const hc_run *run, const uint32_t *diag_counts, const uint32_t *effort)
{
    const hc_stats *t = &run->totals;
    hc_sbuf_puts(b, "<div class=\"cols\"><div><h2>References by API family</h2><table class=\"t\" id=\"families\">"
                    "<tr><th>Family</th><th class=\"n\">Converted</th><th class=\"n\">Unconverted</th></tr>\n");
    for (int f = 0; f < HC_FAMILY__COUNT; f++) {
        if (!t->converted_by_family[f] && !t->unconverted_by_family[f])
            continue;
        hc_sbuf_printf(b, "<tr data-family=\"%s\"><td>%s</td><td class=\"n\">%llu</td><td class=\"n\">%llu</td></tr>\n",
                       hc_family_key((hc_family)f), hc_family_label((hc_family)f),
                       (unsigned long long)t->converted_by_family[f], (unsigned long long)t->unconverted_by_family[f]);
    }
    hc_sbuf_puts(b, "</table></div>\n<div><h2>Unconverted references by name</h2><table class=\"t\" id=\"unconverted\">"
                    "<tr><th>Name</th><th>Family</th><th class=\"n\">Count</th></tr>\n");
    name_count *names = malloc((t->nrefs ? t->nrefs : 1) * sizeof *names);
    size_t nnames = 0;
    for (size_t i = 0; names && i < t->nrefs; i++)
        if (!t->refs[i].converted)
            names[nnames++] = (name_count){t->refs[i].name, hc_family_label(t->refs[i].family), t->refs[i].count};
    if (names)
        qsort(names, nnames, sizeof *names, by_count_desc);
    enum { TOP_NAMES = 50 };
    for (size_t i = 0; i < nnames && i < TOP_NAMES; i++) {
        hc_sbuf_puts(b, "<tr><td class=\"p\">");
        hc_sbuf_html(b, names[i].name, strlen(names[i].name));
        hc_sbuf_printf(b, "</td><td>%s</td><td class=\"n\">%llu</td></tr>\n", names[i].family,
                       (unsigned long long)names[i].count);
    }
    if (nnames > TOP_NAMES)
        hc_sbuf_printf(b, "<tr><td colspan=\"3\">and %zu more (see the JSON report)</td></tr>\n", nnames - TOP_NAMES);
    if (!names)
        b->failed = true;
    free(names);
    hc_sbuf_puts(b, "</table></div>\n<div><h2>Top diagnostics</h2><table class=\"t\" id=\"top-diags\">"
                    "<tr><th>Id</th><th>Title</th><th class=\"n\">Count</th></tr>\n");
    /* Top diagnostics by count (ties by table order), at most 20. */
    bool done[HC_DIAG__COUNT] = {false};
    for (int shown = 0; shown < 20; shown++) {
        int best = -1;
        for (int i = 0; i < HC_DIAG__COUNT; i++)
            if (!done[i] && diag_counts[i] && (best < 0 || diag_counts[i] > diag_counts[best]))
                best = i;
        if (best < 0)
            break;
        done[best] = true;
        const hc_diag_info *info = hc_diag_info_get((hc_diag_id)best);
        hc_sbuf_printf(b, "<tr><td><a class=\"code\" href=\"#doc-%s\">%s</a></td><td>", info->code, info->code);
        hc_sbuf_html(b, info->title, strlen(info->title));
        hc_sbuf_printf(b, "</td><td class=\"n\">%u</td></tr>\n", diag_counts[best]);
    }
    hc_sbuf_puts(b, "</table></div>\n<div><h2>Places by effort</h2><table class=\"t\" id=\"effort\">"
                    "<tr><th>Effort</th><th class=\"n\">Places</th></tr>\n");
    static const char *const effort_label[] = {"none (nothing to do)", "rename (done by the tool)",
                                               "argument change", "manual (no HIP equivalent)"};
    for (int e = HC_EFFORT_NONE; e <= HC_EFFORT_MANUAL; e++)
        hc_sbuf_printf(b, "<tr data-effort=\"%s\"><td>%s</td><td class=\"n\">%u</td></tr>\n",
                       hc_report_effort_key((hc_effort)e), effort_label[e], effort[e]);
    hc_sbuf_puts(b, "</table></div></div>\n");
}

/* One entry per diagnostic id seen in the run: the help text from the table, and the page to read. */
static void diagnostics_reference(hc_sbuf *b, const uint32_t *diag_counts)
{
    hc_sbuf_puts(b, "<h2>Diagnostics reference</h2>\n");
    for (int i = 0; i < HC_DIAG__COUNT; i++) {
        if (!diag_counts[i])
            continue;
        const hc_diag_info *info = hc_diag_info_get((hc_diag_id)i);
        hc_sbuf_printf(b, "<div class=\"doc\" id=\"doc-%s\"><h3>%s: ", info->code, info->code);
        hc_sbuf_html(b, info->title, strlen(info->title));
        hc_sbuf_printf(b, "</h3><p>Default severity %s; flag [%s].</p><p>", hc_report_severity_key(info->severity),
                       info->flag);
        hc_sbuf_html(b, info->help, strlen(info->help));
        hc_sbuf_printf(b, "</p><p>Full page: <code>docs/diagnostics/%s.md</code> in the hipify-c sources.</p></div>\n",
                       info->code);
    }
}

static int build(const hc_run *run, hc_sbuf *b, char *err, size_t errsize)
{
    uint32_t diag_counts[HC_DIAG__COUNT] = {0}, effort[HC_EFFORT_MANUAL + 1] = {0}, sev[HC_SEV_ERROR + 1] = {0};
    uint32_t changed_files = 0, auto_lines = 0, manual_lines = 0;
    cJSON *summary = cJSON_CreateObject(), *files = cJSON_CreateArray();
    if (!summary || !files || !cJSON_AddItemToObject(summary, "files", files)) {
        cJSON_Delete(summary);
        cJSON_Delete(files);
        return hc_report_fail(err, errsize, "out of memory");
    }
    hc_sbuf details = {0};
    int rc = 0;
    for (size_t i = 0; i < run->nfiles && rc == 0; i++) {
        const hc_file_result *f = &run->files[i];
        hc_file_analysis an;
        if (hc_report_analyze(f, &an) != 0) {
            rc = hc_report_fail(err, errsize, "out of memory");
            break;
        }
        for (size_t k = 0; k < f->ndiags; k++)
            if ((unsigned)f->diags[k].id < HC_DIAG__COUNT)
                diag_counts[f->diags[k].id]++;
        for (int e = 0; e <= HC_EFFORT_MANUAL; e++)
            effort[e] += an.effort[e];
        for (int s = 0; s <= HC_SEV_ERROR; s++)
            sev[s] += an.by_severity[s];
        auto_lines += an.auto_lines;
        manual_lines += an.manual_lines;
        changed_files += f->changed;
        /* Where this file's detail lies in the #hc-details blob: [offset, length], or -1. */
        double detail_off = -1, detail_len = 0;
        if (f->changed || f->ndiags) {
            char *dj = file_detail_json(f, err, errsize);
            if (!dj) {
                rc = -1;
                break;
            }
            detail_off = (double)details.len;
            add_json_ascii(&details, dj);
            detail_len = (double)details.len - detail_off;
            cJSON_free(dj);
        }
        const hc_stats *s = &f->stats;
        cJSON *r = cJSON_CreateArray();
        bool ok = push(files, r) && push(r, cJSON_CreateString(f->rel_path ? f->rel_path : f->path)) &&
                  push(r, cJSON_CreateString(hc_report_kind_key(f->kind))) &&
                  push(r, cJSON_CreateString(hc_report_status_key(f->status))) &&
                  push(r, cJSON_CreateNumber((double)s->changed_lines)) && push(r, cJSON_CreateNumber((double)f->nedits)) &&
                  push(r, cJSON_CreateNumber(an.by_severity[HC_SEV_ERROR])) &&
                  push(r, cJSON_CreateNumber(an.by_severity[HC_SEV_WARNING])) &&
                  push(r, cJSON_CreateNumber(an.by_severity[HC_SEV_NOTE])) &&
                  push(r, s->converted_refs + s->unconverted_refs
                              ? cJSON_CreateNumber(hc_report_conversion_percent(s->converted_refs, s->unconverted_refs))
                              : cJSON_CreateNull()) &&
                  push(r, an.auto_lines + an.manual_lines
                              ? cJSON_CreateNumber(hc_report_auto_share(an.auto_lines, an.manual_lines))
                              : cJSON_CreateNull()) &&
                  push(r, cJSON_CreateNumber(detail_off)) && push(r, cJSON_CreateNumber(detail_len)) &&
                  push(r, cJSON_CreateNumber(an.manual_lines));
        if (!ok)
            rc = hc_report_fail(err, errsize, "out of memory");
    }
    char *summary_json = rc == 0 ? cJSON_PrintUnformatted(summary) : NULL;
    cJSON_Delete(summary);
    if (rc == 0 && !summary_json)
        rc = hc_report_fail(err, errsize, "out of memory");
    if (rc != 0) {
        hc_sbuf_free(&details);
        return rc;
    }

    const hc_stats *t = &run->totals;
    hc_sbuf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                    /* The report must never reach the network: the policy blocks every fetch. */
                    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                    "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width\">\n<title>hipify-c report");
    if (run->root && run->root[0]) {
        hc_sbuf_puts(b, ": ");
        hc_sbuf_html(b, run->root, strlen(run->root));
    }
    hc_sbuf_printf(b, "</title>\n<style>\n%s</style>\n</head><body>\n<h1>hipify-c %s report</h1>\n<p class=\"meta\">",
                   hc_report_html_style, run->examine ? "examine" : "port");
    hc_sbuf_puts(b, "Tree <code>");
    hc_sbuf_html(b, run->root && run->root[0] ? run->root : "(single files)",
                 strlen(run->root && run->root[0] ? run->root : "(single files)"));
    hc_sbuf_printf(b, "</code> &middot; hipify-c %s &middot; %.2f s%s</p>\n<div class=\"cards\">\n", HC_VERSION_STRING,
                   run->seconds, run->examine ? " &middot; --examine: no files were written" : "");
    card_count(b, "s-files", "files", run->nfiles);
    card_count(b, "s-changed-files", "files changed", changed_files);
    card_count(b, "s-changed-lines", "lines changed", t->changed_lines);
    card_percent(b, "s-conversion", "references converted",
                 hc_report_conversion_percent(t->converted_refs, t->unconverted_refs));
    card_count(b, "s-unconverted", "references left for a person", t->unconverted_refs);
    card_percent(b, "s-auto-share", "changed lines done automatically", 100.0 * hc_report_auto_share(auto_lines, manual_lines));
    card_count(b, "s-errors", "errors", sev[HC_SEV_ERROR]);
    card_count(b, "s-warnings", "warnings", sev[HC_SEV_WARNING]);
    card_count(b, "s-notes", "notes", sev[HC_SEV_NOTE]);
    hc_sbuf_puts(b, "</div>\n");
    summary_tables(b, run, diag_counts, effort);
    hc_sbuf_puts(b, "<h2>Files</h2>\n<input id=\"files-filter\" type=\"search\" placeholder=\"Filter by path\"> "
                    "<span id=\"files-shown\"></span>\n<div class=\"filebox\" id=\"files-box\"><table class=\"t\" id=\"files\">"
                    "<thead id=\"files-head\"><tr><th data-col=\"path\" class=\"asc\">Path</th><th data-col=\"kind\">Kind</th>"
                    "<th data-col=\"status\">Status</th><th data-col=\"changed\" class=\"n\">Lines changed</th>"
                    "<th data-col=\"edits\" class=\"n\">Edits</th><th data-col=\"errors\" class=\"n\">Errors</th>"
                    "<th data-col=\"warnings\" class=\"n\">Warnings</th><th data-col=\"notes\" class=\"n\">Notes</th>"
                    "<th data-col=\"conv\" class=\"n\">Converted</th><th data-col=\"auto\" class=\"n\">Automatic</th>"
                    "<th data-col=\"manual\" class=\"n\">Lines for a person</th>"
                    "</tr></thead><tbody id=\"files-body\"></tbody></table></div>\n"
                    "<p><em>Click a file to see its side-by-side diff and diagnostics.</em></p>\n<div id=\"detail\"></div>\n");
    diagnostics_reference(b, diag_counts);
    /* The script comes before the per-file blob: the file list is usable while the blob still loads. */
    add_script_json(b, "application/json", "hc-summary", summary_json);
    cJSON_free(summary_json);
    hc_sbuf_printf(b, "<script>\n%s</script>\n<script type=\"text/plain\" id=\"hc-details\">", hc_report_html_script);
    hc_sbuf_add(b, details.data ? details.data : "", details.len);
    b->failed |= details.failed;
    hc_sbuf_free(&details);
    hc_sbuf_puts(b, "</script>\n</body></html>\n");
    return b->failed ? hc_report_fail(err, errsize, "out of memory") : 0;
}

int hc_report_html(const hc_run *run, const char *path, char *err, size_t errsize)
{
    hc_sbuf b = {0};
    git_libgit2_init();
    int rc = build(run, &b, err, errsize);
    git_libgit2_shutdown();
    if (rc != 0 && err && errsize) {
        /* Prefix the path so the message stands on its own. */
        char msg[512];
        snprintf(msg, sizeof msg, "%s", err);
        snprintf(err, errsize, "%s: %s", path, msg);
    }
    if (rc == 0)
        rc = hc_report_write_file(path, b.data, b.len, err, errsize);
    hc_sbuf_free(&b);
    return rc;
}
