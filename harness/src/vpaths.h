/* vpaths.h: the path rules that keep the harness inside its work folder: resolving paths that may not exist yet,
 * containment and overlap tests, and the checks of a spec's paths against WORK before anything is written. It
 * reads the file system (lstat, realpath) but never writes or deletes. */
#ifndef HARNESS_VPATHS_H
#define HARNESS_VPATHS_H

#include <stdbool.h>
#include <stddef.h>

#include "paths.h" /* hc_path_within, the translator's one containment rule */
#include "vspec.h"

/* The absolute form of path with every symbolic link of its existing part resolved and the rest normalised
 * lexically ("." and ".." removed). Returns NULL when out of memory or when a link cannot be resolved (a loop). */
char *path_resolve(const char *path);
/* True when one of the resolved paths contains the other. */
bool path_overlaps(const char *a, const char *b);

/* Checks a path relative to a program's tree (a spec field named key). up_ok: it may climb above the tree
 * ("../data/x"), as inputs may; it may never name the tree itself or a folder above it when names_file, and it
 * is never absolute. Returns 0, or -1 with the reason in error. */
int vpaths_check_relative(const char *key, const char *path, bool up_ok, bool names_file, char *error,
                          size_t error_size);

/* Checks one program of a user spec against the work folder before anything is written: the work folder
 * and WORK/NAME must not overlap the tree, the port, an input or a folder to translate; WORK/NAME and the
 * folders the harness clears in it (hip/, stage/, run/) must not be symbolic links. work is the --work
 * argument as given. Returns 0, or -1 with "program NAME: why" in error. */
int vpaths_check_program(const vprogram *p, const char *work, char *error, size_t error_size);

/* Checks that an output path the user named (a report, the bundle folder) lies outside every tree and port
 * of the spec and is not the spec itself. what names the option ("--json"). Returns 0 or -1 with error. */
int vpaths_check_output(const vspec *spec, const char *what, const char *path, char *error, size_t error_size);

/* Checks that the folders the run clears in WORK/NAME (run/) and the staged folder are WORK's own: no symbolic
 * link, the stage inside WORK. For the run side, which has no trees. Returns 0 or -1 with error. */
int vpaths_check_staged(const vprogram *p, const char *work, char *error, size_t error_size);

#endif
