/* test_macro_growth.c: unit tests of the macro expansion estimate (macro_growth.c) that lets the semantic
 * pass decline exponentially growing macros: object-like chains, function-like nesting, cycles, several
 * definitions of one name. It runs no parse. */
#include "macro_growth.h"
#include "unit_check.h"

#include <stdlib.h>

static uint64_t measure(const char *text, char *name, uint32_t *line) {
    hc_unit u = {0};
    u.text = text;
    u.len = strlen(text);
    /* the line index, as translate.c builds it: the use's line is found from its offset */
    uint32_t starts[512];
    starts[u.nlines++] = 0;
    for (size_t i = 0; i + 1 < u.len && u.nlines < 512; i++)
        if (text[i] == '\n') starts[u.nlines++] = (uint32_t)(i + 1);
    u.line_starts = starts;
    hc_macro_growth g;
    int rc = hc_tokenize(text, u.len, &u.toks) != 0 || hc_macro_growth_measure(&u, &g) != 0;
    hc_token_list_free(&u.toks);
    if (rc) return UINT64_MAX;
    if (name) strcpy(name, g.name);
    if (line) *line = g.line;
    return g.tokens;
}

int main(void) {
    char name[64];
    uint32_t line;
    CHECK_INT(measure("int x = 1;\n", NULL, NULL), 0);
    CHECK_INT(measure("#define A0 1\n#define A1 A0 A0\n#define A2 A1 A1\nint v = A2;\n", name, &line), 4);
    CHECK_STR(name, "A2");
    CHECK_INT(line, 4);
    CHECK_INT(measure("#define A0 x+\n#define A1 A0 A0\n#define A2 A1 A1\nint v = A2 0;\n", NULL, NULL), 8);
    /* F(F(1 2)) with F(x) = x x x: 3 * 3 * 2 */
    CHECK_INT(measure("#define F(x) x x x\nint w = F(F(1 2));\n", NULL, NULL), 18);
    /* a body that calls another macro with its parameter: G(a) = (F(a)) = 2 + 3 * |a| */
    CHECK_INT(measure("#define F(x) x x x\n#define G(y) (F(y))\nint w = G(a b);\n", NULL, NULL), 8);
    /* self-reference and cycles are not expanded again */
    CHECK_INT(measure("#define S S S\nint s = S;\n", NULL, NULL), 2);
    CHECK_INT(measure("#define P Q Q\n#define Q P P\nint s = P;\n", NULL, NULL), 4);
    /* several definitions: the largest */
    CHECK_INT(measure("#ifdef X\n#define M 1\n#else\n#define M 1 2 3\n#endif\nint m = M;\n", NULL, NULL), 3);
    /* exponential growth saturates instead of overflowing, and names its use */
    char text[4096];
    int n = snprintf(text, sizeof text, "#define A0 x x\n");
    for (int i = 1; i <= 80; i++) n += snprintf(text + n, sizeof text - (size_t)n, "#define A%d A%d A%d\n", i, i - 1, i - 1);
    snprintf(text + n, sizeof text - (size_t)n, "int v = A80;\n");
    CHECK(measure(text, name, &line) >= (1ull << 62));
    CHECK_STR(name, "A80");
    CHECK_INT(line, 82);
    CHECK(measure("#define D(x) x x\n#define E(x) D(D(D(D(x))))\n#define G(x) E(E(E(E(x))))\n#define H(x) G(G(x))\n"
                  "int v = H(x+);\n", NULL, NULL) == (1ull << 33));
    UNIT_DONE();
}
