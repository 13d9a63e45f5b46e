/* edits.h: the edit set. Passes only propose edits (offset, length, replacement, priority); this module
 * sorts them, rejects overlaps deterministically and applies them once. It knows no CUDA. */
#ifndef HC_EDITS_H
#define HC_EDITS_H
#include "hipify/hipify.h"

/* Which edit wins when two overlap (lower value wins). It says nothing about which pass proposed the
 * edit (hc_edit.pass does): a pass picks the level that fits the edit. */
typedef enum hc_edit_priority {
    HC_PRIO_USER_RENAME = 0, /* user rules override the built-in tables */
    HC_PRIO_USER_REGEX,
    HC_PRIO_REWRITE,         /* a construct rewritten beyond its names (arguments, casts, removed or joined
                              * tokens): wins over the launch rewrite and the renames of the same bytes */
    HC_PRIO_LAUNCH,          /* <<<>>> to hipLaunchKernelGGL */
    HC_PRIO_INCLUDE,         /* header map and hip_runtime.h insertion */
    HC_PRIO_RENAME,          /* one name replaced by another; the name was counted as a converted reference */
    HC_PRIO_WARP,            /* --fix-warp-size */
    HC_PRIO_BUILD,           /* CMake / Makefile migration */
    HC_PRIO_ANNOTATE,        /* --annotate comments */
    HC_PRIO__COUNT
} hc_edit_priority;

typedef struct hc_edit_set {
    hc_edit *v;
    size_t n, cap;
} hc_edit_set;

/* Proposes an edit; replacement is copied, pass (a static name, or NULL) is kept. Returns 0 or -1 on
 * out-of-memory. */
int hc_edits_add(hc_edit_set *s, uint32_t off, uint32_t len, const char *repl, size_t repl_len,
                 hc_edit_priority priority, hc_effort effort, const char *pass);
/* Sorts by offset, then drops every edit that overlaps an earlier-kept one with a better (lower)
 * priority. Insertions (length 0) at the same offset are kept in proposal order. Returns the number
 * of edits dropped. */
size_t hc_edits_normalize(hc_edit_set *s);
/* Applies normalized edits to text; returns a malloc'd buffer (NUL-terminated) and its length. */
char *hc_edits_apply(const hc_edit_set *s, const char *text, size_t len, size_t *out_len);
void hc_edit_set_free(hc_edit_set *s);

#endif
