/* report_sarif.c: --sarif, the diagnostics of a run as SARIF 2.1.0 (rules from the diagnostic table,
 * results with physical locations) for code-scanning tools such as GitHub's. No other format. */
#include "report_util.h"
#include <cjson/cJSON.h>
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const sarif_level[] = {"note", "warning", "error"};

/* RFC 3986: keep unreserved characters and '/', percent-encode every other byte. */
static char *uri_encode(const char *path)
{
    size_t n = strlen(path);
    char *out = malloc(3 * n + 1), *o = out;
    if (!out)
        return NULL;
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if (isalnum(*p) || strchr("-._~/", *p))
            *o++ = (char)*p;
        else
            o += sprintf(o, "%%%02X", *p);
    }
    *o = '\0';
    return out;
}

/* "unsupported-api" -> "UnsupportedApi": SARIF rule names are identifiers. */
static void pascal_case(const char *flag, char *out, size_t size)
{
    size_t k = 0;
    bool upper = true;
    for (const char *p = flag; *p && k + 1 < size; p++) {
        if (*p == '-') {
            upper = true;
            continue;
        }
        out[k++] = upper ? (char)toupper((unsigned char)*p) : *p;
        upper = false;
    }
    out[k] = '\0';
}

/* SARIF columns count Unicode code points; diagnostics count bytes. Convert using the line's text. */
static uint32_t codepoint_column(const hc_file_result *f, const hc_diag *d)
{
    if (d->col == 0 || d->offset == UINT32_MAX || d->offset > f->original_len || d->offset + 1 < d->col)
        return d->col;
    uint32_t start = d->offset - (d->col - 1), cp = 1;
    for (uint32_t i = start; i < d->offset; i++)
        cp += ((unsigned char)f->original[i] & 0xC0) != 0x80;
    return cp;
}

static bool add_obj(cJSON *parent, const char *key, cJSON *item)
{
    if (!item)
        return false;
    if (!(key ? cJSON_AddItemToObject(parent, key, item) : cJSON_AddItemToArray(parent, item))) {
        cJSON_Delete(item);
        return false;
    }
    return true;
}
static bool add_str(cJSON *o, const char *k, const char *v) { return add_obj(o, k, cJSON_CreateString(v)); }
static bool add_num(cJSON *o, const char *k, double v) { return add_obj(o, k, cJSON_CreateNumber(v)); }
static bool add_text(cJSON *o, const char *k, const char *text)
{
    cJSON *m = cJSON_CreateObject();
    return add_obj(o, k, m) && add_str(m, "text", text);
}

static bool add_rules(cJSON *driver)
{
    cJSON *rules = cJSON_CreateArray();
    if (!add_obj(driver, "rules", rules))
        return false;
    bool ok = true;
    for (int i = 0; i < HC_DIAG__COUNT && ok; i++) {
        const hc_diag_info *info = hc_diag_info_get((hc_diag_id)i);
        char name[64];
        pascal_case(info->flag, name, sizeof name);
        cJSON *r = cJSON_CreateObject(), *cfg, *help, *props, *tags;
        ok = add_obj(rules, NULL, r) && add_str(r, "id", info->code) && add_str(r, "name", name) &&
             add_text(r, "shortDescription", info->title) && add_text(r, "fullDescription", info->help) &&
             add_obj(r, "help", help = cJSON_CreateObject()) && add_str(help, "text", info->help);
        if (!ok)
            break;
        /* The page that explains the id ships with hipify-c: name it so people can find it offline. */
        hc_sbuf md = {0};
        hc_sbuf_printf(&md, "**%s** (%s)\n\n%s\n\nSee docs/diagnostics/%s.md in hipify-c.", info->title,
                       info->code, info->help, info->code);
        ok = !md.failed && add_str(help, "markdown", md.data) &&
             add_obj(r, "defaultConfiguration", cfg = cJSON_CreateObject()) &&
             add_str(cfg, "level", sarif_level[info->severity]) &&
             add_obj(r, "properties", props = cJSON_CreateObject()) &&
             add_obj(props, "tags", tags = cJSON_CreateArray()) &&
             add_obj(tags, NULL, cJSON_CreateString("hipify")) &&
             add_obj(tags, NULL, cJSON_CreateString(info->flag));
        hc_sbuf_free(&md);
    }
    return ok;
}

static bool add_location(cJSON *result, const char *uri, int artifact_index, const hc_file_result *f,
                         const hc_diag *d)
{
    cJSON *locs = cJSON_CreateArray(), *loc, *phys, *art, *region;
    bool ok = add_obj(result, "locations", locs) && add_obj(locs, NULL, loc = cJSON_CreateObject()) &&
              add_obj(loc, "physicalLocation", phys = cJSON_CreateObject()) &&
              add_obj(phys, "artifactLocation", art = cJSON_CreateObject()) && add_str(art, "uri", uri) &&
              add_str(art, "uriBaseId", "SRCROOT") && add_num(art, "index", artifact_index);
    /* Whole-file diagnostics (line 0) carry no region: the result is about the artifact. */
    if (ok && d->line > 0) {
        ok = add_obj(phys, "region", region = cJSON_CreateObject()) && add_num(region, "startLine", d->line);
        if (ok && d->col > 0)
            ok = add_num(region, "startColumn", codepoint_column(f, d));
    }
    return ok;
}

static bool build(const hc_run *run, cJSON *root)
{
    cJSON *runs = cJSON_CreateArray(), *r, *tool, *driver, *inv, *invo, *artifacts, *results;
    bool ok = add_str(root, "$schema", "https://json.schemastore.org/sarif-2.1.0.json") &&
              add_str(root, "version", "2.1.0") && add_obj(root, "runs", runs) &&
              add_obj(runs, NULL, r = cJSON_CreateObject()) && add_obj(r, "tool", tool = cJSON_CreateObject()) &&
              add_obj(tool, "driver", driver = cJSON_CreateObject()) && add_str(driver, "name", "hipify-c") &&
              add_str(driver, "version", HC_VERSION_STRING) &&
              add_str(driver, "semanticVersion", HC_VERSION_STRING) && add_rules(driver) &&
              add_obj(r, "invocations", inv = cJSON_CreateArray()) &&
              add_obj(inv, NULL, invo = cJSON_CreateObject()) &&
              add_obj(invo, "executionSuccessful", cJSON_CreateTrue());
    if (!ok)
        return false;
    /* Tell consumers where SRCROOT is, when the root exists here (it always does during a run). */
    char abs[PATH_MAX];
    if (run->root && run->root[0] && realpath(run->root, abs)) {
        char *enc = uri_encode(abs);
        hc_sbuf u = {0};
        hc_sbuf_printf(&u, "file://%s%s", enc ? enc : "", enc && enc[strlen(enc) - 1] == '/' ? "" : "/");
        cJSON *bases, *src;
        ok = enc && !u.failed && add_obj(r, "originalUriBaseIds", bases = cJSON_CreateObject()) &&
             add_obj(bases, "SRCROOT", src = cJSON_CreateObject()) && add_str(src, "uri", u.data);
        free(enc);
        hc_sbuf_free(&u);
        if (!ok)
            return false;
    }
    ok = add_str(r, "columnKind", "unicodeCodePoints") && add_obj(r, "artifacts", artifacts = cJSON_CreateArray()) &&
         add_obj(r, "results", results = cJSON_CreateArray());
    int artifact_index = 0;
    for (size_t i = 0; i < run->nfiles && ok; i++) {
        const hc_file_result *f = &run->files[i];
        if (f->ndiags == 0)
            continue; /* artifacts lists only files with results: a 10,000-file tree stays small */
        char *uri = uri_encode(f->rel_path ? f->rel_path : f->path);
        cJSON *a, *al;
        ok = uri && add_obj(artifacts, NULL, a = cJSON_CreateObject()) &&
             add_obj(a, "location", al = cJSON_CreateObject()) && add_str(al, "uri", uri) &&
             add_str(al, "uriBaseId", "SRCROOT") && add_num(a, "length", (double)f->original_len);
        for (size_t k = 0; k < f->ndiags && ok; k++) {
            const hc_diag *d = &f->diags[k];
            const hc_diag_info *info = hc_diag_info_get(d->id);
            cJSON *res;
            ok = add_obj(results, NULL, res = cJSON_CreateObject()) && add_str(res, "ruleId", info->code) &&
                 add_num(res, "ruleIndex", (double)d->id) &&
                 add_str(res, "level", sarif_level[d->severity <= HC_SEV_ERROR ? d->severity : HC_SEV_ERROR]) &&
                 add_text(res, "message", d->message ? d->message : info->title) &&
                 add_location(res, uri, artifact_index, f, d);
        }
        free(uri);
        artifact_index++;
    }
    return ok;
}

int hc_report_sarif(const hc_run *run, const char *path, char *err, size_t errsize)
{
    cJSON *root = cJSON_CreateObject();
    if (!root || !build(run, root)) {
        cJSON_Delete(root);
        return hc_report_fail(err, errsize, "%s: out of memory while building the SARIF log", path);
    }
    /* Compact: machines read SARIF, and code-scanning uploads have size limits (10 MB compressed on
     * GitHub); indentation made a 10,000-file log a third larger. */
    int rc = hc_report_write_json(root, true, path, err, errsize);
    cJSON_Delete(root);
    return rc;
}
