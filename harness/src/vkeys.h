/* vkeys.h: the table of keys a validation spec may hold, per place in the document, and the check that finds a
 * key the table does not know, or a key given twice in one object, with its line number. It checks names
 * only; the values are vspec.c's (and policy.c's) business. */
#ifndef HARNESS_VKEYS_H
#define HARNESS_VKEYS_H

#include <stddef.h>

/* Scans text (JSON with // and block comments) and checks every object key against the table, and that no
 * object holds a key twice. Returns 0, or -1 with "FILE:LINE: unknown key 'output' (did you mean 'outputs'?)"
 * or "FILE:LINE: key 'tolerance' is given twice in one object (first on line 7)" in error (file is the name to
 * print). Malformed JSON is not reported here: the caller's parser says what is wrong with it. */
int vkeys_check(const char *file, const char *text, size_t length, char *error, size_t error_size);
/* The same scan for any JSON document (a comparison sidecar): keys given twice in one object only. */
int vkeys_check_duplicates(const char *file, const char *text, size_t length, char *error, size_t error_size);

#endif
