/* test_platnotes.c: unit tests (cmocka) of validate's AMD platform notes: the platform_differences.tsv loader
 * (malformed rows name file and line), the source matcher (pattern hits and misses, identifier boundaries,
 * comments) with small tables and with the project's own table, and what a result row gets. No GPU needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "platnotes.h"
#include "report.h"
#include "util.h"

#define HEADER "key\tkind\tcuda_on_nvidia\thip_on_amd\tadvice\tsource\tcuda_pattern\n"

static void test_loader_rejects_malformed_tables(void **state)
{
    (void)state;
    platform_table t;
    char error[400];
    /* A row with missing columns names the file and its line (blank lines count). */
    assert_int_equal(platnotes_parse(HEADER "a\tapi\tx\ty\tz\ts\t\\ba\\b\n\nb\tapi\tx\ty\n", "t.tsv", &t, error,
                                     sizeof error), -1);
    assert_string_equal(error, "t.tsv:4: 4 columns, expected 7 (tab-separated, as the header)");
    assert_int_equal(t.count, 0);
    assert_int_equal(platnotes_parse("key\tkind\thip_on_amd\tadvice\n", "t.tsv", &t, error, sizeof error), -1);
    assert_string_equal(error, "t.tsv:1: the header has no 'cuda_pattern' column");
    assert_int_equal(platnotes_parse(HEADER "a\tapi\tx\ty\tz\ts\t(unclosed\n", "t.tsv", &t, error, sizeof error), -1);
    assert_non_null(strstr(error, "t.tsv:2: cuda_pattern of a does not compile"));
    assert_int_equal(platnotes_parse(HEADER "a\tapi\tx\t\tz\ts\t-\n", "t.tsv", &t, error, sizeof error), -1);
    assert_string_equal(error, "t.tsv:2: hip_on_amd is empty");
    assert_int_equal(platnotes_parse(HEADER "a\tapi\tx\ty\tz\ts\t-\na\tprop\tx\ty\tz\ts\t-\n", "t.tsv", &t, error,
                                     sizeof error), -1);
    assert_string_equal(error, "t.tsv:3: the key is repeated");
    assert_int_equal(platnotes_parse("", "t.tsv", &t, error, sizeof error), -1);
    assert_int_equal(platnotes_load("/nonexistent/platform_differences.tsv", &t, error, sizeof error), -1);
    assert_non_null(strstr(error, "/nonexistent/platform_differences.tsv: cannot read"));
    /* Columns are found by name: an extra or reordered column is fine, CRLF too. */
    assert_int_equal(platnotes_parse("cuda_pattern\tnote\tkey\tkind\thip_on_amd\tadvice\r\n\\bq\\b\textra\tq\tapi\ty\tz\r\n",
                                     "t.tsv", &t, error, sizeof error), 0);
    assert_int_equal(t.count, 1);
    assert_string_equal(t.rows[0].key, "q");
    assert_string_equal(t.rows[0].advice, "z");
    assert_string_equal(t.rows[0].source, "");
    platnotes_free(&t);
}

static int hits_of(const platform_table *t, const char *text, const char *key)
{
    unsigned char hits[16] = {0};
    assert_true(t->count <= sizeof hits);
    assert_int_equal(platnotes_match_text(t, text, hits), 0);
    const platform_row *r = platnotes_find(t, key);
    assert_non_null(r);
    return hits[r - t->rows];
}

static void test_matcher_hits_misses_and_boundaries(void **state)
{
    (void)state;
    platform_table t;
    char error[400];
    assert_int_equal(platnotes_parse(HEADER "warpSize\tprop\tx\ty\tz\ts\t\\bwarpSize\\b\n"
                                            "managedMemory\tprop\tx\ty\tz\ts\t(?:\\.|->)\\s*managedMemory\\b\n"
                                            "trap\tdevice\tx\ty\tz\ts\t\\basm\\s*\\(\\s*\"trap;\"\n"
                                            "never\terror\tx\ty\tz\ts\t-\n",
                                     "t.tsv", &t, error, sizeof error), 0);
    assert_true(hits_of(&t, "int w = warpSize;", "warpSize"));
    assert_false(hits_of(&t, "int w = warpSizeX;", "warpSize"));
    assert_false(hits_of(&t, "int w = hipWarpSize + my_warpSize;", "warpSize"));
    assert_false(hits_of(&t, "// uses warpSize\nint x;", "warpSize"));
    assert_false(hits_of(&t, "/* warpSize\n */ int x;", "warpSize"));
    assert_true(hits_of(&t, "/* a comment */ int w = warpSize; // and another", "warpSize"));
    assert_true(hits_of(&t, "if (!prop.managedMemory) return 1;", "managedMemory"));
    assert_true(hits_of(&t, "if (!p->managedMemory) return 1;", "managedMemory"));
    assert_false(hits_of(&t, "int managedMemory = 1;", "managedMemory"));
    assert_false(hits_of(&t, "x = prop.managedMemoryX;", "managedMemory"));
    /* String literals are code (inline assembly); a comment opener inside one is not a comment. */
    assert_true(hits_of(&t, "asm(\"trap;\");", "trap"));
    assert_true(hits_of(&t, "puts(\"http://x\"); int w = warpSize;", "warpSize"));
    assert_false(hits_of(&t, "never", "never")); /* "-": no source construct shows the row */
    platnotes_free(&t);
}

/* The project's own table: its patterns keep identifier boundaries and find what real programs use. */
static void test_project_table(void **state)
{
    (void)state;
    platform_table t;
    char error[400];
    assert_int_equal(platnotes_load(PLATNOTES_TABLE, &t, error, sizeof error), 0);
    assert_true(t.count >= 27);
    unsigned char *hits = calloc(t.count, 1);
    assert_int_equal(platnotes_match_text(&t, "__global__ void k(int *o) { o[0] = warpSizeX + prop.majorVersion; }",
                                          hits), 0);
    for (size_t i = 0; i < t.count; i++)
        if (hits[i])
            fail_msg("row %s matched code that uses none of the keys", t.rows[i].key);
    memset(hits, 0, t.count);
    assert_int_equal(platnotes_match_text(&t, "cudaDeviceProp prop; if (!prop.managedMemory) exit(1);\n"
                                              "__global__ void k(int *o) { o[0] = warpSize; assert(o); }",
                                          hits), 0);
    const char *expected[] = {"warpSize", "managedMemory", "assert"};
    size_t matched = 0;
    for (size_t i = 0; i < t.count; i++)
        matched += hits[i];
    assert_int_equal(matched, 3);
    for (size_t k = 0; k < 3; k++)
        assert_true(hits[platnotes_find(&t, expected[k]) - t.rows]);
    free(hits);
    platnotes_free(&t);
}

static void test_scan_tree_and_attach(void **state)
{
    (void)state;
    char dir[] = "/tmp/platnotes-test-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *sub = xasprintf("%s/src", dir), *cu = xasprintf("%s/src/k.cu", dir), *txt = xasprintf("%s/notes.txt", dir);
    assert_int_equal(make_dirs(sub), 0);
    assert_int_equal(write_text_file(cu, "int f(cudaDeviceProp p) { return p.managedMemory; }\n"), 0);
    assert_int_equal(write_text_file(txt, "warpSize is not in a source file\n"), 0);
    platform_table t;
    char error[400];
    assert_int_equal(platnotes_parse(HEADER "warpSize\tprop\tcw\taw\tw-advice\tsw\t\\bwarpSize\\b\n"
                                            "managedMemory\tprop\tcm\tHMM flag\tm-advice\tsm\t\\.managedMemory\\b\n"
                                            "assert\tdevice\tca\ttraps\ta-advice\tsa\t\\bassert\\s*\\(\n",
                                     "t.tsv", &t, error, sizeof error), 0);
    strvec keys = {0};
    assert_int_equal(platnotes_scan_tree(&t, dir, &keys), 0);
    assert_int_equal(keys.count, 1);
    assert_string_equal(keys.items[0], "managedMemory");

    result_set set = {0};
    /* A pass keeps its message; the note is listed. */
    case_result *row = result_add(&set, "p", "validate", RESULT_PASS, "exit 0 on both", NULL);
    assert_int_equal(platnotes_attach(&t, &keys, NULL, row), 0);
    assert_int_equal(row->note_count, 1);
    assert_string_equal(row->message, "exit 0 on both");
    assert_false(row->notes_may_explain);
    /* A failure says the difference may come from the note. */
    row = result_add(&set, "p", "validate", RESULT_FAIL, "stdout line 1", NULL);
    assert_int_equal(platnotes_attach(&t, &keys, NULL, row), 0);
    assert_true(row->notes_may_explain);
    assert_non_null(strstr(row->message, "stdout line 1; the difference may come from an AMD platform difference"));
    assert_non_null(strstr(row->message, "managedMemory (on AMD: HMM flag)"));
    /* A declared key is cited (and listed even when the sources do not show it); a word inside another is not. */
    row = result_add(&set, "p", "validate", RESULT_PLATFORM, "declared", NULL);
    assert_int_equal(platnotes_attach(&t, &keys, "assert: reported differently; not assertions", row), 0);
    assert_int_equal(row->note_count, 2);
    assert_string_equal(row->notes[1].key, "assert");
    assert_true(row->notes[1].declared);
    assert_false(row->notes[1].detected);
    assert_non_null(strstr(row->message, "assert (on AMD: traps)"));
    assert_null(strstr(row->message, "managedMemory (on AMD"));
    /* A row where nothing was compared (ERROR) gets no note: it cannot explain anything. */
    row = result_add(&set, "p", "validate", RESULT_ERROR, "the staged cuda executable is missing", NULL);
    assert_int_equal(platnotes_attach(&t, &keys, "managedMemory differs", row), 0);
    assert_int_equal(row->note_count, 0);
    assert_string_equal(row->message, "the staged cuda executable is missing");
    /* No applicable row: nothing added, message untouched. */
    strvec none = {0};
    row = result_add(&set, "q", "validate", RESULT_FAIL, "exit status", NULL);
    assert_int_equal(platnotes_attach(&t, &none, "warpSizes differ", row), 0);
    assert_int_equal(row->note_count, 0);
    assert_string_equal(row->message, "exit status");
    result_set_free(&set);
    strvec_free(&keys);
    platnotes_free(&t);
    assert_int_equal(remove_tree(dir), 0);
    free(sub);
    free(cu);
    free(txt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loader_rejects_malformed_tables),
        cmocka_unit_test(test_matcher_hits_misses_and_boundaries),
        cmocka_unit_test(test_project_table),
        cmocka_unit_test(test_scan_tree_and_attach),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
