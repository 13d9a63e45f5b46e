/* test_user_rules.c: unit tests of the --rules loader (every error path names file:line and the reason)
 * and of regex/disable rules applied through the library API. Not a test of the CLI (see *.test). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hipify/hipify.h"
#include "user_rules.h"

static hc_rule_set *parse(const char *text, char *err, size_t errsize) {
    return hc_rule_set_parse("r.rules", text, strlen(text), err, errsize);
}

/* Parsing must fail, with exactly this message. */
static void expect_error(const char *text, const char *message) {
    char err[512] = "";
    hc_rule_set *rs = parse(text, err, sizeof err);
    assert_null(rs);
    assert_string_equal(err, message);
}

static void test_lookups(void **state) {
    (void)state;
    char err[512] = "";
    hc_rule_set *rs = parse("# project wrappers\n"
                            "rename CUDA_CHECK HIP_CHECK\n"
                            "\n"
                            "rename name=safe-call cudaSafeCall hipSafeCall\n"
                            "header my/cuda_util.h my/hip_util.h\n"
                            "disable cudaProfilerStart\n"
                            "regex name=launch scope=code files=*.cu,src/*.cuh /LAUNCH\\((\\w+)\\)/ go($1)\n"
                            "disable scope=comment /KEEP[^\\n]*/\n",
                            err, sizeof err);
    assert_non_null(rs);
    assert_int_equal(hc_rule_set_size(rs), 6);
    bool disabled = true;
    const char *rule = NULL;
    assert_string_equal(hc_rule_set_rename_rule(rs, "CUDA_CHECK(x)", 10, &disabled, &rule), "HIP_CHECK");
    assert_false(disabled);
    assert_string_equal(rule, "rename:CUDA_CHECK");
    assert_null(hc_rule_set_rename(rs, "CUDA_CHECKX", 11, &disabled)); /* a longer name is another name */
    assert_null(hc_rule_set_rename(rs, "CUDA_CHEC", 9, &disabled));
    assert_string_equal(hc_rule_set_rename_rule(rs, "cudaSafeCall", 12, NULL, &rule), "hipSafeCall");
    assert_string_equal(rule, "safe-call");
    assert_null(hc_rule_set_rename_rule(rs, "cudaProfilerStart", 17, &disabled, &rule));
    assert_true(disabled);
    assert_string_equal(rule, "disable:cudaProfilerStart");
    assert_string_equal(hc_rule_set_header(rs, "my/cuda_util.h", 14), "my/hip_util.h");
    assert_null(hc_rule_set_header(rs, "my/cuda_util.hpp", 16));
    assert_int_equal(hc_rule_set_nregex(rs), 2);
    const hc_regex_rule *r = hc_rule_set_regex(rs, 0);
    assert_string_equal(r->name, "launch");
    assert_string_equal(r->origin, "r.rules:7");
    assert_int_equal(r->scope, HC_SCOPE_CODE);
    assert_string_equal(r->replacement, "go($1)");
    assert_true(hc_regex_rule_applies_to(r, "tree/a.cu"));
    assert_true(hc_regex_rule_applies_to(r, "tree/src/k.cuh"));
    assert_false(hc_regex_rule_applies_to(r, "tree/lib/k.cuh"));
    assert_false(hc_regex_rule_applies_to(r, "tree/a.cpp"));
    const hc_regex_rule *d = hc_rule_set_regex(rs, 1);
    assert_true(d->disable);
    assert_int_equal(d->scope, HC_SCOPE_COMMENT);
    assert_string_equal(d->name, "disable:r.rules:8");
    hc_rule_set_free(rs);
}

static void test_errors(void **state) {
    (void)state;
    expect_error("rename A B\nfrobnicate x y\n",
                 "r.rules:2: unknown rule kind 'frobnicate' (expected rename, header, regex or disable)");
    expect_error("\n\nregex /a(b/ x\n", "r.rules:3: bad pattern at offset 3: missing closing parenthesis");
    expect_error("regex /a(b)/ $2\n", "r.rules:1: replacement refers to group 2; the pattern has 1");
    expect_error("regex /(?<w>a)/ ${v}\n", "r.rules:1: replacement refers to group 'v', which the pattern does not define");
    expect_error("regex scope=strings /a/ b\n",
                 "r.rules:1: unknown scope 'strings' (expected code, string, comment, build or all)");
    expect_error("regex /abc x\n", "r.rules:1: pattern has no closing '/'");
    expect_error("regex /abc/q x\n", "r.rules:1: unknown pattern flag 'q' (expected i, m, s or x)");
    expect_error("regex /abc/\n", "r.rules:1: regex rule needs a replacement (use \"\" for none)");
    expect_error("rename A\n", "r.rules:1: rename rule needs a replacement after 'A'");
    expect_error("rename 1A B\n", "r.rules:1: rename: '1A' is not an identifier");
    expect_error("rename A B C\n", "r.rules:1: unexpected text after 'B'");
    expect_error("rename scope=code A B\n", "r.rules:1: scope= and files= apply to regex rules and disable patterns only");
    expect_error("regex colour=red /a/ b\n", "r.rules:1: unknown option 'colour' (expected name=, scope= or files=)");
    expect_error("disable a-b\n", "r.rules:1: disable needs an identifier or a /pattern/, not 'a-b'");
    expect_error("rename A B\nrename C D\ndisable A\n", "r.rules:3: second rule for 'A' (first at r.rules:1)");
    expect_error("header a.h b.h\nheader a.h c.h\n", "r.rules:2: second rule for 'a.h' (first at r.rules:1)");
}

static void test_load_files(void **state) {
    (void)state;
    char err[512] = "";
    const char *missing[] = {"/nonexistent/hipify.rules"};
    assert_null(hc_rule_set_load(missing, 1, err, sizeof err));
    assert_string_equal(err, "/nonexistent/hipify.rules: cannot open rule file: No such file or directory");
    char a[] = "/tmp/hc_rules_a_XXXXXX", b[] = "/tmp/hc_rules_b_XXXXXX";
    int fa = mkstemp(a), fb = mkstemp(b);
    assert_true(fa >= 0 && fb >= 0);
    FILE *f = fdopen(fa, "w");
    fputs("rename CUDA_CHECK HIP_CHECK\n", f);
    fclose(f);
    f = fdopen(fb, "w");
    fputs("# second file\nrename CUDA_CHECK OTHER\n", f);
    fclose(f);
    const char *one[] = {a};
    hc_rule_set *rs = hc_rule_set_load(one, 1, err, sizeof err);
    assert_non_null(rs);
    hc_rule_set_free(rs);
    const char *both[] = {a, b};
    assert_null(hc_rule_set_load(both, 2, err, sizeof err));
    char expected[256];
    snprintf(expected, sizeof expected, "%s:2: second rule for 'CUDA_CHECK' (first at %s:1)", b, a);
    assert_string_equal(err, expected);
    unlink(a);
    unlink(b);
}

/* Translates text as a source (or build) file with the rules; returns the output (caller frees). */
static char *translate(const char *rules, const char *path, hc_file_kind kind, const char *text, hc_file_result *res) {
    char err[512] = "";
    hc_rule_set *rs = parse(rules, err, sizeof err);
    if (!rs) fail_msg("%s", err);
    hc_options opt;
    memset(&opt, 0, sizeof opt);
    opt.semantic = HC_SEM_NEVER;
    opt.build_scripts = true;
    opt.rules = rs;
    hc_context *ctx = hc_context_new(&opt, err, sizeof err);
    if (!ctx) fail_msg("%s", err);
    hc_translate_buffer(ctx, path, path, kind, text, strlen(text), res);
    char *out = strndup(res->output, res->output_len);
    hc_context_free(ctx);
    hc_rule_set_free(rs);
    return out;
}

static uint32_t hits(const hc_file_result *r, const char *rule) {
    for (size_t i = 0; i < r->stats.nrule_hits; i++)
        if (strcmp(r->stats.rule_hits[i].name, rule) == 0) return r->stats.rule_hits[i].count;
    return 0;
}

static void test_regex_scopes(void **state) {
    (void)state;
    /* k.cpp, not k.cu: a .cu file also gets hip_runtime.h, which is not what these checks are about */
    const char *src = "// LEGACY(a) in a comment\n"
                      "int x = LEGACY(a) + LEGACY(bb);\n"
                      "const char *s = \"LEGACY(c)\";\n";
    hc_file_result r = {0};
    char *out = translate("regex name=legacy /LEGACY\\((\\w+)\\)/ modern($1)\n", "k.cpp", HC_FILE_SOURCE, src, &r);
    assert_string_equal(out, "// LEGACY(a) in a comment\n"
                             "int x = modern(a) + modern(bb);\n"
                             "const char *s = \"LEGACY(c)\";\n");
    assert_int_equal(hits(&r, "legacy"), 2);
    free(out);
    hc_file_result_free(&r);

    memset(&r, 0, sizeof r);
    out = translate("regex name=s scope=string /LEGACY/ NEW\nregex name=c scope=comment /comment/ remark\n", "k.cpp",
                    HC_FILE_SOURCE, src, &r);
    assert_string_equal(out, "// LEGACY(a) in a remark\n"
                             "int x = LEGACY(a) + LEGACY(bb);\n"
                             "const char *s = \"NEW(c)\";\n");
    assert_int_equal(hits(&r, "s"), 1);
    assert_int_equal(hits(&r, "c"), 1);
    free(out);
    hc_file_result_free(&r);

    /* files= keeps a rule off other files */
    memset(&r, 0, sizeof r);
    out = translate("regex files=*.cuh /LEGACY/ NEW\n", "k.cpp", HC_FILE_SOURCE, src, &r);
    assert_string_equal(out, src);
    free(out);
    hc_file_result_free(&r);
}

static void test_priority_and_disable(void **state) {
    (void)state;
    /* the first rule claims the text; the second, overlapping, does not apply there */
    hc_file_result r = {0};
    char *out = translate("regex name=first /cudaMalloc\\(&p/ FIRST\nregex name=second /cudaMalloc/ SECOND\n", "k.cu",
                          HC_FILE_SOURCE, "#include <cuda_runtime.h>\nvoid f(){ cudaMalloc(&p, 4); cudaMalloc(&q, 4); }\n", &r);
    assert_string_equal(out, "#include <hip/hip_runtime.h>\nvoid f(){ FIRST, 4); SECOND(&q, 4); }\n");
    free(out);
    hc_file_result_free(&r);

    /* a disable pattern keeps built-in renames off its text, and only there */
    memset(&r, 0, sizeof r);
    out = translate("disable name=keep-legacy /legacy_cudaMalloc\\(cudaMalloc\\)/\n", "k.cu", HC_FILE_SOURCE,
                    "#include <cuda_runtime.h>\nvoid f(){ legacy_cudaMalloc(cudaMalloc); cudaFree(p); }\n", &r);
    assert_string_equal(out, "#include <hip/hip_runtime.h>\nvoid f(){ legacy_cudaMalloc(cudaMalloc); hipFree(p); }\n");
    assert_int_equal(hits(&r, "keep-legacy"), 1);
    bool noted = false;
    for (size_t i = 0; i < r.ndiags; i++) noted |= r.diags[i].id == HC_D_RULE_DISABLED;
    assert_true(noted);
    free(out);
    hc_file_result_free(&r);
}

static void test_build_scope(void **state) {
    (void)state;
    hc_file_result r = {0};
    char *out = translate("regex name=mylib scope=build /\\bmycudalib\\b/ myhiplib\nregex /mycudalib/ never\n",
                          "CMakeLists.txt", HC_FILE_CMAKE, "target_link_libraries(app mycudalib)\n", &r);
    assert_string_equal(out, "target_link_libraries(app myhiplib)\n");
    assert_int_equal(hits(&r, "mylib"), 1);
    free(out);
    hc_file_result_free(&r);
}

/* Many matches in a large file stay linear: this took minutes when every match re-checked the UTF-8 of
 * the whole file (the test's TIMEOUT in CMakeLists.txt catches a regression). */
static void test_many_matches(void **state) {
    (void)state;
    const char line[] = "x = LEGACY(a); s = \"LEGACY(c)\"; // LEGACY(b)\n";
    size_t n = 100000, len = strlen(line);
    char *src = malloc(n * len + 1);
    assert_non_null(src);
    for (size_t i = 0; i < n; i++) memcpy(src + i * len, line, len);
    src[n * len] = '\0';
    hc_file_result r = {0};
    char *out = translate("regex name=code /LEGACY\\((\\w)\\)/ NEW($1)\nregex name=str scope=string /LEGACY/ OLD\n",
                          "big.cu", HC_FILE_SOURCE, src, &r);
    assert_int_equal(hits(&r, "code"), n);
    assert_int_equal(hits(&r, "str"), n);
    assert_non_null(strstr(out, "x = NEW(a); s = \"OLD(c)\"; // LEGACY(b)\n"));
    free(out);
    free(src);
    hc_file_result_free(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lookups),        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_load_files),     cmocka_unit_test(test_regex_scopes),
        cmocka_unit_test(test_priority_and_disable), cmocka_unit_test(test_build_scope),
        cmocka_unit_test(test_many_matches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
