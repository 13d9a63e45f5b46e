/* report.h: the review-report writers (unified diff, self-contained HTML, JSON statistics, SARIF) that
 * turn the results of one run into files for people and CI. They do not translate or print diagnostics. */
#ifndef HIPIFY_REPORT_H
#define HIPIFY_REPORT_H
#include "hipify/hipify.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hc_run {
    const char *root;          /* tree root as given on the command line ("" for single files) */
    hc_file_result *files;     /* every input file, sorted by rel_path; unchanged files included */
    size_t nfiles;
    hc_stats totals;           /* sum over files */
    const hc_options *opt;
    bool examine;              /* --examine: no output files were written */
    double seconds;            /* wall time of the run */
} hc_run;

/* Each returns 0, or -1 with a message in err. Output is written to a temporary file beside path and
 * renamed into place, so a failed run never leaves a half-written report. */
int hc_report_diff(const hc_run *run, const char *path, char *err, size_t errsize);   /* unified diff, a/ b/ paths relative to root; git apply / patch -p1 clean */
int hc_report_html(const hc_run *run, const char *path, char *err, size_t errsize);   /* self-contained HTML */
int hc_report_json(const hc_run *run, const char *path, char *err, size_t errsize);   /* --stats-json, versioned schema, stable key order */
int hc_report_sarif(const hc_run *run, const char *path, char *err, size_t errsize);  /* SARIF 2.1.0 */

/* Version of the --stats-json schema (docs/report-schema.md). Bumped on any incompatible change. */
#define HC_REPORT_JSON_SCHEMA_VERSION 1

#ifdef __cplusplus
}
#endif
#endif
