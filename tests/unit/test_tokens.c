/* test_tokens.c: unit tests of the raw token pass (tokens.c): kinds, launch brackets as single tokens,
 * directive and #define flags, line numbers across splices, raw strings, unterminated comments and
 * literals, lone quotes in text no compiler lexes (#if 0, #error), bracket matching. It does not test any rule that uses the tokens. */
#include "tokens.h"
#include "unit_check.h"
#include "util.h"

#include <stdlib.h>

/* The 1-based line a token starts on, counted from its offset (tokens store no line: the unit finds
 * it from the offset the same way). */
static unsigned line_of(const char *text, const hc_token *t) {
    unsigned line = 1;
    for (uint32_t k = 0; k < t->off; k++) line += text[k] == '\n';
    return line;
}

/* Index of the first token spelling s, or SIZE_MAX. */
static size_t find(const char *text, const hc_token_list *l, const char *s) {
    for (size_t i = 0; i < l->n; i++)
        if (hc_tok_is(text, &l->v[i], s)) return i;
    return SIZE_MAX;
}

static void test_launch_tokens(void) {
    const char *t = "k<<<g, b>>>(a >> 1, c << 2);";
    hc_token_list l;
    CHECK_INT(hc_tokenize(t, strlen(t), &l), 0);
    size_t lt = find(t, &l, "<<<"), gt = find(t, &l, ">>>");
    CHECK(lt != SIZE_MAX && gt != SIZE_MAX);
    CHECK_INT(l.v[lt].kind, HC_TOK_PUNCT);
    CHECK_INT(hc_tok_match(t, &l, lt), gt);
    CHECK(find(t, &l, ">>") != SIZE_MAX && find(t, &l, "<<") != SIZE_MAX);
    size_t open = gt + 1;
    CHECK(hc_tok_is(t, &l.v[open], "("));
    CHECK_INT(hc_tok_match(t, &l, open), l.n - 2); /* the ')' before ';' */
    hc_token_list_free(&l);
}

static void test_comments_strings(void) {
    const char *t = "a /* cudaMalloc */ b // cudaFree\n\"cudaMemcpy\" 'c' R\"x(raw \" )x\" u8\"s\" L'w'";
    hc_token_list l;
    CHECK_INT(hc_tokenize(t, strlen(t), &l), 0);
    CHECK_INT(l.n, 9);
    CHECK_INT(l.v[1].kind, HC_TOK_COMMENT);
    CHECK_INT(l.v[3].kind, HC_TOK_COMMENT);
    CHECK_INT(l.v[4].kind, HC_TOK_STRING);
    CHECK_INT(line_of(t, &l.v[4]), 2);
    CHECK_INT(l.v[5].kind, HC_TOK_CHAR);
    CHECK_INT(l.v[6].kind, HC_TOK_STRING);
    CHECK_INT(l.v[6].len, strlen("R\"x(raw \" )x\""));
    CHECK_INT(l.v[7].kind, HC_TOK_STRING);
    CHECK_INT(l.v[8].kind, HC_TOK_CHAR);
    CHECK_INT(l.unterminated_comment_line, 0);
    CHECK_INT(l.unterminated_literal_line, 0);
    CHECK_INT(hc_tok_next(&l, 0), 2); /* skips the comment */
    CHECK_INT(hc_tok_prev(&l, 4), 2);
    hc_token_list_free(&l);
}

static void test_directives(void) {
    const char *t = "#include <cuda_runtime.h>\n#define M(x) \\\n  cudaFree(x)\nint cudaFree;\n  # if 0\n";
    hc_token_list l;
    CHECK_INT(hc_tokenize(t, strlen(t), &l), 0);
    CHECK_INT(l.v[0].kind, HC_TOK_HASH);
    CHECK(l.v[0].flags & HC_TOKF_DIRECTIVE);
    CHECK(l.v[0].flags & HC_TOKF_LINE_START);
    CHECK_INT(l.v[2].kind, HC_TOK_STRING); /* <cuda_runtime.h> is one token */
    CHECK(hc_tok_is(t, &l.v[2], "<cuda_runtime.h>"));
    size_t body = find(t, &l, "cudaFree");
    CHECK(l.v[body].flags & HC_TOKF_IN_DEFINE);
    CHECK(l.v[body].flags & HC_TOKF_DIRECTIVE);
    CHECK_INT(line_of(t, &l.v[body]), 3); /* after the splice */
    size_t later = body + 1;
    while (later < l.n && !hc_tok_is(t, &l.v[later], "cudaFree")) later++;
    CHECK(later < l.n);
    CHECK(!(l.v[later].flags & (HC_TOKF_DIRECTIVE | HC_TOKF_IN_DEFINE)));
    CHECK_INT(line_of(t, &l.v[later]), 4);
    size_t hash2 = l.n - 3;
    CHECK_INT(l.v[hash2].kind, HC_TOK_HASH); /* indented # still starts a directive */
    hc_token_list_free(&l);
}

/* A text longer than a token's offsets can address is refused before a byte is read. */
static void test_too_long(void) {
    hc_token_list l;
    CHECK_INT(hc_tokenize("", (size_t)HC_TOK_MAX_TEXT + 1, &l), -1);
    CHECK_INT(l.n, 0);
    hc_token_list_free(&l);
}

static void test_lexical_errors(void) {
    hc_token_list l;
    const char *c = "int a;\nint b; /* open\nmore\n";
    CHECK_INT(hc_tokenize(c, strlen(c), &l), 0);
    CHECK_INT(l.unterminated_comment_line, 2);
    hc_token_list_free(&l);
    const char *s = "int a;\nconst char *s = \"open;\nint b;\n";
    CHECK_INT(hc_tokenize(s, strlen(s), &l), 0);
    CHECK_INT(l.unterminated_literal_line, 2);
    CHECK(find(s, &l, "b") != SIZE_MAX); /* the next line is tokenized again */
    hc_token_list_free(&l);
    const char *r = "R\"d(never closed";
    CHECK_INT(hc_tokenize(r, strlen(r), &l), 0);
    CHECK_INT(l.unterminated_literal_line, 1);
    hc_token_list_free(&l);
    CHECK_INT(hc_tokenize("", 0, &l), 0);
    CHECK_INT(l.n, 0);
    hc_token_list_free(&l);
    /* an unmatched <<< has no partner; a bracket never matches across a directive line */
    const char *u = "k<<<1, 2(a);\n#define X )\n";
    CHECK_INT(hc_tokenize(u, strlen(u), &l), 0);
    CHECK_INT(hc_tok_match(u, &l, find(u, &l, "<<<")), SIZE_MAX);
    CHECK_INT(hc_tok_match(u, &l, find(u, &l, "(")), find(u, &l, ")"));
    hc_token_list_free(&l);
}

/* Text no compiler lexes (a group under #if 0 or #elif false, the text of #error and #warning) may hold a
 * lone quote: prose such as "don't". It is no unterminated literal there, and the names after it on
 * the line stay tokens; an active group, or a group whose condition is not literally false, keeps the
 * error. */
static void test_dead_text(void) {
    static const struct { const char *text; uint32_t line; } cases[] = {
        {"#if 0\nWe don't call cudaMalloc here.\n#endif\n", 0},
        {"#if (0) // off\nit's\n#endif\n", 0},
        {"#  if false\nit's\n#endif\n", 0},
        {"#if 0L\n#ifdef X\nit's\n#endif\nand 'this\n#else\nint x;\n#endif\n", 0},
        {"#if A\n#elif 0\nit's\n#else\nint x;\n#endif\n", 0},
        {"#error don't do this\n#warning it's old\n", 0},
        {"#if 0\n#else\nit's\n#endif\n", 3},     /* the #else branch is live */
        {"#if 0\n#endif\nit's\n", 3},              /* after the group */
        {"#if 0\n#if 1\n#endif\n#endif\n'x\n", 5}, /* nested groups end with their own #endif */
        {"#if 00x\nit's\n#endif\n", 2},            /* not literally zero */
        {"#if 0 + 1\nit's\n#endif\n", 2},
        {"#if ZERO\nit's\n#endif\n", 2},
        {"#if 10\nit's\n#endif\n", 2},
        {"#define E don't\n", 1},
    };
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        hc_token_list l;
        const char *t = cases[i].text;
        CHECK_INT(hc_tokenize(t, strlen(t), &l), 0);
        if (l.unterminated_literal_line != cases[i].line) fprintf(stderr, "case %zu: %s\n", i, t);
        CHECK_INT(l.unterminated_literal_line, cases[i].line);
        hc_token_list_free(&l);
    }
    hc_token_list l;
    const char *t = cases[0].text;
    CHECK_INT(hc_tokenize(t, strlen(t), &l), 0);
    size_t name = find(t, &l, "cudaMalloc");
    CHECK(name != SIZE_MAX && l.v[name].kind == HC_TOK_IDENT && line_of(t, &l.v[name]) == 2);
    size_t quote = find(t, &l, "'");
    CHECK(quote != SIZE_MAX && l.v[quote].kind == HC_TOK_PUNCT && l.v[quote].len == 1);
    CHECK(hc_tok_is(t, &l.v[l.n - 1], "endif") && line_of(t, &l.v[l.n - 1]) == 3);
    hc_token_list_free(&l);
    /* a prefix letter before the lone quote stays an identifier ("L's") */
    const char *p = "#if 0\nL's\n#endif\n";
    CHECK_INT(hc_tokenize(p, strlen(p), &l), 0);
    size_t L = find(p, &l, "L");
    CHECK(L != SIZE_MAX && l.v[L].kind == HC_TOK_IDENT && hc_tok_is(p, &l.v[L + 1], "'"));
    hc_token_list_free(&l);
}

static void test_binary_safety(void) {
    /* well-formed UTF-8 continues an identifier; NUL and control bytes do not stop the lexer */
    const char t[] = "caf\xc3\xa9 = 1; \x01 x";
    hc_token_list l;
    CHECK_INT(hc_tokenize(t, sizeof t - 1, &l), 0);
    CHECK_INT(l.v[0].kind, HC_TOK_IDENT);
    CHECK_INT(l.v[0].len, 5);
    CHECK(hc_tok_is(t, &l.v[l.n - 1], "x"));
    hc_token_list_free(&l);

    /* a byte that is not UTF-8 (Latin-1) is a token of its own, never part of an identifier or number */
    const char *latin1 = "cudaFree\xa0(p); caf\xe9 1\xb5 \xc3(";
    CHECK_INT(hc_tokenize(latin1, strlen(latin1), &l), 0);
    CHECK(hc_tok_is(latin1, &l.v[0], "cudaFree"));
    CHECK_INT(l.v[1].len, 1);
    CHECK(hc_tok_is(latin1, &l.v[2], "("));
    size_t caf = find(latin1, &l, "caf");
    CHECK(caf != SIZE_MAX && l.v[caf + 1].len == 1 && (unsigned char)latin1[l.v[caf + 1].off] == 0xe9);
    CHECK(find(latin1, &l, "1") != SIZE_MAX);
    CHECK(hc_tok_is(latin1, &l.v[l.n - 1], "(")); /* a truncated sequence (\xc3 then '(') is one byte */
    CHECK_INT(l.v[l.n - 2].len, 1);
    hc_token_list_free(&l);
}

int main(void) {
    test_launch_tokens();
    test_comments_strings();
    test_directives();
    test_lexical_errors();
    test_too_long();
    test_dead_text();
    test_binary_safety();
    UNIT_DONE();
}
