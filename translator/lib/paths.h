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
#endif
