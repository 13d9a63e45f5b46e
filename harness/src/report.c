/* report.c: renders harness results as a terminal table, JUnit XML (for CI test views) and JSON (cJSON).
 * It does not decide statuses; the subcommands do. */
#include "report.h"

#include <cjson/cJSON.h>
#include "util.h"
#include "grow.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const status_names[RESULT__COUNT] = {"PASS",    "FAIL",     "XFAIL", "XPASS",
                                                        "SKIPPED", "PLATFORM", "ERROR", "BOTHFAIL"};

const char *result_status_name(result_status status)
{
    return status_names[status];
}

case_result *result_add(result_set *set, const char *program, const char *step, result_status status,
                        const char *message, const char *log_path)
{
    if (hc_grow(&set->items, &set->capacity, set->count, sizeof *set->items, 16) != 0)
        return NULL;
    case_result *r = &set->items[set->count++];
    memset(r, 0, sizeof *r);
    r->program = strdup(program ? program : "");
    r->step = strdup(step ? step : "");
    r->status = status;
    r->message = message ? strdup(message) : NULL;
    r->log_path = log_path ? strdup(log_path) : NULL;
    return r;
}

int result_add_difference(case_result *row, const char *where, const char *location, const char *cuda,
                          const char *hip, const char *detail)
{
    if (hc_grow(&row->differences, &row->difference_capacity, row->difference_count, sizeof *row->differences, 4) != 0)
        return -1;
    result_difference *grown = row->differences;
    const char *texts[5] = {where, location, cuda, hip, detail};
    char **fields[5] = {&grown[row->difference_count].where, &grown[row->difference_count].location,
                        &grown[row->difference_count].cuda, &grown[row->difference_count].hip,
                        &grown[row->difference_count].detail};
    for (int i = 0; i < 5; i++)
        *fields[i] = texts[i] ? strdup(texts[i]) : NULL;
    row->difference_count++;
    return 0;
}

int result_add_note(case_result *row, const result_note *note)
{
    if (hc_grow(&row->notes, &row->note_capacity, row->note_count, sizeof *row->notes, 4) != 0)
        return -1;
    result_note *n = &row->notes[row->note_count];
    const char *texts[6] = {note->key, note->kind, note->cuda_on_nvidia, note->hip_on_amd, note->advice, note->source};
    char **fields[6] = {&n->key, &n->kind, &n->cuda_on_nvidia, &n->hip_on_amd, &n->advice, &n->source};
    for (int i = 0; i < 6; i++)
        *fields[i] = strdup(texts[i] ? texts[i] : "");
    n->detected = note->detected;
    n->declared = note->declared;
    row->note_count++;
    return 0;
}

static void free_notes(case_result *row)
{
    for (size_t i = 0; i < row->note_count; i++) {
        result_note *n = &row->notes[i];
        char *fields[6] = {n->key, n->kind, n->cuda_on_nvidia, n->hip_on_amd, n->advice, n->source};
        for (int k = 0; k < 6; k++)
            free(fields[k]);
    }
    free(row->notes);
}

void result_set_meta(result_set *set, const char *key, const char *value)
{
    if (set->meta_count >= COUNT_OF(set->meta_keys) || !key || !value)
        return;
    set->meta_keys[set->meta_count] = strdup(key);
    set->meta_values[set->meta_count] = strdup(value);
    set->meta_count++;
}

void result_set_free(result_set *set)
{
    for (size_t i = 0; i < set->meta_count; i++) {
        free(set->meta_keys[i]);
        free(set->meta_values[i]);
    }
    set->meta_count = 0;
    for (size_t i = 0; i < set->count; i++) {
        for (size_t d = 0; d < set->items[i].difference_count; d++) {
            result_difference *x = &set->items[i].differences[d];
            free(x->where);
            free(x->location);
            free(x->cuda);
            free(x->hip);
            free(x->detail);
        }
        free(set->items[i].differences);
        free_notes(&set->items[i]);
        free(set->items[i].program);
        free(set->items[i].step);
        free(set->items[i].message);
        free(set->items[i].log_path);
    }
    free(set->items);
    set->items = NULL;
    set->count = set->capacity = 0;
}

int result_status_fails(result_status status)
{
    return status == RESULT_FAIL || status == RESULT_XPASS || status == RESULT_ERROR || status == RESULT_BOTHFAIL;
}

int result_set_ok(const result_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (result_status_fails(set->items[i].status))
            return 0;
    return 1;
}

int result_set_all_skipped(const result_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (set->items[i].status != RESULT_SKIP)
            return 0;
    return set->count > 0;
}

/* Each AMD platform note once, in the order of first use, with the programs it applies to: the same rows
 * under every program would bury the verdicts. */
static void table_notes(FILE *out, const result_set *set)
{
    int heading = 0;
    for (size_t i = 0; i < set->count; i++)
        for (size_t n = 0; n < set->items[i].note_count; n++) {
            const result_note *note = &set->items[i].notes[n];
            int seen = 0;
            for (size_t j = 0; j < i && !seen; j++)
                for (size_t m = 0; m < set->items[j].note_count && !seen; m++)
                    seen = !strcmp(set->items[j].notes[m].key, note->key);
            for (size_t m = 0; m < n && !seen; m++)
                seen = !strcmp(set->items[i].notes[m].key, note->key);
            if (seen)
                continue;
            if (!heading++)
                fprintf(out, "AMD platform notes (HIP semantics that differ on AMD GPUs, whatever the port does):\n");
            fprintf(out, "  AMD platform note %s: on AMD %s; advice: %s; programs:", note->key, note->hip_on_amd,
                    note->advice);
            for (size_t j = i, listed = 0; j < set->count; j++)
                for (size_t m = 0; m < set->items[j].note_count; m++)
                    if (!strcmp(set->items[j].notes[m].key, note->key)) {
                        fprintf(out, "%s %s", listed++ ? "," : "", set->items[j].program);
                        break;
                    }
            fputc('\n', out);
        }
}

void report_table(FILE *out, const result_set *set)
{
    int counts[RESULT__COUNT] = {0};
    fprintf(out, "%-16s %-12s %-8s %8s %10s %10s %10s  %s\n", "program", "step", "status", "seconds", "max abs",
            "max rel", "max ulp", "note");
    for (size_t i = 0; i < set->count; i++) {
        const case_result *r = &set->items[i];
        counts[r->status]++;
        fprintf(out, "%-16s %-12s %-8s %8.1f ", r->program, r->step, status_names[r->status], r->seconds);
        if (r->has_errors)
            fprintf(out, "%10.3g %10.3g %10.3g  ", r->max_abs, r->max_rel, r->max_ulp);
        else
            fprintf(out, "%10s %10s %10s  ", "-", "-", "-");
        /* The log path only where something went wrong: that is when someone reads it. */
        int show_log = r->log_path && r->status != RESULT_PASS && r->status != RESULT_SKIP;
        fprintf(out, "%s%s%s\n", r->message ? r->message : "", show_log ? "; log: " : "", show_log ? r->log_path : "");
        for (size_t n = 0; n < r->note_count; n++)
            fprintf(out, "%s%s%s", n ? ", " : "    AMD platform notes (below): ", r->notes[n].key,
                    n + 1 == r->note_count ? "\n" : "");
    }
    table_notes(out, set);
    fprintf(out, "%zu results: %d passed, %d failed, %d expected failures, %d unexpected passes, %d skipped\n",
            set->count, counts[RESULT_PASS], counts[RESULT_FAIL], counts[RESULT_XFAIL], counts[RESULT_XPASS],
            counts[RESULT_SKIP]);
    /* Only validation and runs produce these; other commands keep their summary line as it was. */
    if (counts[RESULT_PLATFORM] || counts[RESULT_ERROR] || counts[RESULT_BOTHFAIL])
        fprintf(out, "  and %d failed on both sides, %d declared platform differences, %d errors\n",
                counts[RESULT_BOTHFAIL], counts[RESULT_PLATFORM], counts[RESULT_ERROR]);
}

static void xml_escaped(FILE *out, const char *text)
{
    for (const char *p = text ? text : ""; *p; p++) {
        switch (*p) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default:
            if ((unsigned char)*p >= 0x20 || *p == '\n' || *p == '\t')
                fputc(*p, out);
        }
    }
}

int report_junit(const char *path, const char *suite, const result_set *set)
{
    output_buffer buffer;
    FILE *out = output_open(path, &buffer);
    int failures = 0, skipped = 0, errors = 0;
    if (!out)
        return -1;
    for (size_t i = 0; i < set->count; i++) {
        failures += set->items[i].status == RESULT_FAIL || set->items[i].status == RESULT_XPASS ||
                    set->items[i].status == RESULT_BOTHFAIL;
        skipped += set->items[i].status == RESULT_SKIP || set->items[i].status == RESULT_XFAIL ||
                   set->items[i].status == RESULT_PLATFORM;
        errors += set->items[i].status == RESULT_ERROR;
    }
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    fprintf(out, "  <testsuite name=\"");
    xml_escaped(out, suite);
    fprintf(out, "\" tests=\"%zu\" failures=\"%d\" errors=\"%d\" skipped=\"%d\">\n", set->count, failures, errors,
            skipped);
    for (size_t i = 0; i < set->count; i++) {
        const case_result *r = &set->items[i];
        fprintf(out, "    <testcase classname=\"");
        xml_escaped(out, r->program);
        fprintf(out, "\" name=\"");
        xml_escaped(out, r->step);
        fprintf(out, "\" time=\"%.3f\">", r->seconds);
        if (result_status_fails(r->status)) {
            const char *element = r->status == RESULT_ERROR ? "error" : "failure";
            fprintf(out, "<%s message=\"", element);
            xml_escaped(out, r->status == RESULT_XPASS ? "unexpected pass: remove it from the xfail list" : r->message);
            fprintf(out, "\" type=\"%s\">", status_names[r->status]);
            xml_escaped(out, r->log_path);
            for (size_t d = 0; d < r->difference_count; d++) {
                const result_difference *x = &r->differences[d];
                fprintf(out, "\n");
                xml_escaped(out, x->where);
                fprintf(out, " ");
                xml_escaped(out, x->location);
                fprintf(out, ": cuda ");
                xml_escaped(out, x->cuda);
                fprintf(out, " | hip ");
                xml_escaped(out, x->hip);
                fprintf(out, " (");
                xml_escaped(out, x->detail);
                fprintf(out, ")");
            }
            for (size_t n = 0; n < r->note_count; n++) {
                fprintf(out, "\nAMD platform note ");
                xml_escaped(out, r->notes[n].key);
                fprintf(out, ": on AMD ");
                xml_escaped(out, r->notes[n].hip_on_amd);
                fprintf(out, "; advice: ");
                xml_escaped(out, r->notes[n].advice);
            }
            fprintf(out, "</%s>", element);
        } else if (r->status == RESULT_SKIP || r->status == RESULT_XFAIL || r->status == RESULT_PLATFORM) {
            fprintf(out, "<skipped message=\"");
            if (r->status == RESULT_XFAIL)
                fprintf(out, "expected failure: ");
            if (r->status == RESULT_PLATFORM)
                fprintf(out, "declared platform difference: ");
            xml_escaped(out, r->message);
            fprintf(out, "\"/>");
        }
        /* Notes of a passing or skipped program go to its output, where CI test views show them. */
        if (r->note_count && !result_status_fails(r->status)) {
            fprintf(out, "<system-out>");
            for (size_t n = 0; n < r->note_count; n++) {
                fprintf(out, "%sAMD platform note ", n ? "\n" : "");
                xml_escaped(out, r->notes[n].key);
                fprintf(out, ": on AMD ");
                xml_escaped(out, r->notes[n].hip_on_amd);
                fprintf(out, "; advice: ");
                xml_escaped(out, r->notes[n].advice);
            }
            fprintf(out, "</system-out>");
        }
        fprintf(out, "</testcase>\n");
    }
    fprintf(out, "  </testsuite>\n</testsuites>\n");
    return output_commit(&buffer, path);
}

/* JSON has no infinity: a non-finite error is written as null (meaning: a NaN or infinity differed). */
static void add_number(cJSON *object, const char *key, double value)
{
    if (isfinite(value))
        cJSON_AddNumberToObject(object, key, value);
    else
        cJSON_AddNullToObject(object, key);
}

/* One row as a JSON object: the form of the JSON report's results and of a JSON-lines file. */
static cJSON *row_json(const case_result *r)
{
    cJSON *item = cJSON_CreateObject();
    if (!item)
        return NULL;
    cJSON_AddStringToObject(item, "program", r->program);
    cJSON_AddStringToObject(item, "step", r->step);
    cJSON_AddStringToObject(item, "status", status_names[r->status]);
    cJSON_AddNumberToObject(item, "seconds", r->seconds);
    if (r->has_errors) {
        add_number(item, "max_abs", r->max_abs);
        add_number(item, "max_rel", r->max_rel);
        add_number(item, "max_ulp", r->max_ulp);
    }
    if (r->value != 0)
        add_number(item, "value", r->value);
    if (r->message)
        cJSON_AddStringToObject(item, "message", r->message);
    if (r->log_path)
        cJSON_AddStringToObject(item, "log", r->log_path);
    if (r->difference_count) {
        cJSON *list = cJSON_AddArrayToObject(item, "differences");
        for (size_t d = 0; list && d < r->difference_count; d++) {
            const result_difference *x = &r->differences[d];
            cJSON *entry = cJSON_CreateObject();
            const char *keys[5] = {"where", "location", "cuda", "hip", "detail"};
            const char *values[5] = {x->where, x->location, x->cuda, x->hip, x->detail};
            for (int k = 0; entry && k < 5; k++)
                if (values[k])
                    cJSON_AddStringToObject(entry, keys[k], values[k]);
            cJSON_AddItemToArray(list, entry);
        }
    }
    if (r->note_count) {
        cJSON *list = cJSON_AddArrayToObject(item, "platform_notes");
        for (size_t n = 0; list && n < r->note_count; n++) {
            const result_note *x = &r->notes[n];
            cJSON *entry = cJSON_CreateObject();
            const char *keys[6] = {"key", "kind", "cuda_on_nvidia", "hip_on_amd", "advice", "source"};
            const char *values[6] = {x->key, x->kind, x->cuda_on_nvidia, x->hip_on_amd, x->advice, x->source};
            for (int k = 0; entry && k < 6; k++)
                cJSON_AddStringToObject(entry, keys[k], values[k]);
            cJSON_AddBoolToObject(entry, "detected", x->detected);
            cJSON_AddBoolToObject(entry, "declared", x->declared);
            cJSON_AddItemToArray(list, entry);
        }
        cJSON_AddBoolToObject(item, "platform_note_may_explain", r->notes_may_explain);
    }
    return item;
}

int report_json(const char *path, const char *command, const result_set *set)
{
    cJSON *root = cJSON_CreateObject(), *results = NULL;
    if (!root)
        return -1;
    cJSON_AddStringToObject(root, "command", command);
    cJSON_AddBoolToObject(root, "ok", result_set_ok(set));
    /* Every status with its count (zeros included), so that a reader need not know which ones exist. */
    cJSON *counts = cJSON_AddObjectToObject(root, "counts");
    for (int st = 0; counts && st < RESULT__COUNT; st++) {
        int n = 0;
        for (size_t i = 0; i < set->count; i++)
            n += set->items[i].status == (result_status)st;
        cJSON_AddNumberToObject(counts, status_names[st], n);
    }
    if (set->meta_count) {
        cJSON *environment = cJSON_AddObjectToObject(root, "environment");
        for (size_t i = 0; environment && i < set->meta_count; i++)
            cJSON_AddStringToObject(environment, set->meta_keys[i], set->meta_values[i]);
    }
    results = cJSON_AddArrayToObject(root, "results");
    for (size_t i = 0; results && i < set->count; i++) {
        cJSON *item = row_json(&set->items[i]);
        if (!item)
            break;
        cJSON_AddItemToArray(results, item);
    }
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        return -1;
    output_buffer buffer;
    FILE *out = output_open(path, &buffer);
    int status = out && fputs(text, out) >= 0 && fputc('\n', out) != EOF ? 0 : -1;
    if (out && output_commit(&buffer, path) != 0)
        status = -1;
    free(text);
    return status;
}

int report_jsonl_append(FILE *out, const case_result *row)
{
    cJSON *item = row_json(row);
    char *text = item ? cJSON_PrintUnformatted(item) : NULL;
    cJSON_Delete(item);
    int status = text && fprintf(out, "%s\n", text) >= 0 && fflush(out) == 0 ? 0 : -1;
    cJSON_free(text);
    return status;
}

static const char *string_member(const cJSON *object, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

int report_jsonl_read_row(const char *line, result_set *set)
{
    cJSON *item = cJSON_Parse(line);
    const char *program = string_member(item, "program"), *step = string_member(item, "step");
    const char *status_name = string_member(item, "status");
    int status = -1;
    for (int s = 0; program && step && status_name && s < RESULT__COUNT; s++)
        if (!strcmp(status_names[s], status_name))
            status = s;
    case_result *r = status >= 0 ? result_add(set, program, step, (result_status)status, string_member(item, "message"),
                                              string_member(item, "log"))
                                 : NULL;
    if (r) {
        const cJSON *seconds = cJSON_GetObjectItemCaseSensitive(item, "seconds");
        r->seconds = cJSON_IsNumber(seconds) ? seconds->valuedouble : 0;
        const char *keys[3] = {"max_abs", "max_rel", "max_ulp"};
        double *fields[3] = {&r->max_abs, &r->max_rel, &r->max_ulp};
        for (int k = 0; k < 3; k++) {
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(item, keys[k]);
            if (v) {
                r->has_errors = 1;
                *fields[k] = cJSON_IsNumber(v) ? v->valuedouble : INFINITY;
            }
        }
        const cJSON *d;
        cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(item, "differences"))
            result_add_difference(r, string_member(d, "where"), string_member(d, "location"), string_member(d, "cuda"),
                                  string_member(d, "hip"), string_member(d, "detail"));
    }
    cJSON_Delete(item);
    return r ? 0 : -1;
}

static void html_escaped(FILE *out, const char *text)
{
    xml_escaped(out, text); /* the same five characters matter in HTML text and attributes */
}

int report_html(const char *path, const char *command, const result_set *set)
{
    output_buffer buffer;
    FILE *out = output_open(path, &buffer);
    int counts[RESULT__COUNT] = {0};
    if (!out)
        return -1;
    for (size_t i = 0; i < set->count; i++)
        counts[set->items[i].status]++;
    fprintf(out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>hipify-harness ");
    html_escaped(out, command);
    fprintf(out, "</title>\n<style>body{font-family:sans-serif}table{border-collapse:collapse}"
                 "td,th{border:1px solid #ccc;padding:3px 6px;vertical-align:top}"
                 ".PASS{background:#dfd}.FAIL,.XPASS,.ERROR,.BOTHFAIL{background:#fdd}.PLATFORM,.XFAIL{background:#ffd}"
                 ".SKIPPED{background:#eee}code{white-space:pre-wrap}</style></head><body>\n<h1>hipify-harness ");
    html_escaped(out, command);
    fprintf(out, ": %s</h1>\n", result_set_ok(set) ? "ok" : "failures");
    for (size_t i = 0; i < set->meta_count; i++) {
        fprintf(out, "<p>");
        html_escaped(out, set->meta_keys[i]);
        fprintf(out, ": ");
        html_escaped(out, set->meta_values[i]);
        fprintf(out, "</p>\n");
    }
    fprintf(out, "<p>");
    for (int s = 0; s < RESULT__COUNT; s++)
        if (counts[s])
            fprintf(out, "%s %d &nbsp; ", status_names[s], counts[s]);
    fprintf(out, "</p>\n<table>\n<tr><th>program</th><th>step</th><th>status</th><th>seconds</th><th>message</th>"
                 "<th>differences</th><th>AMD platform notes</th></tr>\n");
    for (size_t i = 0; i < set->count; i++) {
        const case_result *r = &set->items[i];
        fprintf(out, "<tr class=\"%s\"><td>", status_names[r->status]);
        html_escaped(out, r->program);
        fprintf(out, "</td><td>");
        html_escaped(out, r->step);
        fprintf(out, "</td><td>%s</td><td>%.1f</td><td>", status_names[r->status], r->seconds);
        html_escaped(out, r->message);
        if (r->log_path && r->status != RESULT_PASS) {
            fprintf(out, "<br>log: <code>");
            html_escaped(out, r->log_path);
            fprintf(out, "</code>");
        }
        fprintf(out, "</td><td>");
        for (size_t d = 0; d < r->difference_count; d++) {
            const result_difference *x = &r->differences[d];
            fprintf(out, "<p><b>");
            html_escaped(out, x->where);
            fprintf(out, "</b> ");
            html_escaped(out, x->location);
            fprintf(out, "<br>cuda: <code>");
            html_escaped(out, x->cuda);
            fprintf(out, "</code><br>hip: <code>");
            html_escaped(out, x->hip);
            fprintf(out, "</code><br>");
            html_escaped(out, x->detail);
            fprintf(out, "</p>");
        }
        fprintf(out, "</td><td>");
        if (r->notes_may_explain)
            fprintf(out, "<p><i>the difference may come from a platform difference below, not necessarily a porting "
                         "bug</i></p>");
        for (size_t n = 0; n < r->note_count; n++) {
            const result_note *x = &r->notes[n];
            fprintf(out, "<p class=\"note\"><b>");
            html_escaped(out, x->key);
            fprintf(out, "</b> (");
            html_escaped(out, x->kind);
            fprintf(out, "%s)<br>CUDA on NVIDIA: ", x->declared ? ", declared" : "");
            html_escaped(out, x->cuda_on_nvidia);
            fprintf(out, "<br>HIP on AMD: ");
            html_escaped(out, x->hip_on_amd);
            fprintf(out, "<br>advice: ");
            html_escaped(out, x->advice);
            fprintf(out, "<br>source: ");
            html_escaped(out, x->source);
            fprintf(out, "</p>");
        }
        fprintf(out, "</td></tr>\n");
    }
    fprintf(out, "</table>\n</body></html>\n");
    return output_commit(&buffer, path);
}
