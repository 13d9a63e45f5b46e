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

/* Runs the pass; problems in the input become diagnostics. Returns 0, or -1 when out of memory. */
int hc_semantic_run(hc_unit *u, const hc_semantic_config *cfg);
/* True when identifier token i stands where a declaration puts its name (after a type-like token). */
bool hc_tok_declarator_position(const hc_unit *u, size_t i);
/* True when the token stream shows a construct whose meaning only the semantic pass can settle. */
bool hc_semantic_needed(const hc_unit *u);

#endif
