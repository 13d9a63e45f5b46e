/* report_json.c: --stats-json, the full statistics, review analysis and every diagnostic of a run as
 * JSON in the versioned schema of docs/report-schema.md (keys in a fixed order). No other format. */
#include "report_util.h"
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

/* cJSON returns NULL on allocation failure and ignores NULL children, so building a tree needs no
 * check after every call: the writer checks the one out-of-memory flag kept here. */
typedef struct json_builder {
    bool failed;
} json_builder;

static cJSON *add(json_builder *jb, cJSON *parent, const char *key, cJSON *item)
{
    if (!item) {
        jb->failed = true;
        return NULL;
    }
    if (!parent) { /* the parent itself failed to allocate */
        cJSON_Delete(item);
        jb->failed = true;
        return NULL;
    }
    if (!(cJSON_IsArray(parent) ? cJSON_AddItemToArray(parent, item)
                                           : cJSON_AddItemToObject(parent, key, item))) {
        cJSON_Delete(item);
        jb->failed = true;
        return NULL;
    }
    return item;
}
static cJSON *num(json_builder *jb, cJSON *o, const char *k, double v) { return add(jb, o, k, cJSON_CreateNumber(v)); }
static cJSON *str(json_builder *jb, cJSON *o, const char *k, const char *v)
{
    return add(jb, o, k, v ? cJSON_CreateString(v) : cJSON_CreateNull());
}
static cJSON *boolean(json_builder *jb, cJSON *o, const char *k, bool v) { return add(jb, o, k, cJSON_CreateBool(v)); }
static cJSON *obj(json_builder *jb, cJSON *o, const char *k) { return add(jb, o, k, cJSON_CreateObject()); }
static cJSON *arr(json_builder *jb, cJSON *o, const char *k) { return add(jb, o, k, cJSON_CreateArray()); }

/* Ratios are rounded to 4 decimals so that reruns give byte-identical files. */
static double round4(double v) { return (double)(long long)(v * 10000.0 + 0.5) / 10000.0; }

static void add_effort_counts(json_builder *jb, cJSON *parent, const uint32_t *effort)
{
    cJSON *e = obj(jb, parent, "effort");
    for (int k = HC_EFFORT_NONE; k <= HC_EFFORT_MANUAL; k++)
        num(jb, e, hc_report_effort_key((hc_effort)k), effort[k]);
}

static void add_severity_counts(json_builder *jb, cJSON *parent, const char *key, const uint32_t *by_sev)
{
    cJSON *c = obj(jb, parent, key);
    for (int s = HC_SEV_ERROR; s >= HC_SEV_NOTE; s--)
        num(jb, c, hc_report_severity_key((hc_severity)s), by_sev[s]);
}

static void add_place(json_builder *jb, cJSON *places, uint32_t line, uint32_t col, hc_effort effort,
                      const char *code, const char *name)
{
    cJSON *p = obj(jb, places, NULL);
    num(jb, p, "line", line);
    num(jb, p, "col", col);
    str(jb, p, "effort", hc_report_effort_key(effort));
    str(jb, p, "code", code);
    str(jb, p, "name", name);
}

static int add_file(json_builder *jb, cJSON *files, const hc_file_result *f, hc_file_analysis *an)
{
    if (hc_report_analyze(f, an) != 0)
        return -1;
    cJSON *o = obj(jb, files, NULL);
    str(jb, o, "path", f->rel_path ? f->rel_path : f->path);
    str(jb, o, "kind", hc_report_kind_key(f->kind));
    str(jb, o, "status", hc_report_status_key(f->status));
    boolean(jb, o, "changed", f->changed);
    boolean(jb, o, "parsed", f->parsed);
    num(jb, o, "total_lines", an->total_lines);
    num(jb, o, "changed_lines", (double)f->stats.changed_lines);
    num(jb, o, "converted_refs", (double)f->stats.converted_refs);
    num(jb, o, "unconverted_refs", (double)f->stats.unconverted_refs);
    num(jb, o, "edits", (double)f->nedits);
    add_severity_counts(jb, o, "diagnostic_counts", an->by_severity);

    cJSON *ex = obj(jb, o, "examine");
    num(jb, ex, "auto_lines", an->auto_lines);
    num(jb, ex, "manual_lines", an->manual_lines);
    num(jb, ex, "auto_share", round4(hc_report_auto_share(an->auto_lines, an->manual_lines)));
    add_effort_counts(jb, ex, an->effort);
    cJSON *places = arr(jb, ex, "places");
    hc_place *pv;
    size_t np;
    if (hc_report_places(f, &pv, &np) != 0)
        return -1;
    for (size_t i = 0; i < np; i++)
        add_place(jb, places, pv[i].line, pv[i].col, pv[i].effort, pv[i].code, pv[i].name);
    free(pv);

    cJSON *diags = arr(jb, o, "diagnostics");
    for (size_t i = 0; i < f->ndiags; i++) {
        const hc_diag *d = &f->diags[i];
        const hc_diag_info *info = hc_diag_info_get(d->id);
        cJSON *dj = obj(jb, diags, NULL);
        str(jb, dj, "code", info->code);
        str(jb, dj, "severity", hc_report_severity_key(d->severity));
        str(jb, dj, "flag", info->flag);
        num(jb, dj, "line", d->line);
        num(jb, dj, "col", d->col);
        str(jb, dj, "name", d->name);
        str(jb, dj, "message", d->message);
    }
    return 0;
}

typedef struct code_count {
    hc_diag_id id;
    uint32_t count;
} code_count;

static int by_count_then_code(const void *a, const void *b)
{
    const code_count *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return strcmp(hc_diag_info_get(x->id)->code, hc_diag_info_get(y->id)->code);
}

static cJSON *build(const hc_run *run, json_builder *jb)
{
    cJSON *root = cJSON_CreateObject();
    if (!root)
        return NULL;
    str(jb, root, "schema", "hipify-c-stats");
    num(jb, root, "schema_version", HC_REPORT_JSON_SCHEMA_VERSION);
    cJSON *tool = obj(jb, root, "tool");
    str(jb, tool, "name", "hipify-c");
    str(jb, tool, "version", HC_VERSION_STRING);

    cJSON *r = obj(jb, root, "run");
    str(jb, r, "root", run->root ? run->root : "");
    boolean(jb, r, "examine", run->examine);
    num(jb, r, "seconds", round4(run->seconds));
    char vbuf[32];
    str(jb, r, "target_hip_version",
        run->opt && run->opt->hip_version ? hc_version_format(run->opt->hip_version, vbuf, sizeof vbuf) : NULL);

    /* Files first (they carry the per-file analysis), attached after the summary to keep key order. */
    cJSON *files = cJSON_CreateArray();
    if (!files)
        jb->failed = true;
    hc_file_analysis total = {0};
    uint32_t changed_files = 0, failed_files = 0, unparsed_files = 0;
    code_count counts[HC_DIAG__COUNT];
    for (int i = 0; i < HC_DIAG__COUNT; i++)
        counts[i] = (code_count){(hc_diag_id)i, 0};
    for (size_t i = 0; i < run->nfiles && files; i++) {
        const hc_file_result *f = &run->files[i];
        hc_file_analysis an;
        if (add_file(jb, files, f, &an) != 0) {
            jb->failed = true;
            break;
        }
        total.total_lines += an.total_lines;
        total.auto_lines += an.auto_lines;
        total.manual_lines += an.manual_lines;
        for (int k = 0; k <= HC_EFFORT_MANUAL; k++)
            total.effort[k] += an.effort[k];
        for (int s = 0; s <= HC_SEV_ERROR; s++)
            total.by_severity[s] += an.by_severity[s];
        changed_files += f->changed;
        failed_files += f->status != HC_OK;
        unparsed_files += f->status == HC_OK && f->kind == HC_FILE_SOURCE && !f->parsed;
        for (size_t d = 0; d < f->ndiags; d++)
            if ((unsigned)f->diags[d].id < HC_DIAG__COUNT)
                counts[f->diags[d].id].count++;
    }

    const hc_stats *t = &run->totals;
    cJSON *s = obj(jb, root, "summary");
    num(jb, s, "files", (double)run->nfiles);
    num(jb, s, "changed_files", changed_files);
    num(jb, s, "failed_files", failed_files);
    num(jb, s, "unparsed_files", unparsed_files);
    num(jb, s, "total_lines", (double)t->total_lines);
    num(jb, s, "changed_lines", (double)t->changed_lines);
    num(jb, s, "total_bytes", (double)t->total_bytes);
    num(jb, s, "replaced_bytes", (double)t->replaced_bytes);
    num(jb, s, "converted_refs", (double)t->converted_refs);
    num(jb, s, "unconverted_refs", (double)t->unconverted_refs);
    num(jb, s, "conversion_percent", round4(hc_report_conversion_percent(t->converted_refs, t->unconverted_refs)));
    add_severity_counts(jb, s, "diagnostics", total.by_severity);

    cJSON *ex = obj(jb, root, "examine");
    num(jb, ex, "auto_lines", total.auto_lines);
    num(jb, ex, "manual_lines", total.manual_lines);
    num(jb, ex, "auto_share", round4(hc_report_auto_share(total.auto_lines, total.manual_lines)));
    add_effort_counts(jb, ex, total.effort);

    cJSON *fams = arr(jb, root, "families");
    for (int fam = 0; fam < HC_FAMILY__COUNT; fam++) {
        cJSON *fo = obj(jb, fams, NULL);
        str(jb, fo, "key", hc_family_key((hc_family)fam));
        str(jb, fo, "label", hc_family_label((hc_family)fam));
        num(jb, fo, "converted", (double)t->converted_by_family[fam]);
        num(jb, fo, "unconverted", (double)t->unconverted_by_family[fam]);
    }
    cJSON *refs = arr(jb, root, "refs");
    for (size_t i = 0; i < t->nrefs; i++) {
        cJSON *ro = obj(jb, refs, NULL);
        str(jb, ro, "name", t->refs[i].name);
        str(jb, ro, "family", hc_family_key(t->refs[i].family));
        boolean(jb, ro, "converted", t->refs[i].converted);
        num(jb, ro, "count", t->refs[i].count);
    }
    cJSON *hits = arr(jb, root, "rule_hits");
    for (size_t i = 0; i < t->nrule_hits; i++) {
        cJSON *ho = obj(jb, hits, NULL);
        str(jb, ho, "name", t->rule_hits[i].name);
        num(jb, ho, "count", t->rule_hits[i].count);
    }
    qsort(counts, HC_DIAG__COUNT, sizeof counts[0], by_count_then_code);
    cJSON *dc = arr(jb, root, "diagnostic_counts");
    for (int i = 0; i < HC_DIAG__COUNT && counts[i].count; i++) {
        const hc_diag_info *info = hc_diag_info_get(counts[i].id);
        cJSON *co = obj(jb, dc, NULL);
        str(jb, co, "code", info->code);
        str(jb, co, "flag", info->flag);
        str(jb, co, "severity", hc_report_severity_key(info->severity));
        str(jb, co, "title", info->title);
        num(jb, co, "count", counts[i].count);
    }
    add(jb, root, "files", files);
    return root;
}

int hc_report_json(const hc_run *run, const char *path, char *err, size_t errsize)
{
    json_builder jb = {0};
    cJSON *root = build(run, &jb);
    if (!root || jb.failed) {
        cJSON_Delete(root);
        return hc_report_fail(err, errsize, "%s: out of memory while building the report", path);
    }
    int rc = hc_report_write_json(root, false, path, err, errsize);
    cJSON_Delete(root);
    return rc;
}
