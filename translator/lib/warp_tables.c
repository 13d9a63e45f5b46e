/* warp_tables.c: the tables of warp_rules.def and the lookups in them (intrinsics, lane and warp names, words).
 * It answers "is this token one of those"; it classifies no expression. */
#include "warp_scan.h"

#include <ctype.h>
#include <string.h>

const mask_intrinsic warp_mask_intrinsics[] = {
#define HC_WARP_MASK_INTRINSIC(name, arg) {name, arg},
#include "warp_rules.def"
#undef HC_WARP_MASK_INTRINSIC
};
const char *const warp_ballot_calls[] = {
#define HC_WARP_BALLOT(name) name,
#include "warp_rules.def"
#undef HC_WARP_BALLOT
};
const bitcount_intrinsic warp_bitcounts[] = {
#define HC_WARP_BITCOUNT(n32, n64, safe) {n32, n64, safe},
#include "warp_rules.def"
#undef HC_WARP_BITCOUNT
};
const shuffle_intrinsic warp_shuffles[] = {
#define HC_WARP_SHUFFLE(name, off, width, reduces) {name, off, width, reduces},
#include "warp_rules.def"
#undef HC_WARP_SHUFFLE
};
const lane_name warp_lane_names[] = {
#define HC_WARP_NAME(name, is_warp) {name, is_warp},
#include "warp_rules.def"
#undef HC_WARP_NAME
};
const lane_op warp_lane_ops[] = {
#define HC_WARP_LANE_OP(op, value, warp, lit, oper) {op, value, warp, lit, oper},
#include "warp_rules.def"
#undef HC_WARP_LANE_OP
};
const char *const warp_size_words[] = {
#define HC_WARP_SIZE_WORD(word) word,
#include "warp_rules.def"
#undef HC_WARP_SIZE_WORD
};
const size_t warp_mask_intrinsics_count = COUNT_OF(warp_mask_intrinsics);
const size_t warp_ballot_calls_count = COUNT_OF(warp_ballot_calls);
const size_t warp_bitcounts_count = COUNT_OF(warp_bitcounts);
const size_t warp_shuffles_count = COUNT_OF(warp_shuffles);
const size_t warp_lane_names_count = COUNT_OF(warp_lane_names);
const size_t warp_lane_ops_count = COUNT_OF(warp_lane_ops);
const size_t warp_size_words_count = COUNT_OF(warp_size_words);

/* Words that end a declaration's type when walking back from a name: they start statements. */
static const char *const warp_statement_words[] = {"return", "case", "else", "do", "goto", "throw", "delete", "new",
                                              "sizeof", "if", "while", "for", "switch", "co_return", "using",
                                              "namespace", "typedef", "default", "public", "private", "protected"};
/* Declaration qualifiers that are not part of the value's type width. */
static const char *const warp_qualifier_words[] = {"const", "volatile", "static", "register", "__shared__", "__device__",
                                              "__constant__", "extern", "inline", "__restrict__", "constexpr",
                                              "__host__", "__forceinline__", "__inline__", "__noinline__"};

bool warp_is_statement_word(const warp_scan *w, size_t i) {
    return hc_code_is_any(w->u, i, warp_statement_words, COUNT_OF(warp_statement_words));
}

bool warp_is_qualifier(const warp_scan *w, size_t i) {
    return hc_code_is_any(w->u, i, warp_qualifier_words, COUNT_OF(warp_qualifier_words));
}

static bool name_in(const warp_scan *w, size_t i, const char *const *names, size_t n) {
    return is_ident(w, i) && hc_code_is_any(w->u, i, names, n);
}

bool warp_is_ballot_call(const warp_scan *w, size_t i) {
    return name_in(w, i, warp_ballot_calls, warp_ballot_calls_count) && is(w, nx(w, i), "(");
}

const mask_intrinsic *warp_mask_intrinsic_at(const warp_scan *w, size_t i) {
    if (!is_ident(w, i) || !is(w, nx(w, i), "(")) return NULL;
    for (size_t k = 0; k < warp_mask_intrinsics_count; k++)
        if (is(w, i, warp_mask_intrinsics[k].name)) return &warp_mask_intrinsics[k];
    return NULL;
}

const shuffle_intrinsic *warp_shuffle_at(const warp_scan *w, size_t i) {
    if (!is_ident(w, i) || !is(w, nx(w, i), "(")) return NULL;
    for (size_t k = 0; k < warp_shuffles_count; k++)
        if (is(w, i, warp_shuffles[k].name)) return &warp_shuffles[k];
    return NULL;
}

unsigned warp_name_table_class(const warp_scan *w, size_t i) {
    for (size_t k = 0; k < warp_lane_names_count; k++)
        if (is(w, i, warp_lane_names[k].name)) return warp_lane_names[k].is_warp ? CLS_WARP : CLS_THREAD | CLS_LANE;
    return 0;
}

bool warp_name_looks_like_warp_size(const warp_scan *w, size_t pos) {
    char name[128], lower[128];
    warp_tok_text(w, pos, name, sizeof name);
    size_t k = 0;
    for (; name[k]; k++) lower[k] = (char)tolower((unsigned char)name[k]);
    lower[k] = '\0';
    for (size_t i = 0; i < warp_size_words_count; i++) {
        const char *hit = strstr(lower, warp_size_words[i]);
        /* "warps" counts warps (WARPS_PER_BLOCK, kNumWarps), not lanes; "warpsize" is a size */
        const char *after = hit ? hit + strlen(warp_size_words[i]) : NULL;
        if (hit && (after[0] != 's' || !strncmp(after, "size", 4))) return true;
    }
    return false;
}
