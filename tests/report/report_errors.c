/* report_errors.c: error paths and edge cases of the report writers: unwritable paths, an empty run, a
 * file that failed to translate, hostile values, and that no temporary file is left behind. Not the
 * happy path (the fixture tests cover that). */
#define _POSIX_C_SOURCE 200809L
#include "report.h"
#include "util.h"
#include <cjson/cJSON.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(cond)                                                                                      \
    do {                                                                                                 \
        if (!(cond)) {                                                                                   \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                     \
            failures++;                                                                                  \
        }                                                                                                \
    } while (0)

typedef int (*writer_fn)(const hc_run *, const char *, char *, size_t);
static const struct {
    const char *name;
    writer_fn write;
} writers[] = {{"port.diff", hc_report_diff}, {"report.html", hc_report_html},
               {"stats.json", hc_report_json}, {"results.sarif", hc_report_sarif}};
enum { NWRITERS = COUNT_OF(writers) };

static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, fp);
    fclose(fp);
    buf[got] = '\0';
    if (len)
        *len = got;
    return buf;
}

static int count_entries(const char *dir, const char *containing)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += strstr(e->d_name, containing) != NULL;
    if (d)
        closedir(d);
    return n;
}

/* Every writer reports a path it cannot create, names it in the message and leaves no file. */
static void unwritable_path(const char *dir)
{
    hc_run run = {.root = ""};
    char path[4096];
    for (int w = 0; w < NWRITERS; w++) {
        char err[256] = "";
        snprintf(path, sizeof path, "%s/no-such-dir/%s", dir, writers[w].name);
        CHECK(writers[w].write(&run, path, err, sizeof err) == -1);
        CHECK(strstr(err, "no-such-dir") != NULL);
        /* A tiny error buffer is truncated, never overrun. */
        char tiny[8];
        memset(tiny, 'x', sizeof tiny);
        CHECK(writers[w].write(&run, path, tiny, 4) == -1);
        CHECK(tiny[3] == '\0' && tiny[4] == 'x');
    }
}

/* An empty run gives valid, empty reports. */
static void empty_run(const char *dir)
{
    hc_run run = {.root = ""};
    char path[4096], err[256];
    for (int w = 0; w < NWRITERS; w++) {
        snprintf(path, sizeof path, "%s/empty-%s", dir, writers[w].name);
        CHECK(writers[w].write(&run, path, err, sizeof err) == 0);
    }
    size_t len = 1;
    snprintf(path, sizeof path, "%s/empty-port.diff", dir);
    free(slurp(path, &len));
    CHECK(len == 0);
    snprintf(path, sizeof path, "%s/empty-stats.json", dir);
    char *text = slurp(path, NULL);
    cJSON *j = cJSON_Parse(text);
    CHECK(j != NULL);
    CHECK(cJSON_GetArraySize(cJSON_GetObjectItem(j, "files")) == 0);
    CHECK(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "summary"), "files")->valuedouble == 0);
    CHECK(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "summary"), "conversion_percent")->valuedouble == 100);
    CHECK(cJSON_GetObjectItem(j, "schema_version")->valueint == HC_REPORT_JSON_SCHEMA_VERSION);
    cJSON_Delete(j);
    free(text);
    CHECK(count_entries(dir, ".tmp.") == 0);
}

/* A file that could not be translated has no output: no diff, but its diagnostic is reported. */
static void failed_file(const char *dir)
{
    char original[] = "bin\0ary";
    hc_diag diag = {HC_D_BINARY_FILE, HC_SEV_ERROR, 3, 0, 0, "binary file (NUL byte at offset 3): not translated",
                    NULL, "input"};
    hc_file_result f = {.path = "x.bin", .rel_path = "x.bin", .kind = HC_FILE_OTHER, .status = HC_ERR_INPUT,
                        .original = original, .original_len = sizeof original - 1, .diags = &diag, .ndiags = 1};
    hc_run run = {.root = "", .files = &f, .nfiles = 1};
    char path[4096], err[256];
    for (int w = 0; w < NWRITERS; w++) {
        snprintf(path, sizeof path, "%s/failed-%s", dir, writers[w].name);
        CHECK(writers[w].write(&run, path, err, sizeof err) == 0);
    }
    size_t len = 1;
    snprintf(path, sizeof path, "%s/failed-port.diff", dir);
    free(slurp(path, &len));
    CHECK(len == 0);
    snprintf(path, sizeof path, "%s/failed-results.sarif", dir);
    char *text = slurp(path, NULL);
    CHECK(text && strstr(text, "\"HC2002\"") && strstr(text, "\"error\""));
    free(text);
    snprintf(path, sizeof path, "%s/failed-stats.json", dir);
    text = slurp(path, NULL);
    CHECK(text && strstr(text, "\"input-error\"") && strstr(text, "\"failed_files\":\t1"));
    free(text);
}

/* Values a buggy or future translator might hand over: a diagnostic past the end of the text, one about
 * the whole file, an edit past the end, invalid UTF-8, no rel_path. Every writer must still succeed
 * and the JSON must parse. */
static void hostile_values(const char *dir)
{
    char original[] = "a\xff\xfe b\n\xc3(x)\n";
    char output[] = "A\xff\xfe b\n\xc3(x)\n";
    hc_diag diags[] = {
        {HC_D_UNSUPPORTED_API, HC_SEV_WARNING, 2, 1, 3, "'\xff' has no HIP equivalent", "\xff", "rename"},
        {HC_D_ARGUMENT_CHECK, HC_SEV_WARNING, 900, 77, 40, NULL, NULL, "arguments"},
        {HC_D_PARSE_FALLBACK, HC_SEV_WARNING, UINT32_MAX, 0, 0, "whole file", NULL, "semantic"},
    };
    hc_edit edits[] = {{0, 1, "A", 0, HC_EFFORT_ARGUMENTS, "rename", false},
                       {500, 3, "zzz", 0, HC_EFFORT_MANUAL, "arguments", false}};
    hc_file_result f = {.path = "weird name <&>\".cu", .rel_path = NULL, .kind = HC_FILE_SOURCE, .status = HC_OK,
                        .original = original, .original_len = sizeof original - 1, .output = output,
                        .output_len = sizeof output - 1, .changed = true, .edits = edits, .nedits = 2,
                        .diags = diags, .ndiags = 3};
    hc_run run = {.root = "", .files = &f, .nfiles = 1, .examine = true};
    char path[4096], err[256];
    for (int w = 0; w < NWRITERS; w++) {
        snprintf(path, sizeof path, "%s/hostile-%s", dir, writers[w].name);
        CHECK(writers[w].write(&run, path, err, sizeof err) == 0);
    }
    snprintf(path, sizeof path, "%s/hostile-stats.json", dir);
    char *text = slurp(path, NULL);
    cJSON *j = cJSON_Parse(text);
    CHECK(j != NULL);
    cJSON_Delete(j);
    free(text);
    snprintf(path, sizeof path, "%s/hostile-results.sarif", dir);
    text = slurp(path, NULL);
    j = cJSON_Parse(text);
    CHECK(j != NULL && strstr(text, "weird%20name%20%3C%26%3E%22.cu") != NULL);
    cJSON_Delete(j);
    free(text);
    snprintf(path, sizeof path, "%s/hostile-report.html", dir);
    text = slurp(path, NULL);
    /* The name appears escaped, never as markup. */
    CHECK(text && strstr(text, "weird name <&>") == NULL);
    free(text);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    unwritable_path(dir);
    empty_run(dir);
    failed_file(dir);
    hostile_values(dir);
    printf("report_errors: %s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
