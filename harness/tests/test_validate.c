/* test_validate.c: unit tests (cmocka) of the comparison logic of `hipify-harness validate`: numbers inside
 * lines, ignore patterns, line alignment, raw and .npy readers, spec parsing, path normalisation and the runs of
 * programs (what they leave running, where their output goes). They need no GPU and no compiler; the end-to-end
 * checks are tests/validate_e2e.sh. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "arrayfile.h"
#include "linecmp.h"
#include "process.h"
#include "util.h"
#include "vkeys.h"
#include "vpaths.h"
#include "vspec.h"
#include <signal.h>
#include <sys/stat.h>

static const tolerance tight = {1e-9, 1e-6, 0};

static int line_agrees(const char *a, const char *b, tolerance tol, char *detail, size_t size)
{
    double errors[3];
    return compare_line(a, strlen(a), b, strlen(b), tol, detail, size, errors);
}

static void test_numbers_inside_lines(void **state)
{
    (void)state;
    char detail[512];
    /* Within the relative bound, although the text differs. */
    assert_true(line_agrees("residual = 1.000000000", "residual = 1.000000100", (tolerance){0, 1e-5, 0}, detail,
                            sizeof detail));
    /* Beyond it: the number, both values and the bounds are named. */
    assert_false(line_agrees("sum = 10.0000 ok", "sum = 10.5000 ok", tight, detail, sizeof detail));
    assert_non_null(strstr(detail, "number 1: 10.0000 vs 10.5000"));
    assert_non_null(strstr(detail, "rel 0.0476"));
    /* Integers are exact whatever the bounds; their spelling is not ("007" is 7, "-0" is 0). */
    assert_false(line_agrees("count 1000000", "count 1000001", (tolerance){0, 1e-3, 0}, detail, sizeof detail));
    assert_non_null(strstr(detail, "integers are compared exactly"));
    assert_true(line_agrees("count +007 and -0", "count 7 and 0", tight, detail, sizeof detail));
    assert_true(line_agrees("big 123456789012345678901", "big 123456789012345678901", tight, detail, sizeof detail));
    assert_false(line_agrees("big 123456789012345678901", "big 123456789012345678902", tight, detail, sizeof detail));
    /* Exponent forms are numbers; an integer against a float compares as floats. */
    assert_true(line_agrees("x 1.5e+03", "x 1500", tight, detail, sizeof detail));
    /* NaN and infinity as glibc prints them; a NaN sign does not matter, a NaN against a number does. */
    assert_true(line_agrees("v nan inf", "v -nan inf", tight, detail, sizeof detail));
    assert_false(line_agrees("v nan", "v 1.0", tight, detail, sizeof detail));
    /* Digits inside words are text: sm_90 against sm_80 is a text difference, not a number 90 vs 80. */
    assert_false(line_agrees("arch sm_90", "arch sm_80", (tolerance){100, 0, 0}, detail, sizeof detail));
    assert_non_null(strstr(detail, "text differs"));
    /* A minus between operands is text, not a sign. */
    assert_true(line_agrees("range 3-4", "range 3-4", tight, detail, sizeof detail));
    /* Runs of blanks only need to be blanks on both sides (column alignment), leading/trailing ones not at all. */
    assert_true(line_agrees("  a    1.5\t b  ", "a 1.5 b", tight, detail, sizeof detail));
    assert_false(line_agrees("a b", "ab", tight, detail, sizeof detail));
    assert_false(line_agrees("value: 1.5", "value: x", tight, detail, sizeof detail));
}

static void test_texts_ignore_patterns_and_line_numbers(void **state)
{
    (void)state;
    strvec patterns = {0};
    ignore_set ignore;
    char error[256];
    strvec_push(&patterns, "(?i)kernel time");
    strvec_push(&patterns, "^at 0x[0-9a-f]+$");
    assert_int_equal(ignore_set_compile(&ignore, &patterns, error, sizeof error), 0);
    const char *a = "Kernel time: 12 ms\nat 0x7ffc\nsum 1\nlast 2\n";
    const char *b = "at 0x1234\nKERNEL TIME: 13 ms\nsum 1\nlast 3";
    text_comparison c;
    assert_int_equal(compare_texts(a, strlen(a), b, strlen(b), &ignore, tight, &c), 0);
    assert_false(c.passed);
    assert_int_equal(c.ignored[0], 2);
    assert_int_equal(c.ignored[1], 2);
    assert_int_equal(c.lines[0], 2);
    assert_int_equal(c.differing_lines, 1);
    /* The original line numbers, counted with the ignored lines. */
    assert_int_equal(c.first_line[0], 4);
    assert_int_equal(c.first_line[1], 4);
    assert_string_equal(c.first_text[0], "last 2");
    assert_string_equal(c.first_text[1], "last 3");
    text_comparison_free(&c);
    /* Without the patterns the same texts differ from the first line. */
    assert_int_equal(compare_texts(a, strlen(a), b, strlen(b), NULL, tight, &c), 0);
    assert_int_equal(c.first_line[0], 1);
    text_comparison_free(&c);
    /* A line only one side has; CRLF endings are not a difference. */
    const char *x = "one\r\ntwo\r\n", *y = "one\ntwo\nthree\n";
    assert_int_equal(compare_texts(x, strlen(x), y, strlen(y), NULL, tight, &c), 0);
    assert_false(c.passed);
    assert_int_equal(c.first_line[0], 0);
    assert_int_equal(c.first_line[1], 3);
    assert_null(c.first_text[0]);
    assert_non_null(strstr(c.detail, "only the second output"));
    text_comparison_free(&c);
    ignore_set_free(&ignore);
    /* A malformed pattern is an error naming it. */
    strvec_push(&patterns, "unclosed (group");
    assert_int_equal(ignore_set_compile(&ignore, &patterns, error, sizeof error), -1);
    assert_non_null(strstr(error, "unclosed (group"));
    strvec_free(&patterns);
}

/* Builds a version 1 .npy image with the given header dictionary and data. */
static size_t make_npy(unsigned char *out, const char *dict, const void *data, size_t data_size)
{
    size_t n = strlen(dict), header = n + 1;
    memcpy(out, "\x93NUMPY\x01\x00", 8);
    out[8] = (unsigned char)(header & 0xff);
    out[9] = (unsigned char)(header >> 8);
    memcpy(out + 10, dict, n);
    out[10 + n] = '\n';
    memcpy(out + 11 + n, data, data_size);
    return 11 + n + data_size;
}

static void test_npy_header_shape_order_and_types(void **state)
{
    (void)state;
    unsigned char image[512];
    array_data a;
    char error[256], text[64];
    double values[6] = {1, 2, 3, 4, 5, 6};
    size_t size = make_npy(image, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", values, sizeof values);
    assert_int_equal(array_parse_npy(image, size, &a, error, sizeof error), 0);
    assert_int_equal(a.dtype, HC_DTYPE_F64);
    assert_int_equal(a.ndim, 2);
    assert_int_equal(a.count, 6);
    assert_true(((double *)a.data)[5] == 6.0);
    array_shape_text(&a, text, sizeof text);
    assert_string_equal(text, "(2, 3)");
    array_index_text(&a, 5, text, sizeof text);
    assert_string_equal(text, "[1, 2]");
    array_free(&a);
    /* Fortran order: the first index varies fastest. */
    size = make_npy(image, "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }", values, sizeof values);
    assert_int_equal(array_parse_npy(image, size, &a, error, sizeof error), 0);
    array_index_text(&a, 1, text, sizeof text);
    assert_string_equal(text, "[1, 0]");
    array_free(&a);
    /* Big-endian int16 is swapped and widened exactly; 1-D shapes print with a trailing comma. */
    unsigned char be[4] = {0xff, 0xfe, 0x01, 0x00}; /* -2, 256 */
    size = make_npy(image, "{'descr': '>i2', 'fortran_order': False, 'shape': (2,), }", be, sizeof be);
    assert_int_equal(array_parse_npy(image, size, &a, error, sizeof error), 0);
    assert_int_equal(a.dtype, HC_DTYPE_I32);
    assert_int_equal(((int32_t *)a.data)[0], -2);
    assert_int_equal(((int32_t *)a.data)[1], 256);
    array_shape_text(&a, text, sizeof text);
    assert_string_equal(text, "(2,)");
    array_free(&a);
    /* Data that does not match the shape, an unsupported type and a wrong magic are errors that say so. */
    size = make_npy(image, "{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }", values, 3 * sizeof(double));
    assert_int_equal(array_parse_npy(image, size, &a, error, sizeof error), -1);
    assert_non_null(strstr(error, "shape and type need 32"));
    size = make_npy(image, "{'descr': '<f2', 'fortran_order': False, 'shape': (1,), }", values, 2);
    assert_int_equal(array_parse_npy(image, size, &a, error, sizeof error), -1);
    assert_non_null(strstr(error, "'<f2' is not supported"));
    image[1] = 'X';
    assert_int_equal(array_parse_npy(image, size, &a, error, sizeof error), -1);
    assert_non_null(strstr(error, "magic"));
}

static void test_raw_files(void **state)
{
    (void)state;
    char *path = xasprintf("/tmp/hc-validate-test-%d.bin", (int)getpid()), error[256];
    uint16_t halves[3] = {1, 65535, 7};
    FILE *f = fopen(path, "wb");
    fwrite(halves, sizeof halves[0], 3, f);
    fclose(f);
    array_data a;
    assert_int_equal(array_read_raw(path, "u16", &a, error, sizeof error), 0);
    assert_int_equal(a.count, 3);
    assert_int_equal(((int32_t *)a.data)[1], 65535); /* unsigned, widened without loss */
    array_free(&a);
    /* 6 bytes are not a whole number of f32 elements; an unknown dtype is named. */
    assert_int_equal(array_read_raw(path, "f32", &a, error, sizeof error), -1);
    assert_non_null(strstr(error, "not a whole number of f32"));
    assert_int_equal(array_read_raw(path, "float", &a, error, sizeof error), -1);
    assert_non_null(strstr(error, "unknown raw dtype 'float'"));
    unlink(path);
    free(path);
}

static char *write_spec(const char *text)
{
    char *path = xasprintf("/tmp/hc-validate-spec-%d.json", (int)getpid());
    assert_int_equal(write_text_file(path, text), 0);
    return path;
}

static void test_spec_parsing(void **state)
{
    (void)state;
    vspec spec;
    char error[1024];
    /* Comments are allowed; tolerances merge field by field; ignore lists concatenate; defaults apply. */
    char *path = write_spec(
        "// a comment\n{\"defaults\": {\"timeout\": 30, \"tolerance\": {\"abs\": 1e-3}, \"ignore\": [\"time\"]},\n"
        " \"programs\": [{\"name\": \"p-1\", \"tree\": \"t\", /* inline */ \"build\": \"make\", \"exe\": \"a.out\",\n"
        "  \"run\": {\"args\": [\"x\", 4096], \"env\": {\"A\": \"b\"}, \"setup\": \"mkdir out\"}, \"files\": [\"../d/in\"],\n"
        "  \"verdict\": {\"must_match\": \"^PASS\", \"must_not_match\": [\"FAIL\", \"(?i)error\"]},\n"
        "  \"compare\": {\"ignore\": [\"addr\"], \"tolerance\": {\"rel\": 1e-4},\n"
        "   \"outputs\": [{\"path\": \"o.bin\", \"format\": \"raw\", \"dtype\": \"f32\"}, {\"path\": \"r.txt\"}]}}]}");
    assert_int_equal(vspec_load(path, &spec, error, sizeof error), 0);
    const vprogram *p = vspec_find(&spec, "p-1");
    assert_non_null(p);
    assert_true(p->tol.abs == 1e-3 && p->tol.rel == 1e-4 && p->tol.ulp == 4);
    assert_true(p->timeout == 30);
    assert_int_equal(p->ignore.count, 2);
    assert_string_equal(p->ignore.items[1], "addr");
    assert_string_equal(p->args.items[1], "4096");
    assert_string_equal(p->env.items[0], "A=b");
    assert_string_equal(p->build[0], "make");
    assert_string_equal(p->build[1], "make");
    assert_int_equal(p->output_count, 2);
    assert_int_equal(p->outputs[1].format, OUTPUT_TEXT);
    assert_true(p->compare_exit && p->compare_stdout && !p->compare_stderr);
    assert_true(p->tree[0] == '/'); /* resolved against the spec's folder */
    assert_int_equal(p->must_match.count, 1);
    assert_string_equal(p->must_match.items[0], "^PASS");
    assert_int_equal(p->must_not_match.count, 2);
    assert_string_equal(p->setup, "mkdir out");
    vspec_free(&spec);
    unlink(path);
    free(path);
    /* Errors name the program and what is wrong. */
    static const char *const bad[][2] = {
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\", \"files\": [\"/abs\"]}]}",
         "program q: 'files' path /abs is absolute"},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\", \"compare\": "
         "{\"outputs\": [{\"path\": \"o\", \"format\": \"raw\"}]}}]}",
         "raw output o needs a \"dtype\""},
        {"{\"programs\": [{\"name\": \"bad name\", \"tree\": \"t\"}]}", "needs a \"name\""},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\"},"
         " {\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\"}]}",
         "the name is used twice"},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\", \"expect\": "
         "{\"platform_difference\": \"x\"}}]}",
         "must say what differs"},
        {"{\"programs\": []}", "non-empty list"},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": {\"cuda\": \"a\", "
         "\"hip\": \"../../x\"}}]}",
         "'exe' path ../../x leaves the folder"},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\", \"files\": [\"..\"]}]}",
         "'files' entry '..' names the tree or a folder above it"},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"port\": \"p\", \"build\": \"make\", \"exe\": \"a\", "
         "\"also_translate\": [\"../c\"]}]}",
         "'also_translate' needs the harness's own translation"},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\", \"verdict\": \"PASS\"}]}",
         "'verdict' must be"},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\", \"run\": {\"setup\": \"\"}}]}",
         "'setup' is an empty command"},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\", \"compare\": "
         "{\"output\": []}}]}",
         "unknown key 'output' (did you mean 'outputs'?)"},
        /* A key given twice, a value of the wrong type and a bound that overflows are errors, not defaults. */
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\",\n"
         "  \"compare\": {\"tolerance\": {\"abs\": 1}},\n  \"compare\": {\"stdout\": false}}]}",
         ":3: key 'compare' is given twice in one object (first on line 2)"},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\", \"compare\": "
         "{\"tolerance\": {\"exact\": \"true\"}}}]}",
         "'exact' must be true or false"},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\", \"compare\": "
         "{\"tolerance\": {\"exact\": 1}}}]}",
         "'exact' must be true or false"},
        {"{\"defaults\": {\"tolerance\": {\"rel\": 1e999}}, \"programs\": [{\"name\": \"q\", \"tree\": \"t\", "
         "\"build\": \"make\", \"exe\": \"a\"}]}",
         "'rel' must be a finite non-negative number"},
        {"{\"programs\": [{\"name\": \"q\", \"tree\": \"t\", \"build\": \"make\", \"exe\": \"a\", \"run\": "
         "{\"timeout\": 1e999}}]}",
         "'timeout' must be a finite positive number"},
    };
    for (size_t i = 0; i < COUNT_OF(bad); i++) {
        path = write_spec(bad[i][0]);
        assert_int_equal(vspec_load(path, &spec, error, sizeof error), -1);
        if (!strstr(error, bad[i][1]))
            fail_msg("case %zu: '%s' not in '%s'", i, bad[i][1], error);
        unlink(path);
        free(path);
    }
}

/* Output files and program text are untrusted input: mutated .npy images and random lines must be rejected
 * or compared, never read out of bounds (run under valgrind or HIPIFY_SANITIZE to see a violation). */
static void test_mutated_inputs_are_safe(void **state)
{
    (void)state;
    unsigned char image[512], mutated[512];
    double values[6] = {1, 2, 3, 4, 5, 6};
    size_t size = make_npy(image, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", values, sizeof values);
    unsigned int seed = 12345; /* fixed: a failure must reproduce */
    int parsed = 0;
    for (int round = 0; round < 3000; round++) {
        memcpy(mutated, image, size);
        size_t length = size;
        for (int k = 0; k < 1 + round % 4; k++) {
            seed = seed * 1103515245u + 12345u;
            mutated[(seed >> 8) % size] = (unsigned char)(seed >> 20);
        }
        if (round % 5 == 0)
            length = (seed >> 4) % size; /* truncated */
        array_data a;
        char error[256], text[128];
        if (array_parse_npy(mutated, length, &a, error, sizeof error) == 0) {
            parsed++;
            array_shape_text(&a, text, sizeof text);
            if (a.count)
                array_index_text(&a, a.count - 1, text, sizeof text);
            array_free(&a);
        }
    }
    assert_true(parsed > 0); /* some mutations only touch the data, which stays valid */
    static const char alphabet[] = "0123456789.eE+-naifINAF x_\t,()";
    for (int round = 0; round < 3000; round++) {
        char a[24], b[24], detail[256];
        double errors[3];
        size_t la = 0, lb = 0;
        seed = seed * 1103515245u + 12345u;
        la = (seed >> 16) % sizeof a;
        for (size_t i = 0; i < la; i++) {
            seed = seed * 1103515245u + 12345u;
            a[i] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
        }
        memcpy(b, a, la);
        lb = la;
        if (la && round % 2) {
            seed = seed * 1103515245u + 12345u;
            b[(seed >> 16) % la] = alphabet[(seed >> 8) % (sizeof alphabet - 1)];
        }
        /* Not NUL-terminated on purpose: lengths alone bound the comparison. */
        int same = compare_line(a, la, b, lb, tight, detail, sizeof detail, errors);
        if (la == lb && memcmp(a, b, la) == 0)
            assert_true(same);
    }
}

/* A program under test may exit 127 itself; only a failed exec (or cwd, or redirection) is "not started". */
static void test_process_not_started_is_exact(void **state)
{
    (void)state;
    char *out = xasprintf("/tmp/hc-validate-proc-%d.out", (int)getpid());
    char *exits[] = {"/bin/sh", "-c", "echo ran; exit 127", NULL};
    process_spec spec = {.argv = exits, .stdout_path = out, .stderr_path = out, .timeout_seconds = 30};
    process_result r;
    assert_int_equal(run_process_spec(&spec, &r), 0);
    assert_false(r.not_started);
    assert_int_equal(r.exit_code, 127);
    char *text = read_text_file(out, NULL);
    assert_string_equal(text, "ran\n");
    free(text);
    char *missing[] = {"/no/such/program", NULL};
    spec.argv = missing;
    assert_int_equal(run_process_spec(&spec, &r), 0);
    assert_true(r.not_started);
    spec.argv = exits;
    spec.cwd = "/no/such/folder";
    assert_int_equal(run_process_spec(&spec, &r), 0);
    assert_true(r.not_started);
    /* stdin comes from the named file; a time limit ends a program that does not finish. */
    char *in = xasprintf("/tmp/hc-validate-proc-%d.in", (int)getpid());
    write_text_file(in, "42\n");
    char *echo[] = {"/bin/sh", "-c", "read x; echo got $x; sleep 20", NULL};
    spec = (process_spec){.argv = echo, .stdin_path = in, .stdout_path = out, .timeout_seconds = 1};
    assert_int_equal(run_process_spec(&spec, &r), 0);
    assert_true(r.timed_out);
    text = read_text_file(out, NULL);
    assert_string_equal(text, "got 42\n");
    free(text);
    unlink(out);
    unlink(in);
    free(out);
    free(in);
}

static void test_path_normalisation(void **state)
{
    (void)state;
    int ups;
    char *p = vspec_normalize("a/./b/../c", &ups);
    assert_string_equal(p, "a/c");
    assert_int_equal(ups, 0);
    free(p);
    p = vspec_normalize("../../data/x/../in.txt", &ups);
    assert_string_equal(p, "../../data/in.txt");
    assert_int_equal(ups, 2);
    free(p);
    p = vspec_normalize("./", &ups);
    assert_string_equal(p, ".");
    free(p);
    assert_null(vspec_normalize("/etc/passwd", &ups));
}

/* Links are followed where they exist, ".." after a link climbs from its target, a missing rest is lexical. */
static void test_path_resolution(void **state)
{
    (void)state;
    char *root = xasprintf("/tmp/hc-validate-paths-%d", (int)getpid());
    char *dir = xasprintf("%s/a/b", root), *link = xasprintf("%s/l", root);
    assert_int_equal(make_dirs(dir), 0);
    assert_int_equal(symlink("a/b", link), 0);
    char *real_root = realpath(root, NULL);
    char *through = xasprintf("%s/l/../x/./y", root), *expected = xasprintf("%s/a/x/y", real_root);
    char *resolved = path_resolve(through);
    assert_string_equal(resolved, expected);
    assert_true(hc_path_within(resolved, real_root));
    assert_false(hc_path_within(real_root, resolved));
    assert_true(path_overlaps(real_root, resolved));
    char *sibling = xasprintf("%sx", real_root); /* a shared prefix is not containment */
    assert_false(path_overlaps(sibling, real_root));
    char error[600];
    assert_int_equal(vpaths_check_relative("exe", "bin/p", false, true, error, sizeof error), 0);
    assert_int_equal(vpaths_check_relative("exe", "bin/../../p", false, true, error, sizeof error), -1);
    assert_non_null(strstr(error, "leaves the folder"));
    assert_int_equal(vpaths_check_relative("exe", "/bin/p", false, true, error, sizeof error), -1);
    assert_int_equal(vpaths_check_relative("files", "../data/x", true, true, error, sizeof error), 0);
    static const char *const ancestors[] = {"..", ".", "../..", "a/../..", "./", "x/.."};
    for (size_t i = 0; i < COUNT_OF(ancestors); i++) {
        if (vpaths_check_relative("files", ancestors[i], true, true, error, sizeof error) != -1)
            fail_msg("'%s' was accepted as an input", ancestors[i]);
        assert_non_null(strstr(error, "names the tree or a folder above it"));
    }
    assert_int_equal(vpaths_check_relative("cwd", "..", true, false, error, sizeof error), 0);
    unlink(link);
    rmdir(dir);
    char *a = xasprintf("%s/a", root);
    rmdir(a);
    rmdir(root);
    char *frees[] = {root, dir, link, real_root, through, expected, resolved, sibling, a};
    for (size_t i = 0; i < COUNT_OF(frees); i++)
        free(frees[i]);
}

static void test_unknown_keys(void **state)
{
    (void)state;
    char error[400];
    const char *ok = "// c\n{\"defaults\": {\"ignore\": [\"a\"]}, /* \"bogus\": 1 */\n"
                     "\"programs\": [{\"name\": \"x\", \"run\": {\"env\": {\"ANY_NAME\": \"v\"}},\n"
                     "  \"compare\": {\"outputs\": [{\"path\": \"o\", \"dtype\": \"f32\"}]}}]}";
    assert_int_equal(vkeys_check("s.json", ok, strlen(ok), error, sizeof error), 0);
    static const char *const bad[][2] = {
        {"{\"programs\": [{\"name\": \"x\",\n\"compare\": {\n\"output\": []}}]}",
         "s.json:3: unknown key 'output' (did you mean 'outputs'?)"},
        {"{\"programs\": [{\"nmae\": \"x\"}]}", "s.json:1: unknown key 'nmae' (did you mean 'name'?)"},
        {"{\"defaults\": {\"timout\": 3}}", "unknown key 'timout' (did you mean 'timeout'?)"},
        {"{\"programs\": [{\"compare\": {\"outputs\": [{\"path\": \"o\"}, {\"fromat\": \"raw\"}]}}]}",
         "unknown key 'fromat' (did you mean 'format'?)"},
        {"/* a\n b */ {\"programs\": [{\"zzzzzzzz\": 1}]}", "s.json:2: unknown key 'zzzzzzzz'"},
        {"{\"programs\": [{\"name\": \"a \\\" b\", \"verdict\": {\"must_mach\": \"x\"}}]}",
         "unknown key 'must_mach' (did you mean 'must_match'?)"},
    };
    for (size_t i = 0; i < COUNT_OF(bad); i++) {
        assert_int_equal(vkeys_check("s.json", bad[i][0], strlen(bad[i][0]), error, sizeof error), -1);
        if (!strstr(error, bad[i][1]))
            fail_msg("case %zu: '%s' not in '%s'", i, bad[i][1], error);
    }
    /* Keys given twice in one object, at any depth; equal keys in different objects are fine. */
    const char *twice = "{\"programs\": [{\"name\": \"x\", \"run\": {\"env\": {\"A\": \"1\",\n\"B\": \"2\",\n"
                        "\"A\": \"3\"}}}, {\"name\": \"y\"}]}";
    assert_int_equal(vkeys_check("s.json", twice, strlen(twice), error, sizeof error), -1);
    assert_non_null(strstr(error, "s.json:3: key 'A' is given twice in one object (first on line 1)"));
    const char *distinct = "{\"programs\": [{\"name\": \"x\", \"run\": {\"env\": {\"name\": \"1\"}}}, {\"name\": \"y\"}]}";
    assert_int_equal(vkeys_check("s.json", distinct, strlen(distinct), error, sizeof error), 0);
    /* Far from every known key: no suggestion. */
    const char *far = "{\"zzzzzzzz\": 1}";
    assert_int_equal(vkeys_check("s.json", far, strlen(far), error, sizeof error), -1);
    assert_null(strstr(error, "did you mean"));
}

/* A background child and a setsid() child of a finished command are killed and reaped. */
static void test_leftover_processes_are_reaped(void **state)
{
    (void)state;
    char *pids = xasprintf("/tmp/hc-validate-pids-%d", (int)getpid());
    char *script = xasprintf("sleep 300 & echo $! > %s; setsid sh -c 'echo $$ >> %s; exec sleep 300' & sleep 1", pids,
                             pids);
    char *argv[] = {"/bin/sh", "-c", script, NULL};
    process_spec spec = {.argv = argv, .stdout_path = "/dev/null", .stderr_path = "/dev/null", .timeout_seconds = 30};
    process_result r;
    assert_int_equal(run_process_spec(&spec, &r), 0);
    assert_true(process_ok(&r));
    assert_true(r.leftovers >= 1); /* the setsid() child at least: it left the group */
    char *text = read_text_file(pids, NULL);
    assert_non_null(text);
    int count = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        pid_t pid = (pid_t)atoi(line);
        count++;
        if (pid > 0 && kill(pid, 0) == 0) {
            kill(pid, SIGKILL);
            fail_msg("process %d outlived its run", (int)pid);
        }
    }
    assert_int_equal(count, 2);
    free(text);
    unlink(pids);
    free(pids);
    free(script);
}

/* A program's output files go through the output layer: a link or a FIFO at the path is refused before the program
 * starts (at once: no reader is waited for), a fresh file replaces what stood there without truncating it, append
 * adds, and one path for both streams gets both. */
static void test_process_outputs_follow_the_output_rules(void **state)
{
    (void)state;
    char dir[] = "/tmp/hc-validate-outputs-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *victim = xasprintf("%s/victim", dir), *link_path = xasprintf("%s/link", dir), *fifo = xasprintf("%s/fifo", dir);
    char *out = xasprintf("%s/out", dir), *other = xasprintf("%s/other-name", dir);
    assert_int_equal(write_text_file(victim, "precious\n"), 0);
    assert_int_equal(symlink("victim", link_path), 0);
    assert_int_equal(mkfifo(fifo, 0644), 0);
    char *argv[] = {"/bin/sh", "-c", "echo out; echo err >&2", NULL};
    process_result r;
    alarm(60); /* a FIFO that made the harness wait would otherwise hang the test */
    process_spec to_link = {.argv = argv, .stdout_path = link_path, .timeout_seconds = 30};
    assert_int_equal(run_process_spec(&to_link, &r), -1);
    assert_true(r.not_started);
    process_spec to_fifo = {.argv = argv, .stdout_path = out, .stderr_path = fifo, .append = 1, .timeout_seconds = 30};
    assert_int_equal(run_process_spec(&to_fifo, &r), -1);
    assert_true(r.not_started);
    alarm(0);
    char *text = read_text_file(victim, NULL);
    assert_string_equal(text, "precious\n");
    free(text);
    struct stat st;
    assert_true(lstat(link_path, &st) == 0 && S_ISLNK(st.st_mode));
    assert_true(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));

    assert_int_equal(write_text_file(out, "earlier run\n"), 0);
    assert_int_equal(link(out, other), 0);
    process_spec fresh = {.argv = argv, .stdout_path = out, .stderr_path = out, .timeout_seconds = 30};
    assert_int_equal(run_process_spec(&fresh, &r), 0);
    assert_true(process_ok(&r));
    text = read_text_file(out, NULL);
    assert_string_equal(text, "out\nerr\n");
    free(text);
    text = read_text_file(other, NULL);
    assert_string_equal(text, "earlier run\n"); /* the other name of the old file: not truncated */
    free(text);
    process_spec append = {.argv = argv, .stdout_path = out, .stderr_path = PROCESS_DISCARD, .append = 1,
                           .timeout_seconds = 30};
    assert_int_equal(run_process_spec(&append, &r), 0);
    text = read_text_file(out, NULL);
    assert_string_equal(text, "out\nerr\nout\n");
    free(text);

    char *files[] = {victim, link_path, fifo, out, other};
    for (size_t i = 0; i < COUNT_OF(files); i++) {
        unlink(files[i]);
        free(files[i]);
    }
    assert_int_equal(rmdir(dir), 0); /* nothing else, no temporary file, was left */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbers_inside_lines),
        cmocka_unit_test(test_texts_ignore_patterns_and_line_numbers),
        cmocka_unit_test(test_npy_header_shape_order_and_types),
        cmocka_unit_test(test_raw_files),
        cmocka_unit_test(test_spec_parsing),
        cmocka_unit_test(test_mutated_inputs_are_safe),
        cmocka_unit_test(test_process_not_started_is_exact),
        cmocka_unit_test(test_path_normalisation),
        cmocka_unit_test(test_path_resolution),
        cmocka_unit_test(test_unknown_keys),
        cmocka_unit_test(test_leftover_processes_are_reaped),
        cmocka_unit_test(test_process_outputs_follow_the_output_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
