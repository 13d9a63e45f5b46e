/* report.c: renders harness results as a terminal table, JUnit XML (for CI test views) and JSON (cJSON).
 * It does not decide statuses; the subcommands do. */
#include "report.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const status_names[] = {"PASS", "FAIL", "XFAIL", "XPASS", "SKIPPED"};

const char *result_status_name(result_status status)
{
    return status_names[status];
}

case_result *result_add(result_set *set, const char *program, const char *step, result_status status,
                        const char *message, const char *log_path)
{
    case_result *items = realloc(set->items, (set->count + 1) * sizeof *items);
    if (!items)
        return NULL;
    set->items = items;
    case_result *r = &set->items[set->count++];
    memset(r, 0, sizeof *r);
    r->program = strdup(program ? program : "");
    r->step = strdup(step ? step : "");
    r->status = status;
    r->message = message ? strdup(message) : NULL;
    r->log_path = log_path ? strdup(log_path) : NULL;
    return r;
}

void result_set_free(result_set *set)
{
    for (size_t i = 0; i < set->count; i++) {
        free(set->items[i].program);
        free(set->items[i].step);
        free(set->items[i].message);
        free(set->items[i].log_path);
    }
    free(set->items);
    set->items = NULL;
    set->count = 0;
}

int result_set_ok(const result_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (set->items[i].status == RESULT_FAIL || set->items[i].status == RESULT_XPASS)
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

void report_table(FILE *out, const result_set *set)
{
    int counts[5] = {0};
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
    }
    fprintf(out, "%zu results: %d passed, %d failed, %d expected failures, %d unexpected passes, %d skipped\n",
            set->count, counts[RESULT_PASS], counts[RESULT_FAIL], counts[RESULT_XFAIL], counts[RESULT_XPASS],
            counts[RESULT_SKIP]);
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
    FILE *out = fopen(path, "w");
    int failures = 0, skipped = 0;
    if (!out)
        return -1;
    for (size_t i = 0; i < set->count; i++) {
        failures += set->items[i].status == RESULT_FAIL || set->items[i].status == RESULT_XPASS;
        skipped += set->items[i].status == RESULT_SKIP || set->items[i].status == RESULT_XFAIL;
    }
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    fprintf(out, "  <testsuite name=\"");
    xml_escaped(out, suite);
    fprintf(out, "\" tests=\"%zu\" failures=\"%d\" skipped=\"%d\">\n", set->count, failures, skipped);
    for (size_t i = 0; i < set->count; i++) {
        const case_result *r = &set->items[i];
        fprintf(out, "    <testcase classname=\"");
        xml_escaped(out, r->program);
        fprintf(out, "\" name=\"");
        xml_escaped(out, r->step);
        fprintf(out, "\" time=\"%.3f\">", r->seconds);
        if (r->status == RESULT_FAIL || r->status == RESULT_XPASS) {
            fprintf(out, "<failure message=\"");
            xml_escaped(out, r->status == RESULT_XPASS ? "unexpected pass: remove it from the xfail list" : r->message);
            fprintf(out, "\">");
            xml_escaped(out, r->log_path);
            fprintf(out, "</failure>");
        } else if (r->status == RESULT_SKIP || r->status == RESULT_XFAIL) {
            fprintf(out, "<skipped message=\"");
            if (r->status == RESULT_XFAIL)
                fprintf(out, "expected failure: ");
            xml_escaped(out, r->message);
            fprintf(out, "\"/>");
        }
        fprintf(out, "</testcase>\n");
    }
    fprintf(out, "  </testsuite>\n</testsuites>\n");
    return fclose(out) == 0 ? 0 : -1;
}

/* JSON has no infinity: a non-finite error is written as null (meaning: a NaN or infinity differed). */
static void add_number(cJSON *object, const char *key, double value)
{
    if (isfinite(value))
        cJSON_AddNumberToObject(object, key, value);
    else
        cJSON_AddNullToObject(object, key);
}

int report_json(const char *path, const char *command, const result_set *set)
{
    cJSON *root = cJSON_CreateObject(), *results = NULL;
    if (!root)
        return -1;
    cJSON_AddStringToObject(root, "command", command);
    cJSON_AddBoolToObject(root, "ok", result_set_ok(set));
    results = cJSON_AddArrayToObject(root, "results");
    for (size_t i = 0; results && i < set->count; i++) {
        const case_result *r = &set->items[i];
        cJSON *item = cJSON_CreateObject();
        if (!item)
            break;
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
        cJSON_AddItemToArray(results, item);
    }
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        return -1;
    FILE *out = fopen(path, "w");
    int status = out && fputs(text, out) >= 0 && fputc('\n', out) != EOF ? 0 : -1;
    if (out && fclose(out) != 0)
        status = -1;
    free(text);
    return status;
}
