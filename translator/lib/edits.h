/* edits.h: the edit set. Rules only propose edits (offset, length, replacement, rule); this module
 * sorts them, rejects overlaps deterministically and applies them once. It knows no CUDA. */
#ifndef HC_EDITS_H
#define HC_EDITS_H
#include "hipify/hipify.h"

/* Which rule proposed an edit; also its priority when two edits overlap (lower value wins). */
typedef enum hc_rule_id {
    HC_RULE_USER_RENAME = 0, /* user rules override the built-in tables */
    HC_RULE_USER_REGEX,
    HC_RULE_ARGUMENTS,       /* argument rewrites (HIP_SYMBOL, overloads, casts) */
    HC_RULE_LAUNCH,          /* <<<>>> to hipLaunchKernelGGL */
    HC_RULE_INCLUDE,         /* header map and hip_runtime.h insertion */
    HC_RULE_RENAME,          /* table renames */
    HC_RULE_WARP,            /* --fix-warp-size */
    HC_RULE_BUILD,           /* CMake / Makefile migration */
    HC_RULE_ANNOTATE,        /* --annotate comments */
    HC_RULE__COUNT
} hc_rule_id;

typedef struct hc_edit_set {
    hc_edit *v;
    size_t n, cap;
} hc_edit_set;

/* Proposes an edit; replacement is copied. Returns 0 or -1 on out-of-memory. */
int hc_edits_add(hc_edit_set *s, uint32_t off, uint32_t len, const char *repl, size_t repl_len,
                 hc_rule_id rule, hc_effort effort);
/* Sorts by offset, then drops every edit that overlaps an earlier-kept one with a better (lower)
 * rule id. Insertions (length 0) at the same offset are kept in proposal order. Returns the number
 * of edits dropped. */
size_t hc_edits_normalize(hc_edit_set *s);
/* Applies normalized edits to text; returns a malloc'd buffer (NUL-terminated) and its length. */
char *hc_edits_apply(const hc_edit_set *s, const char *text, size_t len, size_t *out_len);
void hc_edit_set_free(hc_edit_set *s);

#endif
