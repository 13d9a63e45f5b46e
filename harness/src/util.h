/* util.h: small helpers the harness modules share: growable string lists, formatted allocation, files and
 * directories. No policy and no knowledge of CUDA or HIP lives here. */
#ifndef HARNESS_UTIL_H
#define HARNESS_UTIL_H

#include "../../translator/lib/util.h" /* COUNT_OF: one definition for the translator and the harness */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A NULL-terminated growable array of owned strings (usable directly as an argv). */
typedef struct strvec {
    char **items;
    size_t count;
    size_t capacity;
} strvec;

int strvec_push(strvec *v, const char *s);                 /* copies s; 0 on success, -1 out of memory */
int strvec_pushf(strvec *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int strvec_split_push(strvec *v, const char *words);        /* pushes each space-separated word */
void strvec_free(strvec *v);
bool strvec_contains(const strvec *v, const char *s);

double monotonic_now(void); /* seconds on a clock that never goes back, for durations */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2))); /* NULL when out of memory */
int make_dirs(const char *path);                            /* mkdir -p; 0 on success */
bool file_exists(const char *path);
bool is_executable(const char *path);
/* Opens path for reading only when it is a plain file (links followed): a FIFO, a device, a socket or a folder
 * is refused at once (NULL, errno EINVAL), never waited on or read without end. Every file the harness reads
 * (specs, sidecars, record files, a program's outputs) is opened this way. */
FILE *open_regular(const char *path);
char *read_text_file(const char *path, size_t *length);      /* a plain file, NUL-terminated; NULL on error */
/* Every file the harness writes goes through the translator's output layer (output.h) under
 * HC_OUT_REGULAR_ONLY: a path that exists and is not a plain file (a symbolic link, a device node, a FIFO, a
 * socket, a folder) is refused, never written through, and nothing is truncated. Whole files and copies are
 * written to a temporary file beside the path and renamed over it once complete, so a failed write leaves the
 * earlier file whole. */
int copy_file(const char *from, const char *to, bool executable); /* 0755 or 0644; 0 on success */
int write_text_file(const char *path, const char *text);          /* 0644; 0 on success */
/* A stream written piece by piece (a log, a child's output): appended to (created when missing), or a fresh
 * empty file that replaces what stood at path. Returns a close-on-exec descriptor, or -1 with error (naming
 * the path) set. */
int output_open_stream(const char *path, bool append, char *error, size_t size);
/* A descriptor on the null device (the one device the output layer writes, in place), for output the harness
 * throws away; close-on-exec, or -1 with error set. */
int output_open_discard(char *error, size_t size);
/* A report the user named, built in memory and written as a whole file (above). output_open returns the stream
 * to write to, or NULL when path is refused or out of memory; output_commit closes it, writes the file and
 * returns 0 or -1. */
typedef struct output_buffer {
    FILE *stream;
    char *data;
    size_t length;
} output_buffer;
FILE *output_open(const char *path, output_buffer *buffer);
int output_commit(output_buffer *buffer, const char *path);
/* Copies a file or a folder (recursively) into to, merging with what is there; modes' executable bits are
 * kept. from itself may be a link; below it, links are followed to plain files only (a link to a folder could
 * lead back up and never end) and other special files are skipped. 0 on success. */
int copy_tree(const char *from, const char *to);
/* Total bytes of the plain files under path (or of the file itself); links are not followed. */
unsigned long long tree_size(const char *path);
/* Removes a folder the harness made (never follows links). 0 on success or when it does not exist. */
int remove_tree(const char *path);
/* The text quoted for /bin/sh when it holds anything but [A-Za-z0-9_./:=+,-]. */
char *shell_quote(const char *text);

/* Finds an executable named name: an explicit path if it has a slash, else the directories of PATH. */
char *find_program(const char *name);
/* Base name without directory and without the last extension: "a/b/relu.cu" -> "relu". */
char *program_stem(const char *path);

#endif
