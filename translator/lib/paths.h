/* paths.h: lexical path helpers shared by the library and the front end (no file-system access except
 * where a function says so). */
#ifndef HC_PATHS_H
#define HC_PATHS_H
#include <stdbool.h>
#include <stddef.h>

/* Collapses "//", "./" and "dir/../" in place ("a/./b/../c.h" -> "a/c.h"); leading ".." stay. */
void hc_path_normalize(char *p);
/* The file name part of path (after the last '/'). */
const char *hc_path_base(const char *path);
/* Writes the directory part of path (without the trailing '/'; "." when none) into out. */
void hc_path_dir(const char *path, char *out, size_t size);
/* True when path ends with tail at a directory boundary ("x/inc/a.h" ends with "inc/a.h", not "c/a.h"). */
bool hc_path_ends_with(const char *path, const char *tail);
/* True when inner is outer or lies below it, comparing whole components ("/a/bc" is not within "/a/b");
 * both are absolute, resolved paths. Everything is within "/". */
bool hc_path_within(const char *inner, const char *outer);
#endif
