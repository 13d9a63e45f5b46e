/* manifest.h: the port manifest a tree port (-O) leaves in its output directory: the tool and tables that
 * made it, the options, the CUDA tree's identity (git commit, content id) and one line per file (the
 * source's and the written output's git blob ids). It reads and writes the JSON text; it writes no file
 * itself (the front end does, through the output layer) and decides nothing about merging. */
#ifndef HC_MANIFEST_H
#define HC_MANIFEST_H
#include <stdbool.h>
#include <stddef.h>

/* The file name in the output directory's root. */
#define HC_MANIFEST_NAME ".hipify_manifest.json"
/* The value of the "format" key: a JSON file without it is not ours and is never replaced. */
#define HC_MANIFEST_FORMAT "hipify-c-port-manifest"
#define HC_MANIFEST_VERSION 1

/* A git object id in hex (SHA-1, 40 digits) and its terminator; "" when unknown. */
typedef char hc_blob_id[41];

typedef struct hc_manifest_file {
    char *rel;      /* path relative to the tree root, as -O mirrors it */
    hc_blob_id src; /* the CUDA file's blob id */
    hc_blob_id out; /* the written output's blob id ("" when nothing was written: the file failed) */
} hc_manifest_file;

typedef struct hc_manifest {
    char *tool_version;  /* HC_VERSION_STRING of the writer */
    char *tables_id;     /* hc_tables_id() of the writer */
    char **options;      /* the options that shape the translation, as command-line words */
    size_t noptions;
    char *cuda_dir;      /* the CUDA input directory as it was given (informational) */
    hc_blob_id git_commit; /* HEAD of the repository holding the CUDA tree; "" when none */
    char *git_prefix;    /* the CUDA tree's directory inside that repository ("" for its root); NULL: none */
    bool git_dirty;      /* the CUDA tree differed from that commit when it was ported */
    hc_blob_id content_id; /* hc_tree_content_id over the ported files (the authoritative identity) */
    hc_manifest_file *files; /* sorted by rel */
    size_t nfiles, cap;
    /* HIP files a re-sync kept although their CUDA source was removed (they were edited by hand), with the
     * blob ids of their last port, so that --drift still reports them; sorted by rel, not in content_id */
    hc_manifest_file *kept;
    size_t nkept, kept_cap;
    /* Binary conflicts a re-sync left (the HIP file kept, upstream's change not taken), out being the HIP
     * file's blob id then: every later re-sync reports them again until the HIP file no longer holds that
     * (the user took upstream's file or edited it) or the entry is removed by hand (ours kept for good);
     * sorted by rel, not in content_id */
    hc_manifest_file *unresolved;
    size_t nunresolved, unresolved_cap;
} hc_manifest;

/* The identity of the mapping tables this binary carries (a hash made at build time). */
const char *hc_tables_id(void);

/* git's blob id of data (libgit2's hash; equal to `git hash-object`). Returns 0 or -1. */
int hc_blob_id_of(const void *data, size_t len, hc_blob_id out);
/* Same, of the file at path (read through). Returns 0 or -1 with errno set. */
int hc_blob_id_of_file(const char *path, hc_blob_id out);

/* Appends one file (the strings are copied). Returns 0 or -1 out of memory. */
int hc_manifest_add(hc_manifest *m, const char *rel, const char *src, const char *out);
/* Appends one kept file (see hc_manifest.kept). Returns 0 or -1 out of memory. */
int hc_manifest_add_kept(hc_manifest *m, const char *rel, const char *src, const char *out);
/* Appends one unresolved binary conflict (see hc_manifest.unresolved). Returns 0 or -1 out of memory. */
int hc_manifest_add_unresolved(hc_manifest *m, const char *rel, const char *src, const char *out);
/* Sorts the files (and the kept ones) by rel and computes content_id from the files. */
void hc_manifest_seal(hc_manifest *m);
/* The file recorded under rel, or NULL (needs hc_manifest_seal or a parsed manifest). */
const hc_manifest_file *hc_manifest_find(const hc_manifest *m, const char *rel);
/* The content id of a sorted file list: the blob id of its "SRC REL\n" lines. */
void hc_tree_content_id(const hc_manifest_file *files, size_t n, hc_blob_id out);
/* Copies the options (the words are copied). Returns 0 or -1. */
int hc_manifest_set_options(hc_manifest *m, const char *const *words, size_t n);

/* The manifest as JSON text (malloc'd, NUL-terminated, stable key order, one file per line). NULL: out
 * of memory. */
char *hc_manifest_to_json(const hc_manifest *m);
/* Parses text read from path. Returns 0, or -1 with "PATH:LINE: what is wrong" in err (a file that is
 * not JSON, not a manifest of ours, of a newer format, or missing a key). */
int hc_manifest_parse(const char *path, const char *text, size_t len, hc_manifest *m, char *err, size_t errsize);
/* Reads and parses path. Returns 0, 1 when there is no such file (err says so), -1 on any other error. */
int hc_manifest_load(const char *path, hc_manifest *m, char *err, size_t errsize);
/* Whether text is a manifest of ours (any version): only such a file may be replaced by a new one. */
bool hc_manifest_text_is_ours(const char *text, size_t len);
/* The 1-based line of text on which "key" first appears (1 when it does not). */
unsigned hc_manifest_line_of(const char *text, const char *key);
/* The 1-based line of text on which the JSON string value first appears (escaped as the writer escapes
 * it), or fallback when it does not. */
unsigned hc_manifest_line_of_value(const char *text, const char *value, unsigned fallback);
void hc_manifest_free(hc_manifest *m);

/* The git identity of directory dir: HEAD's commit of the repository that holds it and dir's path inside
 * that repository. dirty: whether the ported files (m's, sealed) differ from that commit, which then
 * cannot stand for them: a file whose blob at HEAD differs or is missing (an untracked, ignored or
 * modified file, or a link, whose blob is its target's name), or a file of HEAD under dir that the
 * port lacks. Returns 1 when dir is in a repository with a commit, 0 when it is not (commit "" and
 * *prefix NULL), -1 on an error (err says which). */
int hc_git_identity(const char *dir, const hc_manifest *m, hc_blob_id commit, char **prefix, bool *dirty, char *err,
                    size_t errsize);

/* The differences between two option lists as text ("given --roc, recorded none; ..."), or "" when they
 * are equal. Returns out. */
char *hc_options_differ(const char *const *recorded, size_t nrec, const char *const *given, size_t ngiven, char *out,
                        size_t size);
#endif
