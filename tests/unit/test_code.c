/* test_code.c: unit tests of the shared code-token walks and facts (code.c): the argument splitter's rule for
 * template commas, empty arguments, brackets, macro-use splitting, parameter lists, #if lines inside a list, long
 * lists; directives and token predicates; bracket matches computed once against the walk; function, lambda and
 * device bodies by each rule of code.h; host-only branches; blocks and their controlling statements. No pass
 * runs. */
#include "code.h"
#include "unit_check.h"
#include "util.h"

#include <stdlib.h>

typedef struct fixture {
    hc_options opt;
    hc_unit u;
} fixture;

static void setup(fixture *f, const char *text) {
    memset(f, 0, sizeof *f);
    f->u.opt = &f->opt;
    f->u.path = "t.cu";
    f->u.text = text;
    f->u.len = strlen(text);
    f->u.kind = HC_FILE_SOURCE;
    CHECK_INT(hc_tokenize(text, f->u.len, &f->u.toks), 0);
}

static void teardown(fixture *f) {
    hc_code_facts_free(&f->u);
    hc_token_list_free(&f->u.toks);
}

/* Index of the first token spelling s, or SIZE_MAX. */
static size_t find(const hc_unit *u, const char *s) {
    for (size_t i = 0; i < u->toks.n; i++)
        if (hc_code_is(u, i, s)) return i;
    return SIZE_MAX;
}

/* Splits the list opened by the first '(' of text; the spelling of argument k's first and last token. */
static hc_code_args split(fixture *f, const char *text, hc_split_mode mode) {
    setup(f, text);
    size_t open = find(&f->u, "(");
    size_t close = hc_code_match(&f->u, open);
    hc_code_args a;
    memset(&a, 0xab, sizeof a); /* every field must be written */
    CHECK(open != SIZE_MAX && close != SIZE_MAX);
    hc_code_split(&f->u, open, close, mode, &a);
    return a;
}

static const char *spelling(const fixture *f, size_t i) {
    static char buf[64];
    if (i == SIZE_MAX) return "(none)";
    snprintf(buf, sizeof buf, "%.*s", (int)f->u.toks.v[i].len, f->u.text + f->u.toks.v[i].off);
    return buf;
}

/* '<' and '>' never protect a comma; an argument whose angles do not balance marks the split doubtful,
 * whichever reading is right: a template's comma and two comparisons are the same tokens. */
static void test_template_commas(void) {
    fixture f;
    hc_code_args a = split(&f, "f(t<int, 3>::v);", HC_SPLIT_CALL);
    CHECK_INT(a.n, 2);
    CHECK(a.angles);
    CHECK(!a.empty);
    CHECK_STR(spelling(&f, a.first[0]), "t");
    CHECK_STR(spelling(&f, a.last[0]), "int");
    CHECK_STR(spelling(&f, a.first[1]), "3");
    CHECK_STR(spelling(&f, a.last[1]), "v");
    teardown(&f);

    a = split(&f, "f(a < b, c > d);", HC_SPLIT_CALL);
    CHECK_INT(a.n, 2);
    CHECK(a.angles);
    teardown(&f);

    /* a name<...> whose '>' ends the argument has one reading, a template-id (cudaFuncSetAttribute's kernel) */
    a = split(&f, "f(k<V, (M > 2)>, attr, g<int, 3>);", HC_SPLIT_CALL);
    CHECK_INT(a.n, 3);
    CHECK(!a.angles);
    CHECK_STR(spelling(&f, a.first[0]), "k");
    CHECK_STR(spelling(&f, a.last[0]), ">");
    CHECK_STR(spelling(&f, a.first[1]), "attr");
    CHECK_STR(spelling(&f, a.first[2]), "g");
    teardown(&f);

    a = split(&f, "f(a < b, c > d, x < y, z >> 1);", HC_SPLIT_CALL); /* '>' then an operand: comparisons */
    CHECK_INT(a.n, 4);
    CHECK(a.angles);
    teardown(&f);

    a = split(&f, "f(x < y);", HC_SPLIT_CALL); /* one argument, still doubtful: the count ends unbalanced */
    CHECK_INT(a.n, 1);
    CHECK(a.angles);
    teardown(&f);

    a = split(&f, "f(g<int>(x), v<w<int>>(y), n << 2);", HC_SPLIT_CALL); /* '>>' closes two; '<<' is no angle */
    CHECK_INT(a.n, 3);
    CHECK(!a.angles);
    CHECK_STR(spelling(&f, a.last[0]), ")");
    teardown(&f);

    a = split(&f, "f(n >> 2);", HC_SPLIT_CALL); /* a shift and two template closers are the same token */
    CHECK_INT(a.n, 1);
    CHECK(a.angles);
    teardown(&f);

    a = split(&f, "f(a, (b < c), [d > e]);", HC_SPLIT_CALL); /* angles inside brackets are not counted */
    CHECK_INT(a.n, 3);
    CHECK(!a.angles);
    teardown(&f);
}

static void test_empty_and_brackets(void) {
    fixture f;
    hc_code_args a = split(&f, "f();", HC_SPLIT_CALL);
    CHECK_INT(a.n, 0);
    CHECK(!a.empty && !a.angles);
    teardown(&f);

    a = split(&f, "f(a, , b);", HC_SPLIT_CALL);
    CHECK_INT(a.n, 3);
    CHECK(a.empty);
    CHECK(a.first[1] == SIZE_MAX && a.last[1] == SIZE_MAX);
    teardown(&f);

    a = split(&f, "f(a, );", HC_SPLIT_CALL);
    CHECK_INT(a.n, 2);
    CHECK(a.empty);
    teardown(&f);

    a = split(&f, "f(/* c */ a /* d */, (b, c), [d, e], {g, h});", HC_SPLIT_CALL);
    CHECK_INT(a.n, 4);
    CHECK_STR(spelling(&f, a.first[0]), "a");
    CHECK_STR(spelling(&f, a.last[0]), "a");
    CHECK_STR(spelling(&f, a.first[3]), "{");
    CHECK_STR(spelling(&f, a.last[3]), "}");
    teardown(&f);
}

/* A macro's use is split as the preprocessor splits it: only parentheses protect a comma. */
static void test_macro_mode(void) {
    fixture f;
    hc_code_args a = split(&f, "M([a, b], {c, d}, (e, g));", HC_SPLIT_MACRO);
    CHECK_INT(a.n, 5);
    CHECK_STR(spelling(&f, a.first[4]), "(");
    teardown(&f);
}

/* In a parameter list '<' and '>' are template brackets: their commas separate nothing, and '>>' closes two. */
static void test_params_mode(void) {
    fixture f;
    hc_code_args a = split(&f, "f(vector<vector<int>> v, int x) {}", HC_SPLIT_PARAMS);
    CHECK_INT(a.n, 2);
    CHECK(!a.angles && !a.empty);
    CHECK_STR(spelling(&f, a.first[0]), "vector");
    CHECK_STR(spelling(&f, a.last[0]), "v");
    CHECK_STR(spelling(&f, a.first[1]), "int");
    teardown(&f);

    a = split(&f, "f(map<int, float> m, function<void(int, int)> g, T<U<V<int, 2>>> t, array<int, 3> a) {}",
              HC_SPLIT_PARAMS);
    CHECK_INT(a.n, 4);
    CHECK(!a.angles);
    CHECK_STR(spelling(&f, a.last[2]), "t");
    CHECK_STR(spelling(&f, a.first[3]), "array");
    teardown(&f);

    a = split(&f, "f(map<int, float> m, int x) {}", HC_SPLIT_CALL); /* the same commas in an expression list */
    CHECK_INT(a.n, 3);
    CHECK(a.angles);
    teardown(&f);

    a = split(&f, "f(int a = n >> 2, int b = (c > d), int e) {}", HC_SPLIT_PARAMS); /* '>>' closes no bracket */
    CHECK_INT(a.n, 3);
    CHECK(!a.angles);
    CHECK_STR(spelling(&f, a.last[0]), "2");
    teardown(&f);

    a = split(&f, "f(int a = b < c, int d) {}", HC_SPLIT_PARAMS); /* a '<' that never closes takes the rest */
    CHECK_INT(a.n, 1);
    CHECK_STR(spelling(&f, a.last[0]), "d");
    teardown(&f);
}

/* Directives read from their '#': the word naming them (none for a '#' alone), their end across continuation
 * lines; a token at or after an offset; keyword lists; a token's end; excluded branches only when skipped. */
static void test_directives_and_predicates(void) {
    fixture f;
    const char *text = "#\n#  /* c */ define A(x) \\\n  x + 1\nint y = A(2);\n#if B\n#endif\n";
    setup(&f, text);
    const hc_unit *u = &f.u;
    CHECK(hc_code_directive_name(u, 0) == SIZE_MAX); /* '#' alone: the next '#' names nothing */
    size_t define = find(u, "define");
    CHECK(hc_code_directive_name(u, 1) == define);
    size_t end = hc_code_directive_end(u, 1);
    CHECK_STR(spelling(&f, end), "int");
    CHECK_STR(spelling(&f, end - 1), "1");
    size_t if_hash = find(u, "if") - 1;
    CHECK(hc_code_kind(u, if_hash, HC_TOK_HASH));
    CHECK_STR(spelling(&f, hc_code_directive_end(u, if_hash)), "#");
    CHECK(hc_code_first_at(u, 0) == 0);
    CHECK(hc_code_first_at(u, hc_code_tok(u, end)->off) == end);
    CHECK(hc_code_first_at(u, hc_code_tok(u, end)->off - 1) == end);
    CHECK(hc_code_first_at(u, (uint32_t)strlen(text)) == u->toks.n);
    CHECK(hc_code_end(u, end) == hc_code_tok(u, end)->off + 3);
    static const char *const words[] = {"float", "int"};
    CHECK(hc_code_is_any(u, end, words, 2));
    CHECK(!hc_code_is_any(u, end, words, 1));
    CHECK(!hc_code_is_any(u, SIZE_MAX, words, 2));
    f.u.toks.v[end].flags |= HC_TOKF_INACTIVE;
    CHECK(!hc_code_skipped(u, end)); /* excluded, but the options do not skip excluded branches */
    f.opt.skip_excluded_pp_blocks = true;
    CHECK(hc_code_skipped(u, end));
    CHECK(!hc_code_skipped(u, SIZE_MAX));
    teardown(&f);
}

/* An #if line between arguments belongs to the argument it is in; its brackets and commas are not the call's. */
static void test_directive_lines(void) {
    fixture f;
    hc_code_args a = split(&f, "f(a,\n#if defined(X) && Y(1, 2)\n b\n#endif\n);", HC_SPLIT_CALL);
    CHECK_INT(a.n, 2);
    CHECK_STR(spelling(&f, a.first[1]), "#");
    CHECK_STR(spelling(&f, a.last[1]), "endif");
    teardown(&f);
}

/* Every argument is counted; the ranges of the first HC_CODE_MAX_ARGS are recorded. */
static void test_long_list(void) {
    char text[512] = "f(";
    for (int k = 0; k < 40; k++) snprintf(text + strlen(text), sizeof text - strlen(text), "%sa%d", k ? ", " : "", k);
    strcat(text, ");");
    fixture f;
    hc_code_args a = split(&f, text, HC_SPLIT_CALL);
    CHECK_INT(a.n, 40);
    CHECK_STR(spelling(&f, a.first[HC_CODE_MAX_ARGS - 1]), "a31");
    teardown(&f);
}

/* The matches computed once agree with the walk for every bracket, and the pairs with hc_tok_match: across
 * #if lines in code, within runs of directive lines, unmatched ones, brackets of mixed kinds, launch chevrons
 * (nested, broken by a closer, split over two #defines). */
static void test_matches_once(void) {
    const char *text = "void f(int a) {\n"
                       "#if defined(X) && (Y\n"
                       "  g(a, (b\n"
                       "#else\n"
                       "  g(a, [b]\n"
                       "#endif\n"
                       "  ));\n"
                       "}\n"
                       "#define M(x) ((x) + [\n"
                       "#define N )\n"
                       "int v = (a[1)];\n"
                       "void h() { k(; }\n"
                       "void l() { k<<<g(1), b[2]>>>(x); k<<<a, (b>>>); c<<<d<<<e>>>; (m<<<n) >>>; }\n"
                       "#define L k<<<g, b\n"
                       "#define R >>>(x)\n"
                       "int z = (1 /* c */\n"
                       "#if Q\n"
                       ");\n"
                       "#endif\n";
    fixture f;
    setup(&f, text);
    size_t n = f.u.toks.n, *walked = malloc(n * sizeof *walked);
    CHECK(walked != NULL);
    for (size_t i = 0; walked && i < n; i++) walked[i] = hc_code_match(&f.u, i);
    CHECK_INT(hc_code_analyze(&f.u), 0);
    CHECK(f.u.facts != NULL);
    for (size_t i = 0; walked && i < n; i++)
        if (hc_code_match(&f.u, i) != walked[i]) {
            fprintf(stderr, "token %zu '%s': %zu with the facts, %zu walked\n", i, spelling(&f, i), hc_code_match(&f.u, i),
                    walked[i]);
            CHECK(0);
        }
    /* the pairs (hc_tok_match's answers) likewise, launch chevrons included */
    for (size_t i = 0; walked && i < n; i++) walked[i] = hc_tok_match(f.u.text, &f.u.toks, i);
    for (size_t i = 0; walked && i < n; i++)
        if (hc_code_pair(&f.u, i) != walked[i]) {
            fprintf(stderr, "token %zu '%s': pair %zu with the facts, %zu by hc_tok_match\n", i, spelling(&f, i),
                    hc_code_pair(&f.u, i), walked[i]);
            CHECK(0);
        }
    /* hc_code_opener answers the same matches from the closer, from the facts and walking back without them */
    hc_code_facts *facts = f.u.facts;
    for (size_t i = 0; walked && i < n; i++) {
        bool opener = hc_code_punct(&f.u, i, "(") || hc_code_punct(&f.u, i, "[") || hc_code_punct(&f.u, i, "{");
        if (!opener || walked[i] == SIZE_MAX) continue;
        CHECK_INT(hc_code_opener(&f.u, walked[i]), i);
        f.u.facts = NULL;
        CHECK_INT(hc_code_opener(&f.u, walked[i]), i);
        f.u.facts = facts;
    }
    CHECK(hc_code_opener(&f.u, find(&f.u, "v")) == SIZE_MAX); /* no closer */
    CHECK_INT(hc_code_analyze(&f.u), 0); /* a second call changes nothing */
    free(walked);
    teardown(&f);
}

/* The body of the function named name (the word before its parameter list), or NULL. */
static const hc_body *body_named(const fixture *f, const char *name) {
    size_t n;
    const hc_body *b = hc_code_bodies(&f->u, &n);
    for (size_t k = 0; k < n; k++)
        if (b[k].name != HC_BODY_NONE && hc_code_is(&f->u, b[k].name, name)) return &b[k];
    return NULL;
}

/* Device bodies: __global__, __device__ and __host__ __device__ functions, not declarations or variables;
 * a branch only the host compiles is no device code. Every body, host or device, is listed. */
static void test_device_bodies(void) {
    const char *text = "__device__ int x{1};\n"
                       "__device__ void proto(int);\n"
                       "__global__ void k(int n) { int a = n; }\n"
                       "__host__ __device__ float h(float v) {\n"
                       "#ifndef __CUDA_ARCH__\n"
                       "  host_only();\n"
                       "#else\n"
                       "  device_only();\n"
                       "#endif\n"
                       "}\n"
                       "void plain() { b(); }\n"
                       "__device__\n#if F\n__forceinline__\n#endif\n__host__ int d(int w) { return w; }\n";
    fixture f;
    setup(&f, text);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "a")) == NULL); /* nothing before the analysis */
    CHECK(hc_code_bodies(&f.u, &(size_t){0}) == NULL);
    CHECK_INT(hc_code_analyze(&f.u), 0);
    const hc_body *b = hc_code_device_body(&f.u, find(&f.u, "a"));
    CHECK(b != NULL);
    if (b) CHECK_STR(spelling(&f, b->name), "k");
    b = hc_code_device_body(&f.u, find(&f.u, "device_only"));
    CHECK(b != NULL);
    if (b) CHECK_STR(spelling(&f, b->name), "h");
    CHECK(hc_code_device_body(&f.u, find(&f.u, "host_only")) == NULL);
    size_t nfn = 0;
    const hc_body *fn = hc_code_bodies(&f.u, &nfn);
    CHECK_INT(nfn, 4); /* k, h, plain, d: not the variable's braces, not the declaration */
    if (nfn == 4) {
        CHECK_STR(spelling(&f, fn[0].params - 1), "k");
        CHECK(hc_body_device_only(&fn[0]) && fn[0].spec == HC_BODY_GLOBAL);
        CHECK(!hc_body_device_only(&fn[1]) && fn[1].device); /* __host__ __device__: device code, not only */
        CHECK(!hc_body_device_only(&fn[2]) && !fn[2].device);
        CHECK(fn[3].spec == (HC_BODY_DEVICE | HC_BODY_HOST)); /* both words, across the #if lines */
        CHECK_STR(spelling(&f, fn[1].close), "}");
        CHECK(fn[1].close > find(&f.u, "device_only"));
        for (size_t k = 0; k < nfn; k++) CHECK(fn[k].outer == HC_BODY_NONE && !fn[k].lambda);
    }
    CHECK(hc_code_device_body(&f.u, find(&f.u, "b")) == NULL);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "x")) == NULL);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "proto")) == NULL);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "w") + 3) != NULL); /* the w of `return w` */
    teardown(&f);
}

/* #if branches that each open a brace: the group counts as its first branch, so the body ends at its own '}'
 * and what follows is outside it. A body opened in a later branch only and left open there is none; one the
 * file never closes runs to the last code token. */
static void test_bodies_across_branches(void) {
    fixture f;
    setup(&f, "__device__ void branches(int *o) {\n"
              "#if A\n"
              "  if (o[0]) {\n"
              "#else\n"
              "  if (o[1]) {\n"
              "#endif\n"
              "    inside();\n"
              "  }\n"
              "}\n"
              "void after() { host(); }\n"
              "#ifdef X\n"
              "__global__ void two(int a) {\n"
              "#else\n"
              "__global__ void two(int a, int b) {\n"
              "#endif\n"
              "  both();\n"
              "}\n"
              "__global__ void open(int n) { unclosed(); if (n) {\n");
    CHECK_INT(hc_code_analyze(&f.u), 0);
    const hc_body *b = body_named(&f, "branches");
    CHECK(b != NULL);
    if (b) {
        CHECK(b->close < find(&f.u, "after") && b->close > find(&f.u, "inside"));
        CHECK(hc_code_device_body(&f.u, find(&f.u, "inside")) == b);
    }
    b = body_named(&f, "after");
    CHECK(b && !b->device);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "host")) == NULL);
    size_t n;
    const hc_body *all = hc_code_bodies(&f.u, &n);
    CHECK_INT(n, 4); /* branches, after, the first branch's two, open */
    b = hc_code_device_body(&f.u, find(&f.u, "both"));
    CHECK(b != NULL);
    if (b) CHECK(hc_code_is(&f.u, b->params + 3, ")")); /* the first branch's (int a) {, not (int a, int b) { */
    b = hc_code_device_body(&f.u, find(&f.u, "unclosed"));
    CHECK(b && b == &all[n - 1] && b->close == f.u.toks.n - 1);
    teardown(&f);
}

/* Specifiers read back over #if lines and parenthesised groups; a trailing return type, qualifiers, member
 * initializers and a function-try-block's try between the parameter list and the body; a struct with an
 * alignment group has none. */
static void test_body_declarations(void) {
    fixture f;
    setup(&f, "__global__\n"
              "#if USE_BOUNDS\n"
              "__launch_bounds__(256)\n"
              "#endif\n"
              "void bounded(int *p) { kb(); }\n"
              "__device__ auto trailing(int a) -> decltype(a + 1) { if (a) { return a; } return 0; }\n"
              "struct S {\n"
              "  __device__ S(int a) : x(a), y{a} { ctor(); }\n"
              "  __device__ int operator[](int i) const noexcept { return i; }\n"
              "  int x, y;\n"
              "};\n"
              "int host_fn(int a) __attribute__((used)) { return a; }\n"
              "typedef struct __align__(8) { int v; } aligned_t;\n"
              "int guarded(int a) try { if (a) { return a; } return 0; } catch (int e) { return e; }\n");
    CHECK_INT(hc_code_analyze(&f.u), 0);
    const hc_body *b = body_named(&f, "bounded");
    CHECK(b && b->spec == HC_BODY_GLOBAL && hc_body_device_only(b));
    b = body_named(&f, "trailing");
    CHECK(b && hc_body_device_only(b) && hc_code_is(&f.u, b->open - 1, ")"));
    size_t n;
    const hc_body *all = hc_code_bodies(&f.u, &n);
    CHECK_INT(n, 6); /* not the if's block inside trailing, the structs' braces or the catch handler */
    b = body_named(&f, "S"); /* the constructor's parameters, not its last initializer's */
    CHECK(b && hc_code_is(&f.u, b->params + 1, "int") && hc_code_device_body(&f.u, find(&f.u, "ctor")) == b);
    CHECK(n == 6 && all[3].name == HC_BODY_NONE && !all[3].lambda && all[3].device); /* operator[]: no lambda */
    b = body_named(&f, "host_fn");
    CHECK(b && b->spec == 0 && !b->device);
    b = body_named(&f, "guarded"); /* the try block is the body; the if inside it is a block */
    CHECK(b && b == &all[n - 1] && b->close < find(&f.u, "catch"));
    teardown(&f);
}

/* Lambdas: a device lambda inside a host function is device code; a plain one is not, unless it lies in
 * device code. A functor's member declared in a host function is a body too. */
static void test_lambda_bodies(void) {
    fixture f;
    setup(&f, "void host_fn(int *d, int n) {\n"
              "  if (n) { launch(n, [=] __device__ (int i) { d[i] = dev(); }); }\n"
              "  sort(d, [](int a, int b) { return plain(); });\n"
              "  struct F { __device__ int operator()(int v) const { return functor(); } };\n"
              "}\n"
              "__global__ void k() { auto g = [](int v) { return inner(); }; }\n");
    CHECK_INT(hc_code_analyze(&f.u), 0);
    size_t n;
    const hc_body *all = hc_code_bodies(&f.u, &n);
    CHECK_INT(n, 6); /* host_fn, three nested in it, k, the lambda in k; no if block */
    if (n == 6) {
        CHECK(all[0].outer == HC_BODY_NONE && !all[0].device);
        CHECK(all[1].lambda && all[1].outer == 0 && all[1].spec == HC_BODY_DEVICE && all[1].device);
        CHECK(all[2].lambda && all[2].outer == 0 && !all[2].device);
        CHECK(!all[3].lambda && all[3].outer == 0 && all[3].device);
        CHECK(all[5].lambda && all[5].outer == 4 && all[5].spec == 0 && all[5].device);
    }
    CHECK(hc_code_device_body(&f.u, find(&f.u, "dev")) == &all[1]);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "plain")) == NULL);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "functor")) == &all[3]);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "inner")) == &all[4]); /* the outermost device body */
    CHECK(hc_code_device_body(&f.u, find(&f.u, "sort")) == NULL);
    teardown(&f);
}

/* Host-only branches are read from directive names: a '#' alone on its line opens no conditional, so the
 * #endif after it still ends the host-only branch. The #else of a test of __CUDA_ARCH__'s value is no
 * host-only branch: older devices compile it too. */
static void test_host_only_branches(void) {
    fixture f;
    setup(&f, "__host__ __device__ void hd() {\n"
              "#if !defined(__CUDA_ARCH__)\n"
              "  host_a();\n"
              "#\n"
              "  if (x) host_b();\n"
              "#endif\n"
              "  both();\n"
              "#ifdef __CUDA_ARCH__\n"
              "  dev_a();\n"
              "#elif OTHER\n"
              "  host_c();\n"
              "#endif\n"
              "#if __CUDA_ARCH__ >= 700\n"
              "  dev_b();\n"
              "#else\n"
              "  older_or_host();\n"
              "#endif\n"
              "#if __CUDA_ARCH__\n"
              "  dev_c();\n"
              "#else\n"
              "  host_d();\n"
              "#endif\n"
              "}\n");
    CHECK_INT(hc_code_analyze(&f.u), 0);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "host_a")) == NULL);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "host_b")) == NULL);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "both")) != NULL);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "dev_a")) != NULL);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "host_c")) == NULL);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "dev_b")) != NULL);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "older_or_host")) != NULL); /* not host-only: older devices */
    CHECK(hc_code_device_body(&f.u, find(&f.u, "dev_c")) != NULL);
    CHECK(hc_code_device_body(&f.u, find(&f.u, "host_d")) == NULL);
    teardown(&f);
}

/* Index of the n-th token (from 0) spelling s, or SIZE_MAX. */
static size_t find_nth(const hc_unit *u, const char *s, int n) {
    for (size_t i = 0; i < u->toks.n; i++)
        if (hc_code_is(u, i, s) && n-- == 0) return i;
    return SIZE_MAX;
}

/* One template list read both ways: (text, which '<' opens it, the spelling and occurrence of its closer). A
 * closer of "" means the '<' opens no list (a comparison). */
static const struct {
    const char *text;
    int lt;                /* occurrence of "<" (from 0) */
    const char *close;     /* "" when none */
    int close_nth;         /* occurrence of the closer's spelling */
} template_lists[] = {
    {"template <typename T, int N> __global__ void k(T *p);", 0, ">", 0},
    {"a<b<c>> x;", 0, ">>", 0},               /* '>>' closes both lists */
    {"a<b<c>> x;", 1, ">>", 0},
    {"f<(a > b)> x;", 0, ">", 1},             /* a '>' in parentheses compares */
    {"f<1 << 3> x;", 0, ">", 0},              /* '<<' is a shift */
    {"g<v[i > 2]> x;", 0, ">", 1},
    {"k<T\n#if A > 1\n, 2\n#endif\n> y;", 0, ">", 1}, /* a '>' on an #if line is the directive's */
    {"if (a < b) { c > d; }", 0, "", 0},      /* ')' ends the walk */
    {"x = a < b; y = c > d;", 0, "", 0},      /* ';' ends the walk */
    {"while (i < n) {}", 0, "", 0},
    {"#define M(x) a<x> y\nint z > 1;", 0, ">", 0}, /* a list on a directive line stays there */
    {"#define M(x) a<x\nint z > 1;", 0, "", 0},
};

/* hc_code_template_close and hc_code_template_open agree on every list, with and without the unit's facts. */
static void test_template_lists(void) {
    for (size_t t = 0; t < COUNT_OF(template_lists); t++) {
        for (int analyzed = 0; analyzed < 2; analyzed++) {
            fixture f;
            setup(&f, template_lists[t].text);
            if (analyzed) CHECK_INT(hc_code_analyze(&f.u), 0);
            size_t lt = find_nth(&f.u, "<", template_lists[t].lt);
            size_t want = *template_lists[t].close ? find_nth(&f.u, template_lists[t].close, template_lists[t].close_nth)
                                                   : SIZE_MAX;
            size_t got = hc_code_template_close(&f.u, lt);
            if (got != want) fprintf(stderr, "case %zu (%s): closer %zu, expected %zu\n", t, template_lists[t].text, got, want);
            CHECK(got == want);
            if (want != SIZE_MAX) {
                size_t outer = find_nth(&f.u, "<", 0); /* a '>>' answers with the outer list */
                size_t opener = hc_code_tok(&f.u, want)->len == 2 ? outer : lt;
                CHECK(hc_code_template_open(&f.u, want) == opener);
            }
            teardown(&f);
        }
    }
    fixture f;
    setup(&f, "x = a > b; k<(a > b)>");
    CHECK(hc_code_template_open(&f.u, find_nth(&f.u, ">", 0)) == SIZE_MAX); /* a comparison: no '<' opens it */
    CHECK(hc_code_template_open(&f.u, find_nth(&f.u, ">", 2)) == find(&f.u, "<"));
    CHECK(hc_code_template_close(&f.u, find(&f.u, "x")) == SIZE_MAX); /* not a '<' */
    CHECK(hc_code_template_open(&f.u, find(&f.u, "x")) == SIZE_MAX);
    teardown(&f);
    setup(&f, "/* a */ // b\nx /* c */ y");
    size_t n = f.u.toks.n, x = find(&f.u, "x");
    CHECK_STR(spelling(&f, hc_code_from(&f.u, 0, n)), "x");
    CHECK_STR(spelling(&f, hc_code_from(&f.u, x, n)), "x");
    CHECK_STR(spelling(&f, hc_code_from(&f.u, x + 1, n)), "y");
    CHECK(hc_code_from(&f.u, x + 1, x + 2) == x + 2); /* only a comment in the range */
    CHECK(hc_code_from(&f.u, 0, 1) == 1);
    CHECK(hc_code_from(&f.u, n, n) == n);
    teardown(&f);
}

/* Blocks and controlling statements by each rule of code.h: the innermost block of a token, if/else chains,
 * else if, do/while, for, switch, if constexpr, unbraced bodies and dangling else, lambdas, macro bodies, and
 * the controlling statement looked for no further out than a body. */
static void test_blocks(void) {
    const char *text = "__global__ void k(int *p) {\n"                            /* body */
                       "  if (threadIdx.x < 16) { p[0] = 1; } else if (q) { p[1] = 2; } else { p[2] = 3; }\n"
                       "  for (int i = 0; i < 4; i++) { { s0(); } }\n"
                       "  do { s1(); } while (w > 0);\n"
                       "  switch (v) { case 1: { s2(); } }\n"
                       "  if (a) s3(); else { s4(); }\n"
                       "  while (b) { auto f = [](int z) { s5(); }; }\n"
                       "  if constexpr (c) { s6(); }\n"
                       "  s7();\n"
                       "  if (d) if (e) t1(); else t2(x[1], (y)); t3();\n"
                       "  for (;;) while (g) do t4(); while (h);\n"
                       "  if (m) {}\n"
                       "}\n"
                       "#define M if (x) { s8(); }\n"
                       "int g = s9();\n";
    fixture f;
    setup(&f, text);
    CHECK(hc_code_block_of(&f.u, find(&f.u, "s0")) == NULL); /* no facts yet */
    CHECK(hc_code_control_of(&f.u, find(&f.u, "s0")) == NULL);
    CHECK_INT(hc_code_analyze(&f.u), 0);
    size_t n, nc;
    const hc_block *all = hc_code_blocks(&f.u, &n);
    const hc_control_stmt *ctl = hc_code_controls(&f.u, &nc);
    CHECK_INT(n, 14); /* the macro body's braces make none */
    CHECK_INT(nc, 18); /* the macro's if is none, nor the whiles that end a do */
    const hc_block *body = hc_code_block_of(&f.u, find(&f.u, "s7"));
    CHECK(body && body->body && body->control == HC_BODY_NONE && body->outer == HC_BODY_NONE);
    CHECK(body == &all[0]);
    CHECK(hc_code_control_of(&f.u, find(&f.u, "s7")) == NULL);
    CHECK(hc_code_block_of(&f.u, body->open) == NULL); /* the braces are outside */
    CHECK(hc_code_block_of(&f.u, body->close) == NULL);
    CHECK(hc_code_block_of(&f.u, find(&f.u, "s9")) == NULL);
    CHECK(hc_code_block_of(&f.u, find(&f.u, "s8")) == NULL);
    CHECK(hc_code_control_of(&f.u, find(&f.u, "s8")) == NULL);

    /* if / else if / else: the second else reads b's condition and lies in the first else (a's) */
    CHECK(hc_code_control_of(&f.u, find(&f.u, "p")) == NULL); /* the parameter */
    const hc_control_stmt *t = hc_code_control_of(&f.u, find_nth(&f.u, "p", 1));
    CHECK(t && t->control == HC_CTL_IF && hc_code_is(&f.u, t->keyword, "if") && t->prior == HC_BODY_NONE);
    CHECK(t && hc_code_is(&f.u, hc_code_next(&f.u, t->cond_open), "threadIdx") && t->outer == HC_BODY_NONE);
    CHECK(t && hc_code_match(&f.u, t->cond_open) == t->cond_close && hc_code_punct(&f.u, t->body_first, "{"));
    CHECK(t && hc_code_control_at(&f.u, hc_code_block_of(&f.u, find_nth(&f.u, "p", 1))->control) == t);
    const hc_control_stmt *t2 = hc_code_control_of(&f.u, find_nth(&f.u, "p", 2));
    CHECK(t2 && t2->control == HC_CTL_IF && hc_code_is(&f.u, hc_code_next(&f.u, t2->cond_open), "q"));
    const hc_control_stmt *e1 = t2 ? hc_code_control_at(&f.u, t2->outer) : NULL;
    CHECK(e1 && e1->control == HC_CTL_ELSE && hc_code_control_at(&f.u, e1->prior) == t && e1->cond_open == t->cond_open);
    CHECK(e1 && e1->body_first == t2->keyword);
    const hc_control_stmt *e2 = hc_code_control_of(&f.u, find_nth(&f.u, "p", 3));
    CHECK(e2 && e2->control == HC_CTL_ELSE && hc_code_control_at(&f.u, e2->prior) == t2 && e2->cond_open == t2->cond_open);
    CHECK(e2 && hc_code_control_at(&f.u, e2->outer) == e1);

    /* a plain block inside a for: its controlling statement is the for */
    const hc_block *plain = hc_code_block_of(&f.u, find(&f.u, "s0"));
    CHECK(plain && plain->control == HC_BODY_NONE && !plain->body);
    const hc_control_stmt *loop = hc_code_control_of(&f.u, find(&f.u, "s0"));
    CHECK(loop && loop->control == HC_CTL_FOR && hc_code_is(&f.u, hc_code_next(&f.u, loop->cond_open), "int"));

    /* do: the condition is the while's after the body */
    const hc_control_stmt *d = hc_code_control_of(&f.u, find(&f.u, "s1"));
    CHECK(d && d->control == HC_CTL_DO && hc_code_is(&f.u, d->keyword, "do"));
    CHECK(d && hc_code_is(&f.u, hc_code_next(&f.u, d->cond_open), "w") && d->cond_open > d->body_last);

    /* switch: a case's block is controlled by the switch */
    const hc_control_stmt *sw = hc_code_control_of(&f.u, find(&f.u, "s2"));
    CHECK(sw && sw->control == HC_CTL_SWITCH && hc_code_is(&f.u, hc_code_next(&f.u, sw->cond_open), "v"));

    /* an unbraced body: the if controls it, and its else reads its condition */
    const hc_control_stmt *ia = hc_code_control_of(&f.u, find(&f.u, "s3"));
    CHECK(ia && ia->control == HC_CTL_IF && hc_code_is(&f.u, ia->body_first, "s3") && hc_code_is(&f.u, ia->body_last, ";"));
    const hc_control_stmt *e = hc_code_control_of(&f.u, find(&f.u, "s4"));
    CHECK(e && e->control == HC_CTL_ELSE && hc_code_control_at(&f.u, e->prior) == ia && e->cond_open == ia->cond_open);

    /* a lambda's body runs where it is called: no statement around it controls it */
    const hc_block *lam = hc_code_block_of(&f.u, find(&f.u, "s5"));
    CHECK(lam && lam->body);
    CHECK(hc_code_control_of(&f.u, find(&f.u, "s5")) == NULL);
    const hc_control_stmt *wh = hc_code_control_of(&f.u, find(&f.u, "f"));
    CHECK(wh && wh->control == HC_CTL_WHILE);

    const hc_control_stmt *ce = hc_code_control_of(&f.u, find(&f.u, "s6")); /* if constexpr */
    CHECK(ce && ce->control == HC_CTL_IF && hc_code_is(&f.u, hc_code_next(&f.u, ce->cond_open), "c"));

    /* a dangling else is the inner if's; the outer if's body ends with it; t3 is controlled by neither */
    const hc_control_stmt *ie = hc_code_control_of(&f.u, find(&f.u, "t1"));
    CHECK(ie && hc_code_is(&f.u, hc_code_next(&f.u, ie->cond_open), "e"));
    const hc_control_stmt *id = ie ? hc_code_control_at(&f.u, ie->outer) : NULL;
    CHECK(id && hc_code_is(&f.u, hc_code_next(&f.u, id->cond_open), "d") && id->outer == HC_BODY_NONE);
    const hc_control_stmt *e3 = hc_code_control_of(&f.u, find(&f.u, "t2"));
    CHECK(e3 && e3->control == HC_CTL_ELSE && hc_code_control_at(&f.u, e3->prior) == ie && hc_code_control_at(&f.u, e3->outer) == id);
    CHECK(e3 && hc_code_is(&f.u, e3->body_last, ";") && hc_code_is(&f.u, hc_code_next(&f.u, e3->body_last), "t3"));
    CHECK(id && e3 && id->body_last == e3->body_last);
    CHECK(hc_code_control_of(&f.u, find(&f.u, "t3")) == NULL);

    /* for (;;) while (g) do t4(); while (h); : three nested statements, the last while ends the do */
    const hc_control_stmt *dd = hc_code_control_of(&f.u, find(&f.u, "t4"));
    CHECK(dd && dd->control == HC_CTL_DO && hc_code_is(&f.u, hc_code_next(&f.u, dd->cond_open), "h"));
    const hc_control_stmt *ww = dd ? hc_code_control_at(&f.u, dd->outer) : NULL;
    CHECK(ww && ww->control == HC_CTL_WHILE && hc_code_is(&f.u, hc_code_next(&f.u, ww->cond_open), "g"));
    const hc_control_stmt *ff = ww ? hc_code_control_at(&f.u, ww->outer) : NULL;
    CHECK(ff && ff->control == HC_CTL_FOR && ff->outer == HC_BODY_NONE);
    CHECK(ff && ww && dd && ff->body_last == ww->body_last && ww->body_first == dd->keyword);
    CHECK(hc_code_control_of(&f.u, find(&f.u, "h")) == ww); /* the do's condition is in the while's body */

    const hc_control_stmt *m = &ctl[nc - 1]; /* if (m) {}: an empty body, no token controlled */
    CHECK(hc_code_is(&f.u, hc_code_next(&f.u, m->cond_open), "m") && m->body_first + 1 == m->body_last);

    /* the marks agree with walks over the blocks and the statements for every token */
    for (size_t i = 0; i < f.u.toks.n; i++) {
        const hc_block *want = NULL;
        for (size_t k = 0; k < n; k++)
            if (all[k].open < i && i < all[k].close) want = &all[k]; /* later blocks nest deeper */
        const hc_control_stmt *wantc = NULL;
        size_t from = 0; /* the innermost function or lambda body holding i: no statement outside it counts */
        for (size_t k = 0; k < n; k++)
            if (all[k].body && all[k].open < i && i < all[k].close) from = all[k].open;
        for (size_t k = 0; k < nc; k++) {
            const hc_control_stmt *c = &ctl[k];
            bool braced = hc_code_punct(&f.u, c->body_first, "{");
            bool in = braced ? c->body_first < i && i < c->body_last : c->body_first <= i && i <= c->body_last;
            if (c->body_first != HC_BODY_NONE && in && c->keyword > from) wantc = c; /* later ones nest deeper */
        }
        if (hc_code_block_of(&f.u, i) != want || hc_code_control_of(&f.u, i) != wantc) {
            fprintf(stderr, "token %zu '%s': the facts disagree with the walk\n", i, spelling(&f, i));
            CHECK(0);
        }
    }
    teardown(&f);

    /* an unclosed brace makes no block; a statement whose body runs to the end of the file ends there */
    setup(&f, "void h() { if (x) { y();\n");
    CHECK_INT(hc_code_analyze(&f.u), 0);
    hc_code_blocks(&f.u, &n);
    CHECK_INT(n, 0);
    CHECK(hc_code_block_of(&f.u, find(&f.u, "y")) == NULL);
    const hc_control_stmt *open_if = hc_code_control_of(&f.u, find(&f.u, "y"));
    CHECK(open_if && hc_code_is(&f.u, open_if->body_last, ";"));
    teardown(&f);
    setup(&f, "");
    CHECK_INT(hc_code_analyze(&f.u), 0);
    CHECK(hc_code_block_of(&f.u, 0) == NULL && hc_code_control_of(&f.u, 0) == NULL);
    teardown(&f);
}

int main(void) {
    test_matches_once();
    test_device_bodies();
    test_bodies_across_branches();
    test_body_declarations();
    test_lambda_bodies();
    test_host_only_branches();
    test_template_commas();
    test_empty_and_brackets();
    test_macro_mode();
    test_params_mode();
    test_directives_and_predicates();
    test_directive_lines();
    test_long_list();
    test_template_lists();
    test_blocks();
    UNIT_DONE();
}
