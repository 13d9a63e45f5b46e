/* docgen.c: --md / --csv: writes the "CUDA API supported by HIP" tables, one file per library, from
 * hipify-c's own mapping tables (full, strict or compact; ROC columns skipped, separate or joint). It
 * does not translate, and reads no reference file: what it prints is what hipify-c will do. */
#include "cli.h"
#include "mapping.h"
#include "output.h"
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { FMT_FULL, FMT_STRICT, FMT_COMPACT } doc_format;
typedef enum { ROC_SKIP, ROC_SEPARATE, ROC_JOINT } doc_roc;

/* File stem per family: the names hipify-clang's documentation uses, so links keep working; second
 * API: the library --roc or --miopen translates to, or NULL. Families not listed get a stem from their key. */
static const struct { hc_family family; const char *stem; const char *second; } stems[] = {
    {HC_FAM_RUNTIME, "CUDA_Runtime_API_functions", NULL},
    {HC_FAM_DRIVER, "CUDA_Driver_API_functions", NULL},
    {HC_FAM_DEVICE, "CUDA_Device_API", NULL},
    {HC_FAM_COMPLEX, "cuComplex_API", NULL},
    {HC_FAM_RTC, "CUDA_RTC_API", NULL},
    {HC_FAM_BLAS, "CUBLAS_API", "ROC"},
    {HC_FAM_RAND, "CURAND_API", "ROC"},
    {HC_FAM_FFT, "CUFFT_API", NULL},
    {HC_FAM_SPARSE, "CUSPARSE_API", "ROC"},
    {HC_FAM_SOLVER, "CUSOLVER_API", "ROC"},
    {HC_FAM_DNN, "CUDNN_API", "MIOPEN"},
    {HC_FAM_CUB, "CUB_API", NULL},
};

typedef struct doc_job {
    doc_format format;
    bool md;                 /* else CSV */
    const char *api;         /* "HIP", "ROC", "MIOPEN": the name column */
    const char *second;      /* joint: the second library, else NULL */
    bool second_is_primary;  /* separate ROC file: the ROC columns are the main ones */
} doc_job;

/* One side of a row: name and versions of HIP or of ROC/MIOpen. */
typedef struct side { const char *name; hc_version a, d, c, r, e; } side;

static side hip_side(const hc_mapping *m) {
    side s = {m->hip, m->hip_added, m->hip_deprecated, m->hip_changed, m->hip_removed, m->hip_experimental};
    return s;
}
static side roc_side(const hc_mapping *m) {
    side s = {m->roc, m->roc_added, m->roc_deprecated, m->roc_changed, m->roc_removed, m->roc_experimental};
    return s;
}

/* CUDA names releases major.minor (7.5, 12.6); cuDNN and HIP keep three parts where they have them. */
static const char *cuda_version(hc_version v, char *buf, size_t size) {
    if (!v) return "";
    if ((v & 0xff) == 0) snprintf(buf, size, "%u.%u", (unsigned)(v >> 16), (unsigned)((v >> 8) & 0xff));
    else hc_version_format(v, buf, size);
    return buf;
}
static const char *lib_version(hc_version v, char *buf, size_t size) { return v ? hc_version_format(v, buf, size) : ""; }

static void cell(FILE *f, const doc_job *j, const char *text, bool code) {
    if (j->md) {
        if (!text[0]) fputs(" |", f);
        else fprintf(f, code ? "`%s`|" : "%s|", text);
    } else {
        if (strchr(text, ',') || strchr(text, '"')) {
            fputc('"', f);
            for (const char *p = text; *p; p++) {
                if (*p == '"') fputc('"', f);
                fputc(*p, f);
            }
            fputs("\",", f);
        } else {
            fprintf(f, "%s,", text);
        }
    }
}

static void end_row(FILE *f, const doc_job *j, long start) {
    if (!j->md) { /* drop the last comma */
        long here = ftell(f);
        if (here > start) fseek(f, here - 1, SEEK_SET);
    }
    fputc('\n', f);
}

static void side_cells(FILE *f, const doc_job *j, side s) {
    char b[16];
    bool has = s.name[0] != '\0';
    cell(f, j, has ? s.name : "", true);
    if (j->format == FMT_FULL) {
        cell(f, j, has ? lib_version(s.a, b, sizeof b) : "", false);
        cell(f, j, has ? lib_version(s.d, b, sizeof b) : "", false);
        cell(f, j, has ? lib_version(s.c, b, sizeof b) : "", false);
        cell(f, j, has ? lib_version(s.r, b, sizeof b) : "", false);
        cell(f, j, has ? lib_version(s.e, b, sizeof b) : "", false);
    } else {
        cell(f, j, has && s.d ? "+" : "", false);
        cell(f, j, has && s.e ? "+" : "", false);
    }
}

static void header_cells(FILE *f, const doc_job *j, const char *api) {
    const char *full[] = {"A", "D", "C", "R", "E"}, *brief[] = {"D", "E"};
    const char **cols = j->format == FMT_FULL ? full : brief;
    size_t n = j->format == FMT_FULL ? 5 : 2;
    if (j->md) fprintf(f, "**%s**|", api);
    else fprintf(f, "%s,", api);
    for (size_t i = 0; i < n; i++) {
        if (j->md) fprintf(f, "**%s**|", cols[i]);
        else fprintf(f, "%s,", cols[i]);
    }
}

static void write_header(FILE *f, const doc_job *j) {
    long start = ftell(f);
    if (j->md) fputc('|', f);
    if (j->md) fputs("**CUDA**|", f);
    else fputs("CUDA,", f);
    const char *cuda_cols[] = {"A", "D", "C", "R"};
    size_t n = j->format == FMT_FULL ? 4 : 1;
    for (size_t i = 0; i < n; i++) {
        const char *c = j->format == FMT_FULL ? cuda_cols[i] : "D";
        if (j->md) fprintf(f, "**%s**|", c);
        else fprintf(f, "%s,", c);
    }
    header_cells(f, j, j->api);
    if (j->second) header_cells(f, j, j->second);
    end_row(f, j, start);
    if (!j->md) return;
    size_t sides = j->second ? 2 : 1, per_side = j->format == FMT_FULL ? 5 : 2;
    fputs("|:--|", f);
    for (size_t i = 0; i < n; i++) fputs(":-:|", f);
    for (size_t s = 0; s < sides; s++) {
        fputs(":--|", f);
        for (size_t i = 0; i < per_side; i++) fputs(":-:|", f);
    }
    fputc('\n', f);
}

static void write_row(FILE *f, const doc_job *j, const hc_mapping *m) {
    char b[16];
    long start = ftell(f);
    if (j->md) fputc('|', f);
    cell(f, j, m->cuda, true);
    if (j->format == FMT_FULL) {
        cell(f, j, cuda_version(m->cuda_added, b, sizeof b), false);
        cell(f, j, cuda_version(m->cuda_deprecated, b, sizeof b), false);
        cell(f, j, cuda_version(m->cuda_changed, b, sizeof b), false);
        cell(f, j, cuda_version(m->cuda_removed, b, sizeof b), false);
    } else {
        cell(f, j, m->cuda_deprecated ? "+" : "", false);
    }
    side_cells(f, j, j->second_is_primary ? roc_side(m) : hip_side(m));
    if (j->second) side_cells(f, j, roc_side(m));
    end_row(f, j, start);
}

/* A row is kept in compact format only when it has a counterpart in one of the printed libraries. */
static bool row_shown(const doc_job *j, const hc_mapping *m) {
    if (j->format != FMT_COMPACT) return true;
    if (j->second_is_primary) return m->roc[0] != '\0';
    return m->hip[0] != '\0' || (j->second && m->roc[0] != '\0');
}

static int cmp_section(const void *a, const void *b) {
    const hc_mapping *x = *(const hc_mapping *const *)a, *y = *(const hc_mapping *const *)b;
    int c = strcmp(x->section, y->section);
    return c ? c : strcmp(x->cuda, y->cuda);
}

/* The whole document of one family into f. Sections come in name order (the tables keep no order of
 * the CUDA documentation), rows in CUDA-name order within a section. */
static int write_doc(FILE *f, const doc_job *j, hc_family family, const char *title) {
    size_t n = 0, k = 0;
    const hc_mapping *all = hc_mapping_all(&n);
    const hc_mapping **rows = malloc((n ? n : 1) * sizeof *rows);
    if (!rows) return -1;
    for (size_t i = 0; i < n; i++)
        if (all[i].family == family && all[i].kind != HC_KIND_HEADER && row_shown(j, &all[i])) rows[k++] = &all[i];
    qsort(rows, k, sizeof *rows, cmp_section);
    fprintf(f, j->md ? "# %s\n\n" : "%s\n\n", title);
    int number = 0;
    for (size_t i = 0; i < k;) {
        size_t end = i;
        while (end < k && strcmp(rows[end]->section, rows[i]->section) == 0) end++;
        fprintf(f, j->md ? "## **%d. %s**\n\n" : "%d. %s\n\n", ++number, rows[i]->section[0] ? rows[i]->section : "Other");
        write_header(f, j);
        for (; i < end; i++) write_row(f, j, rows[i]);
        fputc('\n', f);
    }
    if (j->format == FMT_FULL)
        fprintf(f, "%sColumns A, D, C, R, E: the version that added, deprecated, changed, removed the name, or in which it is experimental.\n",
                j->md ? "\\*" : "*");
    else
        fprintf(f, "%sColumns D, E: + when the name is deprecated, or experimental.\n", j->md ? "\\*" : "*");
    free(rows);
    return 0;
}

static int emit(const hc_cli *cli, const doc_job *j, hc_family family, const char *stem, const char *suffix) {
    char name[256], title[300], path[PATH_MAX], err[PATH_MAX + 128];
    snprintf(name, sizeof name, "%s_supported_by_%s", stem, suffix);
    snprintf(title, sizeof title, "%s", name);
    for (char *p = title; *p; p++)
        if (*p == '_') *p = ' ';
    snprintf(path, sizeof path, "%s/%s.%s", cli->port.out_dir ? cli->port.out_dir : ".", name, j->md ? "md" : "csv");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return -1;
    int rc = write_doc(f, j, family, title);
    fclose(f);
    hc_out_policy policy = {HC_OUT_MKDIRS, NULL, NULL};
    if (rc == 0 && hc_out_write(&policy, path, buf, len, HC_OUT_MODE_DEFAULT, err, sizeof err) < 0) {
        hc_out_printf(stderr, "hipify-c: error: cannot write %s: %s\n", path, err);
        rc = -1;
    }
    free(buf);
    return rc;
}

int hc_docgen_write(const hc_cli *cli) {
    doc_format format = !cli->doc_format || !strcmp(cli->doc_format, "full") ? FMT_FULL
                        : !strcmp(cli->doc_format, "strict")                 ? FMT_STRICT
                                                                             : FMT_COMPACT;
    doc_roc roc = !cli->doc_roc || !strcmp(cli->doc_roc, "skip") ? ROC_SKIP
                  : !strcmp(cli->doc_roc, "separate")            ? ROC_SEPARATE
                                                                 : ROC_JOINT;
    size_t n = 0;
    const hc_mapping *all = hc_mapping_all(&n);
    bool present[HC_FAMILY__COUNT] = {false};
    for (size_t i = 0; i < n; i++)
        if (all[i].family < HC_FAMILY__COUNT && all[i].kind != HC_KIND_HEADER) present[all[i].family] = true;
    for (int md = 1; md >= 0; md--) {
        if ((md && !cli->doc_md) || (!md && !cli->doc_csv)) continue;
        for (int fam = 0; fam < HC_FAMILY__COUNT; fam++) {
            if (!present[fam]) continue;
            const char *stem = NULL, *second = NULL;
            char generic[64];
            for (size_t s = 0; s < COUNT_OF(stems); s++)
                if (stems[s].family == (hc_family)fam) stem = stems[s].stem, second = stems[s].second;
            if (!stem) { /* families of hipify-c's own tables (Thrust, cooperative groups, fp16) */
                snprintf(generic, sizeof generic, "%s_API", hc_family_key((hc_family)fam));
                stem = generic;
            }
            doc_job j = {format, md != 0, "HIP", NULL, false};
            char joint[32];
            if (second && roc == ROC_JOINT) {
                j.second = second;
                snprintf(joint, sizeof joint, "HIP_and_%s", second);
                if (emit(cli, &j, (hc_family)fam, stem, joint) != 0) return -1;
                continue;
            }
            if (emit(cli, &j, (hc_family)fam, stem, "HIP") != 0) return -1;
            if (second && roc == ROC_SEPARATE) {
                doc_job r = {format, md != 0, second, NULL, true};
                if (emit(cli, &r, (hc_family)fam, stem, second) != 0) return -1;
            }
        }
    }
    return 0;
}
