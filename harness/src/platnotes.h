/* platnotes.h: the AMD platform notes of `hipify-harness validate`: loads platform_differences.tsv (what HIP does
 * differently on AMD GPUs), finds the rows a program's CUDA sources use, and attaches them to its result row.
 * It decides no status and runs nothing. */
#ifndef HARNESS_PLATNOTES_H
#define HARNESS_PLATNOTES_H

#include <stddef.h>

#include "report.h"
#include "util.h"

/* One row of the table; pattern is NULL for a row no source construct shows (cuda_pattern "-"). */
typedef struct platform_row {
    char *key, *kind, *cuda_on_nvidia, *hip_on_amd, *advice, *source, *pattern_text;
    void *pattern; /* pcre2_code */
} platform_row;

typedef struct platform_table {
    char *path;
    platform_row *rows;
    size_t count, capacity;
} platform_table;

#define PLATNOTES_FILE "platform_differences.tsv"

/* Parses the table's text (name: the file named in errors). Columns are found by the header line; key, kind,
 * hip_on_amd, advice and cuda_pattern are required. Returns 0, or -1 with "NAME:LINE: what is wrong" in error. */
int platnotes_parse(const char *text, const char *name, platform_table *table, char *error, size_t error_size);
int platnotes_load(const char *path, platform_table *table, char *error, size_t error_size);
void platnotes_free(platform_table *table);
const platform_row *platnotes_find(const platform_table *table, const char *key);

/* Sets hits[i] for every row whose pattern matches text once its C/C++ comments are removed (so that a key
 * named only in a comment does not count). Returns 0, or -1 when out of memory. */
int platnotes_match_text(const platform_table *table, const char *text, unsigned char *hits);
/* Scans the CUDA sources under dir (.cu .cuh .h .hpp .c .cc .cpp .cxx, recursively, links not followed) and
 * pushes the keys of the matching rows to keys, in table order. Returns 0, or -1 when out of memory. */
int platnotes_scan_tree(const platform_table *table, const char *dir, strvec *keys);

/* Attaches to row the notes of the detected keys and of the keys that declared (expect.platform_difference)
 * names as words; unknown keys are ignored. When row is FAIL or PLATFORM and a note applies, its message says
 * the difference may come from that platform difference. An ERROR row gets none, and a caller attaches none to
 * the row of a program that was not built: a build failure is no platform difference. Returns 0, or -1 when
 * out of memory. */
int platnotes_attach(const platform_table *table, const strvec *detected, const char *declared, case_result *row);

/* Where the table is: explicit (must exist), else dir/platform_differences.tsv when dir is given and has it,
 * else the folder of this executable, else the one configured at build time. NULL when none exists. */
char *platnotes_locate(const char *explicit_path, const char *dir);

#endif
