/* tree_files.c: the files of a tree as --resync and --drift see them (sorted relative paths, without
 * version-control directories, the port manifest or hipify-c's temporaries), and the removal of a scratch
 * directory this program made itself. It translates and merges nothing. */
#include "tree_files.h"
#include "manifest.h"
#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int walk(const char *root, const char *rel, hc_strv *out, int depth) {
    char dir[PATH_MAX];
    if ((size_t)snprintf(dir, sizeof dir, "%s%s%s", root, *rel ? "/" : "", rel) >= sizeof dir || depth > 64) return 0;
    DIR *d = opendir(dir);
    if (!d) return *rel ? 0 : -1;
    int rc = 0;
    struct dirent *e;
    while (rc == 0 && (e = readdir(d))) {
        const char *n = e->d_name;
        if (!strcmp(n, ".") || !strcmp(n, "..") || !strcmp(n, ".git") || !strcmp(n, ".hg") || !strcmp(n, ".svn") ||
            hc_out_is_temp_name(n) || (!*rel && !strcmp(n, HC_MANIFEST_NAME)))
            continue;
        char path[PATH_MAX], sub[PATH_MAX];
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, n) >= sizeof path ||
            (size_t)snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "", n) >= sizeof sub)
            continue;
        struct stat lst;
        if (lstat(path, &lst) != 0) continue;
        if (S_ISDIR(lst.st_mode)) rc = walk(root, sub, out, depth + 1); /* links to directories are not followed */
        else if (S_ISREG(lst.st_mode) || S_ISLNK(lst.st_mode)) rc = hc_strv_push(out, sub);
    }
    closedir(d);
    return rc;
}

int hc_tree_list(const char *root, hc_strv *rels) {
    memset(rels, 0, sizeof *rels);
    if (walk(root, "", rels, 0) != 0) return -1;
    if (rels->n) qsort(rels->v, rels->n, sizeof *rels->v, cmp_str);
    return 0;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb, (void)ftw;
    return flag == FTW_DP ? rmdir(path) : unlink(path);
}

int hc_scratch_remove(const char *dir) {
    /* only ever called on a directory mkdtemp made for this run: FTW_PHYS never follows a link out */
    return nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
