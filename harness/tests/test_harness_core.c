/* test_harness_core.c: unit tests (cmocka) of the harness's comparison policy, record-file parser, sidecar and
 * expected-failure parsing. They need no GPU and no compiler; the tier tests live in harness/CMakeLists.txt. */
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

#include "compare.h"
#include "policy.h"
#include "recfile.h"
#include "util.h"

/* Writes a recording with one f32 buffer, one i32 buffer and one check, then reads it back. */
static void write_and_read(const char *path, const float *f, size_t nf, const int32_t *i, size_t ni, double check_error,
                           int finish, recording *out)
{
    char argument[512];
    snprintf(argument, sizeof argument, "--hc-record=%s", path);
    char *argv[] = {"test", argument, NULL};
    hc_recorder *rec = hc_record_begin(2, argv);
    assert_non_null(rec);
    assert_int_equal(hc_record_f32(rec, "values", f, nf), HC_RECORD_OK);
    assert_int_equal(hc_record_i32(rec, "indices", i, ni), HC_RECORD_OK);
    hc_record_check(rec, "values", check_error, 1e-6);
    if (finish) {
        hc_record_end(rec);
    } else { /* simulate a crash: flush what was written, never write END */
        fclose(rec->file);
        free(rec);
    }
    char error[256];
    assert_int_equal(recording_read(path, out, error, sizeof error), 0);
}

static char *temp_path(const char *name)
{
    return xasprintf("/tmp/hc-test-%d-%s", (int)getpid(), name);
}

static void test_ulp_distance(void **state)
{
    (void)state;
    assert_true(ulp_distance_f32(1.0f, nextafterf(1.0f, 2.0f)) == 1.0);
    assert_true(ulp_distance_f32(-0.0f, 0.0f) == 0.0);
    assert_true(ulp_distance_f32(-1e-45f, 1e-45f) == 2.0); /* through zero: two denormal steps */
    assert_true(ulp_distance_f64(1.0, nextafter(1.0, 0.0)) == 1.0);
    assert_true(ulp_distance_f64(-2.0, 2.0) > 1e18);
}

static void test_identical_recordings_pass_and_nan_rules(void **state)
{
    (void)state;
    char *pa = temp_path("a.rec"), *pb = temp_path("b.rec");
    float fa[4] = {1.0f, NAN, INFINITY, 0.5f}, fb[4] = {1.0f, NAN, INFINITY, 0.5f};
    int32_t ia[2] = {3, 4}, ib[2] = {3, 4};
    recording a, b;
    program_policy policy;
    comparison c;
    char error[256];
    write_and_read(pa, fa, 4, ia, 2, 0.0, 1, &a);
    write_and_read(pb, fb, 4, ib, 2, 0.0, 1, &b);
    assert_int_equal(policy_load(NULL, &policy, error, sizeof error), 0);
    assert_int_equal(compare_recordings(&a, &b, &policy, &c), 0);
    assert_true(c.passed); /* NaN against NaN and equal infinities pass */
    comparison_free(&c);
    /* A NaN against a number never passes, whatever the bounds. */
    ((float *)b.buffers[0].data)[3] = NAN;
    assert_int_equal(compare_recordings(&a, &b, &policy, &c), 0);
    assert_false(c.passed);
    assert_int_equal(c.buffers[0].mismatches, 1);
    assert_int_equal(c.buffers[0].first_index[0], 3);
    assert_true(isinf(c.buffers[0].max_abs));
    comparison_free(&c);
    policy_free(&policy);
    recording_free(&a);
    recording_free(&b);
    unlink(pa);
    unlink(pb);
    free(pa);
    free(pb);
}

static void test_bounds_and_exact_integers(void **state)
{
    (void)state;
    char *pa = temp_path("c.rec"), *pb = temp_path("d.rec");
    float fa[2] = {1.0f, 100.0f}, fb[2] = {nextafterf(1.0f, 2.0f), 100.0f};
    int32_t ia[2] = {3, 4}, ib[2] = {3, 5};
    recording a, b;
    program_policy policy;
    comparison c;
    char error[256];
    write_and_read(pa, fa, 2, ia, 2, 0.0, 1, &a);
    write_and_read(pb, fb, 2, ib, 2, 0.0, 1, &b);
    assert_int_equal(policy_load(NULL, &policy, error, sizeof error), 0);
    assert_int_equal(compare_recordings(&a, &b, &policy, &c), 0);
    assert_true(c.buffers[0].passed);   /* one ULP is inside the default bound */
    assert_false(c.buffers[1].passed);  /* integers are exact */
    assert_false(c.passed);
    comparison_free(&c);
    /* A sidecar that asks for exactness turns the one-ULP difference into a failure. */
    char *sidecar = temp_path("exact.json");
    assert_int_equal(write_text_file(sidecar, "{\"buffers\": {\"val*\": {\"exact\": true}}}"), 0);
    policy_free(&policy);
    assert_int_equal(policy_load(sidecar, &policy, error, sizeof error), 0);
    assert_int_equal(compare_recordings(&a, &b, &policy, &c), 0);
    assert_false(c.buffers[0].passed);
    comparison_free(&c);
    policy_free(&policy);
    /* Malformed sidecars are errors, not silently ignored. */
    assert_int_equal(write_text_file(sidecar, "{\"buffers\": {\"x\": {\"abs\": -1}}}"), 0);
    assert_int_equal(policy_load(sidecar, &policy, error, sizeof error), -1);
    assert_non_null(strstr(error, "non-negative"));
    unlink(sidecar);
    free(sidecar);
    recording_free(&a);
    recording_free(&b);
    unlink(pa);
    unlink(pb);
    free(pa);
    free(pb);
}

static void test_failed_cpu_check_incomplete_and_missing_buffers_fail(void **state)
{
    (void)state;
    char *pa = temp_path("e.rec"), *pb = temp_path("f.rec"), *pc = temp_path("g.rec");
    float f[1] = {2.0f};
    int32_t i[1] = {1};
    recording a, b, cut;
    program_policy policy;
    comparison c;
    char error[256];
    write_and_read(pa, f, 1, i, 1, 0.0, 1, &a);
    write_and_read(pb, f, 1, i, 1, 5.0, 1, &b); /* same numbers, but its own CPU check failed */
    write_and_read(pc, f, 1, i, 1, 0.0, 0, &cut);
    assert_int_equal(policy_load(NULL, &policy, error, sizeof error), 0);
    assert_int_equal(compare_recordings(&a, &b, &policy, &c), 0);
    assert_false(c.passed);
    assert_int_equal(c.failed_checks[1], 1);
    comparison_free(&c);
    assert_int_equal(compare_recordings(&a, &cut, &policy, &c), 0);
    assert_false(c.passed);
    assert_true(c.incomplete[1]);
    comparison_free(&c);
    /* A buffer only one side recorded fails. */
    free(b.buffers[1].name);
    b.buffers[1].name = strdup("renamed");
    b.checks[0].passed = 1;
    assert_int_equal(compare_recordings(&a, &b, &policy, &c), 0);
    assert_false(c.passed);
    assert_int_equal(c.buffer_count, 3);
    comparison_free(&c);
    policy_free(&policy);
    recording_free(&a);
    recording_free(&b);
    recording_free(&cut);
    /* A truncated file is an error, not a shorter recording. */
    FILE *f_out = fopen(pc, "wb");
    fwrite(HC_RECORD_MAGIC, HC_RECORD_MAGIC_SIZE, 1, f_out);
    uint32_t header[4] = {HC_REC_BUFFER, HC_DTYPE_F32, 1, 0};
    uint64_t count = 1000;
    fwrite(header, sizeof header, 1, f_out);
    fwrite(&count, sizeof count, 1, f_out);
    fwrite("x", 1, 1, f_out);
    fclose(f_out);
    assert_int_equal(recording_read(pc, &cut, error, sizeof error), -1);
    unlink(pa);
    unlink(pb);
    unlink(pc);
    free(pa);
    free(pb);
    free(pc);
}

/* A recording that names a buffer twice is an error: comparing the first of its name would make the verdict
 * depend on the order of the files. Sidecar keys given twice, values of the wrong type and bounds that overflow
 * are errors too, never the default tolerance. */
static void test_duplicate_names_and_ill_typed_sidecars_are_errors(void **state)
{
    (void)state;
    char *path = temp_path("twice.rec"), error[512];
    char argument[512];
    snprintf(argument, sizeof argument, "--hc-record=%s", path);
    char *argv[] = {"test", argument, NULL};
    float good[2] = {1.0f, 2.0f}, bad[2] = {1.0f, 99.0f};
    hc_recorder *rec = hc_record_begin(2, argv);
    assert_non_null(rec);
    assert_int_equal(hc_record_f32(rec, "out", good, 2), HC_RECORD_OK);
    assert_int_equal(hc_record_f32(rec, "other", good, 2), HC_RECORD_OK);
    assert_int_equal(hc_record_f32(rec, "out", bad, 2), HC_RECORD_OK);
    hc_record_end(rec);
    recording r;
    assert_int_equal(recording_read(path, &r, error, sizeof error), -1);
    assert_non_null(strstr(error, "buffer 'out' is recorded twice"));
    unlink(path);
    free(path);

    char *sidecar = temp_path("typed.json");
    program_policy policy;
    static const char *const cases[][2] = {
        {"{\"buffers\": {\"x\": {\"abs\": 1e-3},\n  \"x\": {\"exact\": true}}}",
         ":2: key 'x' is given twice in one object (first on line 1)"},
        {"{\"default\": {\"f32\": {\"abs\": 1}},\n\"default\": {\"f32\": {\"abs\": 2}}}", ":2: key 'default' is given twice"},
        {"{\"buffers\": {\"x\": {\"abs\": 1, \"abs\": 2}}}", ":1: key 'abs' is given twice"},
        {"{\"buffers\": {\"x\": {\"exact\": \"true\"}}}", "'exact' must be true or false"},
        {"{\"buffers\": {\"x\": {\"exact\": 1}}}", "'exact' must be true or false"},
        {"{\"buffers\": {\"x\": {\"exact\": true, \"abs\": 1}}}", "'exact': true cannot go with 'abs'"},
        {"{\"buffers\": {\"x\": {\"abs\": 1e999}}}", "'abs' must be a finite non-negative number"},
        {"{\"default\": {\"f32\": {\"ulp\": 5e999}}}", "'ulp' must be a finite non-negative number"},
        {"{\"buffers\": {\"x\": {\"abss\": 1}}}", "unknown tolerance key 'abss'"},
        {"{\"buffers\": [{\"abs\": 1}]}", "'buffers' must be an object"},
        {"{\"default\": [{\"abs\": 1}]}", "'default' must be an object"},
        {"{\"bufers\": {}}", "'bufers' is not a sidecar key"},
        {"{\"comment\": [\"why\"]}", "'comment' must be a string"},
    };
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        assert_int_equal(write_text_file(sidecar, cases[i][0]), 0);
        *error = '\0';
        assert_int_equal(policy_load(sidecar, &policy, error, sizeof error), -1);
        if (!strstr(error, cases[i][1]) || !strstr(error, sidecar))
            fail_msg("case %zu: '%s' not in '%s'", i, cases[i][1], error);
    }
    /* "exact": false keeps the bounds it names; a comment says why. */
    assert_int_equal(write_text_file(sidecar, "{\"comment\": \"atomics\", \"buffers\": {\"x\": {\"exact\": false, \"abs\": 0.5}}}"), 0);
    assert_int_equal(policy_load(sidecar, &policy, error, sizeof error), 0);
    assert_true(policy_for_buffer(&policy, "x", HC_DTYPE_F32).abs == 0.5);
    policy_free(&policy);
    unlink(sidecar);
    free(sidecar);
}

static void test_xfail_requires_reasons(void **state)
{
    (void)state;
    char *path = temp_path("xfail.tsv");
    xfail_list list;
    char error[256];
    assert_int_equal(write_text_file(path, "# comment\nprog\thip-amd\tno hipBLAS package in Debian 12\n"), 0);
    assert_int_equal(xfail_load(path, &list, error, sizeof error), 0);
    assert_string_equal(xfail_reason(&list, "prog", STEP_HIP_AMD), "no hipBLAS package in Debian 12");
    assert_null(xfail_reason(&list, "prog", STEP_CUDA));
    xfail_free(&list);
    assert_int_equal(write_text_file(path, "prog\thip-amd\n"), 0);
    assert_int_equal(xfail_load(path, &list, error, sizeof error), -1);
    assert_int_equal(write_text_file(path, "prog\tnot-a-step\tsome long reason\n"), 0);
    assert_int_equal(xfail_load(path, &list, error, sizeof error), -1);
    unlink(path);
    free(path);
}

/* The wave64 tier's sidecar keys: link flags and smaller inputs for hip-cpu; anything else under "hip-cpu" is an
 * error, and the xfail list knows its steps. */
static void test_cpu_tier_sidecar_and_steps(void **state)
{
    (void)state;
    char *path = temp_path("cpu.json");
    program_policy policy;
    char error[256] = "";
    assert_int_equal(write_text_file(path, "{\"link\": {\"hip-cpu\": \"-lm\"}, \"hip-cpu\": {\"args\": \"--n 64\"}}"), 0);
    assert_int_equal(policy_load(path, &policy, error, sizeof error), 0);
    assert_string_equal(policy.link[STEP_HIP_CPU], "-lm");
    assert_string_equal(policy.cpu_args, "--n 64");
    policy_free(&policy);
    assert_int_equal(write_text_file(path, "{\"hip-cpu\": {\"argz\": \"--n 64\"}}"), 0);
    assert_int_equal(policy_load(path, &policy, error, sizeof error), -1);
    assert_non_null(strstr(error, "argz"));
    assert_int_equal(write_text_file(path, "{\"hip-cpu\": \"--n 64\"}"), 0);
    assert_int_equal(policy_load(path, &policy, error, sizeof error), -1);
    assert_int_equal(write_text_file(path, "{\"link\": {\"run-cpu\": \"-lm\"}}"), 0);
    assert_int_equal(policy_load(path, &policy, error, sizeof error), -1);
    assert_int_equal(step_from_name("hip-cpu"), STEP_HIP_CPU);
    assert_int_equal(step_from_name("run-cpu"), STEP_RUN_CPU);
    unlink(path);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ulp_distance),
        cmocka_unit_test(test_identical_recordings_pass_and_nan_rules),
        cmocka_unit_test(test_bounds_and_exact_integers),
        cmocka_unit_test(test_failed_cpu_check_incomplete_and_missing_buffers_fail),
        cmocka_unit_test(test_xfail_requires_reasons),
        cmocka_unit_test(test_duplicate_names_and_ill_typed_sidecars_are_errors),
        cmocka_unit_test(test_cpu_tier_sidecar_and_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
