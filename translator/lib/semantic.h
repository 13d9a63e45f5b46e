/* semantic.h: the libclang pass over one file (vetoes renames of user entities, marks excluded
 * preprocessor branches, reports parse errors). It proposes no edits. */
#ifndef HC_SEMANTIC_H
#define HC_SEMANTIC_H
#include "unit.h"

typedef enum hc_semantic_mode {
    HC_SEMANTIC_SINGLE_FILE = 0, /* the file alone, declarations prepended: fast, no includes */
    HC_SEMANTIC_FULL             /* the file with its include graph (-p, --semantic=full) */
} hc_semantic_mode;

typedef struct hc_semantic_config {
    hc_semantic_mode mode;
    const char *decls;  /* declaration text prepended in single-file mode */
    size_t decls_len;
    const char *const *args; /* compiler arguments */
    size_t nargs;
    bool mark_skipped;  /* mark tokens of excluded #if branches inactive */
} hc_semantic_config;

/* Shapes of token stream that libclang handles only by recursing once per level (its parser, its AST
 * visitor): a file beyond either limit is not parsed; the token pass translates it (HC2040). Deeper
 * than any code a person writes, and well inside the parse thread's stack (HC_SEMANTIC_STACK_MB). */
enum {
    HC_SEMANTIC_MAX_NESTING = 4096, /* brackets ( [ { and template angles open at once */
    HC_SEMANTIC_MAX_CHAIN = 50000,  /* operators in one expression at one bracket level (a+b+c+...) */
    HC_SEMANTIC_STACK_MB = 256,     /* stack of the thread the parse and the AST walk run on */
    HC_SEMANTIC_MAX_EXPANSION = 1000000 /* tokens one macro use may expand to (estimated from the
                                         * file's own #defines): libclang needs some 300 bytes and a
                                         * microsecond for each, so 10^6 is a second and 300 MB */
};

/* The deepest nesting and the longest operator chain of a token stream, with the line of each. */
typedef struct hc_nesting {
    uint32_t depth, depth_line;
    uint32_t chain, chain_line;
} hc_nesting;

/* Measures u's tokens in one linear scan. Returns 0, or -1 when out of memory. */
int hc_semantic_measure(const hc_unit *u, hc_nesting *out);
/* Once per process, before any parse: makes libclang parse on the calling thread (whose stack the
 * pass sizes) instead of a helper thread of its own with a fixed 8 MiB stack. */
void hc_semantic_init(void);
/* Runs the pass; problems in the input become diagnostics. Returns 0, or -1 when out of memory. */
int hc_semantic_run(hc_unit *u, const hc_semantic_config *cfg);
/* True when identifier token i stands where a declaration puts its name (after a type-like token). */
bool hc_tok_declarator_position(const hc_unit *u, size_t i);
/* True for the name of a CUDA vector type (char4, float2, ulonglong1...). */
bool hc_is_vector_type_name(const char *s, size_t n);
/* True when the token stream shows a construct whose meaning only the semantic pass can settle. */
bool hc_semantic_needed(const hc_unit *u);

#endif
