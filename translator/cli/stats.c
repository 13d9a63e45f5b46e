/* stats.c: --print-stats (hipify-clang's summary fields, per file and in total) and --print-stats-csv.
 * It computes nothing: the library's hc_stats hold the numbers. */
#include "cli.h"
#include "output.h"

#include <stdlib.h>
#include <string.h>

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

void hc_print_stats(FILE *out, const char *name, const hc_stats *s) {
    fprintf(out, "[HIPIFY] info: %s statistics:\n", name);
    fprintf(out, "  CONVERTED refs count: %llu\n", (unsigned long long)s->converted_refs);
    fprintf(out, "  UNCONVERTED refs count: %llu\n", (unsigned long long)s->unconverted_refs);
    fprintf(out, "  CONVERSION %%: %.1f\n", s->converted_refs + s->unconverted_refs
                                               ? pct(s->converted_refs, s->converted_refs + s->unconverted_refs) : 100.0);
    fprintf(out, "  REPLACED bytes: %llu\n", (unsigned long long)s->replaced_bytes);
    fprintf(out, "  TOTAL bytes: %llu\n", (unsigned long long)s->total_bytes);
    fprintf(out, "  CHANGED lines of code: %llu\n", (unsigned long long)s->changed_lines);
    fprintf(out, "  TOTAL lines of code: %llu\n", (unsigned long long)s->total_lines);
    fprintf(out, "  CODE CHANGED (in bytes) %%: %.1f\n", pct(s->replaced_bytes, s->total_bytes));
    fprintf(out, "  CODE CHANGED (in lines) %%: %.1f\n", pct(s->changed_lines, s->total_lines));
    fprintf(out, "  TIME ELAPSED s: %.3f\n", s->seconds);
    for (int conv = 1; conv >= 0; conv--) {
        bool any = false;
        for (int f = 0; f < HC_FAMILY__COUNT; f++) {
            uint64_t c = conv ? s->converted_by_family[f] : s->unconverted_by_family[f];
            if (!c) continue;
            if (!any) fprintf(out, "[HIPIFY] info: %s refs by API:\n", conv ? "CONVERTED" : "UNCONVERTED");
            any = true;
            fprintf(out, "  %s: %llu\n", hc_family_label((hc_family)f), (unsigned long long)c);
        }
        any = false;
        for (size_t i = 0; i < s->nrefs; i++) {
            if (s->refs[i].converted != (conv == 1)) continue;
            if (!any) fprintf(out, "[HIPIFY] info: %s refs by names:\n", conv ? "CONVERTED" : "UNCONVERTED");
            any = true;
            fprintf(out, "  %s: %u\n", s->refs[i].name, s->refs[i].count);
        }
    }
    if (s->nrule_hits) {
        fprintf(out, "[HIPIFY] info: rule hits by name:\n");
        for (size_t i = 0; i < s->nrule_hits; i++) fprintf(out, "  %s: %u\n", s->rule_hits[i].name, s->rule_hits[i].count);
    }
}

/* CSV field, quoted when needed (RFC 4180). */
static void csv_field(FILE *f, const char *s) {
    if (!strpbrk(s, ",\"\r\n")) { fputs(s, f); return; }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void csv_row(FILE *f, const char *file, const char *section, const char *name, unsigned long long v) {
    csv_field(f, file);
    fputc(',', f);
    fputs(section, f);
    fputc(',', f);
    csv_field(f, name);
    fprintf(f, ",%llu\n", v);
}

static void csv_stats(FILE *f, const char *file, const hc_stats *s) {
    csv_row(f, file, "summary", "converted_refs", s->converted_refs);
    csv_row(f, file, "summary", "unconverted_refs", s->unconverted_refs);
    csv_row(f, file, "summary", "replaced_bytes", s->replaced_bytes);
    csv_row(f, file, "summary", "total_bytes", s->total_bytes);
    csv_row(f, file, "summary", "changed_lines", s->changed_lines);
    csv_row(f, file, "summary", "total_lines", s->total_lines);
    csv_row(f, file, "summary", "time_elapsed_us", (unsigned long long)(s->seconds * 1e6));
    for (int f2 = 0; f2 < HC_FAMILY__COUNT; f2++) {
        if (s->converted_by_family[f2]) csv_row(f, file, "converted_by_api", hc_family_key((hc_family)f2), s->converted_by_family[f2]);
        if (s->unconverted_by_family[f2]) csv_row(f, file, "unconverted_by_api", hc_family_key((hc_family)f2), s->unconverted_by_family[f2]);
    }
    for (size_t i = 0; i < s->nrefs; i++)
        csv_row(f, file, s->refs[i].converted ? "converted_by_name" : "unconverted_by_name", s->refs[i].name, s->refs[i].count);
    for (size_t i = 0; i < s->nrule_hits; i++) csv_row(f, file, "rule_hits", s->rule_hits[i].name, s->rule_hits[i].count);
}

int hc_write_stats_csv(const char *path, const hc_file_result *files, size_t n, const hc_stats *total, char *err, size_t errsize) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    fputs("file,section,name,value\n", f);
    for (size_t i = 0; i < n; i++)
        if (files[i].kind != HC_FILE_OTHER) csv_stats(f, files[i].rel_path, &files[i].stats);
    csv_stats(f, "TOTAL", total);
    fclose(f);
    hc_out_policy policy = {0}; /* links, devices, modes: decided by the output layer */
    hc_out_status st = hc_out_write(&policy, path, buf, len, HC_OUT_MODE_DEFAULT, err, errsize);
    int rc = st >= 0 ? 0 : -1;
    free(buf);
    return rc;
}
