/* tree_files.h: listing the files of a tree for --resync and --drift (and the limit they are read under),
 * and removing a scratch directory of this run. It knows nothing of translation or merging. */
#ifndef HC_TREE_FILES_H
#define HC_TREE_FILES_H
#include "cli.h"
#include "readfile.h"

/* The regular files and links under root as sorted relative paths, without .git/.hg/.svn, hipify-c's
 * temporaries and the port manifest at the root. Returns 0, or -1 when root cannot be read. */
int hc_tree_list(const char *root, hc_strv *rels);
/* The files of a tree are read with hc_read_file (readfile.h), regular files only, at most this size. */
#define HC_TREE_FILE_LIMIT ((size_t)64 << 20)
/* Removes a directory made by mkdtemp for this run, with everything in it (links are not followed). */
int hc_scratch_remove(const char *dir);
#endif
