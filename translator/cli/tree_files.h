/* tree_files.h: listing and reading the files of a tree for --resync and --drift, and removing a scratch
 * directory of this run. It knows nothing of translation or merging. */
#ifndef HC_TREE_FILES_H
#define HC_TREE_FILES_H
#include "cli.h"

/* The regular files and links under root as sorted relative paths, without .git/.hg/.svn, hipify-c's
 * temporaries and the port manifest at the root. Returns 0, or -1 when root cannot be read. */
int hc_tree_list(const char *root, hc_strv *rels);
/* Reads a regular file of at most 64 MiB whole (NUL-terminated). Returns 0 or -1. */
int hc_read_whole(const char *path, char **data, size_t *len);
/* Removes a directory made by mkdtemp for this run, with everything in it (links are not followed). */
int hc_scratch_remove(const char *dir);
#endif
