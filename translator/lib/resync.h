/* resync.h: the plan of a re-sync: given the last port's translation (base), today's translation of the
 * new CUDA (theirs) and the hand-edited HIP tree (ours), what becomes of every file: kept, replaced,
 * merged three ways (libgit2's git_merge_file), added, removed, renamed, or in conflict. It works on
 * bytes in memory; it reads and writes no file (the front end does, through the output layer). */
#ifndef HC_RESYNC_H
#define HC_RESYNC_H
#include <stdbool.h>
#include <stddef.h>

/* One file of a tree as the planner sees it. */
typedef struct hc_rs_file {
    const char *rel;  /* path relative to the tree root */
    const char *data; /* contents (not owned) */
    size_t len;
    const char *src_id; /* base/theirs: the CUDA source's blob id (finds renames); ours: unused */
} hc_rs_file;

typedef struct hc_rs_tree {
    const hc_rs_file *v; /* sorted by rel */
    size_t n;
} hc_rs_tree;

/* The file of tree t at rel (t sorted by rel), or NULL. */
const hc_rs_file *hc_rs_tree_find(const hc_rs_tree *t, const char *rel);

typedef enum hc_rs_action {
#define HC_RS_ACTION(sym, key, text) sym,
#include "resync_actions.def"
#undef HC_RS_ACTION
    HC_RS__COUNT
} hc_rs_action;

const char *hc_rs_action_key(hc_rs_action a);  /* "merged", "conflict", ... (JSON) */
const char *hc_rs_action_text(hc_rs_action a); /* what the report says */

typedef struct hc_rs_entry {
    char *rel;           /* the path in the HIP tree that the action is about (owned) */
    char *from;          /* a rename's old path, or NULL (owned) */
    hc_rs_action action;
    bool write;          /* write data to rel */
    char *data;          /* what to write (owned) */
    size_t len;
    bool remove;         /* remove the HIP file at remove_rel, only if it still holds expect */
    const char *remove_rel;
    const char *expect;  /* not owned: ours' bytes */
    size_t expect_len;
    unsigned conflicts;  /* conflict regions written with markers */
    bool hand_edited;    /* ours differed from base: hand edits that the action keeps */
} hc_rs_entry;

typedef struct hc_rs_plan {
    hc_rs_entry *v;
    size_t n, cap;
    size_t count[HC_RS__COUNT];
} hc_rs_plan;

/* The labels written on conflict markers. */
typedef struct hc_rs_labels {
    const char *base, *ours, *theirs;
} hc_rs_labels;

/* Plans the re-sync of every file of base and theirs against ours (files of ours that neither knows are
 * the port's own and are not in the plan). Returns 0, or -1 out of memory or when libgit2 fails (err). */
int hc_rs_plan_make(const hc_rs_tree *base, const hc_rs_tree *theirs, const hc_rs_tree *ours, const hc_rs_labels *labels,
                    hc_rs_plan *plan, char *err, size_t errsize);
void hc_rs_plan_free(hc_rs_plan *plan);
/* Adds an entry (counted) for what the planner could not see (a file that failed to translate, a
 * conflict left by an earlier re-sync), or changes an entry's action, keeping the counts. NULL: out of
 * memory. */
hc_rs_entry *hc_rs_plan_add(hc_rs_plan *plan, const char *rel, hc_rs_action a);
void hc_rs_plan_set(hc_rs_plan *plan, hc_rs_entry *e, hc_rs_action a);

/* Three-way merge of one file (diff3-style markers). Writes the result (malloc'd) and returns the number
 * of conflict regions (0: clean), or -1 on an error. */
int hc_merge3(const char *base, size_t blen, const char *ours, size_t olen, const char *theirs, size_t tlen,
              const hc_rs_labels *labels, char **out, size_t *outlen);

/* Pairs each file of base that theirs lacks with the file of theirs (one that base lacks) it became: the
 * same CUDA source (src_id) first, then the most similar text (at least half its lines, the first in path
 * order among equals) with the same extension. rename_of[i] is the index in theirs of base file i's new
 * path, or SIZE_MAX. Near-linear in the lines of the files. Returns 0, or -1 out of memory. */
int hc_rs_renames(const hc_rs_tree *base, const hc_rs_tree *theirs, size_t *rename_of);

/* How alike two texts are by their lines, from 0 (nothing shared) to 100 (the same lines). */
int hc_rs_similarity(const char *a, size_t alen, const char *b, size_t blen);
#endif
