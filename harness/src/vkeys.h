/* vkeys.h: the table of keys a validation spec may hold, per place in the document, and the check that finds a
 * key the table does not know with its line number and the nearest known key. It checks names only; the
 * values are vspec.c's business. */
#ifndef HARNESS_VKEYS_H
#define HARNESS_VKEYS_H

#include <stddef.h>

/* Scans text (JSON with // and block comments) and checks every object key against the table. Returns 0, or -1
 * with "FILE:LINE: unknown key 'output' (did you mean 'outputs'?)" in error (file is the name to print).
 * Malformed JSON is not reported here: the caller's parser says what is wrong with it. */
int vkeys_check(const char *file, const char *text, size_t length, char *error, size_t error_size);

#endif
