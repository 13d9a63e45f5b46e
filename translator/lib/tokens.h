/* tokens.h: the raw token pass: every token of a C/C++/CUDA file, inactive #if branches, macro bodies
 * and comments included. It does not preprocess, parse or resolve names; semantic.c does that. */
#ifndef HC_TOKENS_H
#define HC_TOKENS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef enum hc_tok_kind {
    HC_TOK_IDENT = 0,
    HC_TOK_NUMBER,
    HC_TOK_STRING,  /* "..." R"(...)" u8"..." and <header> after #include */
    HC_TOK_CHAR,    /* '...' */
    HC_TOK_COMMENT, /* // ... and block comments */
    HC_TOK_PUNCT,   /* operators and punctuation; <<< and >>> are single tokens */
    HC_TOK_HASH     /* the # that starts a preprocessor directive */
} hc_tok_kind;

enum {
    HC_TOKF_DIRECTIVE = 1u << 0, /* inside a preprocessor directive line (continuations included) */
    HC_TOKF_INACTIVE = 1u << 1,  /* inside a preprocessor branch the semantic pass found excluded */
    HC_TOKF_LINE_START = 1u << 2,/* first token on its physical line */
    HC_TOKF_VETO = 1u << 3,      /* the semantic pass found this identifier names a user entity */
    HC_TOKF_IN_DEFINE = 1u << 4, /* inside a #define body */
    HC_TOKF_MISTYPED = 1u << 6,  /* first token of a call argument the semantic pass found to have another type
                                  * than a warn-unless row of arguments.tsv wants */
    HC_TOKF_TYPED = 1u << 5,     /* first token of a call argument the semantic pass found to have the type a
                                  * cast-unless row of arguments.tsv wants: no cast needed */
    HC_TOKF_HALF2_MEMBER = 1u << 7, /* the x or y of a member access whose object the semantic pass found to be
                                     * of type half2 (pass_unportable.c rewrites the access) */
    HC_TOKF_VECTOR_MEMBER = 1u << 8 /* the x, y, z or w of a member access whose object the semantic pass found
                                     * to be of a CUDA vector type (char4, float2...; unportable_vector.c) */
};

/* A token is 12 bytes (a file has about one token for every four bytes, so this is the largest part of a
 * translation's memory). Its line is not stored: hc_unit_line_of finds it from the offset. Offsets are
 * 32 bits: a text is at most HC_TOK_MAX_TEXT bytes (hc_tokenize refuses a longer one; the translator
 * refuses inputs over 64 MiB before it tokenizes). */
#define HC_TOK_MAX_TEXT (64u * 1024u * 1024u)
typedef struct hc_token {
    uint32_t off;
    uint32_t len;
    uint8_t kind;  /* hc_tok_kind */
    uint16_t flags; /* HC_TOKF_* */
} hc_token;

typedef struct hc_token_list {
    hc_token *v;
    size_t n, cap;
    /* lexical problems found while tokenizing (0 when none) */
    uint32_t unterminated_comment_line;
    uint32_t unterminated_literal_line;
} hc_token_list;

/* Tokenizes text[0, len). Never fails on malformed input: an unterminated comment runs to the end of
 * the text, an unterminated literal to the end of its line; both are recorded in the list.
 * Returns 0, or -1 when memory runs out or len is over HC_TOK_MAX_TEXT. */
int hc_tokenize(const char *text, size_t len, hc_token_list *out);
void hc_token_list_free(hc_token_list *l);

/* True when token t spells exactly s. Inline: the passes call it for nearly every token. */
static inline bool hc_tok_is(const char *text, const hc_token *t, const char *s) {
    if (t->len == 0 || text[t->off] != s[0]) return false; /* most comparisons end here, before strlen */
    size_t n = strlen(s);
    return t->len == n && memcmp(text + t->off, s, n) == 0;
}

/* Index of the next/previous token that is not a comment, or n / SIZE_MAX when none. */
size_t hc_tok_next(const hc_token_list *l, size_t i);
size_t hc_tok_prev(const hc_token_list *l, size_t i);

/* Index of the token that starts exactly at byte offset off, or SIZE_MAX (binary search). */
size_t hc_tok_at(const hc_token_list *l, uint32_t off);

/* Given the index of an opening ( [ { or <<<, the index of its matching closer, or SIZE_MAX. */
size_t hc_tok_match(const char *text, const hc_token_list *l, size_t open);

#endif
