/* report_util.h: what the report writers share: HTML text for the string builder (sbuf.h), atomic file output, the line
 * diff of a file (libgit2) and the per-file review analysis (--examine). It formats no report itself. */
#ifndef HIPIFY_REPORT_UTIL_H
#define HIPIFY_REPORT_UTIL_H
#include "report.h"
#include "sbuf.h"
#include <git2.h>
#include <stdarg.h>

/* Appends text with & < > " ' replaced by HTML entities, and each byte that is not UTF-8 by U+FFFD. */
void hc_sbuf_html(hc_sbuf *b, const char *s, size_t n);

/* Writes data to path through the output layer (output.h: links written through, devices refused,
 * atomic replacement). Returns 0 or -1 with a message in err. */
int hc_report_write_file(const char *path, const char *data, size_t len, char *err, size_t errsize);
/* Prints a cJSON tree (unformatted when compact) and writes it; frees nothing. */
struct cJSON;
int hc_report_write_json(const struct cJSON *root, bool compact, const char *path, char *err, size_t errsize);

/* Formats an error message into err (never overflows; err may be NULL). Always returns -1. */
int hc_report_fail(char *err, size_t errsize, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The line diff between f->original and f->output, named rel_path on both sides. The caller frees it
 * with git_patch_free. The caller brackets its use with git_libgit2_init/git_libgit2_shutdown. */
int hc_report_patch(const hc_file_result *f, git_patch **out, char *err, size_t errsize);

/* How much work a person has with a place the tool flagged. Diagnostics that only inform map to
 * HC_EFFORT_NONE; those whose construct was left unchanged for lack of a HIP equivalent to MANUAL. */
hc_effort hc_report_diag_effort(hc_diag_id id);
/* "none", "rename", "arguments", "manual". */
const char *hc_report_effort_key(hc_effort e);
/* "note", "warning", "error". */
const char *hc_report_severity_key(hc_severity s);

/* Review analysis of one file (see docs/report-schema.md, "examine"). */
typedef struct hc_file_analysis {
    uint32_t total_lines;      /* lines of the original text */
    uint32_t auto_lines;       /* original lines the tool edited and no diagnostic asks a person to revisit */
    uint32_t manual_lines;     /* original lines with a diagnostic of effort arguments or manual */
    uint32_t effort[HC_EFFORT_MANUAL + 1]; /* edits and diagnostics by effort */
    uint32_t by_severity[HC_SEV_ERROR + 1];
} hc_file_analysis;
int hc_report_analyze(const hc_file_result *f, hc_file_analysis *out);
/* A place a person must look at: a diagnostic asking for work (effort arguments or manual), or an
 * argument rewrite the tool made (to be checked). code is NULL for edits; name may be NULL. */
typedef struct hc_place {
    uint32_t line, col;
    hc_effort effort;
    const char *code;
    const char *name;
} hc_place;
/* The places of a file in input order (malloc'd array, freed by the caller; NULL with *n 0 when none).
 * Returns 0, or -1 when memory runs out. */
int hc_report_places(const hc_file_result *f, hc_place **out, size_t *n);
/* auto_lines / (auto_lines + manual_lines); 1 when nothing needed changing. */
double hc_report_auto_share(uint32_t auto_lines, uint32_t manual_lines);
/* Number of lines of a text (a last line without newline counts). */
uint32_t hc_report_count_lines(const char *text, size_t len);
/* Byte offsets of the starts of lines (at least one entry); malloc'd, count in *nlines. */
uint32_t *hc_report_line_starts(const char *text, size_t len, uint32_t *nlines);
/* 1-based line of byte offset off and, when col is not NULL, its 1-based byte column. */
uint32_t hc_report_line_of(const uint32_t *starts, uint32_t nlines, uint32_t off, uint32_t *col);
/* converted / (converted + unconverted) * 100; 100 when there were no references. */
double hc_report_conversion_percent(uint64_t converted, uint64_t unconverted);
/* The "kind" key of a file: "source", "cmake", "makefile", "other". */
const char *hc_report_kind_key(hc_file_kind k);
/* The "status" key of a file: "ok", "io", "input", ... */
const char *hc_report_status_key(hc_status s);

#endif
