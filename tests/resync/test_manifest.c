/* test_manifest.c: unit tests of the port manifest: JSON round trip, content ids, refusals of bad
 * manifests with file:line, the options comparison. It writes no file. */
#include "manifest.h"
#include "unit_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void round_trip(void) {
    hc_manifest m = {0};
    const char *opts[] = {"--hip-version=5.2.0", "--roc"};
    CHECK_INT(hc_manifest_set_options(&m, opts, 2), 0);
    m.tool_version = strdup("9.9");
    m.tables_id = strdup("abc");
    m.cuda_dir = strdup("src dir/\"q\"");
    m.git_prefix = strdup("sub");
    memcpy(m.git_commit, "0123456789012345678901234567890123456789", 41);
    hc_blob_id a, b;
    CHECK_INT(hc_blob_id_of("hello\n", 6, a), 0);
    CHECK_STR(a, "ce013625030ba8dba906f756967f9e9ca394464a"); /* git hash-object of "hello\n" */
    CHECK_INT(hc_blob_id_of("x", 1, b), 0);
    CHECK_INT(hc_manifest_add(&m, "z/k.cu", a, b), 0);
    CHECK_INT(hc_manifest_add(&m, "a.h", b, ""), 0);
    hc_manifest_seal(&m);
    CHECK_STR(m.files[0].rel, "a.h");
    char *text = hc_manifest_to_json(&m);
    CHECK(text != NULL);
    hc_manifest p;
    char err[512] = "";
    CHECK_INT(hc_manifest_parse("m.json", text, strlen(text), &p, err, sizeof err), 0);
    CHECK_STR(p.tool_version, "9.9");
    CHECK_STR(p.cuda_dir, "src dir/\"q\"");
    CHECK_STR(p.git_prefix, "sub");
    CHECK_STR(p.content_id, m.content_id);
    CHECK_INT(p.noptions, 2);
    CHECK_STR(p.options[1], "--roc");
    CHECK(hc_manifest_find(&p, "z/k.cu") != NULL);
    CHECK_STR(hc_manifest_find(&p, "z/k.cu")->out, b);
    CHECK(hc_manifest_find(&p, "nope") == NULL);
    CHECK(hc_manifest_text_is_ours(text, strlen(text)));

    /* an edited file list no longer matches its content id: named with the line of content_id */
    char *edited = strdup(text);
    char *at = strstr(edited, "\"z/k.cu\"");
    at[1] = 'y';
    hc_manifest q;
    CHECK_INT(hc_manifest_parse("m.json", edited, strlen(edited), &q, err, sizeof err), -1);
    CHECK(strstr(err, "m.json:7:") != NULL);
    CHECK(strstr(err, "content_id") != NULL);
    free(edited);
    hc_manifest_free(&p);

    /* kept files (a re-sync kept them after their source was removed) round-trip, outside the content id */
    hc_blob_id before;
    memcpy(before, m.content_id, sizeof before);
    CHECK_INT(hc_manifest_add_kept(&m, "old/gone.h", a, b), 0);
    hc_manifest_seal(&m);
    CHECK_STR(m.content_id, before);
    char *kept_text = hc_manifest_to_json(&m);
    CHECK(kept_text && strstr(kept_text, "\"kept\": [\n    {\"path\": \"old/gone.h\""));
    CHECK_INT(hc_manifest_parse("m.json", kept_text, strlen(kept_text), &p, err, sizeof err), 0);
    CHECK_INT(p.nkept, 1);
    CHECK(p.nkept == 1 && !strcmp(p.kept[0].rel, "old/gone.h") && !strcmp(p.kept[0].out, b));
    CHECK(hc_manifest_find(&p, "old/gone.h") == NULL);
    hc_manifest_free(&p);
    /* each path once in a list: a repeated one is named at its line */
    char *dup = malloc(strlen(kept_text) * 2 + 1);
    const char *entry = strstr(kept_text, "    {\"path\": \"old/gone.h\"");
    size_t head = (size_t)(entry - kept_text), elen = strcspn(entry, "}") + 1;
    sprintf(dup, "%.*s%.*s,\n%s", (int)head, kept_text, (int)elen, entry, entry);
    CHECK_INT(hc_manifest_parse("m.json", dup, strlen(dup), &p, err, sizeof err), -1);
    CHECK(strstr(err, "m.json:14: the file \"old/gone.h\" is listed twice") != NULL);
    free(dup);
    free(kept_text);
    hc_manifest_free(&m);
    free(text);
}

static void refusals(void) {
    hc_manifest m;
    char err[512];
    const char *bad_json = "{\n  \"format\": \"hipify-c-port-manifest\",\n  oops\n}";
    CHECK_INT(hc_manifest_parse("x.json", bad_json, strlen(bad_json), &m, err, sizeof err), -1);
    CHECK(strstr(err, "x.json:3:") != NULL);
    const char *other = "{\"format\": \"something-else\"}";
    CHECK_INT(hc_manifest_parse("y.json", other, strlen(other), &m, err, sizeof err), -1);
    CHECK(strstr(err, "not a hipify-c port manifest") != NULL);
    CHECK(!hc_manifest_text_is_ours(other, strlen(other)));
    const char *newer = "{\"format\": \"hipify-c-port-manifest\",\n\"format_version\": 99}";
    CHECK_INT(hc_manifest_parse("z.json", newer, strlen(newer), &m, err, sizeof err), -1);
    CHECK(strstr(err, "z.json:2:") != NULL);
    const char *escape = "{\"format\": \"hipify-c-port-manifest\", \"format_version\": 1, \"tool_version\": \"1\",\n"
                         "\"tables_id\": \"t\", \"options\": [], \"cuda\": {\"dir\": \"d\", \"content_id\": \"\"},\n"
                         "\"files\": [\n{\"path\": \"../etc/passwd\", \"src\": \"\", \"out\": \"\"}]}";
    CHECK_INT(hc_manifest_parse("w.json", escape, strlen(escape), &m, err, sizeof err), -1);
    CHECK(strstr(err, "w.json:4:") != NULL);
    CHECK_INT(hc_manifest_load("/nonexistent/m.json", &m, err, sizeof err), 1);
}

static void options(void) {
    const char *rec[] = {"--hip-version=5.2.0", "--roc"};
    const char *given[] = {"--hip-version=5.2.0", "--annotate"};
    char out[512];
    CHECK_STR(hc_options_differ(rec, 2, rec, 2, out, sizeof out), "");
    CHECK_STR(hc_options_differ(rec, 2, given, 2, out, sizeof out), "recorded --roc, not given; given --annotate, not recorded");
}

int main(void) {
    round_trip();
    refusals();
    options();
    CHECK(strlen(hc_tables_id()) == 16);
    UNIT_DONE();
}
